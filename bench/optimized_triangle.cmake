# Benchmark of optimized/triangle.hpp: the exact-decision overlap_triangle vs the naive float
# Akenine-Möller test, on random and on edge-heavy input.
add_executable(aabb_bench_optimized_triangle ${CMAKE_CURRENT_SOURCE_DIR}/optimized_triangle.cpp)
target_link_libraries(aabb_bench_optimized_triangle PRIVATE aabb::optimized benchmark::benchmark)
