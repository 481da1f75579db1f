#pragma once
/// The optimized/ entry points as the float properties call them: `opt::op(...)` in
/// optimized_*_test.cpp names aabb::props::shipped::op, a declaration here whose definition
/// (shipped/<family>.cpp) forwards to aabb::optimized::op and is explicitly instantiated for
/// float and double, 2D and 3D, in the aabb_property_shipped library.
///
/// Why: the library compiles at the build's own optimisation (-O3 in a release build, as users
/// ship optimized/), while the harness around the calls (RapidCheck's generators, the judges,
/// the assertions) compiles at AABB_PROPERTY_HARNESS_OPTIONS (-O1 by default): the same
/// contracts checked on the same machine code users get, in a third of the compile time
/// (properties/CMakeLists.txt). The types are optimized/'s own (using-declarations below); an
/// op a property calls that has no declaration here does not compile, so no property can fall
/// back to the harness's own copy of an op by accident.

#include "aabb/optimized/box.hpp"

namespace aabb::props::shipped {
using ::aabb::optimized::Box;
using ::aabb::optimized::CenterExtent;
using ::aabb::optimized::Float;
using ::aabb::optimized::Matrix;
using ::aabb::optimized::Vec;
}  // namespace aabb::props::shipped
