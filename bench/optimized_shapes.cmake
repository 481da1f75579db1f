# Benchmark of optimized/shapes.hpp: exact overlap_sphere / plane_side and distance_sq vs the naive formulas.
add_executable(aabb_bench_optimized_shapes ${CMAKE_CURRENT_SOURCE_DIR}/optimized_shapes.cpp)
target_link_libraries(aabb_bench_optimized_shapes PRIVATE aabb::optimized benchmark::benchmark)
