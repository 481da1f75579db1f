# Properties of optimized/batch.hpp (issue 6): every batch kernel equals its scalar op per element.
add_executable(aabb_optimized_batch_properties ${CMAKE_CURRENT_SOURCE_DIR}/optimized_batch_test.cpp)
target_link_libraries(aabb_optimized_batch_properties PRIVATE
  aabb_property_support aabb::optimized aabb::judge rapidcheck rapidcheck_catch Catch2::Catch2WithMain)
catch_discover_tests(aabb_optimized_batch_properties TEST_PREFIX "property."
  PROPERTIES LABELS property ENVIRONMENT "RC_PARAMS=${AABB_RC_PARAMS}")
