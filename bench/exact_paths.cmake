# Benchmark of the exact answer: plain reference vs the filtered evaluator (filtered/), per op, on
# random and on edge-heavy inputs (the properties' generators, hence the AABB_BUILD_TESTS guard).
if(AABB_BUILD_TESTS)
  find_package(rapidcheck REQUIRED)
  add_executable(aabb_bench_exact_paths ${CMAKE_CURRENT_SOURCE_DIR}/exact_paths.cpp)
  target_include_directories(aabb_bench_exact_paths PRIVATE ${PROJECT_SOURCE_DIR}/properties)
  target_link_libraries(aabb_bench_exact_paths PRIVATE aabb::filtered aabb::optimized rapidcheck benchmark::benchmark)
endif()
