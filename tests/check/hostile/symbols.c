/* Issue 46: exported names made to attack the text report: one with ESC (a colour change) and
 * one that starts with "::" (a GitHub Actions workflow command when it starts a line). Both look
 * like ABI names, so check lists them as near misses; the text report must show them escaped.
 * The planted contains of common.h is the run's one finding. */
#include "common.h"

int near_colour(void) __asm__("\"aabb_\x1b[31mcontains_f64\"");
int near_colour(void) { return 0; }
int near_command(void) __asm__("\"::error::aabb_overlap_f32\"");
int near_command(void) { return 0; }
