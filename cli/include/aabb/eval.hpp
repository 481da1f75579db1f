#pragma once
/// The `aabb-oracle eval` line protocol (contract §3, docs/eval.md): one JSON query in, one
/// JSON answer out, every number exact.

#include <cstddef>
#include <cstdint>
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

/// The work one line may ask for (docs/eval.md §6). A line beyond either limit gets an error
/// line and the next line is answered as usual.
struct EvalLimits {
  /// The total size of the exact numbers a line's query holds: the sum, over every number read,
  /// of the bits of its numerator and of its denominator. Beyond it: kind too_large. 2^28 bits
  /// (32 MiB) is over three times what 500 KB of the most bit-hungry double spellings
  /// ("1e308", "5e-324", "0x1p-1074": about 1,075 bits per 7 bytes) needs.
  std::uint64_t max_line_bits = std::uint64_t{1} << 28;
  /// The bytes a line may hold at once through GMP while it is answered. Beyond it, or when
  /// memory runs out: kind out_of_memory.
  std::size_t max_line_memory = std::size_t{1} << 30;
};

/// The longest error message eval writes, in bytes; longer messages are cut at a UTF-8
/// boundary and end with "...".
inline constexpr std::size_t kMaxErrorMessageBytes = 300;

/// Answers one input line. Never throws and never crashes, whatever the bytes: anything that is
/// not a valid query becomes an error line `{"id": …, "error": {"kind": …, "message": …}}`.
/// Installs eval's GMP memory functions for the process on first use (gmp_memory.hpp): they
/// allocate with malloc like GMP's defaults, but throw instead of aborting while a line is
/// being answered.
[[nodiscard]] EvalAnswer eval_line(std::string_view line, const EvalLimits& limits = {});

/// Whether a line has nothing to answer: empty, or only spaces, tabs and carriage returns.
[[nodiscard]] bool is_blank_line(std::string_view line) noexcept;

/// How many lines eval_stream answered, and how many of those were error lines; and whether
/// writing an answer failed.
struct EvalSummary {
  std::size_t answered = 0;  ///< answers written and flushed successfully
  std::size_t errors = 0;
  bool write_failed = false;  ///< an answer could not be written; reading stopped there
  int write_errno = 0;        ///< errno after the failed write (0 when none was set)
};

/// Answers every non-blank line of `in` on `out`, in order, one line each, flushing after each
/// so that a process can talk to eval through a pipe. A trailing '\r' is removed first. When
/// `out` fails after a flush, stops at once (reads no further line) and says so in the summary.
EvalSummary eval_stream(std::istream& in, std::ostream& out, const EvalLimits& limits = {});

}  // namespace aabb
