#pragma once
/// The conventions a library is judged by, as check and the fuzz driver take them: --contract
/// op=kind[:k] (an op name sets both dimensions, <op>_2d the 2D one), --boundary and --ray, over
/// a table of ops (check's, check/op_table.hpp, or the fuzz driver's). A bad value is a
/// UsageError whose message names the option and the reason.

#include <string>
#include <vector>

#include "check/op_table.hpp"

namespace aabb::check::tool {

/// A usage error: the message names the option and the reason; exit status 2.
struct UsageError {
  std::string message;
};

/// What --contract, --boundary and --ray decided.
struct Conventions {
  std::vector<Contract> contracts;  ///< per entry of the table, the boundary in those that take it
  ref::Boundary boundary = ref::Boundary::Closed;
  bool half_line = false;
};

/// Validates the options against `table`; throws UsageError.
[[nodiscard]] Conventions parse_conventions(const std::vector<OpEntry>& table,
                                            const std::vector<std::string>& contracts,
                                            const std::string& boundary, const std::string& ray);

/// The entries of `table` that `name` selects: its label (one entry), or an op name (its entry
/// in each dimension).
[[nodiscard]] std::vector<const OpEntry*> find_ops(const std::vector<OpEntry>& table, const std::string& name);

/// "contains, contains_ce, ...": the table's op names (3D) for messages.
[[nodiscard]] std::string op_names(const std::vector<OpEntry>& table);

}  // namespace aabb::check::tool
