#pragma once
/// In each shipped/<family>.cpp (never in a harness): M(T, N) for every type and dimension the
/// properties run, M being the family's list of explicit instantiations (shipped/names.hpp).
#define AABB_SHIP_EVERY_TYPE_AND_DIM(M) M(float, 2) M(float, 3) M(double, 2) M(double, 3)
