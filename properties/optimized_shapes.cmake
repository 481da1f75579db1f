# Properties of optimized/shapes.hpp (grow, closest_point, distance_sq, distance_sq_conservative,
# overlap_sphere, plane_side) against exact answers over Rational, and the naive float formulas
# failing the same properties.
aabb_property_target(aabb_optimized_shapes_properties SOURCES optimized_shapes_test.cpp LIBS aabb::optimized aabb::judge aabb::listings)
aabb_shipped_harness(aabb_optimized_shapes_properties)
