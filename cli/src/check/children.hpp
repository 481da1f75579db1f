#pragma once
/// What check does to every process it starts for the code under test, whether the child loads
/// a shared library (sandbox.hpp) or runs a user's command (process.hpp): the child's side
/// (its own process group, dies with check, default signals, no core, an address-space limit)
/// and check's side (waiting on a pidfd with a bound, killing and reaping every stray process
/// the code left behind, closing descriptors).

#include <dirent.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace aabb::check::children {

/// This process's address space in bytes (from /proc/self/statm), 0 when unknown.
inline std::uint64_t own_address_space() {
  std::ifstream f("/proc/self/statm");
  std::uint64_t pages = 0;
  f >> pages;
  return pages * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

/// Closes every descriptor from `first` on.
inline void close_from(int first) {
#ifdef SYS_close_range
  if (syscall(SYS_close_range, first, ~0U, 0) == 0) return;
#endif
  const long top = sysconf(_SC_OPEN_MAX);
  for (long fd = first; fd < (top > 0 ? top : 1024); ++fd) close(static_cast<int>(fd));
}

/// The child's first steps, right after fork: its own process group, killed when check dies
/// (returns false when check died before that was set: the child must leave), default
/// dispositions for the signals check handles, SIGPIPE ignored (code printing to a closed stream
/// is not killed for check's reasons), no signal blocked, no core dump, and an address-space
/// limit of `limit_bytes` (0: none).
inline bool take_control(pid_t parent, std::uint64_t limit_bytes) {
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) return false;
  for (const int sig : {SIGINT, SIGTERM, SIGHUP}) signal(sig, SIG_DFL);
  signal(SIGPIPE, SIG_IGN);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  const rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  if (limit_bytes > 0) {
    const rlimit as{limit_bytes, limit_bytes};
    setrlimit(RLIMIT_AS, &as);
  }
  return true;
}

/// Waits for a killed child, at most 10 s (a process in uninterruptible sleep may take longer;
/// reap_strays collects it later).
inline void wait_bounded(pid_t pid, int pidfd, int& status, rusage& usage) {
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

/// The processes whose parent is check, from /proc/self/task/*/children.
inline std::vector<pid_t> own_children() {
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

/// Kills and reaps every process still below check: helpers the code under test forked, which
/// the subreaper setting made our children when their parent died. Bounded: code forking faster
/// than this kills is left to its process group.
inline void reap_strays() {
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

/// "; its memory reached ... of the limit" when a crashed child had used half or more of what it
/// may (malloc failing at the limit is a likely cause then).
inline std::string memory_hint(const rusage& usage, std::uint64_t memory_mib) {
  if (memory_mib == 0) return "";
  const std::uint64_t peak_mib = static_cast<std::uint64_t>(usage.ru_maxrss) / 1024;
  if (peak_mib * 2 < memory_mib) return "";  // far from the limit: not the cause
  return "; its memory reached " + std::to_string(peak_mib) + " MiB of the " + std::to_string(memory_mib) +
         " MiB allowed (--memory-limit)";
}

}  // namespace aabb::check::children
