#pragma once
/// `aabb-oracle eval [FILE...]`: the subcommand's options, help footer and run function.

#include <cstddef>
#include <string>
#include <vector>

namespace aabb::cli {

/// What `eval` was asked to read.
struct EvalOptions {
  std::vector<std::string> files;  ///< empty, or "-", means standard input
  std::size_t max_line_memory_mib = 1024;  ///< --max-line-memory: GMP memory cap per line, MiB
};

/// The help's footer: the protocol in brief, with every op of the registry and its fields.
std::string eval_help_footer();

/// Runs `eval`: checks every named file first without opening it (exit 2 naming the first that
/// is missing, unreadable or a directory, before any answer), then opens and answers the files
/// one at a time, in order. Exit 0 when every line was answered, 1 when any line was an error
/// line, 2 when an answer could not be written (reading stops there).
[[nodiscard]] int run_eval_command(const EvalOptions& options);

}  // namespace aabb::cli
