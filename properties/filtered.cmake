# Properties of the filtered exact evaluator (filtered/, issue 6 item 2): filtered == reference on
# the exact inputs, every op, float and double, 2D and 3D; and filtered == its plain path.
aabb_property_target(aabb_filtered_properties SOURCES filtered_test.cpp LIBS aabb::filtered aabb::judge)
aabb_shipped_harness(aabb_filtered_properties)
