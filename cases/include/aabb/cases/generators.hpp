#pragma once
/// RapidCheck generators for AABB inputs: numbers, vectors, boxes, box pairs, motions, rays,
/// point sets, matrices and vertex graphs, aimed at the edges of each test.
///
/// RapidCheck's own float generator never yields -0, subnormals or extreme exponents (its source
/// says so), and independent random boxes almost never touch. So numbers come from random bit
/// patterns, special values and their ulp neighbours, small integers and small fractions; and
/// the compound generators build the coincidences on purpose: shared coordinate pools, boxes
/// touching on a face, an edge or a corner, nested and identical boxes, flat and point boxes,
/// bounds one ulp apart, motions that make contact exactly at t = 0, t = 1 or a chosen instant,
/// rays through corners or lying in a face plane, tied extreme points, singular matrices.
///
/// Every generator takes the scalar type T: Rational (the reference's inputs; the constructions
/// are exact) or double/float (finite values only; a construction that needs arithmetic rounds
/// in T and so aims at its edge without always landing on it). geometry::map(x, ref::exact_value)
/// hands any of them to the reference. Choices ignore RapidCheck's size parameter: an edge class must be as likely in
/// the first case as in the last, and bit patterns must be uniform from the start.
///
/// One header per family: numbers.hpp (numbers and the plumbing), boxes.hpp (vectors, boxes,
/// box pairs: the static ops), motion.hpp (sweeps and rays), construction.hpp (point sets,
/// directions, matrices, graphs). Each prints its own counterexamples (showValue).

#include "aabb/cases/boxes.hpp"
#include "aabb/cases/construction.hpp"
#include "aabb/cases/motion.hpp"
#include "aabb/cases/numbers.hpp"
#include "aabb/cases/shapes.hpp"
