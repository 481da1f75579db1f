#pragma once
/// Generic property templates, one per relation, instantiated per op by the float properties
/// (optimized_*_test.cpp, filtered_test.cpp) instead of one hand-written body per op:
///
/// - `each_type_and_dim(families...)`: each family's properties for float and double, 2D and 3D;
/// - `judged<T, N>(name, make, run, judge, more)`: the op's answer on a drawn case meets its
///   contract, as the judge (judge/) rules it against the exact reference;
/// - `keeps<T, N>(name, make, map, relation)`: a metamorphic map: the op's answers on a drawn
///   case and on its image stand in the relation (the same answer, the same hit and contract, ...);
/// - `batch_equals_scalar<T, N>(name, make, batch, scalar, more)`: a batch kernel's mask, index
///   list and times equal its scalar op on every element;
/// - `caught(what, property, budget)`, `caught_over_both_types(listing, budget, teeth)`: a seed
///   listing fails a property within a pinned budget (the teeth);
/// - the filtered evaluator's relations (filtered vs reference, filtered vs plain reference) are
///   in filtered_test.cpp, next to its op bindings.

#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "aabb/optimized/batch.hpp"
#include "checks.hpp"
#include "optimized_support.hpp"

namespace aabb::judge {}

namespace aabb::props {

/// The short names every float property uses (those of the reference's properties, checks.hpp,
/// and the judge namespace).
namespace harness_names {
using namespace exact_names;
using ::aabb::props::require_ok;
using ::aabb::props::run_pinned;
using ::aabb::props::show;
using ::aabb::props::tag;
using ::aabb::props::type_name;
namespace judge = ::aabb::judge;
}  // namespace harness_names

/// `using namespace aabb::props::float_names;`: opt is aabb::optimized itself, compiled with the
/// property (filtered_test.cpp, which judges filtered/ and only borrows optimized/'s types).
namespace float_names {
using namespace harness_names;
namespace opt = ::aabb::optimized;
}  // namespace float_names

namespace shipped {}
/// `using namespace aabb::props::shipped_names;`: opt is shipped/ (shipped/names.hpp), the
/// optimized/ ops compiled at the build's optimisation while the harness compiles at -O1.
namespace shipped_names {
using namespace harness_names;
namespace opt = ::aabb::props::shipped;
}  // namespace shipped_names

/// v with its entries permuted, result[i] = v[p[i]]: a vector's axes, or a matrix's rows.
template <class X, std::size_t N>
std::array<X, N> permuted(const std::array<X, N>& v, const std::vector<std::size_t>& p) {
  std::array<X, N> r;
  for (std::size_t i = 0; i < N; ++i) r[i] = v[p[i]];
  return r;
}

/// For (float, 2), (float, 3), (double, 2), (double, 3) in turn, calls every
/// f.template operator()<T, N>() in order: registers each family of properties (a generic
/// lambda `[]<class T, std::size_t N>() { ... }`) for every type and dimension.
template <class... F>
void each_type_and_dim(const F&... f) {
  (f.template operator()<float, 2>(), ...);
  (f.template operator()<float, 3>(), ...);
  (f.template operator()<double, 2>(), ...);
  (f.template operator()<double, 3>(), ...);
}

/// Tags nothing and checks nothing more.
struct NoClassify {
  template <class... X>
  void operator()(const X&...) const {}
};

/// "name (T, ND)": draws a case with `make` (a tuple of the op's inputs), runs the op on it with
/// `run(inputs...)`, requires that `judge(inputs..., answer)` finds no violation, then lets
/// `more(case, answer)` tag the case and check what else the property claims (a swap, ...).
template <class T, std::size_t N, class Make, class Run, class Judge, class More = NoClassify>
void judged(const std::string& name, Make make, Run run, Judge judge, More more = {}) {
  rc::prop(name + tag<T, N>(), [make, run, judge, more] {
    const auto c = make();
    const auto r = std::apply(run, c);
    require_ok(std::apply([&](const auto&... x) { return judge(x..., r); }, c));
    more(c, r);
  });
}

/// "name (T, ND)": a metamorphic map. Draws a case with `make`, maps it with `map` (which draws
/// what the map needs: a permutation, an axis) and asserts `relation(case, image)`.
template <class T, std::size_t N, class Make, class Map, class Relation>
void keeps(const std::string& name, Make make, Map map, Relation relation) {
  rc::prop(name + tag<T, N>(), [make, map, relation] {
    const auto c = make();
    const auto image = map(c);
    relation(c, image);
  });
}

// ---- Batch kernels against their scalar op ------------------------------------------------------

/// A batch kernel's answers: the mask, the index list and its length, and (for the moving
/// kernels) the time of every element and of every listed one.
template <class T>
struct BatchAnswer {
  std::vector<std::uint64_t> mask;
  std::vector<std::size_t> idx;
  std::size_t hits = 0;
  std::vector<T> t_all, t_listed;
};

/// Storage for n elements' answers, filled with garbage where the kernel must write.
template <class T>
BatchAnswer<T> batch_storage(std::size_t n, bool timed) {
  BatchAnswer<T> a;
  a.mask.assign(optimized::mask_words(n), ~std::uint64_t(0));
  a.idx.assign(n + 1, 0);
  if (timed) a.t_all.assign(n, T(0)), a.t_listed.assign(n + 1, T(0));
  return a;
}

inline bool bit(const std::vector<std::uint64_t>& mask, std::size_t k) {
  return ((mask[k / 64] >> (k % 64)) & 1u) != 0;
}

/// Same value bit for bit, or both NaN.
template <class T>
bool same_bits(T x, T y) {
  return (std::isnan(x) && std::isnan(y)) || std::memcmp(&x, &y, sizeof x) == 0;
}

/// Mask words past count are absent, bits past count are 0, and the index list is exactly the
/// set bits, ascending.
inline void consistent(const std::vector<std::uint64_t>& mask, std::size_t count,
                       const std::vector<std::size_t>& idx, std::size_t n) {
  RC_ASSERT(mask.size() == optimized::mask_words(count));
  if (count % 64 != 0) RC_ASSERT((mask.back() >> (count % 64)) == 0u);
  std::size_t listed = 0;
  for (std::size_t k = 0; k < count; ++k)
    if ((mask[k / 64] >> (k % 64)) & 1u) {
      RC_ASSERT(listed < n);
      RC_ASSERT(idx[listed] == k);
      ++listed;
    }
  RC_ASSERT(listed == n);
}

template <class R>
bool hit_of(const R& r) {
  if constexpr (std::is_same_v<R, bool>)
    return r;
  else
    return r.hit;
}

/// The kernel's answer equals the scalar answers: the mask bit is the hit, the time (if any) the
/// scalar t_enter bit for bit, for every element and every listed one; mask and list agree.
template <class T, class R>
void batch_agrees(const std::vector<R>& scalar, const BatchAnswer<T>& got) {
  const std::size_t n = scalar.size();
  for (std::size_t k = 0; k < n; ++k) {
    RC_ASSERT(bit(got.mask, k) == hit_of(scalar[k]));
    if constexpr (!std::is_same_v<R, bool>) RC_ASSERT(same_bits(got.t_all[k], scalar[k].t_enter));
  }
  consistent(got.mask, n, got.idx, got.hits);
  if constexpr (!std::is_same_v<R, bool>)
    for (std::size_t j = 0; j < got.hits; ++j) RC_ASSERT(same_bits(got.t_listed[j], scalar[got.idx[j]].t_enter));
}

/// "name (T, ND)": draws a case (a query and its elements, `c.elements`), runs the kernel with
/// `batch(c)` (a BatchAnswer), runs `scalar(c, element)` on every element and requires that they
/// agree; then `more(c, answer, scalar answers)` adds the kernel's own checks and tags.
template <class T, std::size_t N, class Make, class Batch, class Scalar, class More = NoClassify>
void batch_equals_scalar(const std::string& name, Make make, Batch batch, Scalar scalar, More more = {}) {
  rc::prop(name + tag<T, N>(), [make, batch, scalar, more] {
    const auto c = make();
    const BatchAnswer<T> got = batch(c);
    std::vector<decltype(scalar(c, c.elements.front()))> want;
    for (const auto& e : c.elements) want.push_back(scalar(c, e));
    batch_agrees(want, got);
    more(c, got, want);
  });
}

// ---- Teeth ---------------------------------------------------------------------------------------

/// Runs `property` with the pinned seed and `budget` cases, requires that it fails (a seed
/// listing's flaw is found) and prints the shrunk counterexample after `what`.
template <class Prop>
void caught(const std::string& what, Prop&& property, int budget) {
  const auto f = run_pinned(std::forward<Prop>(property), budget);
  REQUIRE(f.has_value());
  std::cout << what << ": " << show(*f);
}

/// SECTION("<listing> over float is caught within <budget> cases") running
/// teeth.template operator()<float>(), then the same over double.
template <class Teeth>
void caught_over_both_types(const std::string& listing, int budget, const Teeth& teeth) {
  SECTION(listing + " over float is caught within " + std::to_string(budget) + " cases") {
    teeth.template operator()<float>();
  }
  SECTION(listing + " over double is caught within " + std::to_string(budget) + " cases") {
    teeth.template operator()<double>();
  }
}

}  // namespace aabb::props
