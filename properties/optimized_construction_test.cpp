// Properties of optimized/construction.hpp against the exact reference, through the judges of
// judge/construction.hpp: bounds_of_sphere, transform (both forms), extreme_points, hill_climb,
// for float and double in 2D and 3D; the metamorphic rules; and seed 002's listings
// (listings/textbook.hpp) shown to break the same contracts on a fixed seed.

#include <rapidcheck/catch.h>

#include <array>
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "aabb/judge/construction.hpp"
#include "aabb/judge/nonfinite.hpp"
#include "shipped/construction.hpp"
#include "exact_maps.hpp"
#include "aabb/cases/generators.hpp"
#include "optimized_support.hpp"
#include "relations.hpp"
#include "aabb/listings/textbook.hpp"

namespace {

using namespace aabb::props::shipped_names;
using aabb::props::judged;

template <class T>
bool huge_or_tiny(T x) {
  const T a = std::fabs(x);
  return a != 0 && (a > T(1) / std::numeric_limits<T>::epsilon() || a < std::numeric_limits<T>::min());
}

/// Whether a bound of the box overflowed to ±inf.
template <class T, std::size_t N>
bool overflowed(const opt::Box<T, N>& b) {
  bool overflow = false;
  for (std::size_t i = 0; i < N; ++i) overflow = overflow || std::isinf(b.lo[i]) || std::isinf(b.hi[i]);
  return overflow;
}

/// A transform's inputs: a box of either form, a matrix and a translation, drawn in that order.
template <class T, std::size_t N, class B>
std::tuple<B, opt::Matrix<T, N>, opt::Vec<T, N>> transform_case() {
  B box;
  if constexpr (std::is_same_v<B, opt::Box<T, N>>)
    box = *gen::box<T, N>();
  else
    box = *gen::center_extent<T, N>();
  const auto m = *gen::matrix<T, N>();
  return {box, m, *gen::vec<T, N>()};
}

// ---- Exact translations of rounded results ----------------------------------------------------
//
// Directed rounding commutes with a translation that keeps the grid around the result. Let
// a = RD(y) and b the float after a, so a <= y < b (or y = a). If a + w and b + w are floats
// with no float between them, then a + w <= y + w < b + w, and a float f with
// a + w < f <= y + w would lie strictly between them: so RD(y + w) = a + w. The same holds for
// RU with the float before. For rounding to nearest, the nearer of a + w and b + w is the image
// of the nearer of a and b, and a tie goes to the same one when a and a + w have the same last
// significand bit (consecutive floats have consecutive bit patterns, so parities alternate).
// A bound that overflowed has no such grid, and is not translated.

/// x and its two neighbours in T (for exact_shift: all of them must move exactly).
template <class T>
std::vector<T> with_neighbours(T x) {
  constexpr T inf = std::numeric_limits<T>::infinity();
  return {std::nextafter(x, -inf), x, std::nextafter(x, inf)};
}

/// Whether translating by w maps x's neighbours and x onto three consecutive floats (and, when
/// `parity` is asked, keeps x's last significand bit): then every rounding of a value next to
/// x commutes with the translation.
template <class T>
bool keeps_grid(T x, T w, bool parity) {
  constexpr T inf = std::numeric_limits<T>::infinity();
  const T below = std::nextafter(x, -inf), above = std::nextafter(x, inf);
  if (!std::isfinite(below) || !std::isfinite(above)) return false;
  for (T v : {below, x, above})
    if (!gen::sum_is_exact(v, w)) return false;
  using Bits = std::conditional_t<std::is_same_v<T, float>, std::uint32_t, std::uint64_t>;
  const bool same_parity = (std::bit_cast<Bits>(x) & 1) == (std::bit_cast<Bits>(T(x + w)) & 1);
  return std::nextafter(T(below + w), inf) == x + w && std::nextafter(T(x + w), inf) == above + w &&
         (!parity || same_parity);
}

/// A translation for results r_lo, r_hi on each axis (with `also` moved exactly too): each
/// axis's shift, the first of up to 8 exact shifts that keeps both results' grids, or 0.
template <class T, std::size_t N>
opt::Vec<T, N> grid_translation(const opt::Vec<T, N>& also, const opt::Vec<T, N>& r_lo,
                                const opt::Vec<T, N>& r_hi, bool parity) {
  opt::Vec<T, N> w{};
  for (std::size_t i = 0; i < N; ++i) {
    std::vector<T> values{also[i]};
    for (T x : {r_lo[i], r_hi[i]}) {
      const auto n = with_neighbours(x);
      values.insert(values.end(), n.begin(), n.end());
    }
    for (int attempt = 0; attempt < 8 && w[i] == 0; ++attempt) {
      const T shift = *gen::exact_shift<T>(values);
      if (shift == 0) break;
      if (keeps_grid(r_lo[i], shift, parity) && keeps_grid(r_hi[i], shift, parity)) w[i] = shift;
    }
  }
  return w;
}

/// Each axis's coordinates over a point set (what a translation of the points must keep exact).
template <class T, std::size_t N>
std::array<std::vector<T>, N> axis_values(const std::vector<opt::Vec<T, N>>& ps) {
  std::array<std::vector<T>, N> axes;
  for (const auto& p : ps)
    for (std::size_t i = 0; i < N; ++i) axes[i].push_back(p[i]);
  return axes;
}

/// "name (T, ND)": a translation w of t that keeps the grid around the result (of its bounds,
/// or with `parity` of its centre) moves the result as `check(r, translated r, w, i)` says on
/// every moved axis i.
template <class T, std::size_t N, class B, class Check>
void translating_t(const std::string& name, bool parity, Check check) {
  rc::prop(name + tag<T, N>(), [parity, check] {
    const auto [box, m, t] = transform_case<T, N, B>();
    const auto r = opt::transform(box, m, t);
    opt::Vec<T, N> w;
    if constexpr (std::is_same_v<B, opt::Box<T, N>>)
      w = grid_translation<T, N>(t, r.lo, r.hi, parity);
    else
      w = grid_translation<T, N>(t, r.center, r.center, parity);
    RC_TAG(gen::moved_axes<T, N>(w));
    auto tt = t;
    for (std::size_t i = 0; i < N; ++i) tt[i] += w[i];
    const auto tr = opt::transform(box, m, tt);
    for (std::size_t i = 0; i < N; ++i)
      if (w[i] != 0) check(r, tr, w, i);
  });
}

// ---- bounds_of_sphere -------------------------------------------------------------------------

constexpr auto sphere_properties = []<class T, std::size_t N>() {
  judged<T, N>(
      "each bound is the exact c ± r rounded outward",
      [] {
        const auto c = *gen::vec<T, N>();
        return std::tuple{c, T(*gen::nonnegative<T>())};
      },
      [](const auto&... x) { return opt::bounds_of_sphere(x...); },
      [](const auto&... x) { return judge::bounds_of_sphere(x...); },
      [](const auto& s, const auto& b) {
        RC_CLASSIFY(std::get<1>(s) == 0, "r = 0");
        RC_CLASSIFY(overflowed(b), "a bound overflowed to inf");
        RC_CLASSIFY(huge_or_tiny(std::get<1>(s)), "huge or tiny r");
        RC_CLASSIFY(!opt::detail::sphere_in_range(std::get<0>(s), std::get<1>(s)),
                    "general path (a value >= 2^(emax-2))");
      });
  judged<T, N>(
      "bounds_of_sphere_loose: each bound conservative, at most one step beyond the directed one",
      [] {
        const auto c = *gen::vec<T, N>();
        // r < 0 (outside the domain) keeps the same rule: the rounded sum stepped outward.
        const T r = *gen::chance(90) ? T(*gen::nonnegative<T>()) : T(*gen::number<T>());
        return std::tuple{c, r};
      },
      [](const auto&... x) { return opt::bounds_of_sphere_loose(x...); },
      [](const auto&... x) { return judge::bounds_of_sphere_loose(x...); },
      [](const auto& s, const auto& b) {
        const auto tight = opt::bounds_of_sphere(std::get<0>(s), std::get<1>(s));
        bool stepped = false;
        for (std::size_t i = 0; i < N; ++i) stepped = stepped || b.lo[i] != tight.lo[i] || b.hi[i] != tight.hi[i];
        RC_CLASSIFY(stepped, "a bound one step beyond the tight one");
        RC_CLASSIFY(std::get<1>(s) < 0, "r < 0");
        RC_CLASSIFY(overflowed(b), "a bound overflowed to inf");
      });
  rc::prop("bounds_of_sphere_loose: non-finite inputs get their documented answers" + tag<T, N>(), [] {
    constexpr T inf = std::numeric_limits<T>::infinity();
    const std::vector<T> odd = {inf, -inf, std::numeric_limits<T>::quiet_NaN()};
    auto c = *gen::vec<T, N>();
    T r = *gen::number<T>();
    for (auto& x : c)
      if (*gen::chance(40)) x = *rc::gen::elementOf(odd);
    if (*gen::chance(30)) r = *rc::gen::elementOf(odd);
    require_ok(aabb::judge::nonfinite::bounds_of_sphere_loose(c, r, opt::bounds_of_sphere_loose(c, r)));
  });
  rc::prop("a representable c ± r is returned exactly" + tag<T, N>(), [] {
    opt::Vec<T, N> c;
    for (auto& x : c) x = T(*gen::int_in(-1000, 1000));
    const T r = T(*gen::int_in(0, 1000));
    const auto b = opt::bounds_of_sphere(c, r);
    for (std::size_t i = 0; i < N; ++i) {
      RC_ASSERT(b.lo[i] == c[i] - r);
      RC_ASSERT(b.hi[i] == c[i] + r);
    }
  });
  rc::prop("permuting the axes permutes the bounds" + tag<T, N>(), [] {
    const auto c = *gen::vec<T, N>();
    const T r = *gen::nonnegative<T>();
    const auto p = *gen::permutation(N);
    opt::Vec<T, N> pc;
    for (std::size_t i = 0; i < N; ++i) pc[i] = c[p[i]];
    const auto b = opt::bounds_of_sphere(c, r), pb = opt::bounds_of_sphere(pc, r);
    for (std::size_t i = 0; i < N; ++i) {
      RC_ASSERT(pb.lo[i] == b.lo[p[i]]);
      RC_ASSERT(pb.hi[i] == b.hi[p[i]]);
    }
  });
  rc::prop("flipping the centre's sign flips the box" + tag<T, N>(), [] {
    const auto c = *gen::vec<T, N>();
    const T r = *gen::nonnegative<T>();
    opt::Vec<T, N> nc;
    for (std::size_t i = 0; i < N; ++i) nc[i] = -c[i];
    const auto b = opt::bounds_of_sphere(c, r), nb = opt::bounds_of_sphere(nc, r);
    for (std::size_t i = 0; i < N; ++i) {
      RC_ASSERT(nb.lo[i] == -b.hi[i]);
      RC_ASSERT(nb.hi[i] == -b.lo[i]);
    }
  });
  rc::prop("translating the centre by a grid-keeping w translates the box by w" + tag<T, N>(), [] {
    const auto c = *gen::vec<T, N>();
    const T r = *gen::nonnegative<T>();
    const auto b = opt::bounds_of_sphere(c, r);
    const auto w = grid_translation<T, N>(c, b.lo, b.hi, false);
    RC_TAG(gen::moved_axes<T, N>(w));
    auto tc = c;
    for (std::size_t i = 0; i < N; ++i) tc[i] += w[i];
    const auto tb = opt::bounds_of_sphere(tc, r);
    for (std::size_t i = 0; i < N; ++i) {
      if (w[i] == 0) continue;
      RC_ASSERT(tb.lo[i] == b.lo[i] + w[i]);
      RC_ASSERT(tb.hi[i] == b.hi[i] + w[i]);
    }
  });
  rc::prop("scaling by 2^k scales the box where no value is subnormal or overflows" + tag<T, N>(), [] {
    const auto c = *gen::vec<T, N>();
    const T r = *gen::nonnegative<T>();
    const int k = *gen::int_in(-40, 40);
    opt::Vec<T, N> sc;
    bool normal = std::ldexp(std::ldexp(r, k), -k) == r && (r == 0 || std::isnormal(r)) &&
                  (r == 0 || std::isnormal(std::ldexp(r, k)));
    for (std::size_t i = 0; i < N; ++i) {
      sc[i] = std::ldexp(c[i], k);
      normal = normal && std::ldexp(sc[i], -k) == c[i] && (c[i] == 0 || (std::isnormal(c[i]) && std::isnormal(sc[i])));
    }
    const auto b = opt::bounds_of_sphere(c, r), sb = opt::bounds_of_sphere(sc, std::ldexp(r, k));
    for (std::size_t i = 0; i < N; ++i) {
      const T bl = std::ldexp(b.lo[i], k), bh = std::ldexp(b.hi[i], k);
      normal = normal && std::isnormal(bl) && std::isnormal(bh) && std::isnormal(b.lo[i]) && std::isnormal(b.hi[i]) &&
               std::isnormal(sb.lo[i]) && std::isnormal(sb.hi[i]);
    }
    RC_PRE(normal);
    for (std::size_t i = 0; i < N; ++i) {
      RC_ASSERT(sb.lo[i] == std::ldexp(b.lo[i], k));
      RC_ASSERT(sb.hi[i] == std::ldexp(b.hi[i], k));
    }
  });
};

// ---- transform --------------------------------------------------------------------------------

constexpr auto transform_properties = []<class T, std::size_t N>() {
  rc::prop("min–max: an inverted box gives its sign-rule corners' images rounded outward" + tag<T, N>(),
           [] {
             // Invalid input with a documented answer; the fuzz corpus found the filter swapping
             // an inverted axis's products by M's sign instead of by the inversion.
             auto box = *gen::box<T, N>();
             const auto k = static_cast<std::size_t>(*gen::int_in(0, int(N) - 1));
             std::swap(box.lo[k], box.hi[k]);
             RC_CLASSIFY(box.lo[k] > box.hi[k], "axis inverted");
             const auto m = *gen::matrix<T, N>();
             const auto t = *gen::vec<T, N>();
             require_ok(aabb::judge::nonfinite::transform(box, m, t, opt::transform(box, m, t)));
           });
  const auto run = [](const auto&... x) { return opt::transform(x...); };
  const auto rules = [](const auto&... x) { return judge::transform(x...); };
  judged<T, N>("min–max: each bound is the exact bound rounded outward", transform_case<T, N, opt::Box<T, N>>, run,
               rules, [](const auto&, const auto& r) {
                 RC_CLASSIFY(overflowed(r), "a bound overflowed to inf");
                 RC_CLASSIFY(r.lo == r.hi, "point result");
               });
  judged<T, N>(
      "centre–radius: the box contains the exact one, centre correctly rounded, extent rounded up",
      transform_case<T, N, opt::CenterExtent<T, N>>, run, rules, [](const auto&, const auto& r) {
        bool inf_extent = false;
        for (T e : r.extent) inf_extent = inf_extent || std::isinf(e);
        RC_CLASSIFY(inf_extent, "extent overflowed to inf");
      });
  // transform_conservative: its own contract, the fast path's and the fallback's cases tagged.
  const auto loose = [](const auto&... x) { return opt::transform_conservative(x...); };
  const auto loose_rules = [](const auto&... x) { return judge::transform_conservative(x...); };
  judged<T, N>(
      "transform_conservative, min–max: each bound conservative and within 2^-(p-4)·A + 2^(e+1) of the "
      "exact one, and the box contains transform's",
      transform_case<T, N, opt::Box<T, N>>, loose, loose_rules, [](const auto& c, const auto& r) {
        const auto& [box, m, t] = c;
        opt::Box<T, N> fast;
        RC_CLASSIFY(!opt::detail::transform_loose(box, m, t, fast), "transform's answer (A near max)");
        RC_CLASSIFY(overflowed(r), "a bound overflowed to inf");
        const auto tight = opt::transform(box, m, t);
        for (std::size_t i = 0; i < N; ++i) {
          RC_ASSERT(r.lo[i] <= tight.lo[i]);
          RC_ASSERT(r.hi[i] >= tight.hi[i]);
        }
      });
  judged<T, N>(
      "transform_conservative, centre–radius: the box contains the exact one, centre and extent within "
      "2^-(p-4) of their magnitudes",
      transform_case<T, N, opt::CenterExtent<T, N>>, loose, loose_rules, [](const auto& c, const auto&) {
        const auto& [box, m, t] = c;
        opt::CenterExtent<T, N> fast;
        RC_CLASSIFY(!opt::detail::transform_ce_loose(box, m, t, fast), "transform's answer (A near max)");
      });
#if defined(__GNUC__)
  // The lane (vector) form runs; the row form is the one docs/contracts.md proves. Same bits,
  // the flag included, on valid input and on non-finite entries, inverted axes and negative
  // extents; a NaN bound only NaN in both: which NaN a + b keeps when both are NaN is the
  // compiler's choice of operand order (out of line, the two forms differ in its sign).
  rc::prop("transform_conservative: the lane form is the row form bit for bit" + tag<T, N>(), [] {
    auto [box, m, t] = transform_case<T, N, opt::Box<T, N>>();
    auto ce = *gen::center_extent<T, N>();
    if (*gen::chance(20)) {
      const auto i = static_cast<std::size_t>(*gen::int_in(0, int(N) - 1));
      const auto j = static_cast<std::size_t>(*gen::int_in(0, int(N) - 1));
      const T bad = *rc::gen::element(std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::infinity(),
                                      -std::numeric_limits<T>::infinity(), T(-1));
      switch (*gen::int_in(0, 3)) {
        case 0: std::swap(box.lo[j], box.hi[j]); ce.extent[j] = bad; break;
        case 1: box.lo[j] = bad; ce.center[j] = bad; break;
        case 2: m[i][j] = bad; break;
        default: t[i] = bad; break;
      }
    }
    opt::Box<T, N> rows, lanes;
    opt::CenterExtent<T, N> ce_rows, ce_lanes;
    const bool ok = opt::detail::transform_loose_rows(box, m, t, rows);
    RC_ASSERT(opt::detail::transform_loose_lanes(box, m, t, lanes) == ok);
    const bool ce_ok = opt::detail::transform_ce_loose_rows(ce, m, t, ce_rows);
    RC_ASSERT(opt::detail::transform_ce_loose_lanes(ce, m, t, ce_lanes) == ce_ok);
    // A result the flag keeps is the same bits, NaN included; one it discards (flag false) the
    // same bits or NaN in both.
    if (ok) RC_ASSERT(std::memcmp(&rows, &lanes, sizeof rows) == 0);
    if (ce_ok) RC_ASSERT(std::memcmp(&ce_rows, &ce_lanes, sizeof ce_rows) == 0);
    for (std::size_t i = 0; i < N; ++i) {
      RC_ASSERT(aabb::props::same_bits(rows.lo[i], lanes.lo[i]));
      RC_ASSERT(aabb::props::same_bits(rows.hi[i], lanes.hi[i]));
      RC_ASSERT(aabb::props::same_bits(ce_rows.center[i], ce_lanes.center[i]));
      RC_ASSERT(aabb::props::same_bits(ce_rows.extent[i], ce_lanes.extent[i]));
    }
    RC_CLASSIFY(!ok, "min-max: outside the fast path");
    RC_CLASSIFY(!ce_ok, "centre-radius: outside the fast path");
  });
#endif
  rc::prop("transform_conservative answers as transform outside the domain (non-finite, inverted, "
           "negative extent)" + tag<T, N>(),
           [] {
             auto [box, m, t] = transform_case<T, N, opt::Box<T, N>>();
             auto ce = *gen::center_extent<T, N>();
             const auto i = static_cast<std::size_t>(*gen::int_in(0, int(N) - 1));
             const auto j = static_cast<std::size_t>(*gen::int_in(0, int(N) - 1));
             const T bad = *rc::gen::element(std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::infinity(),
                                             -std::numeric_limits<T>::infinity());
             switch (*gen::int_in(0, 5)) {
               case 0: std::swap(box.lo[j], box.hi[j]); ce.extent[j] = -ce.extent[j]; break;
               case 1: box.lo[j] = bad; ce.center[j] = bad; break;
               case 2: box.hi[j] = bad; ce.extent[j] = bad; break;
               case 3: m[i][j] = bad; break;
               case 4: t[i] = bad; break;
               default: ce.extent[j] = -std::fabs(ce.extent[j]) - 1; break;
             }
             bool finite_mt = true;
             for (std::size_t a = 0; a < N; ++a) {
               finite_mt = finite_mt && std::isfinite(t[a]);
               for (T x : m[a]) finite_mt = finite_mt && std::isfinite(x);
             }
             bool box_ok = finite_mt, ce_ok = finite_mt;
             for (std::size_t a = 0; a < N; ++a) {
               box_ok = box_ok && std::isfinite(box.lo[a]) && std::isfinite(box.hi[a]) && box.lo[a] <= box.hi[a];
               ce_ok = ce_ok && std::isfinite(ce.center[a]) && std::isfinite(ce.extent[a]) && ce.extent[a] >= 0;
             }
             RC_CLASSIFY(box_ok, "min–max input still valid");
             RC_CLASSIFY(ce_ok, "centre–radius input still valid");
             const auto r = opt::transform_conservative(box, m, t), want = opt::transform(box, m, t);
             const auto rc = opt::transform_conservative(ce, m, t), want_ce = opt::transform(ce, m, t);
             for (std::size_t k = 0; k < N; ++k) {
               if (!box_ok) {
                 RC_ASSERT(aabb::props::same_bits(r.lo[k], want.lo[k]));
                 RC_ASSERT(aabb::props::same_bits(r.hi[k], want.hi[k]));
               }
               if (!ce_ok) {
                 RC_ASSERT(aabb::props::same_bits(rc.center[k], want_ce.center[k]));
                 RC_ASSERT(aabb::props::same_bits(rc.extent[k], want_ce.extent[k]));
               }
             }
           });
  rc::prop("permuting the output rows (M's rows and t) permutes the result" + tag<T, N>(), [] {
    const auto [box, m, t] = transform_case<T, N, opt::Box<T, N>>();
    const auto p = *gen::permutation(N);
    const auto r = opt::transform(box, m, t);
    const auto pr = opt::transform(box, aabb::props::permuted(m, p), aabb::props::permuted(t, p));
    for (std::size_t i = 0; i < N; ++i) {
      RC_ASSERT(pr.lo[i] == r.lo[p[i]]);
      RC_ASSERT(pr.hi[i] == r.hi[p[i]]);
    }
  });
  rc::prop("permuting the input axes (box axes and M's columns) changes nothing" + tag<T, N>(), [] {
    const auto [box, m, t] = transform_case<T, N, opt::Box<T, N>>();
    const auto p = *gen::permutation(N);
    opt::Box<T, N> pbox;
    opt::Matrix<T, N> pm;
    for (std::size_t j = 0; j < N; ++j) {
      pbox.lo[j] = box.lo[p[j]];
      pbox.hi[j] = box.hi[p[j]];
      for (std::size_t i = 0; i < N; ++i) pm[i][j] = m[i][p[j]];
    }
    RC_ASSERT(opt::transform(pbox, pm, t) == opt::transform(box, m, t));
  });
  rc::prop("flipping the sign of an output axis flips that bound pair" + tag<T, N>(), [] {
    const auto ce = *gen::center_extent<T, N>();
    const auto box = *gen::box<T, N>();
    const auto m = *gen::matrix<T, N>();
    const auto t = *gen::vec<T, N>();
    const auto i = static_cast<std::size_t>(*gen::int_in(0, N - 1));
    auto fm = m;
    auto ft = t;
    for (auto& x : fm[i]) x = -x;
    ft[i] = -ft[i];
    const auto r = opt::transform(box, m, t), fr = opt::transform(box, fm, ft);
    RC_ASSERT(fr.lo[i] == -r.hi[i]);
    RC_ASSERT(fr.hi[i] == -r.lo[i]);
    const auto c = opt::transform(ce, m, t), fc = opt::transform(ce, fm, ft);
    RC_ASSERT(fc.center[i] == -c.center[i]);
    RC_ASSERT(fc.extent[i] == c.extent[i]);
  });
  rc::prop("min–max: the filter's bounds equal the exact path's" + tag<T, N>(), [] {
    const auto box = *gen::box<T, N>();
    const auto m = *gen::matrix<T, N>();
    const auto t = *gen::vec<T, N>();
    const auto r = opt::transform(box, m, t);
    for (std::size_t i = 0; i < N; ++i) {
      const T lo = opt::detail::transform_bound_exact(box, m, t, i, false);
      const T hi = opt::detail::transform_bound_exact(box, m, t, i, true);
      RC_ASSERT(r.lo[i] == lo);
      RC_ASSERT(r.hi[i] == hi);
    }
  });
  translating_t<T, N, opt::Box<T, N>>(
      "min–max: adding a grid-keeping w to t translates the box by w", false,
      [](const auto& r, const auto& tr, const auto& w, std::size_t i) {
        RC_ASSERT(tr.lo[i] == r.lo[i] + w[i]);
        RC_ASSERT(tr.hi[i] == r.hi[i] + w[i]);
      });
  translating_t<T, N, opt::CenterExtent<T, N>>(
      "centre–radius: adding a grid- and parity-keeping w to t moves the centre by w, the extent not at all", true,
      [](const auto& r, const auto& tr, const auto& w, std::size_t i) {
        RC_ASSERT(tr.center[i] == r.center[i] + w[i]);
        RC_ASSERT(tr.extent[i] == r.extent[i]);
      });
  rc::prop("an exactly representable image is returned exactly" + tag<T, N>(), [] {
    opt::Box<T, N> box;
    opt::Matrix<T, N> m;
    opt::Vec<T, N> t;
    for (std::size_t i = 0; i < N; ++i) {
      const T a = T(*gen::int_in(-100, 100)), b = T(*gen::int_in(-100, 100));
      box.lo[i] = std::min(a, b);
      box.hi[i] = std::max(a, b);
      t[i] = T(*gen::int_in(-100, 100));
      for (auto& x : m[i]) x = T(*gen::int_in(-3, 3));
    }
    const auto r = opt::transform(box, m, t);
    const auto exact = ref::transform(aabb::geometry::map(box, ref::exact_value), aabb::geometry::map(m, ref::exact_value), aabb::geometry::map(t, ref::exact_value)).value();
    RC_ASSERT(aabb::geometry::map(r.lo, ref::exact_value) == exact.lo);
    RC_ASSERT(aabb::geometry::map(r.hi, ref::exact_value) == exact.hi);
  });
};

// ---- extreme_points ---------------------------------------------------------------------------

constexpr auto extreme_properties = []<class T, std::size_t N>() {
  rc::prop("the indices are the exact ones, lowest index on ties" + tag<T, N>(), [] {
    const auto ps = *gen::points<T, N>();
    const auto d = *gen::direction_for<T, N>(ps);
    const auto r = opt::extreme_points(ps.data(), ps.size(), d);
    RC_CLASSIFY(ps.size() == 1, "one point");
    std::vector<ref::Vec<N>> eps;
    for (const auto& p : ps) eps.push_back(aabb::geometry::map(p, ref::exact_value));
    const auto dd = aabb::geometry::map(d, ref::exact_value);
    bool tie = false;
    for (std::size_t k = 0; k < ps.size(); ++k)
      tie = tie || (k != r.i_max && ref::dot(eps[k], dd) == ref::dot(eps[r.i_max], dd));
    RC_CLASSIFY(tie, "tied maximum");
    {
      opt::Extremes fr;
      double lo, hi, e;
      bool clean;
      const bool decided = opt::detail::extreme_points_filter(ps.data(), ps.size(), d, fr, lo, hi, e, clean);
      RC_CLASSIFY(decided, "decided by the one-pass filter");
      RC_CLASSIFY(!decided && clean, "contenders compared exactly");
      RC_CLASSIFY(!clean, "general path (a product overflowed)");
#if defined(__SSE2__)
      if constexpr (std::is_same_v<T, float>)
        RC_CLASSIFY(opt::detail::extreme_points_float(ps.data(), ps.size(), d, fr), "decided by the float pass");
#endif
    }
    require_ok(judge::extreme_points(ps, d, r.i_min, r.i_max));
  });
  rc::prop("two points whose dots are a few ulps apart, among more: the exact indices" + tag<T, N>(), [] {
    // Aimed at the float pass's bound (and the double pass's): the greatest and the second
    // greatest dot differ by a few ulps of one coordinate's product, so the gap falls on either
    // side of the pass's e, among up to 40 points (several 4-point steps, and a tail).
    const auto d = *gen::vec<T, N>();
    RC_PRE((d != opt::Vec<T, N>{}));
    auto ps = *rc::gen::container<std::vector<opt::Vec<T, N>>>(
        static_cast<std::size_t>(*gen::int_in(1, 39)), gen::vec<T, N>());
    // p: the point of greatest dot (in double, near enough to make p or q the top mostly);
    // q: p with one coordinate moved by up to 64 ulps, inserted anywhere.
    std::size_t top = 0;
    double best = -std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < ps.size(); ++k) {
      double x = 0;
      for (std::size_t i = 0; i < N; ++i) x += double(ps[k][i]) * double(d[i]);
      if (x > best) best = x, top = k;
    }
    auto q = ps[top];
    const auto j = static_cast<std::size_t>(*gen::int_in(0, int(N) - 1));
    const int steps = *gen::int_in(-64, 64);
    for (int s = 0; s < std::abs(steps); ++s) q[j] = std::nextafter(q[j], steps > 0 ? T(1e30) : T(-1e30));
    const auto p = ps[top];
    ps.insert(ps.begin() + *gen::int_in(0, int(ps.size())), q);
    const auto r = opt::extreme_points(ps.data(), ps.size(), d);
#if defined(__SSE2__)
    if constexpr (std::is_same_v<T, float>) {
      opt::Extremes fr;
      RC_CLASSIFY(opt::detail::extreme_points_float(ps.data(), ps.size(), d, fr), "decided by the float pass");
    }
#endif
    RC_CLASSIFY(r.i_max < ps.size() && (ps[r.i_max] == p || ps[r.i_max] == q), "p or q is the maximum");
    require_ok(judge::extreme_points(ps, d, r.i_min, r.i_max));
  });
  rc::prop("permuting the axes of the points and of d changes nothing" + tag<T, N>(), [] {
    const auto ps = *gen::points<T, N>();
    const auto d = *gen::direction_for<T, N>(ps);
    const auto p = *gen::permutation(N);
    auto pps = ps;
    opt::Vec<T, N> pd;
    for (std::size_t i = 0; i < N; ++i) pd[i] = d[p[i]];
    for (std::size_t k = 0; k < ps.size(); ++k)
      for (std::size_t i = 0; i < N; ++i) pps[k][i] = ps[k][p[i]];
    RC_ASSERT(opt::extreme_points(pps.data(), pps.size(), pd) == opt::extreme_points(ps.data(), ps.size(), d));
  });
  rc::prop("flipping the sign of an axis in the points and in d changes nothing" + tag<T, N>(), [] {
    auto ps = *gen::points<T, N>();
    auto d = *gen::direction_for<T, N>(ps);
    const auto before = opt::extreme_points(ps.data(), ps.size(), d);
    const auto i = static_cast<std::size_t>(*gen::int_in(0, N - 1));
    for (auto& p : ps) p[i] = -p[i];
    d[i] = -d[i];
    RC_ASSERT(opt::extreme_points(ps.data(), ps.size(), d) == before);
  });
  rc::prop("scaling d by 2^k changes nothing where d stays exact" + tag<T, N>(), [] {
    const auto ps = *gen::points<T, N>();
    const auto d = *gen::direction_for<T, N>(ps);
    const int k = *gen::exact_scaling_exponent<T>({d.begin(), d.end()});
    RC_CLASSIFY(k == 0, "no exact scaling: skipped");
    if (k == 0) return;
    opt::Vec<T, N> sd;
    for (std::size_t i = 0; i < N; ++i) sd[i] = std::ldexp(d[i], k);
    RC_ASSERT(opt::extreme_points(ps.data(), ps.size(), sd) == opt::extreme_points(ps.data(), ps.size(), d));
  });
  // dot(p + w, d) - dot(q + w, d) = dot(p - q, d): an exact translation changes no exact
  // comparison of two projections, so the exact indices stay.
  rc::prop("an exact translation of the points changes nothing" + tag<T, N>(), [] {
    auto ps = *gen::points<T, N>();
    const auto d = *gen::direction_for<T, N>(ps);
    const auto before = opt::extreme_points(ps.data(), ps.size(), d);
    const auto w = *gen::exact_translation<T, N>(axis_values<T, N>(ps));
    RC_TAG(gen::moved_axes<T, N>(w));
    for (auto& p : ps)
      for (std::size_t i = 0; i < N; ++i) p[i] += w[i];
    RC_ASSERT(opt::extreme_points(ps.data(), ps.size(), d) == before);
  });
};

// ---- hill_climb -------------------------------------------------------------------------------

struct Csr {
  std::vector<std::size_t> offsets, neighbors;
};
inline Csr to_csr(const std::vector<std::vector<std::size_t>>& lists) {
  Csr c;
  c.offsets.push_back(0);
  for (const auto& l : lists) {
    c.neighbors.insert(c.neighbors.end(), l.begin(), l.end());
    c.offsets.push_back(c.neighbors.size());
  }
  return c;
}

constexpr auto hill_properties = []<class T, std::size_t N>() {
  rc::prop("on a box's vertex graph every start reaches an exact maximum" + tag<T, N>(), [] {
    const auto g = *gen::box_vertex_graph<T, N>();
    const auto d = *gen::direction_for<T, N>(g.points);
    const auto csr = to_csr(g.neighbors);
    for (std::size_t s = 0; s < g.points.size(); ++s) {
      const auto r = opt::hill_climb(g.points.data(), g.points.size(), csr.offsets.data(), csr.neighbors.data(), d, s);
      RC_ASSERT(r.steps < g.points.size());
      require_ok(judge::hill_climb(g.points, g.neighbors, d, s, r.index));
      RC_ASSERT(opt::is_global_maximum(g.points.data(), g.points.size(), d, r.index));
    }
  });
  // The climb moves to the neighbour with the greatest projection, strictly above the current
  // one, by exact comparisons of projections; a translation changes none of them (see
  // extreme_points), so every climb takes the same path.
  rc::prop("an exact translation of the points changes no climb" + tag<T, N>(), [] {
    auto g = *gen::random_graph<T, N>();
    const auto d = *gen::direction_for<T, N>(g.points);
    const auto csr = to_csr(g.neighbors);
    const auto n = g.points.size();
    std::vector<opt::HillClimbResult> before;
    for (std::size_t s = 0; s < n; ++s)
      before.push_back(
          opt::hill_climb(g.points.data(), n, csr.offsets.data(), csr.neighbors.data(), d, s));
    const auto w = *gen::exact_translation<T, N>(axis_values<T, N>(g.points));
    RC_TAG(gen::moved_axes<T, N>(w));
    for (auto& p : g.points)
      for (std::size_t i = 0; i < N; ++i) p[i] += w[i];
    for (std::size_t s = 0; s < n; ++s)
      RC_ASSERT(opt::hill_climb(g.points.data(), n, csr.offsets.data(), csr.neighbors.data(), d,
                                s) == before[s]);
  });
  rc::prop("on any graph the climb ends at a local maximum in under n steps, and at an exact maximum "
           "on valid input" + tag<T, N>(),
           [] {
             const auto g = *gen::random_graph<T, N>();
             const auto d = *gen::direction_for<T, N>(g.points);
             const auto s = static_cast<std::size_t>(*gen::int_in(0, static_cast<int>(g.points.size()) - 1));
             const auto csr = to_csr(g.neighbors);
             const auto r = opt::hill_climb(g.points.data(), g.points.size(), csr.offsets.data(), csr.neighbors.data(), d, s);
             const bool global = opt::is_global_maximum(g.points.data(), g.points.size(), d, r.index);
             RC_CLASSIFY(global, "reached a global maximum");
             RC_ASSERT(r.steps < g.points.size());
             require_ok(judge::hill_climb(g.points, g.neighbors, d, s, r.index));
           });
};

// ---- Seed 002's listings break the same contracts ----------------------------------------------

/// The exact result box of UpdateAABB's output, in min–max form, after checking that every output
/// field is finite.
template <class T>
ref::Box<3> exact_output(const ref::BasicBox<T, 3>& out) {
  for (std::size_t i = 0; i < 3; ++i) RC_ASSERT(std::isfinite(out.lo[i]) && std::isfinite(out.hi[i]));
  return aabb::geometry::map(out, ref::exact_value);
}
template <class T>
ref::Box<3> exact_output(const ref::BasicCenterExtent<T, 3>& out) {
  for (std::size_t i = 0; i < 3; ++i) RC_ASSERT(std::isfinite(out.center[i]) && std::isfinite(out.extent[i]));
  return ref::to_min_max(aabb::geometry::map(out, ref::exact_value));
}

/// Seed 002's UpdateAABB on a drawn box of form `Out` (min–max or centre–radius), a matrix and a
/// translation: its output must be finite and contain the exact transformed box.
template <class T, class Out>
void update_aabb_contains_exact() {
  constexpr bool min_max = std::is_same_v<Out, ref::BasicBox<T, 3>>;
  const auto [box, m, t] = transform_case<T, 3, std::conditional_t<min_max, opt::Box<T, 3>, opt::CenterExtent<T, 3>>>();
  Out out;
  aabb::textbook::UpdateAABB(box, m, t, out);
  const auto got = exact_output(out);
  const auto exact = ref::transform(aabb::geometry::map(box, ref::exact_value), aabb::geometry::map(m, ref::exact_value),
                                    aabb::geometry::map(t, ref::exact_value)).value();
  const auto want = [&] {
    if constexpr (min_max)
      return exact;
    else
      return ref::to_min_max(exact);
  }();
  if constexpr (min_max) RC_ASSERT(ref::contains(exact, got.lo).ok());
  for (std::size_t i = 0; i < 3; ++i) {
    RC_ASSERT(got.lo[i] <= want.lo[i]);
    RC_ASSERT(want.hi[i] <= got.hi[i]);
  }
}

template <class T>
void seed_002_teeth() {
  SECTION("ExtremePointAlongDirection returns a wrong index (" + type_name<T>() + ")") {
    aabb::props::caught(
        "seed 002 ExtremePointAlongDirection (" + type_name<T>() + ")",
        [] {
          const auto ps = *gen::points<T, 3>();
          const auto d = *gen::direction_for<T, 3>(ps);
          int i_min = -1, i_max = -1;
          aabb::textbook::ExtremePointAlongDirection(d, ps.data(), static_cast<int>(ps.size()), &i_min, &i_max);
          RC_PRE(i_min >= 0 && i_max >= 0);  // outputs written: look for a wrong index itself
          require_ok(judge::extreme_points(ps, d, std::size_t(i_min), std::size_t(i_max)));
        },
        2000);
  }
  SECTION("UpdateAABB (min–max) returns a box not containing the exact one (" + type_name<T>() + ")") {
    aabb::props::caught("seed 002 UpdateAABB min–max (" + type_name<T>() + ")",
                        update_aabb_contains_exact<T, ref::BasicBox<T, 3>>, 2000);
  }
  SECTION("UpdateAABB (centre–radius) returns a box not containing the exact one (" + type_name<T>() + ")") {
    aabb::props::caught("seed 002 UpdateAABB centre–radius (" + type_name<T>() + ")",
                        update_aabb_contains_exact<T, ref::BasicCenterExtent<T, 3>>, 2000);
  }
}

}  // namespace

using aabb::props::each_type_and_dim;

TEST_CASE("optimized::bounds_of_sphere") {
  each_type_and_dim(sphere_properties);
}

TEST_CASE("optimized::transform") {
  each_type_and_dim(transform_properties);
}

TEST_CASE("optimized::extreme_points") {
  each_type_and_dim(extreme_properties);
}

TEST_CASE("optimized::hill_climb") {
  each_type_and_dim(hill_properties);
}

TEST_CASE("optimized::construction non-finite and empty inputs get their documented answers") {
  using V = opt::Vec<float, 3>;
  constexpr float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  SECTION("extreme_points with no points answers {n, n}") {
    CHECK(opt::extreme_points<float, 3>(nullptr, 0, V{1, 0, 0}) == opt::Extremes{0, 0});
  }
  SECTION("extreme_points skips points with a non-finite coordinate") {
    const std::vector<V> ps = {V{nan, 0, 0}, V{1, 0, 0}, V{inf, 0, 0}, V{-1, 0, 0}};
    CHECK(opt::extreme_points(ps.data(), ps.size(), V{1, 0, 0}) == opt::Extremes{3, 1});
  }
  SECTION("extreme_points with a non-finite direction answers {n, n}") {
    const std::vector<V> ps = {V{1, 0, 0}, V{2, 0, 0}};
    CHECK(opt::extreme_points(ps.data(), ps.size(), V{nan, 0, 0}) == opt::Extremes{2, 2});
  }
  SECTION("extreme_points decides projections that differ in their last bits exactly") {
    const float a = 1.0f, e = std::nextafter(1.0f, 2.0f);
    const std::vector<V> ps = {V{a, 1e30f, 0}, V{e, 1e30f, 0}};
    CHECK(opt::extreme_points(ps.data(), ps.size(), V{1, 0, 0}) == opt::Extremes{0, 1});
  }
  SECTION("bounds_of_sphere overflows to ±inf, conservatively") {
    const float m = std::numeric_limits<float>::max();
    const auto b = opt::bounds_of_sphere(V{m, -m, 0}, m);
    CHECK(b.hi[0] == inf);
    CHECK(b.lo[1] == -inf);
    CHECK(b.lo[0] == 0);
  }
  SECTION("bounds_of_sphere with NaN gives NaN bounds on that axis") {
    const auto b = opt::bounds_of_sphere(V{nan, 0, 0}, 1.0f);
    CHECK(std::isnan(b.lo[0]));
    CHECK(b.hi[1] == 1.0f);
  }
  SECTION("bounds_of_sphere_loose steps every rounded sum outward, and its judge sees a bound too far or inward") {
    // A representable sum still steps: the variant does not look at the rounding error.
    const auto b = opt::bounds_of_sphere_loose(V{1, -2, 0}, 1.0f);
    CHECK(b.hi[0] == std::nextafter(2.0f, inf));
    CHECK(b.lo[0] == std::nextafter(0.0f, -inf));
    CHECK(b.lo[1] == std::nextafter(-3.0f, -inf));
    CHECK(b.hi[1] == std::nextafter(-1.0f, inf));
    CHECK_FALSE(judge::bounds_of_sphere_loose(V{1, -2, 0}, 1.0f, b).has_value());
    auto far = b;
    far.hi[2] = std::nextafter(far.hi[2], inf);  // two steps beyond 0 + 1
    CHECK(judge::bounds_of_sphere_loose(V{1, -2, 0}, 1.0f, far)->clause ==
          "at most one step beyond the directed bound");
    auto inward = b;
    inward.lo[1] = std::nextafter(-3.0f, inf);  // above the exact -3
    CHECK(judge::bounds_of_sphere_loose(V{1, -2, 0}, 1.0f, inward)->clause == "conservative");
    // The rounded sum max steps to +inf. With c = r = -0, c + r = -0 is the exact 0 and stays
    // (the step is upward), and r - c = +0 steps to denorm_min, so lo = -denorm_min.
    const float m = std::numeric_limits<float>::max();
    const auto o = opt::bounds_of_sphere_loose(V{m, -m, -0.0f}, -0.0f);
    CHECK(o.hi[0] == inf);
    CHECK(o.lo[1] == -inf);
    CHECK(o.hi[2] == 0.0f);
    CHECK(o.lo[2] == -std::numeric_limits<float>::denorm_min());
    CHECK_FALSE(judge::bounds_of_sphere_loose(V{m, -m, -0.0f}, -0.0f, o).has_value());
    // Non-finite input: the IEEE sums, a hi of -inf stepped to -max and a lo of +inf to max.
    const auto n = opt::bounds_of_sphere_loose(V{nan, inf, -inf}, 1.0f);
    CHECK(std::isnan(n.lo[0]));
    CHECK(std::isnan(n.hi[0]));
    CHECK(n.lo[1] == m);
    CHECK(n.hi[1] == inf);
    CHECK(n.lo[2] == -inf);
    CHECK(n.hi[2] == -m);
    CHECK_FALSE(aabb::judge::nonfinite::bounds_of_sphere_loose(V{nan, inf, -inf}, 1.0f, n).has_value());
  }
  SECTION("transform overflows to ±inf, conservatively") {
    const float m = std::numeric_limits<float>::max();
    opt::Matrix<float, 3> M = {V{2, 0, 0}, V{0, 1, 0}, V{0, 0, 1}};
    const auto r = opt::transform(opt::Box<float, 3>{V{-m, 0, 0}, V{m, 0, 0}}, M, V{0, 0, 0});
    CHECK(r.lo[0] == -inf);
    CHECK(r.hi[0] == inf);
    const auto c = opt::transform(opt::CenterExtent<float, 3>{V{m, 0, 0}, V{0, 0, 0}}, M, V{0, 0, 0});
    CHECK(c.center[0] == m);  // the exact centre 2·max is beyond range: ±max, and the extent
    CHECK(c.extent[0] == m);  // covers the distance exactly: [0, 2·max] contains the exact point
  }
  SECTION("centre–radius transform widens a zero extent when the exact centre is not a float") {
    // The input that forces the weaker extent clause (docs/contracts.md, "Construction and update").
    opt::Matrix<float, 3> M = {V{1, std::ldexp(1.0f, -30), 0}, V{0, 1, 0}, V{0, 0, 1}};
    const opt::CenterExtent<float, 3> box{V{1, 1, 0}, V{0, 0, 0}};
    const auto c = opt::transform(box, M, V{0, 0, 0});
    CHECK(c.center[0] == 1.0f);
    CHECK(c.extent[0] == std::ldexp(1.0f, -30));  // exactly |c' - c_T|, representable
    CHECK(c.extent[1] == 0.0f);
    CHECK_FALSE(judge::transform(box, M, V{0, 0, 0}, c).has_value());
  }
  SECTION("transform with a NaN entry gives NaN in that row only") {
    opt::Matrix<float, 3> M = {V{nan, 0, 0}, V{0, 1, 0}, V{0, 0, 1}};
    const auto r = opt::transform(opt::Box<float, 3>{V{0, 0, 0}, V{1, 1, 1}}, M, V{0, 0, 0});
    CHECK(std::isnan(r.lo[0]));
    CHECK(r.hi[1] == 1.0f);
  }
  SECTION("hill_climb with no points, a bad start or a bad neighbour index terminates") {
    const std::vector<V> ps = {V{0, 0, 0}, V{1, 0, 0}};
    const std::vector<std::size_t> off = {0, 2, 3}, nb = {7, 1, 0};
    CHECK(opt::hill_climb<float, 3>(nullptr, 0, off.data(), nb.data(), V{1, 0, 0}, 0).index == 0);
    CHECK(opt::hill_climb(ps.data(), 2, off.data(), nb.data(), V{1, 0, 0}, 5).index == 2);
    CHECK(opt::hill_climb(ps.data(), 2, off.data(), nb.data(), V{1, 0, 0}, 0).index == 1);
    CHECK(opt::hill_climb(ps.data(), 2, off.data(), nb.data(), V{nan, 0, 0}, 0).index == 0);
  }
  SECTION("hill_climb stops on a plateau and on a non-global local maximum") {
    const std::vector<V> ps = {V{0, 0, 0}, V{0, 1, 0}, V{5, 0, 0}};
    const std::vector<std::size_t> off = {0, 1, 2, 2}, nb = {1, 0};
    const auto r = opt::hill_climb(ps.data(), 3, off.data(), nb.data(), V{1, 0, 0}, 0);
    CHECK(r.index == 0);
    CHECK_FALSE(opt::is_global_maximum(ps.data(), 3, V{1, 0, 0}, r.index));
  }
}

TEST_CASE("seed 002 listings break the construction contracts") {
  seed_002_teeth<float>();
  seed_002_teeth<double>();
}
