#pragma once
/// What a check run found, and its reports: the text on standard output (header, one row per
/// campaign, counterexamples, verdict), the JSON report and the JUnit XML report.

#include <cstdint>
#include <string>
#include <vector>

#include "check/plan.hpp"
#include "fuzz_driver/replay.hpp"
#include "check/symbols.hpp"
#include "check/text.hpp"

namespace aabb::check::tool {

/// How a campaign ended.
struct Outcome {
  std::string op, type, symbol, contract;
  std::string
      status;  ///< "ok", "violations" (crashes and hangs included), "untested", "probe", "error"
  Json report;  ///< the campaign's report (check/campaign.hpp), or {"cases", "detail"} on error
};

/// Everything a run found, for the text, JSON and JUnit reports.
struct RunReport {
  std::string library;
  std::string impl_cmd;  ///< --impl-cmd: the implementation is this command's process
  std::vector<std::string> symbols;  ///< ABI symbols found (the functions a process named)
  std::vector<check::NearMiss> near_misses;
  std::uint64_t seed = 0;
  bool probe = false;
  std::string boundary = "closed", ray = "segment";
  std::string shard;  ///< "I/N" under --shard, else empty  ///< the conventions judged under (--boundary, --ray)
  std::string error;  ///< why nothing was tested (a load error, no symbol); empty otherwise
  int interrupted = 0;  ///< the signal that interrupted the run (check/interrupt.hpp), 0 if none
  std::vector<Outcome> outcomes;
  /// --corpus: the saved inputs replayed, and the failing ones (fuzz_driver/replay.hpp).
  std::size_t corpus_inputs = 0;
  std::vector<aabb::fuzz_driver::Replayed> corpus_failing;

  [[nodiscard]] std::size_t failed() const {
    return static_cast<std::size_t>(
        std::count_if(outcomes.begin(), outcomes.end(),
                      [](const Outcome& o) { return o.status != "ok" && o.status != "probe"; }));
  }
  /// What was checked, as the reports name it: the library's path, or "--impl-cmd 'CMD'".
  [[nodiscard]] std::string implementation() const {
    return impl_cmd.empty() ? library : "--impl-cmd '" + impl_cmd + "'";
  }
  [[nodiscard]] bool passed() const {
    return error.empty() && interrupted == 0 && failed() == 0 && corpus_failing.empty();
  }
};

/// The --html page: the summary table and every counterexample with one SVG number line per
/// axis (check/html.cpp).
[[nodiscard]] std::string html_report(const RunReport& r);

/// The --json, --junit, --sarif and --html files. Checked before anything runs (a usage error
/// then, not after the run): each path can be written, is not a directory, and is not the same
/// file as another report, the library under test, a --corpus input or check's standard output
/// (by identity: device and inode, or the directory's for a file not yet there). Written at the
/// end, each to a temporary file in its directory renamed into place, so that nothing done to
/// the path during the run (by the library, say) leaves a partial, foreign or missing report
/// unnoticed; a path that is a device or a FIFO is written directly.
class ReportFiles {
 public:
  /// Checks every file asked for; a usage error naming the option, the path and the reason.
  explicit ReportFiles(const Plan& p);
  /// Writes every report; false (with a message on stderr for each) when one could not be.
  bool write(const RunReport& r);

  struct File {
    const char* option = "";
    std::string (*render)(const RunReport&) = nullptr;  ///< the report's text
    std::string path;    ///< as given
    std::string target;  ///< where it is written: the path, or the file a symlink names
    bool direct = false; ///< a device or FIFO: written in place
    unsigned mode = 0;   ///< the permissions the report gets
  };

 private:
  std::vector<File> files_;  ///< json, junit, sarif, html, those given
};

/// The head of the text report: the library, the symbols found, the budget.
void print_header(const Plan& p, const RunReport& r);

/// The table head of the judged campaigns.
void print_table_head();

/// The table row of a judged campaign.
void print_row(const Outcome& out);

/// What the library answered to the probe's non-finite inputs.
void print_probe(const Outcome& out);

/// Each counterexample, replayable with eval, with its exact answer (added to the JSON too).
void print_counterexamples(RunReport& r);

/// The last line: PASS or FAIL and how many campaigns met their contracts.
void print_verdict(const RunReport& r);

/// Flushes standard output; false (with a message) when the report could not be written.
[[nodiscard]] bool flushed_stdout();

}  // namespace aabb::check::tool
