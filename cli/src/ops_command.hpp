#pragma once
/// `aabb-oracle ops [--json]`: prints the op registry (ops/registry.hpp), for people and for
/// scripts, which read it instead of keeping their own lists of ops.

#include <string>

namespace aabb::cli {

struct OpsOptions {
  bool json = false;  ///< --json: one JSON document instead of the text table
};

/// The help's footer: the JSON document's shape.
std::string ops_help_footer();

/// Prints the registry on standard output. Exit 0, or 2 when it cannot be written.
[[nodiscard]] int run_ops_command(const OpsOptions& options);

}  // namespace aabb::cli
