// `aabb-oracle replay`: the command line front end of fuzz_driver/replay.hpp.

#include "replay_command.hpp"

#include <cmath>
#include <iostream>
#include <stdexcept>

#include "fuzz_driver/replay.hpp"

namespace aabb::cli {

CLI::App* add_replay_command(CLI::App& app, ReplayOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "replay",
      "Replay saved fuzz inputs (crash files, corpus entries of aabb-oracle-fuzz or of an\n"
      "aabb::fuzz_driver target) against a library of the C ABI: each input's function, its eval\n"
      "line, and the verdict under the given contracts (docs/fuzzing-your-library.md).\n"
      "The library runs only in child processes: a crash or a hang is a verdict.\n"
      "Exit status: 0 no input failed; 1 one did; 2 usage error, an unreadable input, or a library\n"
      "that cannot be loaded or exports no selected function.");
  cmd->add_option("--impl", o.driver.impl, "shared library exporting aabb_<op>_f32 / _f64 symbols")->required();
  cmd->add_option("--ops", o.driver.ops, "ops the inputs were fuzzed with (as the fuzzer's --ops)")->delimiter(',');
  cmd->add_option("--types", o.driver.types, "f32, f64 or both (as the fuzzer's --types)")->delimiter(',');
  cmd->add_option("--contract", o.driver.contracts, "op=exact | op=conservative[:k] | op=ulps:k, repeatable");
  cmd->add_option("--boundary", o.driver.boundary, "closed (default), strict or half-open");
  cmd->add_option("--ray", o.driver.ray, "segment (default) or half-line");
  cmd->add_option("--timeout", o.timeout, "seconds a call may take before it counts as a hang (default 5)");
  cmd->add_option("inputs", o.paths, "input files, or directories of them (a corpus)")->required();
  return cmd;
}

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
