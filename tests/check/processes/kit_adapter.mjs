// An adapter written with the JavaScript kit (bindings/js): ops whose exact answer is a
// comparison or a choice of floats, which JavaScript computes exactly, and two planted faults:
// an exception (closest_point) and NaN where a boolean is due (contains_box).
import { register, serve } from "../../../bindings/js/src/index.js";

const overlap = (a, b) => a.min.every((_, i) => a.min[i] <= b.max[i] && b.min[i] <= a.max[i]);
const containsBox = (a, b) => a.min.every((_, i) => a.min[i] <= b.min[i] && b.max[i] <= a.max[i]);
const zip = (f, x, y) => x.map((v, i) => f(v, y[i]));

for (const name of ["aabb_overlap_f32", "aabb_overlap_f64", "aabb2_overlap_f64"]) register(name, overlap);
register("aabb_union_f64", (a, b) => ({ min: zip(Math.min, a.min, b.min), max: zip(Math.max, a.max, b.max) }));
register("aabb_contains_f64", (box, p) => p.every((x, i) => box.min[i] <= x && x <= box.max[i]));
register("aabb_classify_f64", (a, b) => (containsBox(a, b) ? 2 : overlap(a, b) ? 1 : 0));
register("aabb_intersection_f64", (a, b) =>
  overlap(a, b) ? { min: zip(Math.max, a.min, b.min), max: zip(Math.min, a.max, b.max) } : null);
register("aabb_bounds_of_points_f64", (pts) => ({
  min: [0, 1, 2].map((i) => Math.min(...pts.map((p) => p[i]))),
  max: [0, 1, 2].map((i) => Math.max(...pts.map((p) => p[i]))),
}));
register("aabb_closest_point_f64", (box, p) => p.map((x) => box.nothing.x));
register("aabb_contains_box_f64", () => NaN);
serve();
