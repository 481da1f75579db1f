// three.js (npm "three", pinned in tests/node/package-lock.json) under the C ABI's names, for
// `aabb-oracle check --impl-cmd 'node tests/node/adapters/three.mjs'`. Every function calls the
// library's own method on the library's own objects; the adapter only builds them from the
// kit's plain numbers (exact: a double goes into a Vector3 unchanged) and reads the answer
// back. Only the double functions: JavaScript numbers are doubles.
import { register, serve } from "aabb-oracle";
import { Box3, Matrix4, Sphere, Triangle, Vector3 } from "three";

const v = (a) => new Vector3(a[0], a[1], a[2]);
const box = (b) => new Box3(v(b.min), v(b.max));

register("aabb_contains_f64", (b, p) => box(b).containsPoint(v(p)));
register("aabb_overlap_f64", (a, b) => box(a).intersectsBox(box(b)));
register("aabb_contains_box_f64", (a, b) => box(a).containsBox(box(b)));
register("aabb_union_f64", (a, b) => box(a).union(box(b)));
// Box3.intersect leaves an empty box (min > max on some axis) when they do not meet: isEmpty().
register("aabb_intersection_f64", (a, b) => {
  const r = box(a).intersect(box(b));
  return r.isEmpty() ? null : r;
});
register("aabb_grow_f64", (b, margin) => box(b).expandByScalar(margin));
register("aabb_closest_point_f64", (b, p) => box(b).clampPoint(v(p), new Vector3()));
register("aabb_overlap_sphere_f64", (b, c, r) => box(b).intersectsSphere(new Sphere(v(c), r)));
register("aabb_overlap_triangle_f64", (b, p, q, r) => box(b).intersectsTriangle(new Triangle(v(p), v(q), v(r))));
register("aabb_bounds_of_points_f64", (pts) => new Box3().setFromPoints(pts.map(v)));
register("aabb_bounds_of_sphere_f64", (c, r) => new Sphere(v(c), r).getBoundingBox(new Box3()));
// The ABI's matrix and translation as the affine Matrix4 three.js applies (row-major set()).
register("aabb_transform_f64", (b, m, t) =>
  box(b).applyMatrix4(new Matrix4().set(m[0][0], m[0][1], m[0][2], t[0], m[1][0], m[1][1], m[1][2], t[1],
                                        m[2][0], m[2][1], m[2][2], t[2], 0, 0, 0, 1)));
serve();
