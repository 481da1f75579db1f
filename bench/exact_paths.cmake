# Benchmark of the exact answer: plain reference vs the filtered evaluator (filtered/), per op, on
# random and on edge-heavy inputs (the case library's generators, aabb::cases).
add_executable(aabb_bench_exact_paths ${CMAKE_CURRENT_SOURCE_DIR}/exact_paths.cpp)
target_link_libraries(aabb_bench_exact_paths PRIVATE aabb::filtered aabb::optimized aabb::cases aabb::ops benchmark::benchmark)
