#pragma once
/// `aabb-oracle eval [FILE...]`: the subcommand's options, help text and run function.

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace aabb::cli {

/// What `eval` was asked to read.
struct EvalOptions {
  std::vector<std::string> files;  ///< empty, or "-", means standard input
};

/// Adds the `eval` subcommand, with its protocol summary and worked example as --help text.
CLI::App* add_eval_command(CLI::App& app, EvalOptions& options);

/// Runs `eval`: opens every named file first (exit 2 naming the first that cannot be opened,
/// before any answer), then answers each file's lines in order. Exit 0 when every line was
/// answered, 1 when any line was an error line.
[[nodiscard]] int run_eval_command(const EvalOptions& options);

}  // namespace aabb::cli
