#pragma once
/// Helpers shared by the properties of optimized/ (optimized_*_test.cpp): names for sections,
/// conversions from the generators' boxes, judge failures as RapidCheck failures, and a pinned
/// run of a property that is expected to FAIL (the seed listings as counter-examples).

#include <rapidcheck.h>

#include <cmath>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>

#include "aabb/cases/generators.hpp"
#include "aabb/judge/violation.hpp"
#include "aabb/optimized/box.hpp"
#include "aabb/reference/box.hpp"

namespace aabb::props {

/// "float" or "double".
template <class T>
std::string type_name() {
  return std::is_same_v<T, float> ? "float" : "double";
}
/// " (float, 3D)": a suffix for section names.
template <class T, std::size_t N>
std::string tag() {
  return " (" + type_name<T>() + ", " + std::to_string(N) + "D)";
}

/// Fails the case with the judge's clause and numbers when it found a violation.
inline void require_ok(const std::optional<judge::Violation>& v) {
  if (v) RC_FAIL(v->clause + ": " + v->detail);
}

/// Runs `prop` with a pinned seed and case budget (independent of RC_PARAMS, since the test
/// asserts the outcome); returns the shrunk failure, or empty when the property held throughout.
template <class Prop>
std::optional<rc::detail::FailureResult> run_pinned(Prop&& prop, int budget) {
  rc::detail::TestParams params;
  params.seed = 20261122;
  params.maxSuccess = budget;
  params.maxSize = 100;
  params.maxDiscardRatio = 10;
  const auto result =
      rc::detail::checkTestable(std::forward<Prop>(prop), rc::detail::TestMetadata{}, params);
  rc::detail::FailureResult f;
  if (result.match(f)) return f;
  return std::nullopt;
}

/// A failure as text: how many cases passed first, the message and the counterexample.
inline std::string show(const rc::detail::FailureResult& f) {
  std::ostringstream os;
  os << "after " << f.numSuccess << " passing cases: " << f.description << "\n";
  for (const auto& [type, value] : f.counterExample) os << "  " << type << " = " << value << "\n";
  return os.str();
}

}  // namespace aabb::props
