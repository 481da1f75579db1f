#pragma once
/// `aabb-oracle vectors --out DIR`: Wycheproof-style test vector files, one per op and float
/// type, with exact expected answers (docs/vectors.md).

#include <cstdint>
#include <string>

namespace aabb::cli {

/// What `vectors` was asked to write; validated by run_vectors_command.
struct VectorsOptions {
  std::string out;  ///< the directory to write into (created if missing)
  std::uint64_t seed = 20261123;
  int cases_per_group = 200;  ///< generated cases per file (the "generated" group)
  std::string numbers = "hex";  ///< --numbers hex|decimal|both
};

/// The help's footer: the files written (the registry's variants) and the exit status.
std::string vectors_help_footer();

/// Runs `vectors`: exit 0 when every file was written, 2 for a usage error (bad option value,
/// an --out that cannot be created or written).
[[nodiscard]] int run_vectors_command(const VectorsOptions& options);

}  // namespace aabb::cli
