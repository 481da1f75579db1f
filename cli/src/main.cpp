// aabb-oracle: the command line tool. Each subcommand's work lives in its own <name>_command.cpp;
// its options and help text are declared to CLI11 here, the one translation unit that compiles
// CLI11 (a header-only library: each file that declared options compiled most of it again).
// Usage errors exit 2 with a message on stderr.

#include <CLI/CLI.hpp>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <iostream>
#include <string_view>

#include "aabb/filtered/dispatch.hpp"
#include "check_command.hpp"
#include "eval_command.hpp"
#include "ops_command.hpp"
#include "replay_command.hpp"
#include "vectors_command.hpp"

#ifndef AABB_ORACLE_VERSION
#define AABB_ORACLE_VERSION "unknown"
#endif

namespace aabb::cli {
namespace {

/// A path option given as "" is a usage error (without it, "" reads as "not given": no
/// report, or the bundled library checked in place of the user's).
const CLI::Validator kNonEmptyPath(
    [](const std::string& s) { return s.empty() ? std::string("empty path (give a file name)") : std::string(); },
    "PATH");

/// A decimal integer from 0 to 2^64-1, in digits only (CLI11 alone saturates 2^64 to 2^64-1
/// and wraps "-3" around).
const CLI::Validator kUint64(
    [](const std::string& s) {
      const std::string_view max = "18446744073709551615";
      if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos)
        return std::string("must be an integer from 0 to 2^64-1 (18446744073709551615)");
      const std::size_t lead = std::min(s.find_first_not_of('0'), s.size() - 1);
      const std::string_view digits = std::string_view(s).substr(lead);
      if (digits.size() > max.size() || (digits.size() == max.size() && digits > max))
        return std::string("must be at most 2^64-1 (18446744073709551615)");
      return std::string();
    },
    "UINT64");

/// Standard input, output or error closed when the tool starts (`>&-`): each gets /dev/null,
/// so that the first file the tool opens (a report) cannot become descriptor 1 and receive
/// the text report.
void open_closed_standard_descriptors() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    const int null = open("/dev/null", O_RDWR);
    if (null < 0) _exit(2);  // nothing safe to write to, and no safe way on
    if (null != fd) {  // a lower one was taken meanwhile: cannot happen in this loop's order
      dup2(null, fd);
      close(null);
    }
  }
}

/// AABB_EXACT, when set, must name a mode: a typo would otherwise silently be "filtered".
bool exact_environment_ok() {
  const char* e = std::getenv("AABB_EXACT");
  if (e == nullptr || std::string_view(e) == "plain" || std::string_view(e) == "filtered") return true;
  std::cerr << "aabb-oracle: AABB_EXACT=" << std::string_view(e).substr(0, 40)
            << ": unknown value (plain or filtered, or unset)\n";
  return false;
}

CLI::App* add_eval_command(CLI::App& app, EvalOptions& options) {
  CLI::App* eval = app.add_subcommand(
      "eval", "Answer AABB queries exactly: one JSON line in, one JSON line out");
  eval->add_option("FILE", options.files,
                   "JSON Lines files to answer, in order; none or \"-\" reads standard input");
  eval->add_option("--max-line-memory", options.max_line_memory_mib,
                   "Memory a line may hold at once through GMP while it is answered, in MiB; "
                   "beyond it the line is an out_of_memory error (default 1024)")
      ->type_name("MIB")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 20));
  eval->footer(eval_help_footer());
  return eval;
}

CLI::App* add_check_command(CLI::App& app, CheckOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "check",
      "Differential-test an implementation of the C ABI (aabb/abi.h) against the exact reference.\n"
      "With no --impl, checks the bundled optimized/ plugin against docs/contracts.md.\n"
      "The library runs only in child processes: a crash, hang, exit or leak is a finding.\n"
      "Exit status: 0 every campaign ran and nothing violated the chosen contracts; 1 violations\n"
      "(crashes and hangs included) or a campaign that ran no case; 2 usage error, a library\n"
      "that cannot be loaded or exports no selected ABI symbol, or a report that cannot be "
      "written;\n128 + N interrupted by signal N (SIGINT 130, SIGTERM 143), every report written "
      "and marked interrupted.");
  auto* impl = cmd->add_option("--impl", o.impl,
                               "shared library exporting aabb_<op>_f32 / _f64 symbols (any subset)")
                   ->check(kNonEmptyPath);
  cmd->add_option("--impl-cmd", o.impl_cmd,
                  "the implementation as a process in any language: CMD is run by /bin/sh -c and answers "
                  "batches of calls on its standard input and output (docs/protocol.md; kits for JavaScript "
                  "and Python in bindings/)")
      ->type_name("CMD")
      ->excludes(impl);
  cmd->add_option(
      "--seed", o.seed,
      "random seed, 0 to 2^64-1 (default 20261122); the same seed gives the same cases");
  cmd->add_option("--cases", o.cases,
                  "cases per op and type (default 1000; unlimited when only --seconds is given)");
  cmd->add_option("--seconds", o.seconds,
                  "time budget for the whole run, shared by the op/type campaigns; every call "
                  "is bounded by it");
  cmd->add_option("--ops", o.ops,
                  "ops to check, comma-separated (default: all the library exports)")
      ->delimiter(',');
  cmd->add_option("--types", o.types, "f32, f64 or both (default both)")->delimiter(',');
  cmd->add_option(
      "--contract", o.contracts,
      "op=exact | op=conservative[:k] | op=ulps:k, repeatable (defaults in docs/check.md)");
  cmd->add_option("--timeout", o.timeout,
                  "seconds a single call may take before it counts as a hang (default 5)");
  cmd->add_option("--memory-limit", o.memory_limit,
                  "MiB of address space the library may use in each child process beyond "
                  "check's own (default 4096; 0: no limit)");
  cmd->add_option_function<std::string>(
         "--exact",
         [](const std::string& v) {
           aabb::filtered::set_exact_mode(v == "plain" ? aabb::filtered::ExactMode::Plain
                                                       : aabb::filtered::ExactMode::Filtered);
         },
         "how exact answers are computed: filtered (default: the filtered exact evaluator, "
         "filtered/) or plain (the reference on exact rationals); both give the same answers")
      ->check(CLI::IsMember({"plain", "filtered"}));
  cmd->add_flag("--probe-nonfinite", o.probe_nonfinite,
                "report what the library answers for NaN and ±inf inputs instead of judging");
  cmd->add_option("--boundary", o.boundary,
                  "closed (default), strict or half-open: the library's convention for contains and overlap "
                  "(both forms); strict: lo < p < hi and a.lo < b.hi, half-open: lo <= p < hi");
  cmd->add_option("--ray", o.ray,
                  "segment (default: rays with any t_min <= t_max) or half-line (only t_min = 0, t_max = +inf, "
                  "for libraries whose rays have no range)");
  cmd->add_option("--corpus", o.corpus,
                  "replay saved fuzz inputs first (a corpus directory or crash files of aabb-oracle-fuzz or an "
                  "aabb::fuzz_driver target, repeatable): a regression suite before the generated cases")
      ->check(kNonEmptyPath);
  cmd->add_option("--json", o.json_file, "write the full report as JSON to FILE")->check(kNonEmptyPath);
  cmd->add_option("--sarif", o.sarif_file,
                  "write a SARIF 2.1.0 report to FILE (one result per violation kind of each op and type, for "
                  "code-scanning dashboards)")
      ->check(kNonEmptyPath);
  cmd->add_option("--html", o.html_file,
                  "write a self-contained HTML report to FILE: every counterexample with one number line per axis, "
                  "zoomed so that a one-ulp gap shows")
      ->check(kNonEmptyPath);
  cmd->add_option("--shard", o.shard,
                  "I/N: run only the cases whose index is I modulo N (same seed and --cases on every shard: the "
                  "N shards together run exactly the cases of the unsharded run)");
  cmd->add_option("--junit", o.junit_file,
                  "write a JUnit XML report to FILE (one testcase per op and type)")
      ->check(kNonEmptyPath);
  cmd->add_flag("--quiet", o.quiet, "no progress indicator");
  return cmd;
}

CLI::App* add_vectors_command(CLI::App& app, VectorsOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "vectors",
      "Write Wycheproof-style test vectors with exact expected answers, one JSON file "
      "per op and float type");
  cmd->add_option("--out", o.out, "directory to write the files into (created if missing)")
      ->required();
  cmd->add_option("--seed", o.seed, "seed of the generated cases, 0 to 2^64-1 (default 20261123)")
      ->check(kUint64);
  cmd->add_option("--cases-per-group", o.cases_per_group,
                  "generated cases per file, 1 to 100000 (default 200)")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--numbers", o.numbers,
                  "input numbers as hex floats (hex, the default: exact, what eval reads), shortest "
                  "round-trip decimal strings (decimal: parse each into the file's type), or both "
                  "(input in hex and inputDecimal beside it)");
  cmd->footer(vectors_help_footer());
  return cmd;
}

CLI::App* add_ops_command(CLI::App& app, OpsOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "ops", "List the ops: eval fields, answers, C ABI symbols and default contracts");
  cmd->add_flag("--json", options.json, "print the registry as one JSON document, for scripts");
  cmd->footer(ops_help_footer());
  return cmd;
}

CLI::App* add_replay_command(CLI::App& app, ReplayOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "replay",
      "Replay saved fuzz inputs (crash files, corpus entries of aabb-oracle-fuzz or of an\n"
      "aabb::fuzz_driver target) against a library of the C ABI: each input's function, its eval\n"
      "line, and the verdict under the given contracts (docs/fuzzing-your-library.md); or, with\n"
      "--impl-cmd, against an implementation process in any language (docs/protocol.md).\n"
      "The library runs only in child processes: a crash or a hang is a verdict.\n"
      "Exit status: 0 no input failed; 1 one did; 2 usage error, an unreadable input, or a library\n"
      "that cannot be loaded or exports no selected function; 128 + N interrupted by signal N.");
  CLI::Option* impl =
      cmd->add_option("--impl", o.driver.impl, "shared library exporting aabb_<op>_f32 / _f64 symbols")
          ->check(kNonEmptyPath);
  cmd->add_option("--impl-cmd", o.driver.impl_cmd,
                  "instead of --impl: the implementation as a process, CMD run by /bin/sh -c (docs/protocol.md;\n"
                  "as check's --impl-cmd): each input one call through it")
      ->type_name("CMD")
      ->excludes(impl);
  cmd->add_option("--ops", o.driver.ops, "ops the inputs were fuzzed with (as the fuzzer's --ops)")->delimiter(',');
  cmd->add_option("--types", o.driver.types, "f32, f64 or both (as the fuzzer's --types)")->delimiter(',');
  cmd->add_option("--contract", o.driver.contracts, "op=exact | op=conservative[:k] | op=ulps:k, repeatable");
  cmd->add_option("--boundary", o.driver.boundary, "closed (default), strict or half-open");
  cmd->add_option("--ray", o.driver.ray, "segment (default) or half-line");
  cmd->add_option("--timeout", o.timeout, "seconds a call may take before it counts as a hang (default 5)");
  cmd->add_option("inputs", o.paths, "input files, or directories of them (a corpus)")
      ->required()
      ->check(kNonEmptyPath);
  return cmd;
}

}  // namespace
}  // namespace aabb::cli

int main(int argc, char** argv) {
  aabb::cli::open_closed_standard_descriptors();  // before any file is opened
  std::ios::sync_with_stdio(false);
  CLI::App app{"aabb-oracle: exact answers for axis-aligned bounding box tests", "aabb-oracle"};
  app.set_version_flag("--version", std::string("aabb-oracle ") + AABB_ORACLE_VERSION);
  app.require_subcommand(1);

  aabb::cli::EvalOptions eval_options;
  CLI::App* eval = aabb::cli::add_eval_command(app, eval_options);
  aabb::cli::CheckOptions check_options;
  CLI::App* check = aabb::cli::add_check_command(app, check_options);
  aabb::cli::VectorsOptions vectors_options;
  CLI::App* vectors = aabb::cli::add_vectors_command(app, vectors_options);
  aabb::cli::OpsOptions ops_options;
  CLI::App* ops = aabb::cli::add_ops_command(app, ops_options);
  aabb::cli::ReplayOptions replay_options;
  CLI::App* replay = aabb::cli::add_replay_command(app, replay_options);

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version: printed on stdout, exit 0
  } catch (const CLI::ParseError& e) {
    (void)app.exit(e);  // prints the message on stderr
    return 2;
  }

  if (!aabb::cli::exact_environment_ok()) return 2;
  if (eval->parsed()) return aabb::cli::run_eval_command(eval_options);
  if (check->parsed()) return aabb::cli::run_check_command(check_options);
  if (vectors->parsed()) return aabb::cli::run_vectors_command(vectors_options);
  if (ops->parsed()) return aabb::cli::run_ops_command(ops_options);
  if (replay->parsed()) return aabb::cli::run_replay_command(replay_options);
  return 2;
}
