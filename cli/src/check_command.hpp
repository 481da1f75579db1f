#pragma once
/// `aabb-oracle check [--impl LIB.so]`: differential testing of any implementation of the C ABI
/// (aabb/abi.h) against the exact reference, under contracts the user chooses (docs/check.md).

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace aabb::cli {

/// What `check` was asked to do; validated by run_check_command.
struct CheckOptions {
  std::string impl;  ///< empty: the bundled optimized/ plugin
  std::string seed = "20261122";  ///< text: parsed and range-checked by run_check_command
  std::string cases;  ///< text; empty with seconds == 0: the default of 1000
  double seconds = 0;  ///< total budget in seconds, shared by the campaigns
  std::vector<std::string> ops;  ///< empty: every op the library exports
  std::vector<std::string> types;  ///< empty: f32 and f64
  std::vector<std::string> contracts;  ///< "op=kind[:k]"
  double timeout = 5;  ///< seconds one library call may take before it is a hang
  std::string memory_limit = "4096";  ///< MiB of address space a child may add; "0": no limit
  bool probe_nonfinite = false;
  std::string json_file;
  std::string junit_file;
  bool quiet = false;  ///< no progress indicator
};

/// Adds the `check` subcommand with its options and help text.
CLI::App* add_check_command(CLI::App& app, CheckOptions& options);

/// Runs `check`: exit 0 when every campaign ran and nothing violated the chosen contracts; 1 when
/// something did (a crash or a hang included) or a campaign ran no case; 2 for a usage error
/// (bad option value, an output file that cannot be written), a library that cannot be loaded
/// (its constructors exit, crash or hang included) or that exports no selected ABI symbol.
[[nodiscard]] int run_check_command(const CheckOptions& options);

}  // namespace aabb::cli
