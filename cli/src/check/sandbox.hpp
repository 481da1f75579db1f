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
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "check/interrupt.hpp"

namespace aabb::check {

using Clock = std::chrono::steady_clock;
/// When a campaign's time budget ends; no value: no budget.
using Deadline = std::optional<Clock::time_point>;

/// How one library call ended. NotRun: not made (after the hang limit of Sandbox::run, or
/// because the campaign's deadline came first; a call cut off by the deadline is NotRun too).
enum class CallStatus { Ok, Crash, Hang, NotRun };

template <class Answer>
struct CallResult {
  CallStatus status = CallStatus::Ok;
  Answer answer{};
  std::string detail;  ///< for a crash or a hang: what happened
};

/// "0.25 s", "1e-06 s".
inline std::string seconds_text(double s) {
  char b[32];
  std::snprintf(b, sizeof b, "%g s", s);
  return b;
}

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

/// Runs the library in child processes (see the file comment).
class Sandbox {
 public:
  Sandbox(std::string library, ChildLimits limits) : library_(std::move(library)), limits_(limits) {
    // Orphans of our children (a library's daemon whose parent we killed) become ours, so we can
    // kill them; without this they would be reparented to init and live on.
    prctl(PR_SET_CHILD_SUBREAPER, 1);
  }
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;

  [[nodiscard]] const ChildLimits& limits() const { return limits_; }

  /// Loads the library in a child and looks up `names` there (at most kMaxNames).
  LoadReport load(const std::vector<std::string>& names) {
    if (names.size() > kMaxNames) throw std::logic_error("Sandbox::load: too many names");
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
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(kLoadFailed);  // check died before the line above
    for (const int sig : {SIGINT, SIGTERM, SIGHUP}) signal(sig, SIG_DFL);
    signal(SIGPIPE, SIG_IGN);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    const rlimit no_core{0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    if (limits_.memory_mib > 0) {
      const std::uint64_t own = own_address_space();
      const std::uint64_t allowed = own + limits_.memory_mib * (std::uint64_t{1} << 20);
      const rlimit as{allowed, allowed};
      setrlimit(RLIMIT_AS, &as);
    }
    if (channel != kChannel) {
      if (dup2(channel, kChannel) < 0) _exit(kChannelLost);
      channel = kChannel;
    }
    const int null = open("/dev/null", O_RDWR);
    if (null >= 0) dup2(null, STDIN_FILENO);
    // Whatever the library prints stays out of the report: to standard error, or to /dev/null
    // when check has none.
    if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0 && null >= 0) dup2(null, STDOUT_FILENO);
    close_from(kChannel + 1);
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
    wait_bounded(pid, pidfd, status, usage);
    interrupt_detail::child_group.store(0);
    if (pidfd >= 0) close(pidfd);
    close(channel);
    reap_strays();
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
                  memory_hint(usage)};
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
                (loaded ? " during the call" : loading) + memory_hint(usage)};
  }

  /// "; its memory reached ... of the limit" when a crashed child had used half or more of what it
  /// may (malloc failing at the limit is a likely cause then).
  std::string memory_hint(const rusage& usage) const {
    if (limits_.memory_mib == 0) return "";
    const std::uint64_t peak_mib = static_cast<std::uint64_t>(usage.ru_maxrss) / 1024;
    if (peak_mib * 2 < limits_.memory_mib) return "";  // far from the limit: not the cause
    return "; its memory reached " + std::to_string(peak_mib) + " MiB of the " +
           std::to_string(limits_.memory_mib) + " MiB allowed (--memory-limit)";
  }

  /// Waits for a killed child, at most 10 s (a process in uninterruptible sleep may take longer;
  /// reap_strays collects it later).
  static void wait_bounded(pid_t pid, int pidfd, int& status, rusage& usage) {
    for (int i = 0; i < 200; ++i) {
      if (wait4(pid, &status, WNOHANG, &usage) == pid) return;
      if (pidfd >= 0) {
        pollfd pfd{pidfd, POLLIN, 0};
        poll(&pfd, 1, 50);
      } else {
        usleep(50000);
      }
    }
  }

  /// Kills and reaps every process still below check: helpers a library forked, which the
  /// subreaper setting made our children when their parent died. Bounded: a library forking
  /// faster than this kills is left to its process group.
  static void reap_strays() {
    for (int round = 0; round < 50; ++round) {
      while (waitpid(-1, nullptr, WNOHANG) > 0) {
      }
      const std::vector<pid_t> kids = own_children();
      if (kids.empty()) return;
      for (const pid_t k : kids) {
        kill(-k, SIGKILL);
        kill(k, SIGKILL);
      }
      for (const pid_t k : kids) {
        int st = 0;
        rusage ru{};
        wait_bounded(k, -1, st, ru);
      }
    }
  }

  /// The processes whose parent is check, from /proc/self/task/*/children.
  static std::vector<pid_t> own_children() {
    std::vector<pid_t> kids;
    DIR* tasks = opendir("/proc/self/task");
    if (tasks == nullptr) return kids;
    while (const dirent* t = readdir(tasks)) {
      if (t->d_name[0] == '.') continue;
      std::ifstream f(std::string("/proc/self/task/") + t->d_name + "/children");
      long pid = 0;
      while (f >> pid) kids.push_back(static_cast<pid_t>(pid));
    }
    closedir(tasks);
    return kids;
  }

  /// This process's address space in bytes (from /proc/self/statm), 0 when unknown.
  static std::uint64_t own_address_space() {
    std::ifstream f("/proc/self/statm");
    std::uint64_t pages = 0;
    f >> pages;
    return pages * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
  }

  /// Closes every descriptor from `first` on.
  static void close_from(int first) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, first, ~0U, 0) == 0) return;
#endif
    const long top = sysconf(_SC_OPEN_MAX);
    for (long fd = first; fd < (top > 0 ? top : 1024); ++fd) close(static_cast<int>(fd));
  }

  std::string library_;
  ChildLimits limits_;
};

}  // namespace aabb::check
