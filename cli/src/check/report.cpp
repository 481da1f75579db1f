// check's reports (check/report.hpp).

#include "check/report.hpp"

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <sstream>

#include "aabb/eval.hpp"

namespace aabb::check::tool {

namespace {

Json near_misses_json(const RunReport& r) {
  Json j = Json::array();
  for (const auto& m : r.near_misses)
    j.push_back(Json{{"symbol", m.symbol}, {"close_to", m.close_to}, {"why", m.why}});
  return j;
}

std::string json_report(const RunReport& r) {
  Json j;
  if (r.impl_cmd.empty())
    j["library"] = r.library;
  else
    j["impl_cmd"] = r.impl_cmd;
  j["symbols"] = r.symbols;
  j["near_misses"] = near_misses_json(r);
  j["seed"] = r.seed;
  j["probe"] = r.probe;
  j["boundary"] = r.boundary;
  j["ray"] = r.ray;
  if (!r.shard.empty()) j["shard"] = r.shard;
  j["passed"] = r.passed();
  if (!r.error.empty()) j["error"] = r.error;
  if (r.interrupted != 0) j["interrupted"] = check::signal_name(r.interrupted);
  Json results = Json::array();
  for (const auto& out : r.outcomes) {
    Json e{{"op", out.op},
           {"type", out.type},
           {"symbol", out.symbol},
           {"contract", out.contract},
           {"status", out.status}};
    for (const auto& [k, v] : out.report.items()) e[k] = v;
    results.push_back(std::move(e));
  }
  j["results"] = std::move(results);
  if (r.corpus_inputs > 0) {
    Json failing = Json::array();
    for (const auto& f : r.corpus_failing) {
      Json faults = Json::array();
      for (const auto& x : f.outcome.faults) faults.push_back(Json{{"kind", x.kind}, {"detail", x.detail}});
      failing.push_back(Json{{"file", f.file},
                             {"op", f.outcome.op},
                             {"type", f.outcome.type},
                             {"signature", f.outcome.signature()},
                             {"faults", faults},
                             {"eval", f.outcome.query},
                             {"answer", f.outcome.answer}});
    }
    j["corpus"] = Json{{"inputs", r.corpus_inputs}, {"failing", failing}};
  }
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

/// SARIF 2.1.0: one rule per signature found, one result per violation kind of each campaign
/// (and one per campaign that ran no case or failed), the eval line in the message.
std::string sarif_report(const RunReport& r) {
  Json rules = Json::array(), results = Json::array();
  const auto add = [&](const std::string& sig, const std::string& text, const Json& properties,
                       const std::string& symbol) {
    if (std::none_of(rules.begin(), rules.end(), [&](const Json& x) { return x["id"] == sig; }))
      rules.push_back(Json{{"id", sig}, {"shortDescription", {{"text", sig}}}});
    Json result{{"ruleId", sig},
                {"level", "error"},
                {"message", {{"text", text}}},
                {"partialFingerprints", {{"aabbOracleSignature/v1", sig}}},
                {"properties", properties}};
    if (!symbol.empty())
      result["locations"] = Json::array(
          {Json{{"logicalLocations", Json::array({Json{{"name", symbol}, {"kind", "function"}}})}}});
    results.push_back(std::move(result));
  };
  if (!r.error.empty()) add("load-error", "nothing was checked: " + r.error, Json::object(), "");
  for (const auto& out : r.outcomes) {
    if (out.status == "ok" || out.status == "probe") continue;
    if (out.status != "violations") {
      add(signature(out.op, out.type, out.status),
          out.op + " " + out.type + ": " + out.status + ": " +
              out.report.value("untested", out.report.value("detail", std::string())),
          Json{{"contract", out.contract}}, out.symbol);
      continue;
    }
    for (const auto& [kind, n] : out.report["violations"].items()) {
      std::string text = out.op + " " + out.type + ": " + kind + " in " + std::to_string(n.get<std::uint64_t>()) +
                         " of " + std::to_string(out.report.value("cases", std::uint64_t{0})) +
                         " cases under contract " + out.contract + ".";
      Json lines = Json::array();
      for (const auto& ex : out.report["counterexamples"]) {
        if (ex["kind"] != kind) continue;
        text += " " + std::string(ex.value("role", "") == "worst" ? "Worst case" : "Counterexample") + ": " +
                ex["detail"].get<std::string>() + ". Replay: echo '" + ex["eval"].get<std::string>() +
                "' | aabb-oracle eval";
        lines.push_back(ex["eval"]);
      }
      add(signature(out.op, out.type, kind), text,
          Json{{"count", n}, {"cases", out.report.value("cases", std::uint64_t{0})}, {"contract", out.contract},
               {"eval", lines}},
          out.symbol);
    }
  }
  Json invocation{{"executionSuccessful", r.error.empty() && r.interrupted == 0}};
  if (r.interrupted != 0) {
    invocation["exitSignalName"] = check::signal_name(r.interrupted);
    invocation["exitSignalNumber"] = r.interrupted;
  }
  Json run{{"tool",
            {{"driver",
              {{"name", "aabb-oracle check"}, {"rules", rules}}}}},
           {"invocations", Json::array({invocation})},
           {"results", results}};
  // A library is an artifact; a process is named by its command.
  if (r.impl_cmd.empty())
    run["artifacts"] = Json::array({Json{{"location", {{"uri", uri_reference(r.library)}}}}});
  else
    run["properties"] = Json{{"implCmd", r.impl_cmd}};
  Json log{{"$schema", "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"},
           {"version", "2.1.0"},
           {"runs", Json::array({run})}};
  return dump(log, 2) + "\n";
}

std::string junit_report(const RunReport& r) {
  std::ostringstream f;
  const std::size_t interrupted = r.interrupted != 0 ? 1 : 0;
  const std::size_t tests = (r.error.empty() ? r.outcomes.size() : 1) + interrupted;
  const std::size_t failures = (r.error.empty() ? r.failed() : 1) + interrupted;
  f << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite "
       "name=\"aabb-oracle check "
    << xml_escape(r.implementation()) << "\" tests=\"" << tests << "\" failures=\"" << failures << "\">\n";
  if (!r.error.empty())
    f << "    <testcase classname=\"aabb-oracle.check\" name=\"load\">\n      <failure message=\""
      << xml_escape(r.error) << "\"/>\n    </testcase>\n";
  if (r.interrupted != 0)
    f << "    <testcase classname=\"aabb-oracle.check\" name=\"interrupted\">\n      <failure message=\""
      << xml_escape("check was interrupted (" + check::signal_name(r.interrupted) +
                    "): the report holds what was found before it") << "\"/>\n    </testcase>\n";
  for (const auto& out : r.outcomes) {
    f << "    <testcase classname=\"aabb-oracle.check\" name=\""
      << xml_escape(out.op + " " + out.type) << "\"";
    if (out.status == "ok" || out.status == "probe") {
      f << "/>\n";
      continue;
    }
    f << ">\n      <failure message=\""
      << xml_escape(out.status + " under contract " + out.contract) << "\">"
      << xml_escape(junit_failure_text(out)) << "</failure>\n    </testcase>\n";
  }
  f << "  </testsuite>\n</testsuites>\n";
  return f.str();
}

}  // namespace

// ---- The --json, --junit, --sarif and --html files ------------------------------------------------------

namespace {

/// Which file a path names: its device and inode; for a path not there yet, its directory's
/// and its name. Two spellings of one file get the same identity.
struct Identity {
  dev_t dev = 0;
  ino_t ino = 0;
  std::string name;  ///< the name in the directory, for a file not yet there
  bool char_device = false;
  friend bool operator==(const Identity& a, const Identity& b) {
    return a.dev == b.dev && a.ino == b.ino && a.name == b.name;
  }
};

/// `path` with its chain of symbolic links followed (at most 40), also when the last one names
/// a file not yet there: where writing to `path` would write.
std::string followed(std::string path) {
  for (int hops = 0; hops < 40; ++hops) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
    std::string to(static_cast<std::size_t>(PATH_MAX), '\0');
    const ssize_t n = ::readlink(path.c_str(), to.data(), to.size());
    if (n <= 0) return path;
    to.resize(static_cast<std::size_t>(n));
    path = to.front() == '/' ? to : (std::filesystem::path(path).parent_path() / to).string();
  }
  return path;
}

std::optional<Identity> identity_of(const std::string& given) {
  const std::string path = followed(given);
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) return Identity{st.st_dev, st.st_ino, "", S_ISCHR(st.st_mode)};
  if (errno != ENOENT) return std::nullopt;
  const std::filesystem::path p(path);
  std::string dir = p.parent_path().string();
  if (dir.empty()) dir = ".";
  if (::stat(dir.c_str(), &st) != 0) return std::nullopt;
  return Identity{st.st_dev, st.st_ino, p.filename().string(), false};
}

std::optional<Identity> identity_of_fd(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return std::nullopt;
  return Identity{st.st_dev, st.st_ino, "", S_ISCHR(st.st_mode)};
}

std::string directory_of(const std::string& path) {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  return dir.empty() ? "." : dir;
}

/// A new temporary file beside `target` ("DIR/.NAME.XXXXXX"), open for writing; -1 with errno.
int temporary_beside(const std::string& target, std::string& name) {
  name = directory_of(target) + "/." + std::filesystem::path(target).filename().string() + ".XXXXXX";
  return mkostemp(name.data(), O_CLOEXEC);
}

bool write_all(int fd, const std::string& text) {
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const ssize_t w = ::write(fd, p, left);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      if (w == 0) errno = EIO;
      return false;
    }
    p += w;
    left -= static_cast<std::size_t>(w);
  }
  return true;
}

/// Where and how the report of `option` goes; a usage error when it cannot be written.
ReportFiles::File checked_file(const char* option, const std::string& path) {
  ReportFiles::File f;
  f.option = option;
  f.path = path;
  f.target = path;
  const auto fail = [&](const std::string& why) { return UsageError{std::string(option) + " " + path + ": " + why}; };
  const mode_t mask = ::umask(0);
  ::umask(mask);
  f.mode = 0666 & ~mask;
  struct stat st {};
  bool exists = false;  // a regular file is there already
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw fail("is a directory");
    if (!S_ISREG(st.st_mode)) {  // a device, a FIFO, /dev/stdout: written in place at the end
      f.direct = true;
      if (::access(path.c_str(), W_OK) != 0) throw fail(std::string("cannot write: ") + std::strerror(errno));
      return f;
    }
    char resolved[PATH_MAX];
    if (::realpath(path.c_str(), resolved) == nullptr) throw fail(std::string("cannot write: ") + std::strerror(errno));
    f.target = resolved;
    f.mode = st.st_mode & 07777;
    exists = true;
  } else if (errno != ENOENT) {
    throw fail(std::string("cannot write: ") + std::strerror(errno));
  } else {
    f.target = followed(path);  // a symlink to a file not yet there: the file it names
  }
  std::string probe;
  const int fd = temporary_beside(f.target, probe);
  if (fd < 0) {
    const int e = errno;
    // A writable file in a directory that is not (a log file a CI job may write, in a folder
    // it may not): written in place at the end, as a device is.
    if ((e == EACCES || e == EPERM || e == EROFS) && exists && ::access(f.target.c_str(), W_OK) == 0) {
      f.direct = true;
      return f;
    }
    throw fail(std::string("cannot write: ") + std::strerror(e));
  }
  ::close(fd);
  ::unlink(probe.c_str());
  return f;
}

}  // namespace

ReportFiles::ReportFiles(const Plan& p) {
  struct Asked {
    const char* option;
    const std::string* path;
    std::string (*render)(const RunReport&);
  };
  const Asked asked[] = {{"--json", &p.json_file, json_report},
                         {"--junit", &p.junit_file, junit_report},
                         {"--sarif", &p.sarif_file, sarif_report},
                         {"--html", &p.html_file, html_report}};
  std::vector<std::pair<const char*, Identity>> seen;
  const std::optional<Identity> library = identity_of(p.library);
  std::vector<std::pair<std::string, Identity>> corpus;
  for (const auto& c : p.corpus)
    if (const auto id = identity_of(c)) corpus.emplace_back(c, *id);
  const std::optional<Identity> out = identity_of_fd(STDOUT_FILENO), err = identity_of_fd(STDERR_FILENO);
  for (const auto& entry : asked) {
    const char* option = entry.option;
    const std::string& path = *entry.path;
    if (path.empty()) continue;
    File f = checked_file(option, path);
    f.render = entry.render;
    const auto fail = [&](const std::string& why) { return UsageError{std::string(option) + " " + path + ": " + why}; };
    if (const auto id = identity_of(f.target)) {
      // A terminal or /dev/null may take any number of reports; any other file only one.
      if (!id->char_device) {
        for (const auto& [other, oid] : seen)
          if (oid == *id) throw fail(std::string("the same file as ") + other + "'s (give each report its own file)");
        if (library && *library == *id) throw fail("is the library under test (--impl): a report would overwrite it");
        for (const auto& [c, cid] : corpus)
          if (cid == *id) throw fail("is the --corpus input " + c + ": a report would overwrite it");
        if ((out && *out == *id) || (err && *err == *id))
          throw fail("is check's standard output or error, where the text report goes");
      }
      seen.emplace_back(option, *id);
    }
    files_.push_back(std::move(f));
  }
}

bool ReportFiles::write(const RunReport& r) {
  bool all = true;
  for (const File& f : files_) {
    const std::string text = f.render(r);
    bool ok = false;
    if (f.direct) {
      const int fd = ::open(f.target.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
      ok = fd >= 0 && write_all(fd, text);
      int e = errno;
      if (fd >= 0 && ::close(fd) != 0 && ok) {
        ok = false;
        e = errno;
      }
      errno = e;
    } else {
      std::string temp;
      const int fd = temporary_beside(f.target, temp);
      ok = fd >= 0 && ::fchmod(fd, static_cast<mode_t>(f.mode)) == 0 && write_all(fd, text);
      int e = errno;
      if (fd >= 0 && ::close(fd) != 0 && ok) {
        ok = false;
        e = errno;
      }
      if (ok && ::rename(temp.c_str(), f.target.c_str()) != 0) {
        ok = false;
        e = errno;
      }
      if (!ok && fd >= 0) ::unlink(temp.c_str());
      errno = e;
    }
    if (!ok) {
      std::cerr << "aabb-oracle check: " << f.option << " " << f.path
                << ": cannot write the report: " << std::strerror(errno) << "\n";
      all = false;
    }
  }
  return all;
}

// ---- The text report ----------------------------------------------------------------------------

void print_header(const Plan& p, const RunReport& r) {
  std::cout << "aabb-oracle check " << one_line(r.implementation()) << "\n";
  std::cout << "symbols found (" << r.symbols.size() << " of " << ops().size() * 2 << "):";
  for (std::size_t i = 0; i < r.symbols.size(); ++i)
    std::cout << (i % 5 == 0 ? "\n  " : " ") << r.symbols[i];
  std::cout << "\n";
  if (!r.near_misses.empty()) {
    std::cout << "exported names that look like ABI names but are not (check cannot call them):\n";
    for (const auto& m : r.near_misses)
      std::cout << "  " << one_line(shortened(m.symbol, 80)) << "  ~ " << m.close_to << ": " << m.why << "\n";
  }
  if (!r.error.empty()) return;
  if (p.probe)
    std::cout
        << "probe: what the library answers when one input is NaN, +inf or -inf (not judged)\n";
  else
    std::cout << "seed " << p.seed << ", budget "
              << (p.cases ? std::to_string(p.cases) + " cases per op and type"
                          : std::string("unlimited cases"))
              << (p.seconds > 0 ? ", " + check::seconds_text(p.seconds) + " in all"
                                : std::string(""))
              << ", timeout " << check::seconds_text(p.limits.timeout) << " per call, memory "
              << (p.limits.memory_mib ? std::to_string(p.limits.memory_mib) + " MiB"
                                      : std::string("unlimited"))
              << " per child\n";
  if (!r.shard.empty())
    std::cout << "shard " << r.shard << ": only the cases whose index is " << r.shard.substr(0, r.shard.find('/'))
              << " modulo " << r.shard.substr(r.shard.find('/') + 1) << "\n";
  if (r.boundary != "closed" || r.ray != "segment")
    std::cout << "conventions: boundary " << r.boundary << " (contains, overlap), rays " << r.ray << "\n";
  // Flushed before any campaign starts: the progress line goes to (unbuffered) stderr, and a
  // terminal showing both must show the head first.
  std::cout << "\n" << std::flush;
}

namespace {

std::string worst_text(const Json& report) {
  if (!report.contains("worst_ulps_approx")) return "";
  return format("%.3g", report["worst_ulps_approx"].get<double>());
}

}  // namespace

void print_table_head() {
  std::cout << format("%-17s %-4s %-15s %8s  %s\n", "op", "type", "contract", "cases", "result")
            << std::flush;
}

void print_row(const Outcome& out) {
  std::string result;
  if (out.status == "ok") {
    result = "ok";
  } else if (out.status == "violations") {
    result = "FAIL";
    for (const auto& [kind, n] : out.report["violations"].items())
      result += "  " + kind + " x" + std::to_string(n.get<std::uint64_t>());
    if (out.report.contains("stopped"))
      result += "  (" + out.report["stopped"].get<std::string>() + ")";
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

void print_counterexamples(RunReport& r) {
  bool headed = false;
  for (auto& out : r.outcomes) {
    if (out.status != "violations") continue;
    if (!headed) {
      std::cout << "\ncounterexamples (the first of each kind, shrunk, and the worst when farther off;"
                   " replay with: echo 'LINE' | aabb-oracle eval):\n";
      headed = true;
    }
    for (auto& ex : out.report["counterexamples"]) {
      const std::string line = ex["eval"].get<std::string>();
      ex["exact"] = Json::parse(aabb::eval_line(line).json, nullptr, false);
      const std::string kind = ex["kind"].get<std::string>();
      const bool worst = ex.value("role", "") == "worst";
      ex["signature"] = signature(out.op, out.type, kind);
      std::cout << "\n"
                << out.op << " " << out.type << ", " << kind << (worst ? " (worst case, not shrunk)" : "") << ": "
                << one_line(ex["detail"].get<std::string>()) << "\n  " << line << "\n  library: "
                << (ex["answer"].is_null() ? "(no answer: " + kind + ")" : dump(ex["answer"]))
                << "\n  exact:   " << clip(dump(readable(ex["exact"]))) << "\n";
    }
  }
}

void print_verdict(const RunReport& r) {
  if (r.interrupted != 0) {
    const auto ran = static_cast<std::size_t>(std::count_if(r.outcomes.begin(), r.outcomes.end(), [](const Outcome& o) {
      return !o.report.contains("untested");
    }));
    std::cout << "\nINTERRUPTED by " << check::signal_name(r.interrupted) << ": " << ran << " of " << r.outcomes.size()
              << " op/type campaigns ran cases before it; the reports hold what was found\n";
    return;
  }
  if (!r.error.empty()) {
    std::cout << "\nFAIL: nothing was checked: " << one_line(r.error) << "\n";
    return;
  }
  if (r.probe) return;
  const std::size_t checked = r.outcomes.size(), failed = r.failed();
  const auto untested = static_cast<std::size_t>(
      std::count_if(r.outcomes.begin(), r.outcomes.end(),
                    [](const Outcome& o) { return o.status == "untested"; }));
  std::cout << "\n"
            << (r.passed() ? "PASS" : "FAIL") << ": " << checked - failed << " of " << checked
            << " op/type campaigns met their contracts";
  if (r.corpus_inputs > 0)
    std::cout << "; " << r.corpus_inputs - r.corpus_failing.size() << " of " << r.corpus_inputs
              << " corpus inputs passed";
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

}  // namespace aabb::check::tool
