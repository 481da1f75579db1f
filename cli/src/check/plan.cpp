// check's options, validated into a Plan (check/plan.hpp).

#include "check/plan.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>
#include <sstream>

#include "check/process.hpp"
#include "check/text.hpp"

#ifndef AABB_OPTIMIZED_PLUGIN_PATH
#define AABB_OPTIMIZED_PLUGIN_PATH ""
#endif

namespace aabb::check::tool {

namespace {

/// A decimal integer in [0, max], or a usage error naming the option.
std::uint64_t parse_count(const std::string& text, const std::string& option, std::uint64_t max) {
  const std::string range = " must be an integer from 0 to " + std::to_string(max);
  if (text.empty() ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    throw UsageError{option + ":" + range + ", got \"" + shortened(text) + "\""};
  std::uint64_t v = 0;
  for (char c : text) {
    const auto d = static_cast<std::uint64_t>(c - '0');
    if (v > (max - d) / 10) throw UsageError{option + ":" + range + ", got " + shortened(text)};
    v = v * 10 + d;
  }
  return v;
}

/// Splits "a,b" lists (CLI11 already splits repeated options).
std::vector<std::string> split_list(const std::vector<std::string>& items) {
  std::vector<std::string> out;
  for (const auto& item : items) {
    std::stringstream ss(item);
    std::string part;
    while (std::getline(ss, part, ','))
      if (!part.empty()) out.push_back(part);
  }
  return out;
}

/// The bundled optimized/ plugin: next to the executable (../lib), else where the build put it.
std::string default_plugin() {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    for (const char* rel :
         {"../lib/libaabb-optimized.so", "../lib/aabb-oracle/libaabb-optimized.so"}) {
      const auto p = exe.parent_path() / rel;
      if (std::filesystem::exists(p, ec)) return p.lexically_normal().string();
    }
  }
  return AABB_OPTIMIZED_PLUGIN_PATH;
}

void plan_ops_and_types(const Options& o, Plan& p) {
  for (const auto& name : split_list(o.ops)) {
    const std::vector<const OpEntry*> found = find_ops(name);
    if (found.empty())
      throw UsageError{"--ops: unknown op \"" + shortened(name) + "\" (ops: " + op_names() + ")"};
    for (const OpEntry* e : found)
      if (std::find(p.ops.begin(), p.ops.end(), e) == p.ops.end()) p.ops.push_back(e);
  }
  if (p.ops.empty())
    for (const auto& e : ops()) p.ops.push_back(&e);
  const auto types = split_list(o.types);
  if (types.empty()) return;
  p.f32 = p.f64 = false;
  for (const auto& t : types) {
    if (t == "f32" || t == "float")
      p.f32 = true;
    else if (t == "f64" || t == "double")
      p.f64 = true;
    else
      throw UsageError{"--types: unknown type \"" + shortened(t) + "\" (f32 or f64)"};
  }
}

/// --contract, --boundary and --ray over check's table (check/conventions.hpp).
void plan_contracts(const Options& o, Plan& p) {
  Conventions c = parse_conventions(ops(), o.contracts, o.boundary, o.ray);
  p.contracts = std::move(c.contracts);
  p.boundary = c.boundary;
  p.half_line = c.half_line;
}

void plan_library(const Options& o, Plan& p) {
  if (!o.impl_cmd.empty()) {
    if (const std::string why = command_problem(o.impl_cmd); !why.empty()) throw UsageError{"--impl-cmd: " + why};
    p.impl_cmd = o.impl_cmd;
    return;
  }
  p.library = o.impl;
  if (p.library.empty()) {
    p.library = default_plugin();
    if (p.library.empty() || !std::filesystem::exists(p.library))
      throw UsageError{
          "--impl: not given, and the bundled optimized plugin (libaabb-optimized.so) was not "
          "found"};
  }
  std::error_code ec;
  if (!std::filesystem::exists(p.library, ec))
    throw UsageError{"--impl " + p.library + ": no such file"};
  if (std::filesystem::is_directory(p.library, ec))
    throw UsageError{"--impl " + p.library + ": is a directory"};
}

}  // namespace

Plan make_plan(const Options& o) {
  Plan p;
  plan_ops_and_types(o, p);
  plan_contracts(o, p);
  p.seed = parse_count(o.seed, "--seed", UINT64_MAX);
  p.cases = o.cases.empty() ? 0 : parse_count(o.cases, "--cases", UINT64_MAX);
  // At most 10^9 s (about 32 years): a budget beyond what the clock can add to now would
  // otherwise wrap into the past and run no case.
  if (!(o.seconds >= 0) || !std::isfinite(o.seconds) || o.seconds > 1e9)
    throw UsageError{"--seconds: must be a number of seconds from 0 to 1000000000"};
  if (!(o.timeout > 0) || !std::isfinite(o.timeout) || o.timeout > 1e6)
    throw UsageError{"--timeout: must be a number of seconds > 0 (at most 1000000)"};
  p.limits.timeout = o.timeout;
  p.limits.memory_mib = parse_count(o.memory_limit, "--memory-limit", std::uint64_t{1} << 40);
  if (p.cases == 0 && o.seconds == 0) p.cases = 1000;
  p.seconds = o.seconds;
  p.probe = o.probe_nonfinite;
  p.progress = !o.quiet && isatty(STDERR_FILENO) == 1;
  p.json_file = o.json_file;
  p.junit_file = o.junit_file;
  p.sarif_file = o.sarif_file;
  p.html_file = o.html_file;
  if (!o.shard.empty()) {
    const auto slash = o.shard.find('/');
    if (slash == std::string::npos)
      throw UsageError{"--shard " + shortened(o.shard) + ": expected I/N, as in 0/4 (shards 0 to N-1)"};
    p.shards = parse_count(o.shard.substr(slash + 1), "--shard N", 1000000);
    p.shard = parse_count(o.shard.substr(0, slash), "--shard I", 1000000);
    if (p.shards == 0 || p.shard >= p.shards)
      throw UsageError{"--shard " + shortened(o.shard) + ": I must be below N, and N at least 1"};
  }
  plan_library(o, p);
  p.corpus = o.corpus;
  p.corpus_options = {p.library, o.ops, o.types, o.contracts, o.boundary, o.ray};
  p.corpus_options.impl_cmd = p.impl_cmd;
  return p;
}

}  // namespace aabb::check::tool
