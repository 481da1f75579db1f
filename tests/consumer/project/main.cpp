// Uses the installed reference: touching boxes overlap, and 0.1 converts exactly.
#include <aabb/reference.hpp>

#include <cstdio>

int main() {
  using namespace aabb::reference;
  const Box<3> a{{0, 0, 0}, {1, 1, 1}};
  const Box<3> b{{1, 0, 0}, {2, 1, 1}};
  const auto touching = overlap(a, b);
  const auto tenth = exact(0.1, "x");
  const bool ok = touching.ok() && *touching && tenth.ok() && *tenth != Rational(1, 10) &&
                  hex_f64(Rational(1, 10)) == "0x1.999999999999ap-4";
  std::puts(ok ? "consumer: ok" : "consumer: WRONG");
  return ok ? 0 : 1;
}
