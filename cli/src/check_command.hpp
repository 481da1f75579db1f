#pragma once
/// `aabb-oracle check [--impl LIB.so]`: differential testing of any implementation of the C ABI
/// (aabb/abi.h) against the exact reference, under contracts the user chooses (docs/check.md).

#include "aabb/check.hpp"

namespace aabb::cli {

/// What `check` was asked to do; validated by run_check_command (aabb::check::run).
using CheckOptions = aabb::check::Options;

/// Runs `check`: exit 0 when every campaign ran and nothing violated the chosen contracts; 1 when
/// something did (a crash or a hang included) or a campaign ran no case; 2 for a usage error
/// (bad option value, an output file that cannot be written), a library that cannot be loaded
/// (its constructors exit, crash or hang included) or that exports no selected ABI symbol.
[[nodiscard]] int run_check_command(const CheckOptions& options);

}  // namespace aabb::cli
