# Benchmark of optimized/static.hpp: exact-decision centre–extent overlap vs the naive formula.
add_executable(aabb_bench_optimized_static ${CMAKE_CURRENT_SOURCE_DIR}/optimized_static.cpp)
target_link_libraries(aabb_bench_optimized_static PRIVATE aabb::optimized benchmark::benchmark)
