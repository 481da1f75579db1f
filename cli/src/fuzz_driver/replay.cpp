// Saved fuzz inputs replayed against a library (fuzz_driver/replay.hpp).

#include "fuzz_driver/replay.hpp"

#include <dlfcn.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "aabb/eval.hpp"
#include "check/campaign.hpp"
#include "check/op_table.hpp"
#include "check/text.hpp"

namespace aabb::fuzz_driver {

namespace {

using Json = nlohmann::ordered_json;

/// Largest input replayed: libFuzzer's inputs are at most -max_len (4096 by default).
constexpr std::uintmax_t kMaxInputBytes = 1 << 20;

/// What the child sends back for one input (crosses the process boundary: trivially copyable).
struct ChildAnswer {
  char json[7680];  ///< {"status": n, "faults": [[kind, detail]...], "answer": "..."}
};

std::string cut(const std::string& s, std::size_t keep) {
  return s.size() <= keep ? s : s.substr(0, keep) + "...";
}

ChildAnswer encode(const Outcome& o) {
  Json faults = Json::array();
  for (const auto& f : o.faults) faults.push_back(Json::array({f.kind, cut(f.detail, 1000)}));
  Json j{{"status", static_cast<int>(o.status)}, {"faults", faults}, {"answer", cut(o.answer, 2000)}};
  std::string text = check::tool::dump(j);
  if (text.size() >= sizeof(ChildAnswer::json))  // faults beyond the room: keep the first
    text = check::tool::dump(Json{{"status", static_cast<int>(o.status)},
                                  {"faults", Json::array({faults.front()})},
                                  {"answer", cut(o.answer, 200)}});
  ChildAnswer a{};
  std::memcpy(a.json, text.data(), std::min(text.size(), sizeof a.json - 1));
  return a;
}

void decode_into(const ChildAnswer& a, Outcome& o) {
  const Json j = Json::parse(std::string(a.json, strnlen(a.json, sizeof a.json)));
  o.status = static_cast<Outcome::Status>(j["status"].get<int>());
  o.answer = j["answer"].get<std::string>();
  o.faults.clear();
  for (const auto& f : j["faults"]) o.faults.push_back({f[0].get<std::string>(), f[1].get<std::string>()});
}

/// What is at `p` when it is neither a regular file nor a directory: "a FIFO", ..., or the
/// reason it cannot be looked at ("No such file or directory", "Too many levels of symbolic
/// links").
std::string not_a_file(const std::filesystem::path& p) {
  struct stat st {};
  if (::stat(p.c_str(), &st) != 0) return std::strerror(errno);
  if (S_ISFIFO(st.st_mode)) return "a FIFO, not a regular file";
  if (S_ISCHR(st.st_mode)) return "a character device, not a regular file";
  if (S_ISBLK(st.st_mode)) return "a block device, not a regular file";
  if (S_ISSOCK(st.st_mode)) return "a socket, not a regular file";
  return "not a regular file";
}

/// Every file of the paths, a directory's regular files sorted by name (its subdirectories are
/// not entered); an error names the path or the entry, and why (nothing is skipped silently:
/// a FIFO, a device or a broken or looping symlink among the inputs is an error).
std::vector<std::filesystem::path> input_files(const std::vector<std::string>& paths, std::string& error) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (const auto& p : paths) {
    struct stat st {};
    if (::stat(p.c_str(), &st) != 0) {
      error = p + ": " + std::strerror(errno);
      return {};
    }
    if (S_ISDIR(st.st_mode)) {
      std::vector<fs::path> in_dir;
      std::error_code ec;
      for (fs::directory_iterator it(p, ec), end; !ec && it != end; it.increment(ec)) {
        struct stat est {};
        const bool looked = ::stat(it->path().c_str(), &est) == 0;
        if (looked && S_ISDIR(est.st_mode)) continue;
        if (!looked || !S_ISREG(est.st_mode)) {
          error = it->path().string() + ": " + not_a_file(it->path());
          return {};
        }
        in_dir.push_back(it->path());
      }
      if (ec) {
        error = p + ": " + ec.message();
        return {};
      }
      std::sort(in_dir.begin(), in_dir.end());
      files.insert(files.end(), in_dir.begin(), in_dir.end());
    } else if (S_ISREG(st.st_mode)) {
      files.emplace_back(p);
    } else {
      error = p + ": " + not_a_file(p);
      return {};
    }
  }
  return files;
}

std::string read_file(const std::filesystem::path& p, std::string& error) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(p, ec);
  if (ec) {
    error = p.string() + ": " + ec.message();
    return {};
  }
  if (size > kMaxInputBytes) {
    error = p.string() + ": " + std::to_string(size) + " bytes, more than a fuzz input (at most " +
            std::to_string(kMaxInputBytes) + ")";
    return {};
  }
  std::ifstream in(p, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in && !in.eof()) error = p.string() + ": could not be read";
  return bytes;
}

const std::uint8_t* bytes_of(const std::string& s) { return reinterpret_cast<const std::uint8_t*>(s.data()); }

/// replay() for an implementation process (--impl-cmd): the driver runs here, each input's call
/// a one-case batch through the process (check::ProcessFunctions; a crash, a hang or a broken
/// answer is that input's fault, and the process is started again for the next).
void replay_process(const Options& o, const std::vector<std::filesystem::path>& files,
                    const std::vector<std::string>& inputs, const check::ChildLimits& limits, ReplayRun& run,
                    check::Sandbox* started) {
  // One process at a time below check: a second sandbox's cleanup (children::reap_strays) would
  // take the first one's process for a stray.
  std::optional<check::Sandbox> own;
  check::Sandbox* sandbox = started;
  const std::vector<std::string> names = check::tool::abi_names();
  check::LoadReport loaded;
  if (sandbox != nullptr && sandbox->process() != nullptr) {
    const auto& f = sandbox->process()->functions();
    for (const auto& n : names) loaded.found.push_back(std::find(f.begin(), f.end(), n) != f.end());
  } else {
    sandbox = &own.emplace("", limits, o.impl_cmd);
    loaded = sandbox->load(names);
    if (!loaded.ok) {
      run.error = "--impl-cmd " + o.impl_cmd + ": starting it failed: " + loaded.detail;
      return;
    }
  }
  check::ProcessFunctions functions(*sandbox, names, loaded.found);
  const Driver driver(o, [&](const std::string& symbol) { return functions.address(symbol); });
  run.symbols = driver.symbols();
  if (run.symbols.empty()) {
    run.error = "--impl-cmd " + o.impl_cmd + ": its hello names no function of the C ABI that the options select";
    return;
  }
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    // Decoded first for its eval line (run() writes one only for what it reports), then called.
    Outcome out = driver.run(bytes_of(inputs[i]), inputs[i].size(), false);
    if (out.status != Outcome::Status::Invalid) {
      Outcome called = driver.run(bytes_of(inputs[i]), inputs[i].size());
      out.status = called.status;
      out.answer = std::move(called.answer);
      out.faults = std::move(called.faults);
    }
    run.inputs.push_back({files[i].string(), std::move(out)});
    if (check::interrupted() != 0) {
      run.error = "interrupted (" + check::signal_name(check::interrupted()) + ") before every input was replayed";
      return;
    }
  }
}

}  // namespace

std::size_t ReplayRun::failed() const {
  return static_cast<std::size_t>(std::count_if(inputs.begin(), inputs.end(), [](const Replayed& r) {
    return r.outcome.status == Outcome::Status::Fail;
  }));
}

ReplayRun replay(const Options& o, const std::vector<std::string>& paths, const check::ChildLimits& limits,
                 check::Sandbox* process) {
  ReplayRun run;
  const auto files = input_files(paths, run.error);
  if (!run.error.empty()) return run;
  std::vector<std::string> inputs;
  for (const auto& f : files) {
    inputs.push_back(read_file(f, run.error));
    if (!run.error.empty()) return run;
  }
  if (!o.impl_cmd.empty()) {
    replay_process(o, files, inputs, limits, run, process);
    return run;
  }
  // The library is loaded only in children (check's Sandbox): which ABI functions it has.
  check::Sandbox sandbox(o.impl, limits);
  const std::vector<std::string> names = check::tool::abi_names();
  const check::LoadReport loaded = sandbox.load(names);
  if (!loaded.ok) {
    run.error = "--impl " + o.impl + ": " + loaded.detail;
    return run;
  }
  // Here the driver only decodes (its functions are never called in this process).
  static char present;
  const Driver describe(o, [&](const std::string& symbol) -> void* {
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == symbol && loaded.found[i]) return &present;
    return nullptr;
  });
  run.symbols = describe.symbols();
  if (run.symbols.empty()) {
    run.error = "--impl " + o.impl + ": exports no function of the C ABI that the options select";
    return run;
  }
  for (std::size_t i = 0; i < inputs.size(); ++i)
    run.inputs.push_back({files[i].string(), describe.run(bytes_of(inputs[i]), inputs[i].size(), false)});
  // The calls, in children; each child makes its own driver over the library it loaded.
  std::vector<std::size_t> to_call;
  for (std::size_t i = 0; i < inputs.size(); ++i)
    if (run.inputs[i].outcome.status != Outcome::Status::Invalid) to_call.push_back(i);
  std::unique_ptr<Driver> child_driver;  // made in each child (a fresh copy of this process)
  const auto call = [&](void* any_function, const std::size_t& i) -> ChildAnswer {
    if (!child_driver) {
      Dl_info info{};
      void* handle = nullptr;
      if (dladdr(any_function, &info) != 0 && info.dli_fname != nullptr)
        handle = dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD);
      child_driver = std::make_unique<Driver>(o, [handle](const std::string& symbol) {
        return handle ? dlsym(handle, symbol.c_str()) : nullptr;
      });
    }
    return encode(child_driver->run(bytes_of(inputs[i]), inputs[i].size()));
  };
  const auto results = sandbox.run<ChildAnswer>(run.symbols.front(), to_call, call, to_call.size() + 1, std::nullopt);
  if (check::interrupted() != 0) {  // the inputs after it were not replayed: no verdict is given
    run.error = "interrupted (" + check::signal_name(check::interrupted()) + ") before every input was replayed";
    return run;
  }
  for (std::size_t k = 0; k < to_call.size(); ++k) {
    Outcome& out = run.inputs[to_call[k]].outcome;
    const auto& r = results[k];
    if (r.status == check::CallStatus::Ok) {
      decode_into(r.answer, out);
    } else {
      out.status = Outcome::Status::Fail;
      out.faults = {{r.status == check::CallStatus::Hang ? check::kHang : check::kCrash, r.detail}};
      out.answer = "null";
    }
  }
  return run;
}

std::string replay_text(const Replayed& r) {
  const Outcome& o = r.outcome;
  const std::string head = r.file + ": " + o.op + " " + o.type + " (" + o.symbol + "): ";
  switch (o.status) {
    case Outcome::Status::Invalid:
      return head + "not called: its arguments are outside the ABI's domain (NaN, an infinity, a zero normal)\n";
    case Outcome::Status::Pass:
      return head + "PASS\n  eval line  " + o.query + "\n";
    case Outcome::Status::Unjudged:
      return head + "not judged: the exact evaluator rejects the case\n  eval line  " + o.query + "\n";
    case Outcome::Status::NoFunction:
      return head + "no function\n";
    case Outcome::Status::Fail:
      break;
  }
  return head + "FAIL\n" + report(o);
}

}  // namespace aabb::fuzz_driver
