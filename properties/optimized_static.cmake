# Properties of optimized/static.hpp (issue 3, family "static"): judged against the reference.
aabb_property_target(aabb_optimized_static_properties SOURCES optimized_static_test.cpp LIBS aabb::optimized aabb::judge aabb::listings)
aabb_shipped_harness(aabb_optimized_static_properties)
