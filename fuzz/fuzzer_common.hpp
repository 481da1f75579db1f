#pragma once
/// What every fuzz target shares: bytes turned into values with memcpy (every bit pattern of a
/// float or double is reachable, NaN and ±inf included), a value pool that makes touching,
/// nested and ulp-apart inputs likely, the `aabb-oracle eval` line of an input, and the report
/// that aborts on a violated contract.

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

#include "aabb/judge/violation.hpp"
#include "aabb/optimized/box.hpp"
#include "aabb/reference/float_bits.hpp"

namespace aabb::fuzz {

namespace opt = aabb::optimized;

/// Reads the fuzzer's bytes front to back; past the end every read gives zeros, so any input
/// length is a complete input.
class ByteSource {
 public:
  ByteSource(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  [[nodiscard]] std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }

  /// sizeof(X) bytes as X, by memcpy (zero-padded at the end of the input).
  template <class X>
  [[nodiscard]] X raw() {
    unsigned char buf[sizeof(X)] = {};
    const std::size_t n = pos_ < size_ ? std::min(sizeof(X), size_ - pos_) : 0;
    if (n) std::memcpy(buf, data_ + pos_, n);
    pos_ += n;
    X x;
    std::memcpy(&x, buf, sizeof(X));
    return x;
  }

  [[nodiscard]] bool empty() const { return pos_ >= size_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

/// The values the differential targets feed to the ops. Each value costs one control byte that
/// picks how it is made, then a payload:
///   0 raw bits (every pattern, NaN and ±inf included)   4 a special value (table below)
///   1 a small multiple of 1/4 (touching faces)          5 a previous value negated
///   2 a previous value (equal bounds, containment)      6 ±2^k, k in [-1100, 1100) (range edges)
///   3 a previous value moved by -4..4 ulps              7 a previous value plus another, rounded
/// Every value joins the pool that modes 2, 3, 5 and 7 draw from. fuzz/make_seeds.py writes
/// inputs in this format.
template <opt::Float T>
class ValueSource {
 public:
  explicit ValueSource(ByteSource& in) : in_(in) {}

  [[nodiscard]] T next() {
    const std::uint8_t mode = in_.byte() % 8;
    T x = 0;
    switch (mode) {
      case 0:
        x = in_.raw<T>();
        break;
      case 1:
        x = T(static_cast<std::int8_t>(in_.byte())) / 4;
        break;
      case 2:
        x = pick();
        break;
      case 3:
        x = step_ulps(pick(), static_cast<int>(in_.byte() % 9) - 4);
        break;
      case 4:
        x = special(in_.byte());
        break;
      case 5:
        x = -pick();
        break;
      case 6: {
        const int k = static_cast<int>(in_.raw<std::uint16_t>() % 2200) - 1100;
        x = std::ldexp(T(1), k);
        if (in_.byte() & 1) x = -x;
        break;
      }
      default: {
        const T a = pick();
        x = a + pick();
        break;
      }
    }
    pool_.push_back(x);
    return x;
  }

  template <std::size_t N>
  [[nodiscard]] opt::Vec<T, N> vec() {
    opt::Vec<T, N> v;
    for (auto& x : v) x = next();
    return v;
  }
  /// 0, ±0, ±1, ±inf, NaN, ±max, the smallest normal and subnormal, epsilon, 1/2, 1/3.
  [[nodiscard]] static T special(std::uint8_t k) {
    using L = std::numeric_limits<T>;
    const T table[] = {
        T(0),           -T(0),    T(1),        T(-1),    L::infinity(),   -L::infinity(),
        L::quiet_NaN(), L::max(), -L::max(),   L::min(), L::denorm_min(), -L::denorm_min(),
        L::epsilon(),   T(0.5),   T(1) / T(3), -L::min()};
    return table[k % (sizeof(table) / sizeof(table[0]))];
  }

 private:
  T pick() { return pool_.empty() ? T(0) : pool_[in_.byte() % pool_.size()]; }

  static T step_ulps(T x, int k) {
    const T to = k < 0 ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
    for (int i = 0; i < (k < 0 ? -k : k); ++i) x = std::nextafter(x, to);
    return x;
  }

  ByteSource& in_;
  std::vector<T> pool_;
};

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
