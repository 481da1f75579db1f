# Benchmark of optimized/moving.hpp: sweep, sweep_ce, moving_vs_static, ray vs the naive slab code.
add_executable(aabb_bench_optimized_moving ${CMAKE_CURRENT_SOURCE_DIR}/optimized_moving.cpp)
target_link_libraries(aabb_bench_optimized_moving PRIVATE aabb::optimized benchmark::benchmark)
