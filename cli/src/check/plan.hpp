#pragma once
/// check's first step: the options, validated into a Plan (a bad value is a UsageError).

#include <cstdint>
#include <string>
#include <vector>

#include "aabb/check.hpp"
#include "aabb/fuzz_driver.hpp"
#include "check/conventions.hpp"
#include "check/op_table.hpp"
#include "check/sandbox.hpp"

namespace aabb::check::tool {

/// Everything a run needs, validated.
struct Plan {
  std::string library;   ///< --impl (or the bundled plugin); empty with impl_cmd
  std::string impl_cmd;  ///< --impl-cmd: the implementation as a process
  std::vector<const OpEntry*> ops;
  bool f32 = true, f64 = true;
  std::vector<Contract> contracts;  ///< per entry of ops()
  std::uint64_t seed = 0, cases = 0;
  double seconds = 0;
  check::ChildLimits limits;
  bool probe = false, progress = false;
  ref::Boundary boundary = ref::Boundary::Closed;  ///< --boundary, in the contracts of the ops taking it
  bool half_line = false;                          ///< --ray half-line
  std::string json_file, junit_file, sarif_file, html_file;
  std::uint64_t shard = 0, shards = 1;  ///< --shard I/N (0/1: every case)
  std::vector<std::string> corpus;            ///< --corpus paths
  aabb::fuzz_driver::Options corpus_options;  ///< the fuzz driver's view of the options above
};

/// Validates every option; throws UsageError.
[[nodiscard]] Plan make_plan(const Options& o);

}  // namespace aabb::check::tool
