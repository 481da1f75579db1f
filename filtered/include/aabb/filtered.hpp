#pragma once
/// The filtered exact evaluator (filtered/README.md): the reference's answers on the exact values
/// of float and double inputs, decided in floating point.

#include "aabb/filtered/arith.hpp"
#include "aabb/filtered/ops.hpp"
#include "aabb/filtered/plain.hpp"
