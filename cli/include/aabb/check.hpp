#pragma once
/// `aabb-oracle check` as a library: differential testing of any implementation of the C ABI
/// (aabb/abi.h) against the exact reference, under contracts the user chooses (docs/check.md).
/// The options in, the text report on standard output, the exit status out.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace aabb::check {

/// What `check` was asked to do, as the user spelled it; validated by run.
struct Options {
  std::string impl;  ///< empty: the bundled optimized/ plugin (unless impl_cmd is given)
  /// --impl-cmd: the implementation as a process, this command run by /bin/sh -c, speaking the
  /// protocol of docs/protocol.md on its standard input and output
  std::string impl_cmd;
  std::string seed = "20261122";  ///< text: parsed and range-checked by run
  std::string cases;  ///< text; empty with seconds == 0: the default of 1000
  double seconds = 0;  ///< total budget in seconds, shared by the campaigns
  std::vector<std::string> ops;  ///< empty: every op the library exports
  std::vector<std::string> types;  ///< empty: f32 and f64
  std::vector<std::string> contracts;  ///< "op=kind[:k]"
  double timeout = 5;  ///< seconds one library call may take before it is a hang
  std::string memory_limit = "4096";  ///< MiB of address space a child may add; "0": no limit
  bool probe_nonfinite = false;
  std::string boundary = "closed";  ///< closed, strict or half-open: contains and overlap (both forms)
  std::vector<std::string> corpus;  ///< --corpus: saved fuzz inputs replayed first (files or directories)
  std::string ray = "segment";  ///< segment (any t range) or half-line (t_min = 0, t_max = +inf only)
  std::string json_file;
  std::string junit_file;
  std::string sarif_file;
  std::string html_file;  ///< a self-contained page: every counterexample with a picture per axis  ///< SARIF 2.1.0, one result per violation kind of each campaign
  std::string shard = "";  ///< "I/N": run only the cases whose index is I modulo N
  bool quiet = false;  ///< no progress indicator
};

/// How a run ended.
struct Result {
  /// 0 when every campaign ran and nothing violated the chosen contracts; 1 when something did
  /// (a crash or a hang included) or a campaign ran no case; 2 for a usage error (bad option
  /// value, an output file that cannot be written), a library that cannot be loaded (its
  /// constructors exit, crash or hang included) or that exports no selected ABI symbol, or a
  /// report that cannot be written.
  int exit_status = 2;
  std::size_t campaigns = 0;  ///< op/type campaigns run
  std::size_t failed = 0;  ///< of those, the ones that did not pass
};

/// Runs check: validates the options (a usage error is printed on stderr), loads the library in
/// a child process, runs one campaign per op and type, prints the text report on stdout and
/// writes the --json and --junit files.
[[nodiscard]] Result run(const Options& options);

}  // namespace aabb::check
