# Properties of optimized/static.hpp (issue 3, family "static"): judged against the reference.
add_executable(aabb_optimized_static_properties ${CMAKE_CURRENT_SOURCE_DIR}/optimized_static_test.cpp)
target_link_libraries(aabb_optimized_static_properties PRIVATE
  aabb_property_support aabb::optimized aabb::judge aabb::listings
  rapidcheck rapidcheck_catch Catch2::Catch2WithMain)
catch_discover_tests(aabb_optimized_static_properties TEST_PREFIX "property."
  PROPERTIES LABELS property ENVIRONMENT "RC_PARAMS=${AABB_RC_PARAMS}")
