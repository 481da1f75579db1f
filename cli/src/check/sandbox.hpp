#pragma once
/// The library under test, isolated. check never loads the library into its own process: the
/// library is a user's untrusted code, and check exists to run it when it is wrong. Every
/// dlopen happens in a forked child:
///
/// - `load()` loads it once in a child that looks up the ABI symbols and exits with `_exit`, so
///   a constructor that exits, crashes or blocks is a load error with what happened, and no
///   destructor ever runs anywhere.
/// - `run()` makes the library calls of a batch in a child that loads the library, calls it on
///   each case in turn, and sends each answer to check through a pipe as soon as the call
///   returns (descriptor 3 in the child): once written, an answer is in the kernel's pipe
///   buffer or in check's memory, out of reach of anything the library left running, such as
///   a thread that would rewrite answers after the call. When the child crashes (a signal, or
///   an exit in the middle of a call) or a call makes no progress for the timeout (a hang: the
///   child is killed), check knows which call did it, records that call's outcome, and goes on
///   with the next one in a new child.
///
/// What check controls in every child: its own process group (killed whole when the batch
/// ends, so helpers the library forked do not outlive it; check is a child subreaper, so a
/// helper that left the group with setsid() is reparented to check and killed too; the child
/// dies with check, PR_SET_PDEATHSIG), its descriptors (standard input is /dev/null, standard
/// output goes to standard error, descriptor 3 is the answer pipe, every other descriptor is
/// closed), its signals (default dispositions, SIGPIPE ignored so that a library printing to a
/// closed stream is not killed for check's reasons), its resources (no core dumps; an
/// address-space limit of the child's own size plus `memory_mib`), and its lifetime (check
/// waits on a pidfd, not on a pipe a grandchild could hold open, and kills at the timeout, at
/// the campaign's deadline, or when check is interrupted: interrupt.hpp). Generation, judging
/// and shrinking stay in check's own process. What this cannot stop (the library runs in the
/// child with the harness): code of the library that writes forged bytes into descriptor 3
/// itself; docs/check.md, "What check cannot stop".

#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "check/children.hpp"
#include "check/interrupt.hpp"
#include "check/process.hpp"

namespace aabb::check {


/// How one library call ended. NotRun: not made (after the hang limit of Sandbox::run, or
/// because the campaign's deadline came first; a call cut off by the deadline is NotRun too).
/// Fault: what only a process can do wrong (--impl-cmd, docs/protocol.md), of the kind named.
enum class CallStatus { Ok, Crash, Hang, NotRun, Fault };

/// The kinds of a process's faults (CallStatus::Fault): it answered with an error, wrote a line
/// that is not the call's answer, ended a batch before answering every call, or wrote more
/// standard error than check reads in one batch.
inline constexpr const char* kError = "error";
inline constexpr const char* kMalformed = "malformed answer";
inline constexpr const char* kMissing = "missing answer";
inline constexpr const char* kFlood = "output flood";

template <class Answer>
struct CallResult {
  CallStatus status = CallStatus::Ok;
  Answer answer{};
  std::string detail;  ///< for a crash, a hang or a fault: what happened
  const char* kind = nullptr;  ///< for a fault: its kind (kError, kMalformed, ...)
};


/// What check allows every child.
struct ChildLimits {
  double timeout = 5;  ///< seconds a call may run without returning before it is a hang
  std::uint64_t memory_mib = 4096;  ///< address space the library may add to a child; 0: no limit
};

/// What loading the library in a child found.
struct LoadReport {
  bool ok = false;
  std::string detail;  ///< when not ok: why (dlerror's text, or what the child did)
  std::vector<bool> found;  ///< per name asked for: whether dlsym found it
};

/// Runs the library in child processes (see the file comment), or, given a command, talks to
/// the implementation running as that command (process.hpp).
class Sandbox {
 public:
  Sandbox(std::string library, ChildLimits limits, std::string command = "")
      : library_(std::move(library)), limits_(limits) {
    // Orphans of our children (a library's daemon whose parent we killed) become ours, so we can
    // kill them; without this they would be reparented to init and live on.
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    if (!command.empty()) process_ = std::make_unique<ImplProcess>(std::move(command), limits.timeout, limits.memory_mib);
  }
  ~Sandbox() {
    if (process_) process_->stop(true);
  }

  /// The process of --impl-cmd, when the implementation is one.
  [[nodiscard]] const ImplProcess* process() const { return process_.get(); }
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;

  [[nodiscard]] const ChildLimits& limits() const { return limits_; }

  /// Loads the library in a child and looks up `names` there (at most kMaxNames).
  LoadReport load(const std::vector<std::string>& names) {
    if (names.size() > kMaxNames) throw std::logic_error("Sandbox::load: too many names");
    if (process_) return load_process(names);
    std::string received;
    const End end = run_child(1, names.size(), [&](void* handle, int channel) {
      std::vector<char> found(names.size());
      for (std::size_t i = 0; i < names.size(); ++i)
        found[i] = dlsym(handle, names[i].c_str()) != nullptr ? 1 : 0;
      send(channel, found.data(), found.size());
    }, std::nullopt, received);
    LoadReport r;
    if (end.status == CallStatus::Ok) {
      r.ok = true;
      for (std::size_t i = 0; i < names.size(); ++i) r.found.push_back(received[1 + i] != 0);
      return r;
    }
    r.detail = end.detail;
    return r;
  }

  /// Calls `call(symbol_address, case)` for every case, each in a child process, and returns each
  /// call's outcome in order. `call` must return the Answer (a trivially copyable struct). After
  /// `max_hangs` hangs the remaining calls are not made (NotRun): each hang costs the timeout.
  /// Calls still running at `deadline`, or when check is interrupted, are killed and are NotRun,
  /// as are the ones after them.
  template <class Answer, class Case, class Call>
  std::vector<CallResult<Answer>> run(const std::string& symbol, const std::vector<Case>& cases,
                                      Call call, std::size_t max_hangs, Deadline deadline) {
    static_assert(std::is_trivially_copyable_v<Answer>, "answers cross a process boundary");
    if (process_) return run_process<Answer>(symbol, cases, call, max_hangs, deadline);
    constexpr std::size_t capacity = std::max<std::size_t>(1, kBatchBytes / sizeof(Answer));
    std::vector<CallResult<Answer>> out(cases.size());
    std::size_t start = 0;
    const auto not_run_from = [&](std::size_t i) {
      for (; i < cases.size(); ++i) out[i].status = CallStatus::NotRun;
    };
    std::string received;
    while (start < cases.size()) {
      if ((deadline && Clock::now() >= *deadline) || interrupted() != 0) {
        not_run_from(start);
        break;
      }
      const std::size_t n = std::min(cases.size() - start, capacity);
      const End end = run_child(sizeof(Answer), n, [&](void* handle, int channel) {
        void* fn = dlsym(handle, symbol.c_str());
        if (fn == nullptr) _exit(kNoSymbol);
        for (std::size_t i = 0; i < n; ++i) {
          const Answer a = call(fn, cases[start + i]);
          send(channel, &a, sizeof a);
        }
      }, deadline, received);
      const std::size_t answered = std::min<std::size_t>(end.answered, n);
      for (std::size_t i = 0; i < answered; ++i)
        std::memcpy(&out[start + i].answer, received.data() + 1 + i * sizeof(Answer), sizeof(Answer));
      start += answered;
      if (answered == n) continue;
      if (end.status == CallStatus::NotRun) {  // the deadline or an interruption came first
        not_run_from(start);
        break;
      }
      out[start].status = end.status;  // the call at `start` crashed or hung
      out[start].detail = end.detail;
      ++start;
      if (end.status == CallStatus::Hang && --max_hangs == 0) {
        not_run_from(start);
        break;
      }
    }
    return out;
  }

  /// Most names load() looks up at once.
  static constexpr std::size_t kMaxNames = 256;

 private:
  LoadReport load_process(const std::vector<std::string>& names) {
    LoadReport r;
    r.detail = process_->start();
    if (!r.detail.empty()) return r;
    r.ok = true;
    const auto& f = process_->functions();
    for (const auto& n : names) r.found.push_back(std::find(f.begin(), f.end(), n) != f.end());
    return r;
  }

  /// The shape of an ABI function (wire.hpp), parsed once.
  const wire::Shape& shape(const std::string& symbol) {
    auto it = shapes_.find(symbol);
    if (it == shapes_.end()) {
      std::optional<wire::Shape> s = wire::shape_of(symbol);
      if (!s) throw std::logic_error("not an ABI function: " + symbol);
      it = shapes_.emplace(symbol, std::move(*s)).first;
    }
    return it->second;
  }

  /// run() for a process: every case of the batch in one request (each recorded by the op's own
  /// call through wire::Thunk), the answers read back and replayed through the same call; a
  /// crash, hang or broken line is the outcome of the first call not answered, the process is
  /// started again and the rest sent again.
  template <class Answer, class Case, class Call>
  std::vector<CallResult<Answer>> run_process(const std::string& symbol, const std::vector<Case>& cases, Call call,
                                              std::size_t max_hangs, Deadline deadline) {
    const wire::Shape& s = shape(symbol);
    std::vector<CallResult<Answer>> out(cases.size());
    const auto not_run_from = [&](std::size_t i) {
      for (; i < cases.size(); ++i) out[i].status = CallStatus::NotRun;
    };
    const auto fault = [&](std::size_t i, CallStatus status, const char* kind, std::string detail) {
      out[i].status = status;
      out[i].kind = kind;
      out[i].detail = std::move(detail);
    };
    std::vector<wire::Reply> replies;
    std::string request;
    std::size_t start = 0;
    while (start < cases.size()) {
      if ((deadline && Clock::now() >= *deadline) || interrupted() != 0) {
        not_run_from(start);
        break;
      }
      if (!process_->alive()) {
        if (std::string why = process_->start(); !why.empty()) {
          fault(start++, CallStatus::Crash, nullptr, "the process could not be started again: " + why);
          continue;
        }
      }
      request = "{\"call\":\"" + symbol + "\",\"cases\":[";
      {
        wire::Context record{&s, &request, nullptr};
        const wire::Scope scope(record);
        for (std::size_t i = start; i < cases.size(); ++i) {
          if (i > start) request += ',';
          (void)call(wire::process_marker(), cases[i]);
        }
      }
      request += "]}\n";
      const std::size_t n = cases.size() - start;
      const Exchange ex = process_->exchange(request, n, s, deadline, replies);
      for (std::size_t i = 0; i < ex.answered; ++i) {
        if (replies[i].raised) {
          fault(start + i, CallStatus::Fault, kError, "the implementation answered with an error: " + replies[i].message.substr(0, 300));
          continue;
        }
        wire::Context replay{&s, nullptr, &replies[i]};
        const wire::Scope scope(replay);
        out[start + i].answer = call(wire::process_marker(), cases[start + i]);
      }
      start += ex.answered;
      switch (ex.how) {
        case Exchange::Complete:
          break;
        case Exchange::Missing:
          for (; start < cases.size(); ++start) fault(start, CallStatus::Fault, kMissing, ex.detail);
          break;
        case Exchange::NotRun:
          not_run_from(start);
          return out;
        case Exchange::Crash:
          fault(start++, CallStatus::Crash, nullptr, ex.detail);
          break;
        case Exchange::Malformed:
        case Exchange::Flood:
          // A broken line after every answer of the batch: the batch's last call carries it.
          if (start == cases.size()) --start;
          fault(start++, CallStatus::Fault, ex.how == Exchange::Flood ? kFlood : kMalformed, ex.detail);
          break;
        case Exchange::Hang:
          fault(start++, CallStatus::Hang, nullptr, ex.detail);
          if (--max_hangs == 0) {
            not_run_from(start);
            return out;
          }
          break;
      }
    }
    return out;
  }

  /// Exit statuses of our own code in the child (a library could exit with these too; whether
  /// the child reported the library loaded tells them apart where it matters).
  static constexpr int kLoadFailed = 125;
  static constexpr int kNoSymbol = 124;
  static constexpr int kChannelLost = 123;
  /// The descriptor of the answer pipe in the child.
  static constexpr int kChannel = 3;
  /// The most answer bytes one child sends: a batch holds as many calls as fit.
  static constexpr std::size_t kBatchBytes = std::size_t{1} << 16;
  /// What the child sends first: the library loaded (then the records), or not (then dlerror's text).
  static constexpr char kLoaded = 'L', kLoadError = 'E';

  /// Writes all of `bytes` to the channel, or leaves the child (the library closed or replaced
  /// descriptor 3: check can no longer hear its answers).
  static void send(int fd, const void* bytes, std::size_t size) {
    const auto* p = static_cast<const char*>(bytes);
    while (size > 0) {
      const ssize_t w = write(fd, p, size);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) _exit(kChannelLost);
      p += w;
      size -= static_cast<std::size_t>(w);
    }
  }

  struct End {
    std::size_t answered;
    CallStatus status;
    std::string detail;
  };

  /// The child's side: take control of its process group, signals, descriptors and resources,
  /// load the library, do `work`, and leave with _exit (no destructor of the library runs).
  template <class Work>
  [[noreturn]] void child_main(int channel, pid_t parent, Work& work) const {
    const std::uint64_t limit =
        limits_.memory_mib > 0 ? children::own_address_space() + limits_.memory_mib * (std::uint64_t{1} << 20) : 0;
    if (!children::take_control(parent, limit)) _exit(kLoadFailed);  // check died before it was set
    if (channel != kChannel) {
      if (dup2(channel, kChannel) < 0) _exit(kChannelLost);
      channel = kChannel;
    }
    const int null = open("/dev/null", O_RDWR);
    if (null >= 0) dup2(null, STDIN_FILENO);
    // Whatever the library prints stays out of the report: to standard error, or to /dev/null
    // when check has none.
    if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0 && null >= 0) dup2(null, STDOUT_FILENO);
    children::close_from(kChannel + 1);
    const std::string path = library_.find('/') == std::string::npos ? "./" + library_ : library_;
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      const char* e = dlerror();
      char message[512];
      const int len = std::snprintf(message, sizeof message, "%c%s", kLoadError, e ? e : "unknown error");
      send(channel, message, static_cast<std::size_t>(std::clamp(len, 1, static_cast<int>(sizeof message) - 1)));
      _exit(kLoadFailed);
    }
    send(channel, &kLoaded, 1);
    work(handle, channel);
    _exit(0);
  }

  /// Reads what the child sent so far into `received`, keeping at most `limit` bytes (more is
  /// read and dropped: the child must never block on a full pipe).
  static void drain(int fd, std::string& received, std::size_t limit) {
    char buf[1 << 14];
    for (;;) {
      const ssize_t r = read(fd, buf, sizeof buf);
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) return;  // EAGAIN: nothing more now; 0: every writer is gone
      const std::size_t keep = std::min(static_cast<std::size_t>(r), limit - std::min(limit, received.size()));
      received.append(buf, keep);
    }
  }

  /// Forks a child for `work` (n records of `record` bytes expected after the load byte) and
  /// watches it: the end of the child, no progress for the timeout (a hang: killed), the
  /// deadline or an interruption (killed; NotRun). What the child sent is left in `received`.
  template <class Work>
  End run_child(std::size_t record, std::size_t n, Work work, Deadline deadline, std::string& received) {
    received.clear();
    int pipe_fds[2];
    if (pipe2(pipe_fds, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    std::fflush(stdout);
    std::fflush(stderr);
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0) {
      const int e = errno;
      close(pipe_fds[0]);
      close(pipe_fds[1]);
      throw std::runtime_error(std::string("fork: ") + std::strerror(e));
    }
    if (pid == 0) {
      close(pipe_fds[0]);
      child_main(pipe_fds[1], parent, work);
    }
    close(pipe_fds[1]);
    const int channel = pipe_fds[0];
    fcntl(channel, F_SETFL, O_NONBLOCK);
    setpgid(pid, pid);  // also from this side, so the group exists before we may kill it
    interrupt_detail::child_group.store(pid);
    const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
    const std::size_t limit = 1 + n * record;
    std::uint64_t last = 0;
    auto last_change = Clock::now();
    int status = 0;
    rusage usage{};
    enum { Running, Exited, HungUp, OutOfTime } how = Running;
    while (how == Running) {
      const auto now = Clock::now();
      int wait_ms = 50;
      if (deadline) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - now);
        wait_ms = static_cast<int>(std::clamp<long long>(left.count() + 1, 0, 50));
      }
      pollfd pfd[2] = {{channel, POLLIN, 0}, {pidfd, POLLIN, 0}};
      if (interrupted() == 0) poll(pfd, pidfd >= 0 ? 2 : 1, pidfd >= 0 ? wait_ms : std::min(wait_ms, 2));
      drain(channel, received, limit);
      siginfo_t info{};  // WNOWAIT: the child stays a zombie, so its pid (our group id) is not reused
      if (waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
          info.si_pid == pid) {
        how = Exited;
        drain(channel, received, limit);  // what it wrote before it ended is in the pipe
        break;
      }
      const std::uint64_t progress = received.size();
      const auto t = Clock::now();
      if (progress != last) {
        last = progress;
        last_change = t;
      } else if (std::chrono::duration<double>(t - last_change).count() > limits_.timeout) {
        how = HungUp;
      }
      if (how == Running && ((deadline && t >= *deadline) || interrupted() != 0)) how = OutOfTime;
    }
    kill(-pid, SIGKILL);  // the child's group: the child, and what the library left running in it
    if (how != Exited) kill(pid, SIGKILL);  // in case it left the group
    children::wait_bounded(pid, pidfd, status, usage);
    interrupt_detail::child_group.store(0);
    if (pidfd >= 0) close(pidfd);
    close(channel);
    children::reap_strays();
    return describe(received, record, n, how == Exited, how == HungUp, status, usage);
  }

  /// How a child's run ended, in words, from what it sent (`received`: the load byte, then
  /// records of `record` bytes, n expected).
  End describe(const std::string& received, std::size_t record, std::size_t n, bool exited, bool hung,
               int status, const rusage& usage) const {
    const bool loaded = !received.empty() && received[0] == kLoaded;
    const std::size_t answered =
        loaded ? std::min<std::size_t>((received.size() - 1) / std::max<std::size_t>(record, 1), n) : 0;
    const std::string loading = loaded ? "" : " while the library was being loaded";
    if (loaded && answered >= n) return {n, CallStatus::Ok, ""};
    if (hung)
      return {answered, CallStatus::Hang,
              (loaded ? "a call took longer than " : "loading the library took longer than ") +
                  seconds_text(limits_.timeout) + "; the child was killed"};
    if (!exited)
      return {answered, CallStatus::NotRun,
              interrupted() != 0 ? "check was interrupted (" + signal_name(interrupted()) + ")"
                                 : std::string("the time budget ran out")};
    if (WIFSIGNALED(status)) {
      const int sig = WTERMSIG(status);
      return {answered, CallStatus::Crash,
              "killed by signal " + std::to_string(sig) + " (" + strsignal(sig) + ")" + loading +
                  children::memory_hint(usage, limits_.memory_mib)};
    }
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (!loaded && code == kLoadFailed && !received.empty() && received[0] == kLoadError)
      return {answered, CallStatus::Crash, "cannot load as a shared library: " + received.substr(1)};
    if (loaded && code == kNoSymbol && answered == 0)
      return {answered, CallStatus::Crash, "the symbol was not found when the library was loaded again"};
    if (code == kChannelLost)
      return {answered, CallStatus::Crash,
              "the answer could not be sent to check: the library closed or replaced descriptor 3, "
              "check's pipe from the child"};
    return {answered, CallStatus::Crash,
            "the process exited with status " + std::to_string(code) +
                (loaded ? " during the call" : loading) + children::memory_hint(usage, limits_.memory_mib)};
  }

  std::string library_;
  ChildLimits limits_;
  std::unique_ptr<ImplProcess> process_;
  std::map<std::string, wire::Shape> shapes_;
};

}  // namespace aabb::check
