// The JavaScript kit's throughput under check (tools/perf_report.py, "check through a
// process"): overlap and a textbook slab ray test in plain JavaScript, served by the kit.
// What it measures is the protocol and the kit per case, beside the C plugin in the same run.
import { register, serve } from "../../bindings/js/src/index.js";

register("aabb_overlap_f64", (a, b) => a.min[0] <= b.max[0] && b.min[0] <= a.max[0] && a.min[1] <= b.max[1] &&
  b.min[1] <= a.max[1] && a.min[2] <= b.max[2] && b.min[2] <= a.max[2]);
register("aabb_ray_f64", (box, o, d, tMin, tMax) => {
  let t0 = tMin, t1 = tMax;
  for (let i = 0; i < 3; ++i) {
    if (d[i] === 0) {
      if (o[i] < box.min[i] || o[i] > box.max[i]) return null;
      continue;
    }
    let a = (box.min[i] - o[i]) / d[i], b = (box.max[i] - o[i]) / d[i];
    if (a > b) [a, b] = [b, a];
    if (a > t0) t0 = a;
    if (b < t1) t1 = b;
    if (t0 > t1) return null;
  }
  return { t_enter: t0, t_exit: t1 };
});
serve();
