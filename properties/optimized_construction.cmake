# Properties of optimized/construction.hpp (bounds_of_sphere, transform, extreme_points,
# hill_climb) against the exact reference, and seed 002's listings failing the same contracts.
add_executable(aabb_optimized_construction_properties optimized_construction_test.cpp)
target_link_libraries(aabb_optimized_construction_properties PRIVATE
  aabb_property_support aabb::optimized aabb::judge aabb::listings
  rapidcheck rapidcheck_catch Catch2::Catch2WithMain)
catch_discover_tests(aabb_optimized_construction_properties TEST_PREFIX "property."
  PROPERTIES LABELS property ENVIRONMENT "RC_PARAMS=${AABB_RC_PARAMS}")
