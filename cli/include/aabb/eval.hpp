#pragma once
/// The `aabb-oracle eval` line protocol (contract §3, docs/eval.md): one JSON query in, one
/// JSON answer out, every number exact.

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>

namespace aabb {

/// The answer to one input line: a single JSON object text without a newline, and whether it
/// is an answer (true) or an error line (false).
struct EvalAnswer {
  std::string json;
  bool ok = false;
};

/// Answers one input line. Never throws and never crashes, whatever the bytes: anything that is
/// not a valid query becomes an error line `{"id": …, "error": {"kind": …, "message": …}}`.
[[nodiscard]] EvalAnswer eval_line(std::string_view line);

/// Whether a line has nothing to answer: empty, or only spaces, tabs and carriage returns.
[[nodiscard]] bool is_blank_line(std::string_view line) noexcept;

/// How many lines eval_stream answered, and how many of those were error lines.
struct EvalSummary {
  std::size_t answered = 0;
  std::size_t errors = 0;
};

/// Answers every non-blank line of `in` on `out`, in order, one line each, flushing after each
/// so that a process can talk to eval through a pipe. A trailing '\r' is removed first.
EvalSummary eval_stream(std::istream& in, std::ostream& out);

}  // namespace aabb
