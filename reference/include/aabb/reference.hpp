#pragma once
/// The exact reference: every AABB test of contract §2 (and §2b's tests against other shapes, shapes.hpp) over exact rationals.

#include "aabb/reference/box.hpp"
#include "aabb/reference/float_bits.hpp"
#include "aabb/reference/ops.hpp"
#include "aabb/reference/shapes.hpp"
#include "aabb/reference/rational.hpp"
#include "aabb/reference/result.hpp"
