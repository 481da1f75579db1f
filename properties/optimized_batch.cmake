# Properties of optimized/batch.hpp (issue 6): every batch kernel equals its scalar op per element.
aabb_property_target(aabb_optimized_batch_properties SOURCES optimized_batch_test.cpp LIBS aabb::optimized aabb::judge)
aabb_shipped_harness(aabb_optimized_batch_properties)
