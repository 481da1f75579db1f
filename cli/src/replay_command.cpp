// `aabb-oracle replay`: the command line front end of fuzz_driver/replay.hpp.

#include "replay_command.hpp"

#include <cmath>
#include <iostream>
#include <stdexcept>

#include "fuzz_driver/replay.hpp"

namespace aabb::cli {

int run_replay_command(const ReplayOptions& o) {
  if (!(o.timeout > 0) || !std::isfinite(o.timeout) || o.timeout > 1e6) {
    std::cerr << "replay: --timeout: must be a number of seconds > 0 (at most 1000000)\n";
    return 2;
  }
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
    return 2;
  }
  for (const auto& r : run.inputs) std::cout << aabb::fuzz_driver::replay_text(r);
  std::cout << run.inputs.size() << " inputs, " << run.failed() << " failing\n" << std::flush;
  return run.failed() == 0 ? 0 : 1;
}

}  // namespace aabb::cli
