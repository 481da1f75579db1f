// `aabb-oracle check` as a library (aabb/check.hpp): loads a shared library exporting (part
// of) the C ABI of aabb/abi.h in a child process (check/sandbox.hpp: the library never runs in
// check's own process), runs one campaign per op and float type (check/campaign.hpp), and
// reports what it found (check/report.hpp). In four steps: parse the options into a Plan
// (check/plan.hpp), load the library, run the campaigns, report (text, JSON, JUnit).

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>

#include "aabb/check.hpp"
#include "check/plan.hpp"
#include "check/report.hpp"

namespace aabb::check {

namespace tool {
namespace {

// ---- Load: the library in a child, its symbols
// ---------------------------------------------------

/// Loads the library in a child (check/sandbox.hpp) and fills the symbols it exports, the names
/// that look like ABI names but are not, and, when nothing can be tested, the error saying why.
void load_library(const Plan& p, check::Sandbox& sandbox, RunReport& r) {
  const std::vector<std::string> names = abi_names();
  const check::LoadReport load = sandbox.load(names);
  const std::string impl = p.impl_cmd.empty() ? "--impl " + r.library : r.implementation();
  if (!load.ok) {
    r.error = impl + ": " +
              (!p.impl_cmd.empty()                        ? "starting it failed: " + load.detail
               : load.detail.rfind("cannot load", 0) == 0 ? load.detail
                                                          : "loading it failed: " + load.detail);
    return;
  }
  for (std::size_t i = 0; i < names.size(); ++i)
    if (load.found[i]) r.symbols.push_back(names[i]);
  if (const check::ImplProcess* process = sandbox.process()) {
    r.near_misses = check::near_misses(process->functions(), names);
  } else {
    std::string elf_error;
    r.near_misses = check::near_misses(check::exported_symbols(p.library, elf_error), names);
  }
  if (r.symbols.empty()) {
    r.error = impl + (p.impl_cmd.empty()
                          ? ": no symbol of the C ABI (aabb/abi.h) found, so nothing was checked; the ABI's "
                            "names are aabb_<op>_f32 and aabb_<op>_f64 (aabb2_ in dimension 2) with C linkage"
                          : ": its hello names no function of the C ABI (aabb/abi.h), so nothing was checked; "
                            "the ABI's names are aabb_<op>_f32 and aabb_<op>_f64 (aabb2_ in dimension 2)");
    if (!r.near_misses.empty()) r.error += " (see the names that look close, above)";
    return;
  }
  bool any = false;
  for (const OpEntry* e : p.ops)
    for (bool f64 : {false, true})
      if ((f64 ? p.f64 : p.f32) &&
          std::find(r.symbols.begin(), r.symbols.end(), e->symbol(f64)) != r.symbols.end())
        any = true;
  if (!any)
    r.error = impl +
              ": exports none of the selected ops and types (--ops, --types), so nothing was "
              "checked";
}

// ---- Run: the campaigns -----------------------------------------------------------------------

struct Job {
  const OpEntry* op;
  bool f64;
};

std::vector<Job> jobs_of(const Plan& p, const RunReport& r) {
  std::vector<Job> jobs;
  for (const auto& e : ops())
    for (bool f64 : {false, true})
      if ((f64 ? p.f64 : p.f32) && std::find(p.ops.begin(), p.ops.end(), &e) != p.ops.end() &&
          std::find(r.symbols.begin(), r.symbols.end(), e.symbol(f64)) != r.symbols.end())
        jobs.push_back({&e, f64});
  return jobs;
}

/// The job's op's place in ops() (and in the plan's contracts).
std::size_t index_of(const Job& job) { return static_cast<std::size_t>(job.op - ops().data()); }

/// Runs one campaign: every library call in a child process (check/sandbox.hpp).
Outcome run_job(const Plan& p, const Job& job, double seconds, check::Sandbox& sandbox) {
  const std::size_t index = index_of(job);
  check::CampaignSpec spec;
  spec.symbol = job.op->symbol(job.f64);
  spec.seed = p.seed * 1000003u + index * 2u + (job.f64 ? 1u : 0u);
  spec.cases = p.cases;
  spec.seconds = seconds;
  spec.contract = p.contracts[index];
  spec.probe = p.probe;
  spec.half_line = p.half_line;
  spec.shard = p.shard;
  spec.shards = p.shards;
  Outcome out{job.op->label(), job.f64 ? "f64" : "f32", spec.symbol, spec.contract.text(), "", {}};
  check::ProgressFn show;
  if (p.progress)
    show = [&out](std::uint64_t done, std::uint64_t total) {
      std::fprintf(stderr, "\r  %-17s %s  %llu%s cases   ", out.op.c_str(), out.type.c_str(),
                   static_cast<unsigned long long>(done),
                   total ? ("/" + std::to_string(total)).c_str() : "");
    };
  try {
    out.report = (job.f64 ? job.op->f64 : job.op->f32)(spec, sandbox, show);
  } catch (const std::exception& e) {
    out.status = "error";
    out.report = Json{{"cases", 0}, {"detail", e.what()}};
  }
  if (p.progress) std::fprintf(stderr, "\r%60s\r", "");
  if (out.status.empty())
    out.status = p.probe                            ? "probe"
                 : out.report.contains("untested")  ? "untested"
                 : out.report["violations"].empty() ? "ok"
                                                    : "violations";
  return out;
}

void run_campaigns(const Plan& p, check::Sandbox& sandbox, RunReport& r) {
  const std::vector<Job> jobs = jobs_of(p, r);
  const double per_job = p.seconds > 0 ? p.seconds / static_cast<double>(jobs.size()) : 0;
  if (!p.probe) print_table_head();
  for (const Job& job : jobs) {
    if (check::interrupted() != 0) {  // the campaigns not started: listed, not run
      const std::string why = "not run: check was interrupted (" + check::signal_name(check::interrupted()) + ")";
      Outcome out{job.op->label(), job.f64 ? "f64" : "f32", job.op->symbol(job.f64),
                  p.contracts[index_of(job)].text(), "untested",
                  Json{{"cases", 0}, {"untested", why}, {"interrupted", check::signal_name(check::interrupted())}}};
      if (!p.probe) print_row(out);
      r.outcomes.push_back(std::move(out));
      continue;
    }
    Outcome out = run_job(p, job, per_job, sandbox);
    if (p.probe)
      print_probe(out);
    else
      print_row(out);
    r.outcomes.push_back(std::move(out));
  }
}

/// --corpus: the saved inputs, replayed before any case is generated (with --impl-cmd, through
/// the run's own process); the failing ones printed with their eval lines (and kept for the
/// verdict and the JSON report). A path that cannot be read is the run's error.
void replay_corpus(const Plan& p, check::Sandbox& sandbox, RunReport& r) {
  const aabb::fuzz_driver::ReplayRun run =
      aabb::fuzz_driver::replay(p.corpus_options, p.corpus, p.limits, p.impl_cmd.empty() ? nullptr : &sandbox);
  if (!run.error.empty()) {
    r.error = "--corpus: " + run.error;
    return;
  }
  r.corpus_inputs = run.inputs.size();
  for (const auto& i : run.inputs)
    if (i.outcome.status == aabb::fuzz_driver::Outcome::Status::Fail) r.corpus_failing.push_back(i);
  std::cout << "corpus: " << r.corpus_inputs << " inputs replayed, " << r.corpus_failing.size() << " failing\n";
  for (const auto& f : r.corpus_failing) std::cout << aabb::fuzz_driver::replay_text(f);
  std::cout << "\n";
}

/// Loads the library and runs the campaigns the plan selects, printing the text report's head
/// and rows; a failure of check itself (fork or mmap) becomes the report's error.
RunReport run_plan(const Plan& plan) {
  RunReport report;
  report.library = plan.library;
  report.impl_cmd = plan.impl_cmd;
  report.seed = plan.seed;
  report.probe = plan.probe;
  report.boundary = ref::boundary_name(plan.boundary);
  report.ray = plan.half_line ? "half-line" : "segment";
  if (plan.shards > 1) report.shard = std::to_string(plan.shard) + "/" + std::to_string(plan.shards);
  try {
    check::Sandbox sandbox(plan.library, plan.limits, plan.impl_cmd);
    load_library(plan, sandbox, report);
    print_header(plan, report);
    if (report.error.empty() && !plan.corpus.empty()) replay_corpus(plan, sandbox, report);
    if (report.error.empty()) run_campaigns(plan, sandbox, report);
  } catch (const std::exception& e) {  // fork or pipe failed: check itself cannot go on
    report.error = std::string("check could not run the library: ") + e.what();
  }
  report.interrupted = check::interrupted();
  return report;
}

/// The rest of the report (the error, the counterexamples, the verdict, the --json and --junit
/// files) and the exit status.
int finish_report(RunReport& report, ReportFiles& files) {
  if (!report.error.empty()) std::cerr << "aabb-oracle check: " << one_line(report.error) << "\n";
  print_counterexamples(report);
  print_verdict(report);
  const bool written = flushed_stdout() & files.write(report);
  if (!written) return 2;
  // Interrupted: 128 + the signal's number, as a shell reports a command the signal ended, but
  // with every report written.
  if (report.interrupted != 0) return 128 + report.interrupted;
  if (!report.error.empty()) return 2;
  return report.passed() ? 0 : 1;
}

}  // namespace
}  // namespace tool

Result run(const Options& o) {
  tool::Plan plan;
  std::unique_ptr<tool::ReportFiles> files;
  try {
    plan = tool::make_plan(o);
    files = std::make_unique<tool::ReportFiles>(plan);
  } catch (const tool::UsageError& e) {
    std::cerr << "aabb-oracle check: " << e.message << "\n";
    return Result{2, 0, 0};
  }
  tool::RunReport report = tool::run_plan(plan);
  const int status = tool::finish_report(report, *files);
  return Result{status, report.outcomes.size(), report.failed()};
}

}  // namespace aabb::check
