#pragma once
/// What every fuzz target shares: bytes turned into values (the case library's decoder,
/// aabb/cases/bytes.hpp: every bit pattern of a float or double is reachable, NaN and ±inf
/// included, and a value pool makes touching, nested and ulp-apart inputs likely), the
/// `aabb-oracle eval` line of an input, and the report that aborts on a violated contract.

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "aabb/cases/bytes.hpp"
#include "aabb/judge/violation.hpp"
#include "aabb/optimized/box.hpp"
#include "aabb/reference/float_bits.hpp"

namespace aabb::fuzz {

namespace opt = aabb::optimized;

/// The byte decoder is the case library's (aabb/cases/bytes.hpp), shared with the differential
/// driver of a user's library (aabb-oracle-fuzz): a corpus input means the same values to both.
using gen::ByteSource;
template <opt::Float T>
using ValueSource = gen::ValueSource<T>;

/// Builds one `aabb-oracle eval` input line from the float inputs, every number as a hex-float
/// string so that eval reads the exact bits. Non-finite values print as "nan" / "inf" (eval
/// rejects them; the report says so).
class EvalLine {
 public:
  explicit EvalLine(const char* op) { text_ = std::string("{\"op\": \"") + op + "\""; }

  template <opt::Float T>
  static std::string num(T x) {
    if (!std::isfinite(x)) nonfinite_seen() = true;
    return "\"" + aabb::reference::hex(x) + "\"";
  }
  template <opt::Float T, std::size_t N>
  static std::string vec(const opt::Vec<T, N>& v) {
    std::string s = "[";
    for (std::size_t i = 0; i < N; ++i) s += (i ? ", " : "") + num(v[i]);
    return s + "]";
  }
  template <opt::Float T, std::size_t N>
  static std::string points(const std::vector<opt::Vec<T, N>>& ps) {
    std::string s = "[";
    for (std::size_t k = 0; k < ps.size(); ++k) s += (k ? ", " : "") + vec(ps[k]);
    return s + "]";
  }
  template <opt::Float T, std::size_t N>
  static std::string box(const opt::Box<T, N>& b) {
    return "{\"min\": " + vec(b.lo) + ", \"max\": " + vec(b.hi) + "}";
  }
  template <opt::Float T, std::size_t N>
  static std::string box(const opt::CenterExtent<T, N>& b) {
    return "{\"center\": " + vec(b.center) + ", \"extent\": " + vec(b.extent) + "}";
  }

  /// Adds `"key": json` (json already rendered).
  EvalLine& field(const char* key, const std::string& json) {
    text_ += std::string(", \"") + key + "\": " + json;
    return *this;
  }

  [[nodiscard]] std::string str() const { return text_ + "}"; }

  /// Set when a rendered number was NaN or ±inf since the last reset.
  static bool& nonfinite_seen() {
    static bool seen = false;
    return seen;
  }

 private:
  std::string text_;
};

/// The op being judged, for the report: "overlap (float, 3D)".
template <opt::Float T, std::size_t N>
[[nodiscard]] std::string op_name(const char* op) {
  return std::string(op) + " (" + (sizeof(T) == 4 ? "float" : "double") + ", " + std::to_string(N) +
         "D)";
}

/// Aborts with the violated clause and a replayable eval line when `v` holds a violation.
/// `line` is built lazily: only a failing input pays for the text.
template <class MakeLine>
void report(const std::optional<aabb::judge::Violation>& v, const std::string& op,
            MakeLine&& make_line) {
  if (!v) return;
  EvalLine::nonfinite_seen() = false;
  const std::string line = make_line();
  std::fprintf(stderr,
               "\n==== aabb fuzz: CONTRACT VIOLATION ====\n"
               "op:     %s\n"
               "clause: %s\n"
               "detail: %s\n",
               op.c_str(), v->clause.c_str(), v->detail.c_str());
  if (EvalLine::nonfinite_seen())
    std::fprintf(stderr,
                 "input (has NaN or infinity, so it is not valid eval input; the exact bits are "
                 "shown as hex floats):\n  %s\n",
                 line.c_str());
  else
    std::fprintf(stderr, "replay: echo '%s' | aabb-oracle eval\n", line.c_str());
  std::fflush(stderr);
  std::abort();
}

/// Calls fn.template operator()<T, N>() for the float type and dimension the selector byte's
/// two low bits pick: every target covers float and double, 2D and 3D.
template <class Fn>
void with_type_and_dimension(std::uint8_t selector, Fn&& fn) {
  switch (selector & 3) {
    case 0:
      fn.template operator()<float, 2>();
      break;
    case 1:
      fn.template operator()<float, 3>();
      break;
    case 2:
      fn.template operator()<double, 2>();
      break;
    default:
      fn.template operator()<double, 3>();
      break;
  }
}

}  // namespace aabb::fuzz
