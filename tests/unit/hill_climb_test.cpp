// reference::hill_climb (contract §2, seed 002's hill climbing): the greatest dot(P[i], d) over
// all vertices and every index attaining it, from any start vertex. The input is invalid when
// its neighbour graph has a local maximum that is not global (plateaus included): hill
// climbing, which only steps to a strictly higher neighbour, could stop there.

#include <cstddef>
#include <vector>

#include "support.hpp"

namespace ref = aabb::reference;
using namespace aabb::test;

namespace {

using Neighbors = std::vector<std::vector<std::size_t>>;

// Unit square, corners in cyclic order (0,0), (1,0), (1,1), (0,1).
const std::vector<Vec<2>> kSquare{{0, 0}, {1, 0}, {1, 1}, {0, 1}};
const Neighbors kSquareEdges{{1, 3}, {0, 2}, {1, 3}, {2, 0}};

// Unit cube, vertex i = (i & 1, (i >> 1) & 1, (i >> 2) & 1); edges flip one bit.
std::vector<Vec<3>> cube() {
  std::vector<Vec<3>> p;
  for (int i = 0; i < 8; ++i) p.push_back(Vec<3>{i & 1, (i >> 1) & 1, (i >> 2) & 1});
  return p;
}
Neighbors cube_edges() {
  Neighbors n(8);
  for (std::size_t i = 0; i < 8; ++i) n[i] = {i ^ 1, i ^ 2, i ^ 4};
  return n;
}

/// The same answer from every start vertex.
template <std::size_t N>
void check_every_start(const std::vector<Vec<N>>& p, const Neighbors& nb, const Vec<N>& dir,
                       const HillClimb& expected) {
  for (std::size_t s = 0; s < p.size(); ++s) {
    CAPTURE(s);
    CHECK(ok(ref::hill_climb(p, nb, dir, s)) == expected);
  }
}

}  // namespace

TEST_CASE("reference::hill_climb on the square's vertex graph (2D)", "[hill_climb]") {
  SECTION("a unique top vertex is found from every start") {
    // dot with (1,2): 0, 1, 3, 2.
    check_every_start(kSquare, kSquareEdges, Vec<2>{1, 2}, HillClimb{3, {2}});
    // dot with (-1/3, -1/7): 0, -1/3, -10/21, -1/7.
    check_every_start(kSquare, kSquareEdges, Vec<2>{q(-1, 3), q(-1, 7)}, HillClimb{0, {0}});
  }
  SECTION("an edge parallel to the direction gives two maximal indices") {
    // dot with (1,0): 0, 1, 1, 0.
    check_every_start(kSquare, kSquareEdges, Vec<2>{1, 0}, HillClimb{1, {1, 2}});
    // dot with (0,-1): 0, 0, -1, -1.
    check_every_start(kSquare, kSquareEdges, Vec<2>{0, -1}, HillClimb{0, {0, 1}});
  }
  SECTION("a zero direction makes every vertex maximal") {
    check_every_start(kSquare, kSquareEdges, Vec<2>{0, 0}, HillClimb{0, {0, 1, 2, 3}});
  }
  SECTION("a single vertex with no neighbours is its own maximum") {
    CHECK(ok(ref::hill_climb(std::vector<Vec<2>>{{2, 3}}, Neighbors{{}}, Vec<2>{q(1, 2), -1}, 0)) ==
          HillClimb{-2, {0}});
  }
}

TEST_CASE("reference::hill_climb on the cube's vertex graph (3D)", "[hill_climb]") {
  const auto p = cube();
  const auto nb = cube_edges();
  SECTION("a unique top vertex is found from every start") {
    check_every_start(p, nb, Vec<3>{1, 2, 4}, HillClimb{7, {7}});
    // dot with (1, -1/2, 1/3): greatest at (1,0,1) = 5, value 4/3.
    check_every_start(p, nb, Vec<3>{1, q(-1, 2), q(1, 3)}, HillClimb{q(4, 3), {5}});
  }
  SECTION("an edge parallel to the direction gives two maximal indices") {
    // dot with (1,1,0): 2 at (1,1,0) = 3 and (1,1,1) = 7.
    check_every_start(p, nb, Vec<3>{1, 1, 0}, HillClimb{2, {3, 7}});
  }
  SECTION("a face orthogonal to the direction gives four maximal indices") {
    check_every_start(p, nb, Vec<3>{0, 0, -1}, HillClimb{0, {0, 1, 2, 3}});
  }
}

TEST_CASE("reference::hill_climb rejects invalid graphs", "[hill_climb]") {
  SECTION("a local maximum that is not global is invalid input") {
    // Path 0 - 1 - 2 with values 1, 0, 2 along (1,0): vertex 0 has no higher neighbour.
    const std::vector<Vec<2>> p{{1, 0}, {0, 0}, {2, 0}};
    const Neighbors nb{{1}, {0, 2}, {1}};
    for (std::size_t s = 0; s < 3; ++s)
      CHECK(err(ref::hill_climb(p, nb, Vec<2>{1, 0}, s)) ==
            invalid("neighbors: vertex 0 is a local maximum along the neighbour graph (value 1) "
                    "but not a global one (value 2)"));
    // Validity depends on the direction: along (-1,0) the values are -1, 0, -2, vertex 1 is the
    // global maximum and both ends climb to it.
    CHECK(ok(ref::hill_climb(p, nb, Vec<2>{-1, 0}, 0)) == HillClimb{0, {1}});
  }
  SECTION("a plateau that is a non-global local maximum is invalid input") {
    // Values along (1,0): 1/2, 1/2, 0, 2 on the path 0 - 1 - 2 - 3; the plateau {0, 1} has no
    // strictly higher neighbour.
    const std::vector<Vec<2>> p{{q(1, 2), 0}, {q(1, 2), 1}, {0, 0}, {2, 0}};
    const Neighbors nb{{1}, {0, 2}, {1, 3}, {2}};
    CHECK(err(ref::hill_climb(p, nb, Vec<2>{1, 0}, 3)) ==
          invalid("neighbors: vertex 0 is a local maximum along the neighbour graph "
                  "(value 1/2) but not a global one (value 2)"));
  }
  SECTION("a vertex below the maximum with no neighbours is a non-global local maximum") {
    const std::vector<Vec<2>> p{{5, 0}, {1, 0}};
    CHECK(err(ref::hill_climb(p, Neighbors{{}, {}}, Vec<2>{1, 0}, 0)) ==
          invalid("neighbors: vertex 1 is a local maximum along the neighbour graph (value 1) "
                  "but not a global one (value 5)"));
  }
  SECTION("an out-of-range neighbour index is invalid input") {
    const Neighbors nb{{1, 3}, {0, 2}, {1, 3}, {2, 4}};
    CHECK(err(ref::hill_climb(kSquare, nb, Vec<2>{1, 2}, 0)) ==
          invalid("neighbors[3][1]: index 4 out of range (4 points)"));
  }
  SECTION("an out-of-range start is invalid input") {
    CHECK(err(ref::hill_climb(kSquare, kSquareEdges, Vec<2>{1, 2}, 4)) ==
          invalid("start: index 4 out of range (4 points)"));
  }
  SECTION("a neighbour list count other than the point count is invalid input") {
    const Neighbors three{{1, 3}, {0, 2}, {1, 3}};
    CHECK(err(ref::hill_climb(kSquare, three, Vec<2>{1, 2}, 0)) ==
          invalid("neighbors: 3 lists for 4 points"));
    auto five = kSquareEdges;
    five.push_back({0});
    CHECK(err(ref::hill_climb(kSquare, five, Vec<2>{1, 2}, 0)) ==
          invalid("neighbors: 5 lists for 4 points"));
  }
  SECTION("an empty point list is invalid input") {
    CHECK(err(ref::hill_climb(std::vector<Vec<3>>{}, Neighbors{}, Vec<3>{1, 0, 0}, 0)) ==
          invalid("points: empty list, need at least one point"));
  }
}
