// `aabb-oracle eval`: files or standard input in, one exact answer per line out.

#include "eval_command.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>

#include "aabb/eval.hpp"
#include "aabb/ops/registry.hpp"

namespace aabb::cli {
namespace {

constexpr const char* kEvalFooterStart = R"(Protocol (the full text is docs/eval.md):
  Reads JSON Lines from each FILE in turn, or from standard input when no FILE is
  given ("-" also names standard input), and writes exactly one JSON line per
  non-blank input line, in order, flushed at once.
  Input   {"id": any JSON value (optional, echoed), "op": NAME, <fields of NAME>}
)";

// After the op list, which `aabb-oracle ops` prints from the registry.
constexpr const char* kEvalFooterRest = R"(  Boxes   {"min": v, "max": v} or {"center": v, "extent": v}; v has 2 or 3 numbers.
  Numbers a JSON number is the exact decimal it spells (0.1 is 1/10); a string may be
          a hex float "0x1.8p-3", a decimal "-2.5e-7" or a rational "-3/7".
  Output  {"id": ..., "op": NAME, <results>}: exact numbers are strings ("1/3"), each
          followed by X_f64, the nearest double as a hex float; no hit gives null.
  Errors  {"id": ..., "error": {"kind": K, "message": M}}, K one of parse, unknown_op,
          missing_field, invalid_input, too_large, out_of_memory; M starts with the
          field: "a.max[1] < a.min[1]", and is at most 300 bytes.
  Limits  per line: 2^28 bits of exact numbers in all (too_large), and the memory
          of --max-line-memory, for the line's text and for its numbers
          (out_of_memory); the next line is answered as usual.
  Exit    0 every line answered, 1 some line was an error line, 2 usage error, a
          FILE that cannot be opened (reported before any line is answered), or
          output that cannot be written (eval stops at once).

Example (box a moves right by 3 and meets b a third of the way):
  in:  {"id": "s1", "op": "sweep", "a": {"min": [0, 0], "max": [1, 1]}, "da": [3, 0], "b": {"min": [2, 0], "max": [3, 1]}}
  out: {"id": "s1", "op": "sweep", "hit": true, "t_first": "1/3", "t_first_f64": "0x1.5555555555555p-2", "t_last": "1", "t_last_f64": "0x1p+0"})";

// "          sweep: a, b, da?, db?, a_end?, b_end?" for every op of the registry.
std::string op_fields() {
  std::string text;
  ops::for_each_op([&]<class Op>() {
    text += "          " + std::string(Op::name) + ":";
    const char* sep = " ";
    for (const ops::Field& f : Op::fields) {
      text += sep + std::string(f.name) + (f.required ? "" : "?");
      sep = ", ";
    }
    text += "\n";
  });
  return text;
}

}  // namespace

std::string eval_help_footer() { return std::string(kEvalFooterStart) + op_fields() + kEvalFooterRest; }

int run_eval_command(const EvalOptions& options) {
  std::vector<std::string> names = options.files;
  if (names.empty()) names.emplace_back("-");

  // Check every name before answering anything, so a typo in the last name costs no output;
  // with stat and access only, so that no descriptor is held for a file not yet being read
  // (1,100 files under a limit of 1,024 descriptors must work).
  for (const std::string& name : names) {
    if (name == "-") continue;
    struct stat st {};
    int error = 0;
    if (::stat(name.c_str(), &st) != 0) error = errno;
    else if (S_ISDIR(st.st_mode)) error = EISDIR;
    else if (::access(name.c_str(), R_OK) != 0) error = errno;
    if (error != 0) {
      std::cerr << "aabb-oracle eval: cannot open " << name << ": " << std::strerror(error) << "\n";
      return 2;
    }
  }

  EvalLimits limits;
  limits.max_line_memory = options.max_line_memory_mib << 20;
  EvalSummary total;
  for (const std::string& name : names) {
    EvalSummary s;
    if (name == "-") {
      s = eval_stream(std::cin, std::cout, limits);
    } else {
      std::ifstream file(name, std::ios::binary);
      if (!file.is_open()) {  // it changed since it was checked
        const int error = errno;
        std::cerr << "aabb-oracle eval: cannot open " << name << ": "
                  << (error != 0 ? std::strerror(error) : "unknown error") << "\n";
        return 2;
      }
      s = eval_stream(file, std::cout, limits);
    }
    if (s.write_failed) {
      std::cerr << "aabb-oracle eval: cannot write the answers: "
                << (s.write_errno != 0 ? std::strerror(s.write_errno) : "unknown error") << "\n";
      return 2;
    }
    total.answered += s.answered;
    total.errors += s.errors;
  }
  return total.errors == 0 ? 0 : 1;
}

}  // namespace aabb::cli
