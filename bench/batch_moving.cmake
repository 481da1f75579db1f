# Ray and moving box vs many boxes (optimized/batch.hpp) against a loop of the scalar op.
add_executable(aabb_bench_batch_moving ${CMAKE_CURRENT_SOURCE_DIR}/batch_moving.cpp)
target_link_libraries(aabb_bench_batch_moving PRIVATE aabb::optimized benchmark::benchmark)
