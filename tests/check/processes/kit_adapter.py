"""An adapter written with the Python kit (bindings/python): ops whose exact answer is a
comparison or a choice of floats, which Python computes exactly, and two planted faults: an
exception (closest_point) and NaN where a boolean is due (contains_box)."""
import math

from aabb_oracle import register, serve


def overlap(a, b):
    return all(a["min"][i] <= b["max"][i] and b["min"][i] <= a["max"][i] for i in range(len(a["min"])))


def contains_box(a, b):
    return all(a["min"][i] <= b["min"][i] and b["max"][i] <= a["max"][i] for i in range(3))


for name in ("aabb_overlap_f32", "aabb_overlap_f64", "aabb2_overlap_f64"):
    register(name, overlap)
register("aabb_union_f64", lambda a, b: {"min": [min(x, y) for x, y in zip(a["min"], b["min"])],
                                         "max": [max(x, y) for x, y in zip(a["max"], b["max"])]})
register("aabb_contains_f64", lambda box, p: all(box["min"][i] <= p[i] <= box["max"][i] for i in range(3)))
register("aabb_classify_f64", lambda a, b: 2 if contains_box(a, b) else 1 if overlap(a, b) else 0)
register("aabb_intersection_f64", lambda a, b: {"min": [max(x, y) for x, y in zip(a["min"], b["min"])],
                                                "max": [min(x, y) for x, y in zip(a["max"], b["max"])]}
         if overlap(a, b) else None)
register("aabb_bounds_of_points_f64", lambda pts: {"min": [min(p[i] for p in pts) for i in range(3)],
                                                   "max": [max(p[i] for p in pts) for i in range(3)]})
register("aabb_closest_point_f64", lambda box, p: [1 / 0 for _ in p])
register("aabb_contains_box_f64", lambda a, b: math.nan)
serve()
