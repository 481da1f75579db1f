// aabb-oracle: the command line tool. Each subcommand lives in its own <name>_command.cpp and
// is registered here; usage errors exit 2 with a message on stderr.

#include <CLI/CLI.hpp>

#include <iostream>

#include "check_command.hpp"
#include "eval_command.hpp"
#include "ops_command.hpp"
#include "replay_command.hpp"
#include "vectors_command.hpp"

#ifndef AABB_ORACLE_VERSION
#define AABB_ORACLE_VERSION "unknown"
#endif

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  CLI::App app{"aabb-oracle: exact answers for axis-aligned bounding box tests", "aabb-oracle"};
  app.set_version_flag("--version", std::string("aabb-oracle ") + AABB_ORACLE_VERSION);
  app.require_subcommand(1);

  aabb::cli::EvalOptions eval_options;
  CLI::App* eval = aabb::cli::add_eval_command(app, eval_options);
  aabb::cli::CheckOptions check_options;
  CLI::App* check = aabb::cli::add_check_command(app, check_options);
  aabb::cli::VectorsOptions vectors_options;
  CLI::App* vectors = aabb::cli::add_vectors_command(app, vectors_options);
  aabb::cli::OpsOptions ops_options;
  CLI::App* ops = aabb::cli::add_ops_command(app, ops_options);
  aabb::cli::ReplayOptions replay_options;
  CLI::App* replay = aabb::cli::add_replay_command(app, replay_options);

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version: printed on stdout, exit 0
  } catch (const CLI::ParseError& e) {
    (void)app.exit(e);  // prints the message on stderr
    return 2;
  }

  if (eval->parsed()) return aabb::cli::run_eval_command(eval_options);
  if (check->parsed()) return aabb::cli::run_check_command(check_options);
  if (vectors->parsed()) return aabb::cli::run_vectors_command(vectors_options);
  if (ops->parsed()) return aabb::cli::run_ops_command(ops_options);
  if (replay->parsed()) return aabb::cli::run_replay_command(replay_options);
  return 2;
}
