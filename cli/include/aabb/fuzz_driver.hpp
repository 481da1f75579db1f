#pragma once
/// Coverage-guided differential fuzzing of any library of the C ABI (aabb/abi.h;
/// docs/fuzzing-your-library.md). Each fuzz input picks one exported function (its first two
/// bytes) and makes its arguments (byte 2 picks how) with check's generator of the op, seeded by
/// the input, or with the case library's byte decoder (aabb/cases/bytes.hpp, the edge vocabulary
/// of the project's own fuzzers); the library's answer is judged against the exact evaluator
/// under the contracts and conventions the user chose (the same --contract, --boundary and --ray
/// as check). A violation is reported as an `aabb-oracle eval`
/// line with the exact answer, and the process aborts with a stable signature
/// ("aabb-oracle: overlap_ce-f32-false_hit") in a stack frame of its own per op, type and kind.
///
/// Three front ends share it: `aabb-oracle-fuzz --impl=LIB.so` (libFuzzer, the library loaded
/// with dlopen), the static library aabb::fuzz_driver (LLVMFuzzerTestOneInput over the ABI
/// functions linked into the same binary, for OSS-Fuzz and ClusterFuzzLite builds), and
/// `aabb-oracle replay` / `check --corpus` (saved inputs as eval lines and verdicts).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace aabb::fuzz_driver {

/// The options, spelled as check's (docs/check.md).
struct Options {
  std::string impl;                    ///< --impl LIB.so: aabb-oracle-fuzz and replay (or AABB_IMPL)
  std::vector<std::string> ops;        ///< --ops op[,op...] (an op name, or <op>_2d); empty: all
  std::vector<std::string> types;      ///< --types f32,f64; empty: both
  std::vector<std::string> contracts;  ///< --contract op=kind[:k], repeatable
  std::string boundary = "closed";     ///< --boundary closed|strict|half-open
  std::string ray = "segment";         ///< --ray segment|half-line
  std::vector<std::string> known;      ///< --known sig[,sig...]: bugs already filed (not stopped on)
  /// --impl-cmd 'CMD ARGS': the implementation as a process (docs/protocol.md), for replay and
  /// check --corpus only; aabb-oracle-fuzz takes a shared library (docs/fuzzing-your-library.md)
  std::string impl_cmd;
};

/// Reads the driver's options from a libFuzzer command line, where arguments that start with
/// "--" are left to the program: --impl=, --ops=, --types=, --contract= (repeatable),
/// --boundary=, --ray=, --known= (repeatable); then from the environment: AABB_FUZZ_OPTIONS
/// (the same options, space-separated, for runners that do not pass arguments through:
/// ClusterFuzzLite) and AABB_IMPL. Returns a message naming the option and the reason, or "".
[[nodiscard]] std::string parse_options(int argc, char** argv, Options& o);

/// A symbol's address in the library under test, or null when it does not export it.
using Resolve = std::function<void*(const std::string& symbol)>;

/// What one input came to.
struct Outcome {
  enum class Status {
    NoFunction,  ///< the options select no function the library exports
    Invalid,     ///< the input decodes to arguments outside the ABI's domain (NaN, ±inf, a zero
                 ///< plane normal): not called, since the ABI promises finite inputs
    Pass,        ///< called; the answer meets the contract
    Fail,        ///< called; the answer breaks it (faults)
    Unjudged,    ///< called; the exact evaluator rejected the case (not judged)
  };
  struct Fault {
    std::string kind;    ///< "false hit", "no value written", ... (check's kinds)
    std::string detail;  ///< the numbers that show it
  };
  Status status = Status::NoFunction;
  std::string op;      ///< "overlap_ce", or "overlap_ce_2d" in dimension 2
  std::string type;    ///< "f32" or "f64"
  std::string symbol;  ///< "aabb_overlap_ce_f32"
  std::string query;   ///< the input as an `aabb-oracle eval` line (when called)
  std::string answer;  ///< the library's answer, JSON (when called)
  std::vector<Fault> faults;

  /// "overlap_ce-f32-false_hit": the first fault's signature (check's, de-duplicated by kind).
  [[nodiscard]] std::string signature() const;
};

class Driver {
 public:
  /// Validates the options (std::invalid_argument with a usage message naming the option) and
  /// resolves every function of the ABI through `resolve`.
  Driver(const Options& o, const Resolve& resolve);
  ~Driver();
  Driver(const Driver&) = delete;
  Driver& operator=(const Driver&) = delete;

  /// The functions found and selected by the options, in the ABI's order (3D, then 2D).
  /// (Near misses of ABI names are not looked for here: `check --impl` reports those.)
  [[nodiscard]] std::vector<std::string> symbols() const;

  /// One input: bytes 0 and 1 pick the function (b0 + 256·b1, modulo the number of ABI
  /// functions; a function the library lacks, or the options leave out, maps onto one selected),
  /// the rest its arguments (fuzz_driver/targets.hpp, run_one: generated or decoded). `call`
  /// false: decode only (status Pass, the eval line filled in), for showing a crashing input
  /// without calling the library.
  [[nodiscard]] Outcome run(const std::uint8_t* data, std::size_t size, bool call = true) const;

  /// Rewrites bytes 0-1 of an input (made at least 2 bytes long, within max_size) to name the
  /// function run() maps it to, so that the input means the same under any options that select
  /// that function (replay, check --corpus with other --ops). libFuzzer's custom mutator calls it
  /// after each mutation; the new size.
  std::size_t canonicalize(std::uint8_t* data, std::size_t size, std::size_t max_size) const;

  /// Prints report(o) to standard error and aborts, from a stack frame named after o's op and
  /// type, then one named after its first fault's kind (so that infrastructure grouping crashes
  /// by stack, as ClusterFuzz does, files one issue per signature).
  [[noreturn]] void abort_on(const Outcome& o) const;

  /// Takes out of a failed outcome the faults whose signature the options name as known
  /// (--known); true when none is left, so that the input is not a finding. A fault of a kind not
  /// known still stops the run, under its own signature.
  bool drop_known(Outcome& o) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// libFuzzer's entry points over a driver, for both front ends: one input (aborting on a
/// violation; 0 otherwise), and the custom mutation (libFuzzer's own, then canonicalize).
int test_one_input(const Driver& d, const std::uint8_t* data, std::size_t size);
std::size_t custom_mutate(const Driver* d, std::uint8_t* data, std::size_t size, std::size_t max_size);

/// The report of an outcome that failed: the signature, the function, each fault, the eval line,
/// the exact answer (eval's line for it) and the library's.
[[nodiscard]] std::string report(const Outcome& o);

}  // namespace aabb::fuzz_driver
