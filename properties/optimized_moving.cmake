# Properties of optimized/moving.hpp (issue 3, family "moving"): judged against the reference.
aabb_property_target(aabb_optimized_moving_properties SOURCES optimized_moving_test.cpp LIBS aabb::optimized aabb::judge aabb::listings)
aabb_shipped_harness(aabb_optimized_moving_properties)
