# Batch kernels (optimized/batch.hpp) against the memory limit and peers (issue 6). Each peer is
# compiled in only when its headers are found; otherwise the binary prints a note and does not
# register it.
add_executable(aabb_bench_batch_overlap ${CMAKE_CURRENT_SOURCE_DIR}/batch_overlap.cpp)
target_link_libraries(aabb_bench_batch_overlap PRIVATE aabb::optimized benchmark::benchmark)

find_path(AABB_BULLET_INCLUDE_DIR LinearMath/btAabbUtil2.h PATH_SUFFIXES bullet)
find_package(Eigen3 3.3 QUIET NO_MODULE)
find_path(AABB_CGAL_INCLUDE_DIR CGAL/Bbox_3.h)
find_path(AABB_BOX2D_INCLUDE_DIR box2d/b2_collision.h)
find_library(AABB_BOX2D_LIBRARY box2d)

set(_have_bullet 0)
set(_have_eigen 0)
set(_have_cgal 0)
set(_have_box2d 0)
if(AABB_BULLET_INCLUDE_DIR)
  # TestAabbAgainstAabb2 and btVector3 are inline: headers only.
  target_include_directories(aabb_bench_batch_overlap SYSTEM PRIVATE ${AABB_BULLET_INCLUDE_DIR})
  set(_have_bullet 1)
endif()
if(TARGET Eigen3::Eigen)
  target_link_libraries(aabb_bench_batch_overlap PRIVATE Eigen3::Eigen)
  set(_have_eigen 1)
endif()
if(AABB_CGAL_INCLUDE_DIR)
  # Bbox_3 and do_overlap are header-only.
  target_include_directories(aabb_bench_batch_overlap SYSTEM PRIVATE ${AABB_CGAL_INCLUDE_DIR})
  set(_have_cgal 1)
endif()
if(AABB_BOX2D_INCLUDE_DIR AND AABB_BOX2D_LIBRARY)
  target_include_directories(aabb_bench_batch_overlap SYSTEM PRIVATE ${AABB_BOX2D_INCLUDE_DIR})
  target_link_libraries(aabb_bench_batch_overlap PRIVATE ${AABB_BOX2D_LIBRARY})
  set(_have_box2d 1)
endif()
target_compile_definitions(aabb_bench_batch_overlap PRIVATE
  AABB_BENCH_HAVE_BULLET=${_have_bullet} AABB_BENCH_HAVE_EIGEN=${_have_eigen}
  AABB_BENCH_HAVE_CGAL=${_have_cgal} AABB_BENCH_HAVE_BOX2D=${_have_box2d})
message(STATUS "batch_overlap peers: bullet=${_have_bullet} eigen=${_have_eigen} cgal=${_have_cgal} box2d=${_have_box2d}")
