#pragma once
/// Saved fuzz inputs (crash files, corpus entries) replayed against a library: each decoded by
/// the fuzz driver (aabb/fuzz_driver.hpp) into its function and eval line, called in a child
/// process (check's Sandbox: a crash or a hang is a verdict, not the end of the run), judged.
/// `aabb-oracle replay` prints them; `check --corpus` runs them before generating cases.

#include <string>
#include <vector>

#include "aabb/fuzz_driver.hpp"
#include "check/sandbox.hpp"

namespace aabb::fuzz_driver {

/// One input and what it came to. A crash or a hang is a Fail with that kind.
struct Replayed {
  std::string file;
  Outcome outcome;
};

struct ReplayRun {
  std::string error;  ///< the library could not be loaded, or a path could not be read (usage)
  std::vector<std::string> symbols;  ///< the functions found and selected
  std::vector<Replayed> inputs;      ///< in the order given, a directory's files sorted by name
  [[nodiscard]] std::size_t failed() const;
};

/// Replays every file of `paths` (a directory: every regular file in it, sorted by name). With
/// o.impl_cmd, through `process` when given (a sandbox whose process check already started:
/// check --corpus), else through a process of its own.
[[nodiscard]] ReplayRun replay(const Options& o, const std::vector<std::string>& paths,
                               const check::ChildLimits& limits, check::Sandbox* process = nullptr);

/// One input as text: "FILE: op type (symbol): PASS" and, for a failure, the report's lines.
[[nodiscard]] std::string replay_text(const Replayed& r);

}  // namespace aabb::fuzz_driver
