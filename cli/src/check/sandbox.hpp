#pragma once
/// The library calls of `check`, isolated: each batch of calls runs in a forked child that writes
/// every answer to shared memory as it returns. When the library crashes (a signal, or an exit
/// in the middle of a call) or hangs (a call runs longer than the timeout: the child is killed),
/// check knows which call did it, records that call's outcome, and goes on with the next one in a
/// new child. Generation, judging and shrinking stay in check's own process, so nothing the
/// library does can lose a finding.

#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace aabb::check {

/// How one library call ended (NotRun: a call after the hang limit of Sandbox::run).
enum class CallStatus { Ok, Crash, Hang, NotRun };

template <class Answer>
struct CallResult {
  CallStatus status = CallStatus::Ok;
  Answer answer{};
  std::string detail;  ///< for a crash or a hang: what happened
};

/// Runs batches of library calls in child processes (see the file comment).
class Sandbox {
 public:
  /// `timeout`: seconds one call may take before it counts as a hang.
  explicit Sandbox(double timeout) : timeout_(timeout) {
    void* mem = mmap(nullptr, sizeof(Shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                     -1, 0);
    if (mem == MAP_FAILED) throw std::runtime_error(std::string("mmap: ") + std::strerror(errno));
    shared_ = new (mem) Shared();
  }
  ~Sandbox() {
    shared_->~Shared();
    munmap(shared_, sizeof(Shared));
  }
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;

  /// Calls `call(k)` for every case k and returns each call's outcome, in order. `call` runs in a
  /// child process only; it must return the Answer (a trivially copyable struct). After
  /// `max_hangs` hangs the remaining calls are not made (NotRun): each hang costs the timeout.
  template <class Answer, class Case, class Call>
  std::vector<CallResult<Answer>> run(const std::vector<Case>& cases, Call call,
                                      std::size_t max_hangs = static_cast<std::size_t>(-1)) {
    static_assert(std::is_trivially_copyable_v<Answer>, "answers cross a process boundary");
    constexpr std::size_t capacity = sizeof(Shared::answers) / sizeof(Answer);
    static_assert(capacity >= 1);
    std::vector<CallResult<Answer>> out(cases.size());
    std::size_t start = 0;
    while (start < cases.size()) {
      const std::size_t n = std::min(cases.size() - start, capacity);
      const End end = run_batch(n, [&](std::size_t i, unsigned char* slot) {
        const Answer a = call(cases[start + i]);
        std::memcpy(slot + i * sizeof(Answer), &a, sizeof(Answer));
      });
      for (std::size_t i = 0; i < end.answered; ++i)
        std::memcpy(&out[start + i].answer, shared_->answers + i * sizeof(Answer), sizeof(Answer));
      start += end.answered;
      if (end.answered < n) {  // the call at `start` crashed or hung
        out[start].status = end.status;
        out[start].detail = end.detail;
        ++start;
        if (end.status == CallStatus::Hang && --max_hangs == 0) {
          for (std::size_t i = start; i < cases.size(); ++i) out[i].status = CallStatus::NotRun;
          break;
        }
      }
    }
    return out;
  }

 private:
  struct Shared {
    std::atomic<std::uint64_t> answered{0};  ///< calls of the current batch that returned
    std::atomic<int> in_call{0};  ///< 1 while the library runs
    alignas(64) unsigned char answers[1 << 16];
  };
  struct End {
    std::size_t answered;
    CallStatus status;
    std::string detail;
  };

  /// One child for calls [0, n): it runs them in order and exits; the parent watches.
  template <class Body>
  End run_batch(std::size_t n, Body body) {
    shared_->answered.store(0);
    shared_->in_call.store(0);
    int fds[2];
    if (pipe(fds) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    std::fflush(stdout);
    std::fflush(stderr);
    const pid_t pid = fork();
    if (pid < 0) {
      close(fds[0]);
      close(fds[1]);
      throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    }
    if (pid == 0) {
      close(fds[0]);
      dup2(STDERR_FILENO, STDOUT_FILENO);  // whatever the library prints stays out of the report
      for (std::size_t i = 0; i < n; ++i) {
        shared_->in_call.store(1);
        body(i, shared_->answers);
        shared_->in_call.store(0);
        shared_->answered.store(i + 1);
      }
      _exit(0);  // the write end of the pipe closes: the parent sees the end at once
    }
    close(fds[1]);
    std::uint64_t last = 0;
    auto last_change = std::chrono::steady_clock::now();
    bool hung = false;
    for (;;) {
      pollfd pfd{fds[0], POLLIN, 0};
      const int r = poll(&pfd, 1, 50);
      if (r > 0) {
        char c;
        const ssize_t got = read(fds[0], &c, 1);
        if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN)) break;  // child ended
      }
      const std::uint64_t now_answered = shared_->answered.load();
      const auto now = std::chrono::steady_clock::now();
      if (now_answered != last || shared_->in_call.load() == 0) {
        last = now_answered;
        last_change = now;
      } else if (std::chrono::duration<double>(now - last_change).count() > timeout_) {
        hung = true;
        kill(pid, SIGKILL);
        break;
      }
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    const std::size_t answered = shared_->answered.load();
    if (hung)
      return {answered, CallStatus::Hang,
              "a call took longer than " + seconds_text(timeout_) + "; the child was killed"};
    if (WIFSIGNALED(status)) {
      const int sig = WTERMSIG(status);
      return {answered, CallStatus::Crash,
              "killed by signal " + std::to_string(sig) + " (" + strsignal(sig) + ")"};
    }
    if (answered < n)
      return {answered, CallStatus::Crash,
              "the process exited with status " + std::to_string(WEXITSTATUS(status)) +
                  " during the call"};
    return {answered, CallStatus::Ok, ""};
  }

  static std::string seconds_text(double s) {
    char b[32];
    std::snprintf(b, sizeof b, "%g s", s);
    return b;
  }

  double timeout_;
  Shared* shared_ = nullptr;
};

}  // namespace aabb::check
