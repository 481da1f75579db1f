// `aabb-oracle check`: the command line front end of the check library (aabb/check.hpp,
// cli/src/check/): the exit status of the run (its options and help text are in main.cpp).

#include "check_command.hpp"

namespace aabb::cli {

int run_check_command(const CheckOptions& o) {
  return aabb::check::run(o).exit_status;
}

}  // namespace aabb::cli
