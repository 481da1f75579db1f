// `aabb-oracle check`: the command line front end of the check library (aabb/check.hpp,
// cli/src/check/): its options and help text, and the exit status of the run.

#include "check_command.hpp"

#include "aabb/filtered/dispatch.hpp"

namespace aabb::cli {

CLI::App* add_check_command(CLI::App& app, CheckOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "check",
      "Differential-test an implementation of the C ABI (aabb/abi.h) against the exact reference.\n"
      "With no --impl, checks the bundled optimized/ plugin against docs/contracts.md.\n"
      "The library runs only in child processes: a crash, hang, exit or leak is a finding.\n"
      "Exit status: 0 every campaign ran and nothing violated the chosen contracts; 1 violations\n"
      "(crashes and hangs included) or a campaign that ran no case; 2 usage error, a library\n"
      "that cannot be loaded or exports no selected ABI symbol, or a report that cannot be "
      "written.");
  cmd->add_option("--impl", o.impl,
                  "shared library exporting aabb_<op>_f32 / _f64 symbols (any subset)");
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
                  "aabb::fuzz_driver target, repeatable): a regression suite before the generated cases");
  cmd->add_option("--json", o.json_file, "write the full report as JSON to FILE");
  cmd->add_option("--sarif", o.sarif_file,
                  "write a SARIF 2.1.0 report to FILE (one result per violation kind of each op and type, for "
                  "code-scanning dashboards)");
  cmd->add_option("--html", o.html_file,
                  "write a self-contained HTML report to FILE: every counterexample with one number line per axis, "
                  "zoomed so that a one-ulp gap shows");
  cmd->add_option("--shard", o.shard,
                  "I/N: run only the cases whose index is I modulo N (same seed and --cases on every shard: the "
                  "N shards together run exactly the cases of the unsharded run)");
  cmd->add_option("--junit", o.junit_file,
                  "write a JUnit XML report to FILE (one testcase per op and type)");
  cmd->add_flag("--quiet", o.quiet, "no progress indicator");
  return cmd;
}

int run_check_command(const CheckOptions& o) {
  return aabb::check::run(o).exit_status;
}

}  // namespace aabb::cli
