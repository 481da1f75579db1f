#pragma once
/// `aabb-oracle vectors` as a library: Wycheproof-style test vector files, one per op and float
/// type, with exact expected answers (docs/vectors.md). A plan in, the files written, a report
/// out.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

namespace aabb::vectors {

/// How input numbers are written: hex floats (exact, what eval reads), shortest round-trip
/// decimal strings (what most languages parse: read each into the file's type with correct
/// rounding), or both (`input` in hex and `inputDecimal` beside it).
enum class Numbers { Hex, Decimal, Both };

/// What to write, validated by the caller.
struct Plan {
  std::filesystem::path dir;  ///< an existing directory
  std::uint64_t seed =
      20261123;  ///< seed of the generated cases; the same seed gives the same bytes
  int cases_per_group = 200;  ///< generated cases per file (the "generated" group), 1 to 100000
  Numbers numbers = Numbers::Hex;  ///< --numbers
};

/// What was written.
struct Report {
  bool ok = false;  ///< every file was written
  std::size_t files = 0;  ///< files built
  std::size_t tests = 0;  ///< tests in those files
  std::string failure;  ///< when !ok: "PATH: REASON" of the file that could not be written
};

/// Writes DIR/<op>_<type>.json for every op and type f32, f64. Throws std::exception on an
/// internal error (a construction the reference rejects).
[[nodiscard]] Report write(const Plan& plan);

}  // namespace aabb::vectors
