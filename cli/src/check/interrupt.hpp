#pragma once
/// SIGINT, SIGTERM and SIGHUP under check (and replay): a CI step's timeout or a user's Ctrl-C.
/// The first such signal only sets a flag: the child running the library is killed at once
/// (sandbox.hpp watches the flag while it waits), no further call is made, and the run ends as
/// if its time budget had run out: the reports are written with what was found so far, marked
/// as interrupted, and the exit status is 128 + the signal's number. A second signal kills the
/// running child's process group and ends check at once, by the signal's default action.

#include <signal.h>

#include <atomic>
#include <csignal>
#include <string>

namespace aabb::check {

namespace interrupt_detail {
inline std::atomic<int> first_signal{0};
/// The process group of the child running now (0: none), for the second signal's handler.
inline std::atomic<int> child_group{0};
static_assert(std::atomic<int>::is_always_lock_free, "used in a signal handler");

extern "C" inline void on_interrupt(int sig) {
  int none = 0;
  if (first_signal.compare_exchange_strong(none, sig)) return;
  const int group = child_group.load();
  if (group > 0) kill(-group, SIGKILL);
  signal(sig, SIG_DFL);
  raise(sig);  // delivered when this handler returns: check ends by the signal
}
}  // namespace interrupt_detail

/// Installs the handlers (check and replay call this; the check library itself does not).
inline void install_interrupt_handlers() {
  struct sigaction sa {};
  sa.sa_handler = interrupt_detail::on_interrupt;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: a blocking wait returns at once
  for (const int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &sa, nullptr);
}

/// The signal that interrupted the run, 0 if none.
[[nodiscard]] inline int interrupted() { return interrupt_detail::first_signal.load(); }

/// "SIGTERM", "SIGINT", "SIGHUP", or "signal N".
[[nodiscard]] inline std::string signal_name(int sig) {
  switch (sig) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    default: return "signal " + std::to_string(sig);
  }
}

}  // namespace aabb::check
