#pragma once
/// The one differential fuzz target (docs/fuzzing.md): a selector byte picks the float type,
/// the dimension and one case of the target's list; the case reads its inputs from the bytes,
/// calls optimized/ and judges the answer against the exact reference (judge/), or, for input
/// outside the reference's domain, against the documented answers of judge/nonfinite.hpp. A
/// violation aborts with the broken clause and the eval line of the input.
///
/// A case (fuzz/variants.hpp) is a struct with
///   `label`                       the name in the report: "overlap (centre-extent)";
///   `using Op`                    the registry's op (aabb/ops/descriptors.hpp): the eval line's op;
///   `read(Reader<T, N>&)`          a std::tuple of named inputs, read in the order of the bytes;
///   `verdict(valid, inputs...)`    calls optimized/ and judges: a std::optional<judge::Violation>.
/// `valid` is whether every input is in the reference's domain (finite, no inverted box, no
/// negative extent); a case with more rules (a non-empty list, r >= 0) adds them.
///
/// Input: the selector byte (bits 0-1 type and dimension, bits 2-7 the case, modulo the number
/// of cases), then the case's values as fuzzer_common.hpp's ValueSource reads them.

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "aabb/judge/nonfinite.hpp"
#include "aabb/ops/descriptors.hpp"
#include "fuzzer_common.hpp"

namespace aabb::fuzz {

/// An input with the name of its eval field.
template <class X>
struct Named {
  const char* name;
  X value;
};

/// A time bound: a finite number, or +inf where the protocol allows it (a ray's t_max), which
/// the eval line writes as "inf".
template <opt::Float T>
struct Time {
  T value;
};

/// A graph's neighbour lists (hill_climb), indices out of range on purpose.
using Graph = std::vector<std::vector<std::size_t>>;

/// Reads one case's inputs: each value through the ValueSource (pool and edge vocabulary),
/// counts and indices as single bytes.
template <opt::Float T, std::size_t N>
class Reader {
 public:
  explicit Reader(ByteSource& in) : in_(in), values_(in) {}

  [[nodiscard]] std::uint8_t byte() { return in_.byte(); }
  [[nodiscard]] opt::Vec<T, N> vec() { return values_.template vec<N>(); }
  [[nodiscard]] Named<T> scalar(const char* name) { return {name, values_.next()}; }
  [[nodiscard]] Named<opt::Vec<T, N>> vec(const char* name) { return {name, vec()}; }
  [[nodiscard]] Named<opt::Box<T, N>> box(const char* name) { return {name, {vec(), vec()}}; }
  [[nodiscard]] Named<opt::CenterExtent<T, N>> center_extent(const char* name) {
    return {name, {vec(), vec()}};
  }
  [[nodiscard]] Named<opt::Matrix<T, N>> matrix(const char* name) {
    opt::Matrix<T, N> m;
    for (auto& row : m) row = vec();
    return {name, m};
  }
  [[nodiscard]] Named<std::array<opt::Vec<T, N>, 3>> triangle(const char* name) {
    std::array<opt::Vec<T, N>, 3> v;
    for (auto& p : v) p = vec();
    return {name, v};
  }
  [[nodiscard]] Named<std::vector<opt::Vec<T, N>>> points(const char* name, std::size_t count) {
    std::vector<opt::Vec<T, N>> ps(count);
    for (auto& p : ps) p = vec();
    return {name, std::move(ps)};
  }

 private:
  ByteSource& in_;
  ValueSource<T> values_;
};

/// Whether an input is in the reference's domain (judge/nonfinite.hpp for vectors and boxes).
template <opt::Float T>
[[nodiscard]] bool in_domain(T x) {
  return std::isfinite(x);
}
template <opt::Float T>
[[nodiscard]] bool in_domain(Time<T> t) {
  return std::isfinite(t.value) || t.value == std::numeric_limits<T>::infinity();
}
template <class X>
  requires requires(const X& x) { judge::nonfinite::in_domain(x); }
[[nodiscard]] bool in_domain(const X& x) {
  return judge::nonfinite::in_domain(x);
}
template <opt::Float T, std::size_t N>
[[nodiscard]] bool in_domain(const std::vector<opt::Vec<T, N>>& points) {
  for (const auto& p : points)
    if (!in_domain(p)) return false;
  return true;
}
/// A matrix's rows, or a triangle's vertices.
template <opt::Float T, std::size_t N, std::size_t M>
[[nodiscard]] bool in_domain(const std::array<opt::Vec<T, N>, M>& rows) {
  return in_domain(std::vector<opt::Vec<T, N>>(rows.begin(), rows.end()));
}
[[nodiscard]] inline bool in_domain(std::size_t) { return true; }  // checked by the case
[[nodiscard]] inline bool in_domain(const Graph&) { return true; }  // checked by the case

/// An input as the eval protocol writes it (hex floats: the exact bits).
template <opt::Float T>
[[nodiscard]] std::string json(T x) {
  return EvalLine::num(x);
}
template <opt::Float T>
[[nodiscard]] std::string json(Time<T> t) {
  // +inf is the protocol's unbounded t_max, valid eval input.
  return t.value == std::numeric_limits<T>::infinity() ? "\"inf\"" : EvalLine::num(t.value);
}
template <class X>
  requires requires(const X& x) { EvalLine::box(x); }
[[nodiscard]] std::string json(const X& x) {
  return EvalLine::box(x);
}
template <opt::Float T, std::size_t N>
[[nodiscard]] std::string json(const opt::Vec<T, N>& v) {
  return EvalLine::vec(v);
}
template <opt::Float T, std::size_t N>
[[nodiscard]] std::string json(const std::vector<opt::Vec<T, N>>& points) {
  return EvalLine::points(points);
}
/// A matrix's rows, or a triangle's vertices: an array of vectors.
template <opt::Float T, std::size_t N, std::size_t M>
[[nodiscard]] std::string json(const std::array<opt::Vec<T, N>, M>& rows) {
  return EvalLine::points(std::vector<opt::Vec<T, N>>(rows.begin(), rows.end()));
}
[[nodiscard]] inline std::string json(std::size_t k) { return std::to_string(k); }
[[nodiscard]] inline std::string json(const Graph& g) {
  std::string s = "[";
  for (std::size_t k = 0; k < g.size(); ++k) {
    s += k ? ", [" : "[";
    for (std::size_t j = 0; j < g[k].size(); ++j) s += (j ? ", " : "") + std::to_string(g[k][j]);
    s += "]";
  }
  return s + "]";
}

/// Reads, calls, judges and reports one case of type T in dimension N.
template <class Case, opt::Float T, std::size_t N>
void run_case(ByteSource& in) {
  Reader<T, N> reader(in);
  const auto inputs = Case::read(reader);
  std::apply(
      [&](const auto&... x) {
        // Each input is named after a field of the registry's op, or the replay line would be
        // one eval rejects: checked once per case and type, so a renamed field fails every replay.
        static const bool named_as_registry = [&] {
          auto is_field = [](std::string_view name) {
            for (const auto& f : Case::Op::fields)
              if (f.name == name) return true;
            std::fprintf(stderr, "aabb fuzz: %s reads an input \"%.*s\" that %s has no field of\n",
                         Case::label, static_cast<int>(name.size()), name.data(),
                         std::string(Case::Op::name).c_str());
            std::abort();
          };
          return (is_field(x.name) && ...);
        }();
        (void)named_as_registry;
        const bool valid = (in_domain(x.value) && ...);
        report(Case::verdict(valid, x.value...), op_name<T, N>(Case::label), [&] {
          EvalLine line(std::string(Case::Op::name).c_str());
          (line.field(x.name, json(x.value)), ...);
          return line.str();
        });
      },
      inputs);
}

/// The fuzz entry point of a target with these cases.
template <class... Cases>
int differential(const std::uint8_t* data, std::size_t size) {
  ByteSource in(data, size);
  const std::uint8_t selector = in.byte();
  const std::size_t pick = (selector >> 2) % sizeof...(Cases);
  with_type_and_dimension(selector, [&]<class T, std::size_t N>() {
    std::size_t k = 0;
    ((k++ == pick ? run_case<Cases, T, N>(in) : void()), ...);
  });
  return 0;
}

}  // namespace aabb::fuzz
