// `aabb-oracle replay`: the command line front end of fuzz_driver/replay.hpp.

#include "replay_command.hpp"

#include <cmath>
#include <csignal>
#include <iostream>
#include <stdexcept>

#include "check/interrupt.hpp"
#include "check/process.hpp"
#include "check/text.hpp"
#include "fuzz_driver/replay.hpp"

namespace aabb::cli {

int run_replay_command(const ReplayOptions& o) {
  if (!(o.timeout > 0) || !std::isfinite(o.timeout) || o.timeout > 1e6) {
    std::cerr << "replay: --timeout: must be a number of seconds > 0 (at most 1000000)\n";
    return 2;
  }
  if (o.driver.impl.empty() == o.driver.impl_cmd.empty()) {
    std::cerr << "replay: give the implementation: --impl LIB.so or --impl-cmd CMD\n";
    return 2;
  }
  if (!o.driver.impl_cmd.empty()) {
    if (const std::string why = aabb::check::command_problem(o.driver.impl_cmd); !why.empty()) {
      std::cerr << "replay: --impl-cmd: " << why << "\n";
      return 2;
    }
  }
  // As check does: an interruption ends the run with 128 + the signal's number once the
  // running child is killed; a closed reader of the output is an error, not a SIGPIPE death;
  // what the library's paths and details hold reaches the terminal as text only.
  aabb::check::install_interrupt_handlers();
  std::signal(SIGPIPE, SIG_IGN);
  const aabb::check::tool::TerminalSafe out(std::cout), err(std::cerr);
  aabb::check::ChildLimits limits;
  limits.timeout = o.timeout;
  aabb::fuzz_driver::ReplayRun run;
  try {
    run = aabb::fuzz_driver::replay(o.driver, o.paths, limits);
  } catch (const std::invalid_argument& e) {
    std::cerr << "replay: " << e.what() << "\n";
    return 2;
  }
  if (!run.error.empty()) {
    std::cerr << "replay: " << run.error << "\n";
    return aabb::check::interrupted() != 0 ? 128 + aabb::check::interrupted() : 2;
  }
  for (const auto& r : run.inputs) std::cout << aabb::fuzz_driver::replay_text(r);
  std::cout << run.inputs.size() << " inputs, " << run.failed() << " failing\n" << std::flush;
  if (!std::cout) {
    std::cerr << "replay: cannot write the verdicts to standard output\n";
    return 2;
  }
  return run.failed() == 0 ? 0 : 1;
}

}  // namespace aabb::cli
