/* Issue 46: exported names made to attack the text report: one with ESC c (a terminal reset)
 * and one that starts with "::" (what GitHub Actions reads as a workflow command when it starts
 * a line). Both are within check's edit distance of ABI names, so check lists them as near
 * misses; the text report must show them escaped.
 * The planted contains of common.h is the run's one finding. */
#include "common.h"

int near_colour(void) __asm__("\"aabb_\x1b" "ccontains_f64\"");
int near_colour(void) { return 0; }
int near_command(void) __asm__("\"::aabb_overlap_f32\"");
int near_command(void) { return 0; }
