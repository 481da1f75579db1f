#pragma once
/// The implementation as a process (check --impl-cmd CMD): CMD runs under /bin/sh -c as a
/// long-lived child that answers batches of calls on its standard input and output, in the
/// protocol of docs/protocol.md (the lines themselves: wire.hpp). check keeps it across batches
/// while it behaves; when it crashes, hangs, writes a line that is not an answer, or floods its
/// standard error, it is killed (its whole process group, and every stray it left: children.hpp)
/// and started again for the rest.
///
/// The process gets what a sandbox child gets (sandbox.hpp): its own process group, death with
/// check, default signals, no core, an address-space limit (`--memory-limit` MiB in all, the
/// whole process, as it is a program of its own), and every call bounded by the timeout. Its
/// standard input and output are check's pipes; its standard error is read by check (the last
/// bytes are quoted in what a crash or a hang reports) and never reaches check's own output.

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <deque>
#include <cstring>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "check/children.hpp"
#include "check/interrupt.hpp"
#include "check/wire.hpp"

namespace aabb::check {

using Clock = std::chrono::steady_clock;
/// When a campaign's time budget ends; no value: no budget.
using Deadline = std::optional<Clock::time_point>;

/// "0.25 s", "1e-06 s".
inline std::string seconds_text(double s) {
  char b[32];
  std::snprintf(b, sizeof b, "%g s", s);
  return b;
}

/// What is wrong with an --impl-cmd command line before it is run, or "" (an empty command, a
/// NUL byte that /bin/sh -c would never see).
inline std::string command_problem(const std::string& command) {
  if (command.find_first_not_of(" \t\n") == std::string::npos) return "the command is empty";
  if (command.find('\0') != std::string::npos) return "the command holds a NUL byte";
  return "";
}

/// How one exchange with the process ended.
struct Exchange {
  enum How { Complete, Missing, Crash, Hang, Malformed, Flood, NotRun } how = Complete;
  std::size_t answered = 0;  ///< answers read (each checked), in order
  std::string detail;        ///< what happened, for every end but Complete
};

class ImplProcess {
 public:
  /// The longest line check reads; a longer one is malformed.
  static constexpr std::size_t kMaxLine = std::size_t{1} << 20;
  /// The most standard error one batch may write before it is a flood.
  static constexpr std::size_t kMaxStderr = std::size_t{1} << 20;

  ImplProcess(std::string command, double timeout, std::uint64_t memory_mib)
      : command_(std::move(command)), timeout_(timeout), memory_mib_(memory_mib) {}
  ImplProcess(const ImplProcess&) = delete;
  ImplProcess& operator=(const ImplProcess&) = delete;
  ~ImplProcess() { stop(false); }

  [[nodiscard]] bool running() const { return pid_ > 0; }
  /// Whether the process is running and has not ended (it may end between batches: then it is
  /// started again, with no finding, as no call was waiting for it).
  [[nodiscard]] bool alive() const {
    if (pid_ <= 0 || exited_) return false;
    siginfo_t info{};
    return !(waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid_);
  }
  [[nodiscard]] const std::string& command() const { return command_; }
  /// The names in the last hello line, as given.
  [[nodiscard]] const std::vector<std::string>& functions() const { return functions_; }
  /// How many times the process was started.
  [[nodiscard]] std::uint64_t starts() const { return starts_; }

  /// Starts the process and reads its hello line: "" when it came, else why not (the process
  /// is stopped then).
  std::string start() {
    stop(false);
    ++starts_;
    int in[2], out[2], err[2];
    if (pipe2(in, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    if (pipe2(out, O_CLOEXEC) != 0) {
      close_pair(in);
      throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    }
    if (pipe2(err, O_CLOEXEC) != 0) {
      close_pair(in);
      close_pair(out);
      throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    }
    std::fflush(stdout);
    std::fflush(stderr);
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0) {
      const int e = errno;
      close_pair(in), close_pair(out), close_pair(err);
      throw std::runtime_error(std::string("fork: ") + std::strerror(e));
    }
    if (pid == 0) {
      if (!children::take_control(parent, memory_mib_ * (std::uint64_t{1} << 20))) _exit(126);
      if (dup2(in[0], STDIN_FILENO) < 0 || dup2(out[1], STDOUT_FILENO) < 0 || dup2(err[1], STDERR_FILENO) < 0)
        _exit(126);
      children::close_from(3);
      execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(err[1]);
    pid_ = pid;
    to_ = in[1];
    from_ = out[0];
    err_ = err[0];
    for (const int fd : {to_, from_, err_}) fcntl(fd, F_SETFL, O_NONBLOCK);
    setpgid(pid, pid);
    interrupt_detail::child_group.store(pid);
    pidfd_ = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
    pending_.clear();
    lines_.clear();
    stderr_tail_.clear();
    stderr_bytes_ = 0;
    exited_ = false;
    // The hello: the first line, within the timeout.
    const auto limit = Clock::now() + seconds(timeout_);
    while (lines_.empty()) {
      const Pump p = pump(limit, std::nullopt, nullptr);
      if (p == Pump::Lines) break;
      std::string why = p == Pump::Exited   ? "the process " + end_text() + " before its hello line"
                        : p == Pump::TooLong ? "its first line is longer than 1 MiB"
                        : p == Pump::Flood   ? "it wrote more than 1 MiB to standard error before its hello line"
                        : p == Pump::Stopped ? "check was interrupted (" + signal_name(interrupted()) + ")"
                                             : "no hello line within " + seconds_text(timeout_);
      why += stderr_quote();
      stop(false);
      return why;
    }
    const std::string hello = take_line();
    const std::string bad = read_hello(hello);
    if (!bad.empty()) {
      const std::string why = "its first line is not a hello of protocol " + std::string(wire::kProtocol) + ": " +
                              bad + " (the line: " + quote(hello) + ")" + stderr_quote();
      stop(false);
      return why;
    }
    return "";
  }

  /// Sends `request` (one line) and reads `expected` answers and the end line into `replies`,
  /// each checked against `shape`. On every end but Complete the process has been stopped.
  Exchange exchange(const std::string& request, std::size_t expected, const wire::Shape& shape,
                    Deadline deadline, std::vector<wire::Reply>& replies) {
    Exchange ex;
    replies.clear();
    std::size_t written = 0;
    stderr_bytes_ = 0;
    auto last_progress = Clock::now();
    const auto fail = [&](Exchange::How how, std::string detail) {
      ex.how = how;
      ex.detail = std::move(detail);
      stop(false);
      return ex;
    };
    for (;;) {
      while (!lines_.empty()) {
        const std::string line = take_line();
        const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        const bool end = j.is_object() && j.contains("end");
        if (ex.answered == expected || end) {
          if (!end || j.size() != 1 || !j["end"].is_number_unsigned() || j["end"].get<std::size_t>() != ex.answered)
            return fail(Exchange::Malformed,
                        ex.answered == expected
                            ? "after the " + std::to_string(expected) + " answers of the batch the process wrote " +
                                  quote(line) + " where the end line {\"end\": " + std::to_string(expected) +
                                  "} was due"
                            : "the end line " + quote(line) + " does not give the " + std::to_string(ex.answered) +
                                  " answers written before it");
          if (ex.answered < expected) {
            ex.how = Exchange::Missing;
            ex.detail = "the process ended the batch after " + std::to_string(ex.answered) + " of " +
                        std::to_string(expected) + " answers";
          }
          return ex;
        }
        wire::Reply r;
        const std::string bad = j.is_discarded() ? "not JSON" : wire::parse_reply(shape, j, r);
        if (!bad.empty())
          return fail(Exchange::Malformed, "the answer line " + quote(line) + " is malformed: " + bad +
                                               " (a program's own output belongs on standard error: "
                                               "docs/protocol.md)");
        replies.push_back(std::move(r));
        ++ex.answered;
        last_progress = Clock::now();
      }
      const std::size_t before = written + received_;
      const Pump p = pump(last_progress + seconds(timeout_), deadline, written < request.size() ? &request : nullptr,
                          &written);
      if (written + received_ != before) last_progress = Clock::now();
      switch (p) {
        case Pump::Lines:
        case Pump::Progress:
          continue;
        case Pump::Exited:
          if (!lines_.empty()) continue;  // read what it wrote before it ended first
          return fail(Exchange::Crash, "the process " + end_text() + " during the call" + stderr_quote());
        case Pump::TooLong:
          return fail(Exchange::Malformed, "the process wrote a line longer than 1 MiB" + stderr_quote());
        case Pump::Flood:
          return fail(Exchange::Flood, "the process wrote more than 1 MiB to standard error during one batch" +
                                           stderr_quote());
        case Pump::Stopped:
          return fail(Exchange::NotRun, interrupted() != 0 ? "check was interrupted (" + signal_name(interrupted()) + ")"
                                                           : std::string("the time budget ran out"));
        case Pump::Timeout:
          return fail(Exchange::Hang, "a call took longer than " + seconds_text(timeout_) +
                                          "; the process was killed" + stderr_quote());
      }
    }
  }

  /// Ends the process: with `graceful`, its standard input closed and a moment to leave on its
  /// own (what a kit does at the end of its input); then its group killed, it and every stray
  /// reaped.
  void stop(bool graceful) {
    if (pid_ <= 0) return;
    if (to_ >= 0) close(to_), to_ = -1;
    if (graceful && !exited_) {
      const auto until = Clock::now() + std::chrono::milliseconds(500);
      while (!exited_ && Clock::now() < until) pump(until, std::nullopt, nullptr);
    }
    kill(-pid_, SIGKILL);
    kill(pid_, SIGKILL);
    int status = 0;
    rusage usage{};
    children::wait_bounded(pid_, pidfd_, status, usage);
    interrupt_detail::child_group.store(0);
    for (int* fd : {&from_, &err_, &pidfd_})
      if (*fd >= 0) close(*fd), *fd = -1;
    pid_ = -1;
    children::reap_strays();
  }

 private:
  enum class Pump { Lines, Progress, Exited, TooLong, Flood, Stopped, Timeout };

  static Clock::duration seconds(double s) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
  }
  static void close_pair(int* p) { close(p[0]), close(p[1]); }

  /// A line as a report quotes it: at most 200 bytes, control bytes escaped.
  static std::string quote(const std::string& line) {
    std::string q = "\"";
    for (std::size_t i = 0; i < line.size() && i < 200; ++i) {
      const auto c = static_cast<unsigned char>(line[i]);
      if (c == '"' || c == '\\') {
        q += '\\';
        q += static_cast<char>(c);
      } else if (c < 0x20 || c == 0x7f) {
        char b[8];
        std::snprintf(b, sizeof b, "\\x%02x", c);
        q += b;
      } else {
        q += static_cast<char>(c);
      }
    }
    q += line.size() > 200 ? "\"... (" + std::to_string(line.size()) + " bytes)" : "\"";
    return q;
  }

  /// "; its standard error ended with: ..." (the last 400 bytes), or nothing.
  std::string stderr_quote() const {
    if (stderr_tail_.empty()) return "";
    std::string t = stderr_tail_.size() > 400 ? stderr_tail_.substr(stderr_tail_.size() - 400) : stderr_tail_;
    while (!t.empty() && (t.back() == '\n' || t.back() == '\r')) t.pop_back();
    return "; its standard error ended with: " + quote(t);
  }

  /// How the process ended, once it has: "exited with status 3", "was killed by signal 11
  /// (Segmentation fault)". The status is read without reaping (WNOWAIT), so that its pid, the
  /// group's id, is not reused before the group is killed.
  std::string end_text() const {
    siginfo_t info{};
    if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid != pid_)
      return "ended";
    if (info.si_code == CLD_EXITED) {
      const int code = info.si_status;
      std::string t = "exited with status " + std::to_string(code);
      if (code > 128 && code < 128 + 65)  // the shell's report of a command a signal ended
        t += " (as a shell reports a command killed by signal " + std::to_string(code - 128) + ", " +
             strsignal(code - 128) + ")";
      if (code == 127) t += " (the shell's status for a command not found)";
      return t;
    }
    return "was killed by signal " + std::to_string(info.si_status) + " (" + strsignal(info.si_status) + ")";
  }

  /// Parses the hello line into functions_; "" or what is wrong.
  std::string read_hello(const std::string& line) {
    functions_.clear();
    const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return "not a JSON object";
    const auto p = j.find("protocol");
    if (p == j.end() || !p->is_string()) return "no \"protocol\"";
    if (p->get<std::string>() != wire::kProtocol)
      return "protocol \"" + p->get<std::string>().substr(0, 40) + "\", check speaks \"" + wire::kProtocol + "\"";
    const auto f = j.find("functions");
    if (f == j.end() || !f->is_array()) return "no \"functions\" array";
    for (const auto& name : *f) {
      if (!name.is_string()) return "\"functions\" holds " + name.dump().substr(0, 40) + ", not a name";
      functions_.push_back(name.get<std::string>());
    }
    return "";
  }

  std::string take_line() {
    std::string l = std::move(lines_.front());
    lines_.pop_front();
    return l;
  }

  /// Waits for something to happen, at most until `limit` (the hang timeout) and `deadline`,
  /// writing what is left of `request` from `*written` on as the process reads it: complete
  /// lines read (into lines_), other progress, the process's end, a line too long, a flood of
  /// standard error, the deadline or an interruption, or the timeout.
  Pump pump(Clock::time_point limit, Deadline deadline, const std::string* request, std::size_t* written = nullptr) {
    for (;;) {
      if (interrupted() != 0 || (deadline && Clock::now() >= *deadline)) return Pump::Stopped;
      const auto now = Clock::now();
      if (now >= limit) return Pump::Timeout;
      auto until = std::min(limit, deadline.value_or(limit));
      const int wait_ms = static_cast<int>(std::clamp<long long>(
          std::chrono::duration_cast<std::chrono::milliseconds>(until - now).count() + 1, 0, 50));
      pollfd pfd[4];
      int n = 0;
      pfd[n++] = {from_, POLLIN, 0};
      pfd[n++] = {err_, POLLIN, 0};
      const int pid_slot = pidfd_ >= 0 && !exited_ ? n : -1;
      if (pid_slot >= 0) pfd[n++] = {pidfd_, POLLIN, 0};
      const int to_slot = request != nullptr && to_ >= 0 ? n : -1;
      if (to_slot >= 0) pfd[n++] = {to_, POLLOUT, 0};
      poll(pfd, static_cast<nfds_t>(n), wait_ms);
      bool progress = false;
      if (to_slot >= 0 && (pfd[to_slot].revents & (POLLOUT | POLLERR | POLLHUP)) != 0) {
        const ssize_t w = write_quietly(to_, request->data() + *written, request->size() - *written);
        if (w > 0) {
          *written += static_cast<std::size_t>(w);
          progress = true;
          if (*written == request->size()) request = nullptr;
        } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
          request = nullptr;  // the process closed its input: it will be seen to end or hang
        }
      }
      if (!read_stderr()) return Pump::Flood;
      const std::size_t before = received_;
      if (!read_stdout()) return Pump::TooLong;
      if (received_ != before) progress = true;
      if (!lines_.empty()) return Pump::Lines;
      if (!exited_ && pid_ > 0) {
        siginfo_t info{};
        if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid_) {
          exited_ = true;
          read_stdout();  // what it wrote before it ended is in the pipe
          read_stderr();
          if (!lines_.empty()) return Pump::Lines;
        }
      }
      if (exited_) return Pump::Exited;
      if (progress) return Pump::Progress;
      if (pidfd_ < 0 && pid_slot < 0) usleep(1000);
    }
  }

  /// write(2) with SIGPIPE held back on this thread (a process that closed its input makes the
  /// write fail with EPIPE; check is not killed for it, and no signal setting of check changes).
  static ssize_t write_quietly(int fd, const char* data, std::size_t size) {
    sigset_t pipe_set, old;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
    const ssize_t w = write(fd, data, size);
    const int e = errno;
    if (w < 0 && e == EPIPE) {
      const timespec zero{0, 0};
      sigtimedwait(&pipe_set, nullptr, &zero);  // the SIGPIPE this write raised, consumed
    }
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
    errno = e;
    return w;
  }

  /// Reads what the process wrote on standard output into complete lines; false when a line
  /// grows past kMaxLine.
  bool read_stdout() {
    char buf[1 << 16];
    for (;;) {
      const ssize_t r = read(from_, buf, sizeof buf);
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) break;
      received_ += static_cast<std::size_t>(r);
      std::size_t startp = 0;
      for (ssize_t i = 0; i < r; ++i) {
        if (buf[i] != '\n') continue;
        pending_.append(buf + startp, static_cast<std::size_t>(i) - startp);
        if (!pending_.empty() && pending_.back() == '\r') pending_.pop_back();
        if (pending_.size() > kMaxLine) return false;
        lines_.push_back(std::move(pending_));
        pending_.clear();
        startp = static_cast<std::size_t>(i) + 1;
      }
      pending_.append(buf + startp, static_cast<std::size_t>(r) - startp);
      if (pending_.size() > kMaxLine) return false;
    }
    return true;
  }

  /// Reads standard error, keeping its last bytes; false when this batch wrote more than
  /// kMaxStderr.
  bool read_stderr() {
    char buf[1 << 14];
    for (;;) {
      const ssize_t r = read(err_, buf, sizeof buf);
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) break;
      stderr_bytes_ += static_cast<std::size_t>(r);
      stderr_tail_.append(buf, static_cast<std::size_t>(r));
      if (stderr_tail_.size() > 4096) stderr_tail_.erase(0, stderr_tail_.size() - 2048);
    }
    return stderr_bytes_ <= kMaxStderr;
  }

  std::string command_;
  double timeout_;
  std::uint64_t memory_mib_;
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1, err_ = -1, pidfd_ = -1;
  bool exited_ = false;
  std::string pending_;
  std::deque<std::string> lines_;
  std::string stderr_tail_;
  std::size_t stderr_bytes_ = 0, received_ = 0;
  std::vector<std::string> functions_;
  std::uint64_t starts_ = 0;
};

}  // namespace aabb::check
