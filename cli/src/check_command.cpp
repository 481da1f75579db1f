// `aabb-oracle check`: loads a shared library exporting (part of) the C ABI of aabb/abi.h in a
// child process (check/sandbox.hpp: the library never runs in check's own process), runs one
// campaign per op and float type (check/campaign.hpp), and reports what it found: cases,
// violations by kind, the worst error in ulps and, for each kind, the shrunk counterexample as an
// `aabb-oracle eval` line with its exact answer. In four steps: parse the options into a Plan,
// load the library, run the campaigns, report (text, JSON, JUnit).

#include "check_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "aabb/eval.hpp"
#include "aabb/filtered/dispatch.hpp"
#include "check/campaign.hpp"
#include "check/symbols.hpp"

#ifndef AABB_OPTIMIZED_PLUGIN_PATH
#define AABB_OPTIMIZED_PLUGIN_PATH ""
#endif

namespace aabb::cli {

namespace {

using check::Category;
using check::Contract;
using check::Json;

// ---- The ops --------------------------------------------------------------------------------

using Runner = Json (*)(const check::CampaignSpec&, check::Sandbox&, const check::ProgressFn&);

template <template <class> class Op, class T>
Json run_op(const check::CampaignSpec& spec, check::Sandbox& sandbox,
            const check::ProgressFn& progress) {
  return check::run_campaign<Op<T>>(spec, sandbox, progress);
}

/// One op of the ABI: its name, what contracts fit it, its default, and its two campaigns.
struct OpEntry {
  std::string name;
  Category category;
  Contract fallback;
  Runner f32;
  Runner f64;

  [[nodiscard]] std::string symbol(bool f64) const {
    return "aabb_" + name + (f64 ? "_f64" : "_f32");
  }
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

std::vector<std::string> abi_names() {
  std::vector<std::string> names;
  for (const auto& e : ops())
    for (bool f64 : {false, true}) names.push_back(e.symbol(f64));
  return names;
}

// ---- Text -----------------------------------------------------------------------------------

/// printf into a std::string (every line of the report goes through std::cout, in order).
std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* fmt, ...) {
  char small[512];
  va_list args;
  va_start(args, fmt);
  const int n = std::vsnprintf(small, sizeof small, fmt, args);
  va_end(args);
  if (n < 0) return "";
  if (static_cast<std::size_t>(n) < sizeof small) return std::string(small, static_cast<std::size_t>(n));
  std::string big(static_cast<std::size_t>(n) + 1, '\0');
  va_start(args, fmt);
  std::vsnprintf(big.data(), big.size(), fmt, args);
  va_end(args);
  big.resize(static_cast<std::size_t>(n));
  return big;
}

/// A user's text inside a message, cut so that one message stays one readable line.
std::string shortened(const std::string& s, std::size_t keep = 40) {
  return s.size() <= keep ? s : s.substr(0, keep) + "...";
}

/// `s` as valid UTF-8: bytes that are not become U+FFFD (a path may hold any bytes; JSON and
/// XML reports must not).
std::string valid_utf8(const std::string& s) {
  const std::string quoted = Json(s).dump(-1, ' ', false, Json::error_handler_t::replace);
  return Json::parse(quoted).get<std::string>();
}

/// JSON text that is valid UTF-8 whatever the strings inside hold.
std::string dump(const Json& j, int indent = -1) {
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

std::string xml_escape(const std::string& raw) {
  std::string r;
  for (char c : valid_utf8(raw)) {
    switch (c) {
      case '<': r += "&lt;"; break;
      case '>': r += "&gt;"; break;
      case '&': r += "&amp;"; break;
      case '"': r += "&quot;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t')
          r += ' ';
        else
          r += c;
    }
  }
  return r;
}

/// A line for the terminal: long exact answers are cut (the JSON report and a replay have them
/// whole).
std::string clip(const std::string& s) {
  if (s.size() <= 400) return s;
  return s.substr(0, 400) + "... (" + std::to_string(s.size() - 400) +
         " more characters; replay the line for all)";
}

// ---- Parse: the options into a Plan -----------------------------------------------------------

/// A usage error: the message names the option and the reason; exit status 2.
struct UsageError {
  std::string message;
};

/// Everything a run needs, validated.
struct Plan {
  std::string library;
  std::vector<const OpEntry*> ops;
  bool f32 = true, f64 = true;
  std::vector<Contract> contracts;  ///< per entry of ops()
  std::uint64_t seed = 0, cases = 0;
  double seconds = 0;
  check::ChildLimits limits;
  bool probe = false, progress = false;
  std::string json_file, junit_file;
};

/// A decimal integer in [0, max], or a usage error naming the option.
std::uint64_t parse_count(const std::string& text, const std::string& option, std::uint64_t max) {
  const std::string range = " must be an integer from 0 to " + std::to_string(max);
  if (text.empty() || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    throw UsageError{option + ":" + range + ", got \"" + shortened(text) + "\""};
  std::uint64_t v = 0;
  for (char c : text) {
    const auto d = static_cast<std::uint64_t>(c - '0');
    if (v > (max - d) / 10) throw UsageError{option + ":" + range + ", got " + shortened(text)};
    v = v * 10 + d;
  }
  return v;
}

/// Parses "kind[:k]" for `op` (kinds: exact, conservative[:k], ulps:k) and checks that the kind
/// fits.
Contract parse_contract(const OpEntry& op, const std::string& text, const std::string& whole) {
  const auto colon = text.find(':');
  const std::string kind = text.substr(0, colon);
  std::optional<long> k;
  if (colon != std::string::npos) {
    const std::string digits = text.substr(colon + 1);
    if (digits.empty() ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
      throw UsageError{"--contract " + whole + ": k must be a non-negative integer, got \"" +
                       shortened(digits) + "\""};
    if (digits.size() > 9)
      throw UsageError{"--contract " + whole + ": k = " + shortened(digits) +
                       " is too large (at most 999999999)"};
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
    throw UsageError{"--contract " + whole + ": unknown contract \"" + shortened(kind) +
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

void plan_ops_and_types(const CheckOptions& o, Plan& p) {
  for (const auto& name : split_list(o.ops)) {
    const OpEntry* e = find_op(name);
    if (!e) throw UsageError{"--ops: unknown op \"" + shortened(name) + "\" (ops: " + op_names() + ")"};
    if (std::find(p.ops.begin(), p.ops.end(), e) == p.ops.end()) p.ops.push_back(e);
  }
  if (p.ops.empty())
    for (const auto& e : ops()) p.ops.push_back(&e);
  const auto types = split_list(o.types);
  if (types.empty()) return;
  p.f32 = p.f64 = false;
  for (const auto& t : types) {
    if (t == "f32" || t == "float")
      p.f32 = true;
    else if (t == "f64" || t == "double")
      p.f64 = true;
    else
      throw UsageError{"--types: unknown type \"" + shortened(t) + "\" (f32 or f64)"};
  }
}

void plan_contracts(const CheckOptions& o, Plan& p) {
  for (const auto& e : ops()) p.contracts.push_back(e.fallback);
  for (const auto& spec : o.contracts) {
    const auto eq = spec.find('=');
    if (eq == std::string::npos)
      throw UsageError{"--contract " + shortened(spec) +
                       ": expected op=kind[:k], as in sweep=conservative:2"};
    const std::string name = spec.substr(0, eq);
    const OpEntry* e = find_op(name);
    if (!e)
      throw UsageError{"--contract " + shortened(spec) + ": unknown op \"" + shortened(name) +
                       "\" (ops: " + op_names() + ")"};
    p.contracts[static_cast<std::size_t>(e - ops().data())] =
        parse_contract(*e, spec.substr(eq + 1), shortened(spec));
  }
}

void plan_library(const CheckOptions& o, Plan& p) {
  p.library = o.impl;
  if (p.library.empty()) {
    p.library = default_plugin();
    if (p.library.empty() || !std::filesystem::exists(p.library))
      throw UsageError{
          "--impl: not given, and the bundled optimized plugin (libaabb-optimized.so) was not "
          "found"};
  }
  std::error_code ec;
  if (!std::filesystem::exists(p.library, ec)) throw UsageError{"--impl " + p.library + ": no such file"};
  if (std::filesystem::is_directory(p.library, ec))
    throw UsageError{"--impl " + p.library + ": is a directory"};
}

/// Validates every option; throws UsageError.
Plan make_plan(const CheckOptions& o) {
  Plan p;
  plan_ops_and_types(o, p);
  plan_contracts(o, p);
  p.seed = parse_count(o.seed, "--seed", UINT64_MAX);
  p.cases = o.cases.empty() ? 0 : parse_count(o.cases, "--cases", UINT64_MAX);
  if (!(o.seconds >= 0) || !std::isfinite(o.seconds))
    throw UsageError{"--seconds: must be a number >= 0"};
  if (!(o.timeout > 0) || !std::isfinite(o.timeout) || o.timeout > 1e6)
    throw UsageError{"--timeout: must be a number of seconds > 0 (at most 1000000)"};
  p.limits.timeout = o.timeout;
  p.limits.memory_mib = parse_count(o.memory_limit, "--memory-limit", std::uint64_t{1} << 40);
  if (p.cases == 0 && o.seconds == 0) p.cases = 1000;
  p.seconds = o.seconds;
  p.probe = o.probe_nonfinite;
  p.progress = !o.quiet && isatty(STDERR_FILENO) == 1;
  p.json_file = o.json_file;
  p.junit_file = o.junit_file;
  plan_library(o, p);
  return p;
}

// ---- The report ---------------------------------------------------------------------------

/// How a campaign ended.
struct Outcome {
  std::string op, type, symbol, contract;
  std::string status;  ///< "ok", "violations" (crashes and hangs included), "untested", "probe", "error"
  Json report;  ///< the campaign's report (check/campaign.hpp), or {"cases", "detail"} on error
};

/// Everything a run found, for the text, JSON and JUnit reports.
struct RunReport {
  std::string library;
  std::vector<std::string> symbols;  ///< ABI symbols found
  std::vector<check::NearMiss> near_misses;
  std::uint64_t seed = 0;
  bool probe = false;
  std::string error;  ///< why nothing was tested (a load error, no symbol); empty otherwise
  std::vector<Outcome> outcomes;

  [[nodiscard]] std::size_t failed() const {
    return static_cast<std::size_t>(std::count_if(outcomes.begin(), outcomes.end(), [](const Outcome& o) {
      return o.status != "ok" && o.status != "probe";
    }));
  }
  [[nodiscard]] bool passed() const { return error.empty() && failed() == 0; }
};

Json near_misses_json(const RunReport& r) {
  Json j = Json::array();
  for (const auto& m : r.near_misses)
    j.push_back(Json{{"symbol", m.symbol}, {"close_to", m.close_to}, {"why", m.why}});
  return j;
}

std::string json_report(const RunReport& r) {
  Json j;
  j["library"] = r.library;
  j["symbols"] = r.symbols;
  j["near_misses"] = near_misses_json(r);
  j["seed"] = r.seed;
  j["probe"] = r.probe;
  j["passed"] = r.passed();
  if (!r.error.empty()) j["error"] = r.error;
  Json results = Json::array();
  for (const auto& out : r.outcomes) {
    Json e{{"op", out.op}, {"type", out.type}, {"symbol", out.symbol},
           {"contract", out.contract}, {"status", out.status}};
    for (const auto& [k, v] : out.report.items()) e[k] = v;
    results.push_back(std::move(e));
  }
  j["results"] = std::move(results);
  return dump(j, 2) + "\n";
}

/// The failure text of one campaign for JUnit.
std::string junit_failure_text(const Outcome& out) {
  std::ostringstream text;
  if (out.status == "violations") {
    for (const auto& ex : out.report["counterexamples"])
      text << ex["kind"].get<std::string>() << ": " << ex["detail"].get<std::string>() << "\n"
           << ex["eval"].get<std::string>() << "\n";
  } else {
    text << out.report.value("untested", out.report.value("detail", std::string())) << "\n";
  }
  return text.str();
}

std::string junit_report(const RunReport& r) {
  std::ostringstream f;
  const std::size_t tests = r.error.empty() ? r.outcomes.size() : 1;
  const std::size_t failures = r.error.empty() ? r.failed() : 1;
  f << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite "
       "name=\"aabb-oracle check "
    << xml_escape(r.library) << "\" tests=\"" << tests << "\" failures=\"" << failures << "\">\n";
  if (!r.error.empty())
    f << "    <testcase classname=\"aabb-oracle.check\" name=\"load\">\n      <failure message=\""
      << xml_escape(r.error) << "\"/>\n    </testcase>\n";
  for (const auto& out : r.outcomes) {
    f << "    <testcase classname=\"aabb-oracle.check\" name=\"" << xml_escape(out.op + " " + out.type)
      << "\"";
    if (out.status == "ok" || out.status == "probe") {
      f << "/>\n";
      continue;
    }
    f << ">\n      <failure message=\"" << xml_escape(out.status + " under contract " + out.contract)
      << "\">" << xml_escape(junit_failure_text(out)) << "</failure>\n    </testcase>\n";
  }
  f << "  </testsuite>\n</testsuites>\n";
  return f.str();
}

/// The --json and --junit files, opened before anything runs (a path that cannot be written is
/// a usage error then, not after the run) and written at the end.
class ReportFiles {
 public:
  /// Opens every file asked for; a usage error naming the option, the path and the reason.
  explicit ReportFiles(const Plan& p) {
    open(json_, "--json", p.json_file);
    open(junit_, "--junit", p.junit_file);
  }
  /// Writes both reports; false (with a message on stderr) when a write failed.
  bool write(const RunReport& r) {
    return put(json_, "--json", [&] { return json_report(r); }) &&
           put(junit_, "--junit", [&] { return junit_report(r); });
  }

 private:
  struct File {
    std::string path;
    std::ofstream stream;
  };
  static void open(File& f, const char* option, const std::string& path) {
    if (path.empty()) return;
    f.path = path;
    f.stream.open(path, std::ios::binary | std::ios::trunc);
    if (!f.stream)
      throw UsageError{std::string(option) + " " + path + ": cannot write: " + std::strerror(errno)};
  }
  template <class Text>
  static bool put(File& f, const char* option, Text text) {
    if (f.path.empty()) return true;
    f.stream << text();
    f.stream.flush();
    if (f.stream) return true;
    std::cerr << "aabb-oracle check: " << option << " " << f.path
              << ": cannot write the report: " << std::strerror(errno) << "\n";
    return false;
  }
  File json_, junit_;
};

// ---- Load: the library in a child, its symbols ---------------------------------------------------

/// Loads the library in a child (check/sandbox.hpp) and fills the symbols it exports, the names
/// that look like ABI names but are not, and, when nothing can be tested, the error saying why.
void load_library(const Plan& p, check::Sandbox& sandbox, RunReport& r) {
  const std::vector<std::string> names = abi_names();
  const check::LoadReport load = sandbox.load(names);
  if (!load.ok) {
    r.error = "--impl " + r.library + ": " +
              (load.detail.rfind("cannot load", 0) == 0 ? load.detail
                                                         : "loading it failed: " + load.detail);
    return;
  }
  for (std::size_t i = 0; i < names.size(); ++i)
    if (load.found[i]) r.symbols.push_back(names[i]);
  std::string elf_error;
  r.near_misses = check::near_misses(check::exported_symbols(p.library, elf_error), names);
  if (r.symbols.empty()) {
    r.error = "--impl " + r.library +
              ": no symbol of the C ABI (aabb/abi.h) found, so nothing was checked; the ABI's "
              "names are aabb_<op>_f32 and aabb_<op>_f64 with C linkage";
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
    r.error = "--impl " + r.library +
              ": exports none of the selected ops and types (--ops, --types), so nothing was "
              "checked";
}

void print_header(const Plan& p, const RunReport& r) {
  std::cout << "aabb-oracle check " << r.library << "\n";
  std::cout << "symbols found (" << r.symbols.size() << " of " << ops().size() * 2 << "):";
  for (std::size_t i = 0; i < r.symbols.size(); ++i)
    std::cout << (i % 5 == 0 ? "\n  " : " ") << r.symbols[i];
  std::cout << "\n";
  if (!r.near_misses.empty()) {
    std::cout << "exported names that look like ABI names but are not (check cannot call them):\n";
    for (const auto& m : r.near_misses)
      std::cout << "  " << shortened(m.symbol, 80) << "  ~ " << m.close_to << ": " << m.why << "\n";
  }
  if (!r.error.empty()) return;
  if (p.probe)
    std::cout << "probe: what the library answers when one input is NaN, +inf or -inf (not judged)\n";
  else
    std::cout << "seed " << p.seed << ", budget "
              << (p.cases ? std::to_string(p.cases) + " cases per op and type" : std::string("unlimited cases"))
              << (p.seconds > 0 ? ", " + check::seconds_text(p.seconds) + " in all" : std::string(""))
              << ", timeout " << check::seconds_text(p.limits.timeout) << " per call, memory "
              << (p.limits.memory_mib ? std::to_string(p.limits.memory_mib) + " MiB" : std::string("unlimited"))
              << " per child\n";
  std::cout << "\n";
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

/// Runs one campaign: every library call in a child process (check/sandbox.hpp).
Outcome run_job(const Plan& p, const Job& job, double seconds, check::Sandbox& sandbox) {
  const auto index = static_cast<std::size_t>(job.op - ops().data());
  check::CampaignSpec spec;
  spec.symbol = job.op->symbol(job.f64);
  spec.seed = p.seed * 1000003u + index * 2u + (job.f64 ? 1u : 0u);
  spec.cases = p.cases;
  spec.seconds = seconds;
  spec.contract = p.contracts[index];
  spec.probe = p.probe;
  Outcome out{job.op->name, job.f64 ? "f64" : "f32", spec.symbol, spec.contract.text(), "", {}};
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
    out.status = p.probe ? "probe"
                 : out.report.contains("untested") ? "untested"
                 : out.report["violations"].empty() ? "ok"
                                                    : "violations";
  return out;
}

std::string worst_text(const Json& report) {
  if (!report.contains("worst_ulps_approx")) return "";
  return format("%.3g", report["worst_ulps_approx"].get<double>());
}

/// The table row of a judged campaign.
void print_row(const Outcome& out) {
  std::string result;
  if (out.status == "ok") {
    result = "ok";
  } else if (out.status == "violations") {
    result = "FAIL";
    for (const auto& [kind, n] : out.report["violations"].items())
      result += "  " + kind + " x" + std::to_string(n.get<std::uint64_t>());
    if (out.report.contains("stopped")) result += "  (" + out.report["stopped"].get<std::string>() + ")";
  } else if (out.status == "untested") {
    result = "UNTESTED  " + out.report["untested"].get<std::string>();
  } else {
    result = "ERROR  " + out.report.value("detail", "");
  }
  const std::string worst = worst_text(out.report);
  if (!worst.empty() && worst != "0") result += "  (worst " + worst + " ulps)";
  std::cout << format("%-17s %-4s %-15s %8llu  %s\n", out.op.c_str(), out.type.c_str(),
                      out.contract.c_str(),
                      static_cast<unsigned long long>(out.report.value("cases", std::uint64_t{0})),
                      result.c_str())
            << std::flush;
}

void print_probe(const Outcome& out) {
  std::cout << out.op << " " << out.type << ":\n";
  if (out.status == "probe") {
    for (const auto& pr : out.report["probe"])
      std::cout << "  " << pr["input"].get<std::string>() << "  ->  " << dump(pr["answer"]) << "\n";
  } else {
    std::cout << "  " << out.status << ": " << out.report.value("detail", "") << "\n";
  }
  std::cout << std::flush;
}

void run_campaigns(const Plan& p, check::Sandbox& sandbox, RunReport& r) {
  const std::vector<Job> jobs = jobs_of(p, r);
  const double per_job = p.seconds > 0 ? p.seconds / static_cast<double>(jobs.size()) : 0;
  if (!p.probe) std::cout << format("%-17s %-4s %-15s %8s  %s\n", "op", "type", "contract", "cases", "result");
  for (const Job& job : jobs) {
    Outcome out = run_job(p, job, per_job, sandbox);
    if (p.probe)
      print_probe(out);
    else
      print_row(out);
    r.outcomes.push_back(std::move(out));
  }
}

// ---- Report: counterexamples and the verdict -------------------------------------------------

/// Each counterexample, replayable with eval, with its exact answer (added to the JSON too).
void print_counterexamples(RunReport& r) {
  bool headed = false;
  for (auto& out : r.outcomes) {
    if (out.status != "violations") continue;
    if (!headed) {
      std::cout << "\ncounterexamples (shrunk; replay with: echo 'LINE' | aabb-oracle eval):\n";
      headed = true;
    }
    for (auto& ex : out.report["counterexamples"]) {
      const std::string line = ex["eval"].get<std::string>();
      ex["exact"] = Json::parse(aabb::eval_line(line).json, nullptr, false);
      const std::string kind = ex["kind"].get<std::string>();
      std::cout << "\n"
                << out.op << " " << out.type << ", " << kind << ": " << ex["detail"].get<std::string>()
                << "\n  " << line << "\n  library: "
                << (ex["answer"].is_null() ? "(no answer: " + kind + ")" : dump(ex["answer"]))
                << "\n  exact:   " << clip(dump(ex["exact"])) << "\n";
    }
  }
}

void print_verdict(const RunReport& r) {
  if (!r.error.empty()) {
    std::cout << "\nFAIL: nothing was checked: " << r.error << "\n";
    return;
  }
  if (r.probe) return;
  const std::size_t checked = r.outcomes.size(), failed = r.failed();
  const auto untested = static_cast<std::size_t>(std::count_if(
      r.outcomes.begin(), r.outcomes.end(), [](const Outcome& o) { return o.status == "untested"; }));
  std::cout << "\n"
            << (failed == 0 ? "PASS" : "FAIL") << ": " << checked - failed << " of " << checked
            << " op/type campaigns met their contracts";
  if (untested > 0) std::cout << "; " << untested << " ran no case (see UNTESTED above)";
  std::cout << "\n";
}

/// Flushes standard output; false (with a message) when the report could not be written.
bool flushed_stdout() {
  std::cout.flush();
  if (std::cout) return true;
  // The failure happened at some earlier write, and errno has changed since: one more byte
  // (a newline, harmless at the end of a report that is broken anyway) asks for the reason.
  const ssize_t w = write(STDOUT_FILENO, "\n", 1);
  const std::string reason = w < 0 ? std::string(": ") + std::strerror(errno) : "";
  std::cerr << "aabb-oracle check: cannot write the report to standard output" << reason << "\n";
  return false;
}

}  // namespace

CLI::App* add_check_command(CLI::App& app, CheckOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "check",
      "Differential-test an implementation of the C ABI (aabb/abi.h) against the exact reference.\n"
      "With no --impl, checks the bundled optimized/ plugin against docs/contracts.md.\n"
      "The library runs only in child processes: a crash, hang, exit or leak is a finding.\n"
      "Exit status: 0 every campaign ran and nothing violated the chosen contracts; 1 violations\n"
      "(crashes and hangs included) or a campaign that ran no case; 2 usage error, a library\n"
      "that cannot be loaded or exports no selected ABI symbol, or a report that cannot be written.");
  cmd->add_option("--impl", o.impl,
                  "shared library exporting aabb_<op>_f32 / _f64 symbols (any subset)");
  cmd->add_option("--seed", o.seed,
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
  cmd->add_option("--json", o.json_file, "write the full report as JSON to FILE");
  cmd->add_option("--junit", o.junit_file,
                  "write a JUnit XML report to FILE (one testcase per op and type)");
  cmd->add_flag("--quiet", o.quiet, "no progress indicator");
  return cmd;
}

int run_check_command(const CheckOptions& o) {
  Plan plan;
  std::unique_ptr<ReportFiles> files;
  try {
    plan = make_plan(o);
    files = std::make_unique<ReportFiles>(plan);
  } catch (const UsageError& e) {
    std::cerr << "aabb-oracle check: " << e.message << "\n";
    return 2;
  }
  RunReport report;
  report.library = plan.library;
  report.seed = plan.seed;
  report.probe = plan.probe;
  try {
    check::Sandbox sandbox(plan.library, plan.limits);
    load_library(plan, sandbox, report);
    print_header(plan, report);
    if (report.error.empty()) run_campaigns(plan, sandbox, report);
  } catch (const std::exception& e) {  // fork or mmap failed: check itself cannot go on
    report.error = std::string("check could not run the library: ") + e.what();
  }
  if (!report.error.empty()) std::cerr << "aabb-oracle check: " << report.error << "\n";
  print_counterexamples(report);
  print_verdict(report);
  const bool written = flushed_stdout() & files->write(report);
  if (!written || !report.error.empty()) return 2;
  return report.passed() ? 0 : 1;
}

}  // namespace aabb::cli
