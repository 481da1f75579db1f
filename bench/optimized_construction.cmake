# Benchmark of optimized/construction.hpp: transform, bounds_of_sphere, extreme_points vs seed 002.
add_executable(aabb_bench_optimized_construction ${CMAKE_CURRENT_SOURCE_DIR}/optimized_construction.cpp)
target_link_libraries(aabb_bench_optimized_construction PRIVATE aabb::optimized benchmark::benchmark)
# The naive transforms are seed 002's UpdateAABB as listings/ re-creates it.
target_link_libraries(aabb_bench_optimized_construction PRIVATE aabb::listings)
target_link_libraries(aabb_bench_optimized_construction PRIVATE aabb::reference)
