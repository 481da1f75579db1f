# Properties of the filtered exact evaluator (filtered/, issue 6 item 2): filtered == reference on
# the exact inputs, every op, float and double, 2D and 3D.
add_executable(aabb_filtered_properties ${CMAKE_CURRENT_SOURCE_DIR}/filtered_test.cpp)
target_link_libraries(aabb_filtered_properties PRIVATE
  aabb_property_support aabb::filtered aabb::judge rapidcheck rapidcheck_catch Catch2::Catch2WithMain)
catch_discover_tests(aabb_filtered_properties TEST_PREFIX "property."
  PROPERTIES LABELS property ENVIRONMENT "RC_PARAMS=${AABB_RC_PARAMS}")
