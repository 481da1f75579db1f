/* cglm's box.h (Debian's libcglm-dev, float only) behind the C ABI of aabb/abi.h:
 * glm_aabb_point (contains), glm_aabb_aabb (overlap), glm_aabb_merge (union),
 * glm_aabb_contains (contains_box) and glm_aabb_sphere (overlap_sphere, the only one of
 * contract 2b's shapes ops that cglm has). Each function calls cglm's own code and only copies arrays
 * into cglm's vec3[2] boxes; docs/check.md has the findings. */

#include <cglm/box.h>
#include <string.h>

#include "aabb/abi.h"

/* A cglm box {min, max} from the ABI's lo and hi. */
static void cglm_box(const float lo[3], const float hi[3], vec3 box[2]) {
  memcpy(box[0], lo, sizeof(vec3));
  memcpy(box[1], hi, sizeof(vec3));
}

int aabb_contains_f32(const float lo[3], const float hi[3], const float p[3]) {
  vec3 box[2], point;
  cglm_box(lo, hi, box);
  memcpy(point, p, sizeof(vec3));
  return glm_aabb_point(box, point) ? 1 : 0;
}

int aabb_overlap_f32(const float alo[3], const float ahi[3], const float blo[3], const float bhi[3]) {
  vec3 a[2], b[2];
  cglm_box(alo, ahi, a);
  cglm_box(blo, bhi, b);
  return glm_aabb_aabb(a, b) ? 1 : 0;
}

void aabb_union_f32(const float alo[3], const float ahi[3], const float blo[3], const float bhi[3],
                    float out_lo[3], float out_hi[3]) {
  vec3 a[2], b[2], u[2];
  cglm_box(alo, ahi, a);
  cglm_box(blo, bhi, b);
  glm_aabb_merge(a, b, u);
  memcpy(out_lo, u[0], sizeof(vec3));
  memcpy(out_hi, u[1], sizeof(vec3));
}

int aabb_contains_box_f32(const float alo[3], const float ahi[3], const float blo[3],
                          const float bhi[3]) {
  vec3 a[2], b[2];
  cglm_box(alo, ahi, a);
  cglm_box(blo, bhi, b);
  return glm_aabb_contains(a, b) ? 1 : 0;
}

/* cglm's sphere is a vec4 {centre x, y, z, radius}. glm_aabb_sphere picks, on an axis where the
 * centre is outside the box, box[!(a - 1)] with a = 1 on either side: the max face also when the
 * centre is below the min, so it measures to the far face and misses spheres that touch the near
 * one (its reported false negative). */
int aabb_overlap_sphere_f32(const float lo[3], const float hi[3], const float c[3], float r) {
  vec3 box[2];
  vec4 sphere = {c[0], c[1], c[2], r};
  cglm_box(lo, hi, box);
  return glm_aabb_sphere(box, sphere) ? 1 : 0;
}
