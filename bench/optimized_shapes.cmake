# Benchmark of the ops of contract §2b (optimized/shapes.hpp, static.hpp, triangle.hpp) against the
# naive float formulas of listings/textbook_shapes.hpp, in one program.
add_executable(aabb_bench_optimized_shapes ${CMAKE_CURRENT_SOURCE_DIR}/optimized_shapes.cpp)
target_link_libraries(aabb_bench_optimized_shapes PRIVATE aabb::optimized aabb::listings benchmark::benchmark)
