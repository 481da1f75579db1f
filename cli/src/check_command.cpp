// `aabb-oracle check`: the command line front end of the check library (aabb/check.hpp,
// cli/src/check/): what the command adds to the library for a CI job (signals, a terminal-safe
// text report) and the exit status of the run (its options and help text are in main.cpp).

#include "check_command.hpp"

#include <csignal>
#include <iostream>

#include "check/interrupt.hpp"
#include "check/text.hpp"

namespace aabb::cli {

int run_check_command(const CheckOptions& o) {
  // SIGINT, SIGTERM, SIGHUP: the reports are still written (check/interrupt.hpp). SIGPIPE
  // ignored: a reader of the text report that goes away (`| head -1`) makes the text's writes
  // fail, which is exit 2, while the run and the report files are completed.
  aabb::check::install_interrupt_handlers();
  std::signal(SIGPIPE, SIG_IGN);
  // What check prints of the library (paths, symbol names, crash details) reaches the
  // terminal as text only (check/text.hpp).
  const aabb::check::tool::TerminalSafe out(std::cout), err(std::cerr);
  return aabb::check::run(o).exit_status;
}

}  // namespace aabb::cli
