// `aabb-oracle check`: loads a shared library exporting (part of) the C ABI of aabb/abi.h, runs
// one campaign per op and float type in a child process (check/campaign.hpp), and reports what
// it found: cases, violations by kind, the worst error in ulps and, for each kind, the shrunk
// counterexample as an `aabb-oracle eval` line with its exact answer.

#include "check_command.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "aabb/eval.hpp"
#include "aabb/filtered/dispatch.hpp"
#include "check/campaign.hpp"

#ifndef AABB_OPTIMIZED_PLUGIN_PATH
#define AABB_OPTIMIZED_PLUGIN_PATH ""
#endif

namespace aabb::cli {

namespace {

using check::Category;
using check::Contract;
using check::Json;

using Runner = Json (*)(void* symbol, const check::CampaignSpec&, check::Sandbox&,
                        const check::ProgressFn&);

template <template <class> class Op, class T>
Json run_op(void* symbol, const check::CampaignSpec& spec, check::Sandbox& sandbox,
            const check::ProgressFn& progress) {
  // POSIX guarantees that a dlsym result converts to the function pointer it names.
  const auto fn = reinterpret_cast<typename Op<T>::Fn>(symbol);
  return check::run_campaign<Op<T>>(fn, spec, sandbox, progress);
}

/// One op of the ABI: its name, what contracts fit it, its default, and its two campaigns.
struct OpEntry {
  std::string name;
  Category category;
  Contract fallback;
  Runner f32;
  Runner f64;
};

template <template <class> class Op>
OpEntry entry() {
  return {Op<float>::name, Op<float>::category, check::default_contract(Op<float>::name),
          &run_op<Op, float>, &run_op<Op, double>};
}

/// The ops in the order of contract §4, each with its default contract (check::default_contract).
const std::vector<OpEntry>& ops() {
  static const std::vector<OpEntry> table = {
      entry<check::Contains>(),       entry<check::ContainsCe>(),   entry<check::Overlap>(),
      entry<check::OverlapCe>(),      entry<check::Intersection>(), entry<check::Sweep>(),
      entry<check::SweepCe>(),        entry<check::MovingVsStatic>(), entry<check::Ray>(),
      entry<check::BoundsOfPoints>(), entry<check::ExtremePoints>(), entry<check::BoundsOfSphere>(),
      entry<check::Transform>(),      entry<check::TransformCe>(),  entry<check::HillClimb>(),
  };
  return table;
}

const OpEntry* find_op(const std::string& name) {
  for (const auto& e : ops())
    if (e.name == name) return &e;
  return nullptr;
}

std::string op_names() {
  std::string s;
  for (const auto& e : ops()) s += (s.empty() ? "" : ", ") + e.name;
  return s;
}

/// A usage error: the message names the option and the reason; exit status 2.
struct UsageError {
  std::string message;
};

/// Parses "kind[:k]" for `op` (kinds: exact, conservative[:k], ulps:k) and checks that the kind
/// fits.
Contract parse_contract(const OpEntry& op, const std::string& text, const std::string& whole) {
  const auto colon = text.find(':');
  const std::string kind = text.substr(0, colon);
  std::optional<long> k;
  if (colon != std::string::npos) {
    const std::string digits = text.substr(colon + 1);
    if (digits.empty() || digits.size() > 9 ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
      throw UsageError{"--contract " + whole + ": k must be a non-negative integer, got \"" +
                       digits + "\""};
    k = std::stol(digits);
  }
  Contract c;
  if (kind == "exact") {
    if (k) throw UsageError{"--contract " + whole + ": exact takes no k"};
    c = {Contract::Kind::Exact, std::nullopt};
  } else if (kind == "conservative") {
    c = {Contract::Kind::Conservative, k};
  } else if (kind == "ulps") {
    if (!k) throw UsageError{"--contract " + whole + ": ulps needs k, as in ulps:1"};
    c = {Contract::Kind::Ulps, k};
  } else {
    throw UsageError{"--contract " + whole + ": unknown contract \"" + kind +
                     "\" (exact, conservative[:k], ulps:k)"};
  }
  if (op.category == Category::Index && c.kind != Contract::Kind::Exact)
    throw UsageError{"--contract " + whole + ": " + op.name +
                     " returns indices, whose only contract is exact"};
  if (op.category == Category::Decision && c.kind == Contract::Kind::Ulps)
    throw UsageError{"--contract " + whole + ": " + op.name +
                     " returns a decision (exact or conservative)"};
  if (op.category == Category::Decision && k)
    throw UsageError{"--contract " + whole + ": " + op.name +
                     " returns a decision; conservative takes no k"};
  return c;
}

/// Splits "a,b" lists (CLI11 already splits repeated options).
std::vector<std::string> split_list(const std::vector<std::string>& items) {
  std::vector<std::string> out;
  for (const auto& item : items) {
    std::stringstream ss(item);
    std::string part;
    while (std::getline(ss, part, ','))
      if (!part.empty()) out.push_back(part);
  }
  return out;
}

/// The bundled optimized/ plugin: next to the executable (../lib), else where the build put it.
std::string default_plugin() {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    for (const char* rel :
         {"../lib/libaabb-optimized.so", "../lib/aabb-oracle/libaabb-optimized.so"}) {
      const auto p = exe.parent_path() / rel;
      if (std::filesystem::exists(p, ec)) return p.lexically_normal().string();
    }
  }
  return AABB_OPTIMIZED_PLUGIN_PATH;
}

/// How a campaign ended.
struct Outcome {
  std::string op, type, symbol, contract;
  std::string status;  ///< "ok", "violations" (crashes and hangs included), "probe", "error"
  Json report;  ///< the campaign's report (check/campaign.hpp), or {"cases", "detail"} on error
};

bool stderr_is_tty() {
  return isatty(STDERR_FILENO) == 1;
}

/// Runs one campaign. Every library call happens in a child process (check/sandbox.hpp), so a
/// crash or a hang is counted with its input and the campaign goes on.
Outcome run_job(const OpEntry& op, bool f64, void* symbol, const check::CampaignSpec& spec,
                double timeout, bool progress) {
  Outcome out{op.name,
              f64 ? "f64" : "f32",
              "aabb_" + op.name + (f64 ? "_f64" : "_f32"),
              spec.contract.text(),
              "",
              {}};
  check::Sandbox sandbox(timeout);
  check::ProgressFn show;
  if (progress)
    show = [&out](std::uint64_t done, std::uint64_t total) {
      std::fprintf(stderr, "\r  %-17s %s  %llu%s cases   ", out.op.c_str(), out.type.c_str(),
                   static_cast<unsigned long long>(done),
                   total ? ("/" + std::to_string(total)).c_str() : "");
    };
  try {
    out.report = (f64 ? op.f64 : op.f32)(symbol, spec, sandbox, show);
  } catch (const std::exception& e) {
    out.status = "error";
    out.report = Json{{"cases", 0}, {"detail", e.what()}};
  }
  if (progress) std::fprintf(stderr, "\r%60s\r", "");
  if (out.status.empty())
    out.status = spec.probe ? "probe" : (out.report["violations"].empty() ? "ok" : "violations");
  return out;
}

/// The exact answer to an eval line, as eval would print it.
std::string exact_answer(const std::string& line) {
  return aabb::eval_line(line).json;
}

std::string worst_text(const Json& report) {
  if (!report.contains("worst_ulps_approx")) return "";
  char b[32];
  std::snprintf(b, sizeof b, "%.3g", report["worst_ulps_approx"].get<double>());
  return b;
}

/// A line for the terminal: long exact answers are cut (the JSON report and a replay have them
/// whole).
std::string clip(const std::string& s) {
  if (s.size() <= 400) return s;
  return s.substr(0, 400) + "... (" + std::to_string(s.size() - 400) +
         " more characters; replay the line for all)";
}

std::string xml_escape(const std::string& s) {
  std::string r;
  for (char c : s) {
    switch (c) {
      case '<':
        r += "&lt;";
        break;
      case '>':
        r += "&gt;";
        break;
      case '&':
        r += "&amp;";
        break;
      case '"':
        r += "&quot;";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t')
          r += ' ';
        else
          r += c;
    }
  }
  return r;
}

}  // namespace

CLI::App* add_check_command(CLI::App& app, CheckOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "check",
      "Differential-test an implementation of the C ABI (aabb/abi.h) against the exact reference.\n"
      "With no --impl, checks the bundled optimized/ plugin against docs/contracts.md.\n"
      "Exit status: 0 nothing violated the chosen contracts; 1 violations, crash or hang; 2 usage "
      "error.");
  cmd->add_option("--impl", o.impl,
                  "shared library exporting aabb_<op>_f32 / _f64 symbols (any subset)");
  cmd->add_option("--seed", o.seed,
                  "random seed (default 20261122); the same seed gives the same cases")
      ->check(CLI::NonNegativeNumber);  // without it CLI11 wraps "-3" around to 2^64 - 3
  cmd->add_option("--cases", o.cases,
                  "cases per op and type (default 1000; unlimited when only --seconds is given)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--seconds", o.seconds,
                  "time budget for the whole run, shared by the op/type campaigns");
  cmd->add_option("--ops", o.ops,
                  "ops to check, comma-separated (default: all the library exports)")
      ->delimiter(',');
  cmd->add_option("--types", o.types, "f32, f64 or both (default both)")->delimiter(',');
  cmd->add_option(
      "--contract", o.contracts,
      "op=exact | op=conservative[:k] | op=ulps:k, repeatable (defaults in docs/check.md)");
  cmd->add_option("--timeout", o.timeout,
                  "seconds a single call may take before it counts as a hang (default 5)");
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
  cmd->add_option("--json", o.json_file, "write the full report as JSON to FILE");
  cmd->add_option("--junit", o.junit_file,
                  "write a JUnit XML report to FILE (one testcase per op and type)");
  cmd->add_flag("--quiet", o.quiet, "no progress indicator");
  return cmd;
}

int run_check_command(const CheckOptions& o) {
  // ---- Validate every option before loading anything.
  std::vector<const OpEntry*> selected;
  std::vector<Contract> contracts;
  bool want_f32 = true, want_f64 = true;
  std::string lib = o.impl;
  std::uint64_t cases = o.cases;
  try {
    for (const auto& name : split_list(o.ops)) {
      const OpEntry* e = find_op(name);
      if (!e) throw UsageError{"--ops: unknown op \"" + name + "\" (ops: " + op_names() + ")"};
      if (std::find(selected.begin(), selected.end(), e) == selected.end()) selected.push_back(e);
    }
    if (selected.empty())
      for (const auto& e : ops()) selected.push_back(&e);
    const auto types = split_list(o.types);
    if (!types.empty()) {
      want_f32 = want_f64 = false;
      for (const auto& t : types) {
        if (t == "f32" || t == "float")
          want_f32 = true;
        else if (t == "f64" || t == "double")
          want_f64 = true;
        else
          throw UsageError{"--types: unknown type \"" + t + "\" (f32 or f64)"};
      }
    }
    for (const auto& e : ops()) contracts.push_back(e.fallback);
    for (const auto& spec : o.contracts) {
      const auto eq = spec.find('=');
      if (eq == std::string::npos)
        throw UsageError{"--contract " + spec +
                         ": expected op=kind[:k], as in sweep=conservative:2"};
      const std::string name = spec.substr(0, eq);
      const OpEntry* e = find_op(name);
      if (!e)
        throw UsageError{"--contract " + spec + ": unknown op \"" + name +
                         "\" (ops: " + op_names() + ")"};
      contracts[static_cast<std::size_t>(e - ops().data())] =
          parse_contract(*e, spec.substr(eq + 1), spec);
    }
    if (!(o.seconds >= 0) || !std::isfinite(o.seconds))
      throw UsageError{"--seconds: must be a number >= 0"};
    if (!(o.timeout > 0) || !std::isfinite(o.timeout))
      throw UsageError{"--timeout: must be a number > 0"};
    if (cases == 0 && o.seconds == 0) cases = 1000;
    if (lib.empty()) {
      lib = default_plugin();
      if (lib.empty() || !std::filesystem::exists(lib))
        throw UsageError{
            "--impl: not given, and the bundled optimized plugin (libaabb-optimized.so) was not "
            "found"};
    }
    std::error_code ec;
    if (!std::filesystem::exists(lib, ec)) throw UsageError{"--impl " + lib + ": no such file"};
    if (std::filesystem::is_directory(lib, ec))
      throw UsageError{"--impl " + lib + ": is a directory"};
  } catch (const UsageError& e) {
    std::cerr << "aabb-oracle check: " << e.message << "\n";
    return 2;
  }

  // dlopen needs a path with a slash to not search the library path for a bare name.
  std::string open_path = lib.find('/') == std::string::npos ? "./" + lib : lib;
  void* handle = dlopen(open_path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* err = dlerror();
    std::cerr << "aabb-oracle check: --impl " << lib
              << ": cannot load as a shared library: " << (err ? err : "unknown error") << "\n";
    return 2;
  }

  // ---- Which symbols the library exports.
  struct Job {
    const OpEntry* op;
    bool f64;
    void* symbol;
  };
  std::vector<std::string> found;
  std::vector<Job> jobs;
  for (const auto& e : ops()) {
    for (bool f64 : {false, true}) {
      const std::string sym = "aabb_" + e.name + (f64 ? "_f64" : "_f32");
      void* p = dlsym(handle, sym.c_str());
      if (!p) continue;
      found.push_back(sym);
      const bool wanted_type = f64 ? want_f64 : want_f32;
      if (wanted_type && std::find(selected.begin(), selected.end(), &e) != selected.end())
        jobs.push_back({&e, f64, p});
    }
  }

  const bool progress = !o.quiet && stderr_is_tty();
  std::cout << "aabb-oracle check " << lib << "\n";
  std::cout << "symbols found (" << found.size() << " of " << ops().size() * 2 << "):";
  for (std::size_t i = 0; i < found.size(); ++i)
    std::cout << (i % 5 == 0 ? "\n  " : " ") << found[i];
  std::cout << "\n";
  if (o.probe_nonfinite)
    std::cout
        << "probe: what the library answers when one input is NaN, +inf or -inf (not judged)\n";
  else
    std::cout << "seed " << o.seed << ", budget "
              << (cases ? std::to_string(cases) + " cases per op and type"
                        : std::string("unlimited cases"))
              << (o.seconds > 0 ? ", " + std::to_string(static_cast<long>(o.seconds)) + " s in all"
                                : std::string(""))
              << "\n";
  std::cout << "\n";
  if (jobs.empty()) {
    std::cout << "nothing to check: the library exports none of the selected ops and types\n";
  }

  // ---- The campaigns.
  std::vector<Outcome> outcomes;
  const double per_job =
      o.seconds > 0 && !jobs.empty() ? o.seconds / static_cast<double>(jobs.size()) : 0;
  if (!o.probe_nonfinite)
    std::printf("%-17s %-4s %-15s %8s  %s\n", "op", "type", "contract", "cases", "result");
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const auto& job = jobs[i];
    check::CampaignSpec spec;
    spec.seed = o.seed * 1000003u + static_cast<std::uint64_t>(job.op - ops().data()) * 2u +
                (job.f64 ? 1u : 0u);
    spec.cases = cases;
    spec.seconds = per_job;
    spec.contract = contracts[static_cast<std::size_t>(job.op - ops().data())];
    spec.probe = o.probe_nonfinite;
    Outcome out;
    try {
      out = run_job(*job.op, job.f64, job.symbol, spec, o.timeout, progress);
    } catch (const std::exception& e) {
      std::cerr << "aabb-oracle check: " << e.what() << "\n";
      return 2;
    }
    if (o.probe_nonfinite) {
      std::cout << out.op << " " << out.type << ":\n";
      if (out.status == "probe") {
        for (const auto& p : out.report["probe"])
          std::cout << "  " << p["input"].get<std::string>() << "  ->  " << p["answer"].dump()
                    << "\n";
      } else {
        std::cout << "  " << out.status << ": " << out.report.value("detail", "") << "\n";
      }
    } else {
      std::string result;
      if (out.status == "ok") {
        result = "ok";
      } else if (out.status == "violations") {
        result = "FAIL";
        for (const auto& [kind, n] : out.report["violations"].items())
          result += "  " + kind + " x" + std::to_string(n.get<std::uint64_t>());
        if (out.report.contains("stopped")) result += "  (" + out.report["stopped"].get<std::string>() + ")";
      } else {
        result = "ERROR  " + out.report.value("detail", "");
      }
      const std::string worst = worst_text(out.report);
      if (!worst.empty() && worst != "0") result += "  (worst " + worst + " ulps)";
      std::printf("%-17s %-4s %-15s %8llu  %s\n", out.op.c_str(), out.type.c_str(),
                  out.contract.c_str(),
                  static_cast<unsigned long long>(out.report.value("cases", std::uint64_t{0})),
                  result.c_str());
      std::fflush(stdout);
    }
    outcomes.push_back(std::move(out));
  }

  // ---- Counterexamples, each replayable with eval, with the exact answer.
  std::size_t failed = 0;
  bool headed = false;
  for (auto& out : outcomes) {
    if (out.status == "ok" || out.status == "probe") continue;
    ++failed;
    if (!headed) {
      std::cout << "\ncounterexamples (shrunk; replay with: echo 'LINE' | aabb-oracle eval):\n";
      headed = true;
    }
    if (out.status == "violations") {
      for (auto& ex : out.report["counterexamples"]) {
        const std::string line = ex["eval"].get<std::string>();
        ex["exact"] = Json::parse(exact_answer(line), nullptr, false);
        const std::string kind = ex["kind"].get<std::string>();
        const bool died = kind == check::kCrash || kind == check::kHang;
        std::cout << "\n"
                  << out.op << " " << out.type << ", " << kind << ": "
                  << ex["detail"].get<std::string>() << "\n  " << line << "\n  library: "
                  << (died ? "(no answer: " + kind + ")" : ex["answer"].dump())
                  << "\n  exact:   " << clip(ex["exact"].dump()) << "\n";
      }
    } else {
      std::cout << "\n"
                << out.op << " " << out.type << ", " << out.status << ": "
                << out.report.value("detail", "") << "\n  "
                << out.report.value("input", std::string("(no input)")) << "\n";
    }
  }
  std::size_t checked = outcomes.size();
  if (!o.probe_nonfinite)
    std::cout << "\n"
              << (failed == 0 ? "PASS" : "FAIL") << ": " << checked - failed << " of " << checked
              << " op/type campaigns met their contracts\n";
  std::cout.flush();

  // ---- Machine-readable reports.
  if (!o.json_file.empty()) {
    Json j;
    j["library"] = lib;
    j["symbols"] = found;
    j["seed"] = o.seed;
    j["probe"] = o.probe_nonfinite;
    j["passed"] = failed == 0;
    Json results = Json::array();
    for (const auto& out : outcomes) {
      Json r{{"op", out.op},
             {"type", out.type},
             {"symbol", out.symbol},
             {"contract", out.contract},
             {"status", out.status}};
      for (const auto& [k, v] : out.report.items()) r[k] = v;
      results.push_back(std::move(r));
    }
    j["results"] = std::move(results);
    std::ofstream f(o.json_file);
    f << j.dump(2) << "\n";
    if (!f) {
      std::cerr << "aabb-oracle check: --json " << o.json_file << ": cannot write\n";
      return 2;
    }
  }
  if (!o.junit_file.empty()) {
    std::ofstream f(o.junit_file);
    f << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite "
         "name=\"aabb-oracle check "
      << xml_escape(lib) << "\" tests=\"" << outcomes.size() << "\" failures=\"" << failed
      << "\">\n";
    for (const auto& out : outcomes) {
      f << "    <testcase classname=\"aabb-oracle.check\" name=\""
        << xml_escape(out.op + " " + out.type) << "\"";
      if (out.status == "ok" || out.status == "probe") {
        f << "/>\n";
        continue;
      }
      std::ostringstream text;
      if (out.status == "violations") {
        for (const auto& ex : out.report["counterexamples"])
          text << ex["kind"].get<std::string>() << ": " << ex["detail"].get<std::string>() << "\n"
               << ex["eval"].get<std::string>() << "\n";
      } else {
        text << out.report.value("detail", "") << "\n" << out.report.value("input", "") << "\n";
      }
      f << ">\n      <failure message=\""
        << xml_escape(out.status + " under contract " + out.contract) << "\">"
        << xml_escape(text.str()) << "</failure>\n    </testcase>\n";
    }
    f << "  </testsuite>\n</testsuites>\n";
    if (!f) {
      std::cerr << "aabb-oracle check: --junit " << o.junit_file << ": cannot write\n";
      return 2;
    }
  }
  return failed == 0 ? 0 : 1;
}

}  // namespace aabb::cli
