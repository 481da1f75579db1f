# Properties of optimized/construction.hpp (bounds_of_sphere, transform, extreme_points,
# hill_climb) against the exact reference, and seed 002's listings failing the same contracts.
aabb_property_target(aabb_optimized_construction_properties SOURCES optimized_construction_test.cpp LIBS aabb::optimized aabb::judge aabb::listings)
aabb_shipped_harness(aabb_optimized_construction_properties)
