#pragma once
/// `aabb-oracle replay --impl LIB.so FILE|DIR...`: saved fuzz inputs (crash files of
/// aabb-oracle-fuzz or of an aabb::fuzz_driver target, corpus entries) as eval lines and verdicts
/// (docs/fuzzing-your-library.md).

#include <string>
#include <vector>

#include "aabb/fuzz_driver.hpp"

namespace aabb::cli {

struct ReplayOptions {
  aabb::fuzz_driver::Options driver;
  std::vector<std::string> paths;
  double timeout = 5;
};

/// Runs `replay`: exit 0 when no input fails, 1 when one does (a crash or a hang included), 2 for
/// a usage error, an unreadable input, or a library that cannot be loaded or exports no selected
/// function.
[[nodiscard]] int run_replay_command(const ReplayOptions& options);

}  // namespace aabb::cli
