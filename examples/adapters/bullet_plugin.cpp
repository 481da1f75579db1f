// Bullet's btAabbUtil2.h (Debian's libbullet-dev, built with btScalar = float) behind the C ABI
// of aabb/abi.h, float only: TestPointAgainstAabb2 (contains), TestAabbAgainstAabb2 (overlap) and
// btTransformAabb (the AABB of a box under a rigid transform, here any 3x3 basis). Bullet's ray
// tests (btRayAabb, btRayAabb2) return no exit time, so the ABI's ray is not exported. Each
// function calls Bullet's own code and only converts arrays; docs/check.md has the findings.

#include <LinearMath/btAabbUtil2.h>
#include <LinearMath/btTransform.h>

#include "aabb/abi.h"

namespace {

btVector3 vec(const float* p) {
  return btVector3(p[0], p[1], p[2]);
}
void put(const btVector3& v, float* out) {
  for (int i = 0; i < 3; ++i) out[i] = v[i];
}

}  // namespace

extern "C" int aabb_contains_f32(const float lo[3], const float hi[3], const float p[3]) {
  return TestPointAgainstAabb2(vec(lo), vec(hi), vec(p)) ? 1 : 0;
}

extern "C" int aabb_overlap_f32(const float alo[3], const float ahi[3], const float blo[3],
                                const float bhi[3]) {
  return TestAabbAgainstAabb2(vec(alo), vec(ahi), vec(blo), vec(bhi)) ? 1 : 0;
}

extern "C" void aabb_transform_f32(const float lo[3], const float hi[3], const float m[9],
                                   const float t[3], float out_lo[3], float out_hi[3]) {
  const btMatrix3x3 basis(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]);
  const btTransform x(basis, vec(t));
  btVector3 rlo, rhi;
  btTransformAabb(vec(lo), vec(hi), btScalar(0), x, rlo, rhi);
  put(rlo, out_lo);
  put(rhi, out_hi);
}
