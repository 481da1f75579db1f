# Rows of tools/perf_report.py for the batch kernels (bench/batch_overlap.cpp,
# bench/batch_moving.cpp) and the exact paths (bench/exact_paths.cpp). Run by perf_report.py with
# `row` and `T_TYPES` defined; `other` may be a list: the fastest of those present is used.

import os
import sys

BIG = ("4194304", "16777216")      # far out of cache (100 MB to 800 MB of boxes)
SMALL = ("1024", "16384")          # in L1 / L2
PEERS3 = ["BM_overlap/bullet/{T}/%s", "BM_overlap/eigen/{T}/%s", "BM_overlap/cgal/{T}/%s"]

for n in BIG:
    row("aabb_bench_batch_overlap", "Batch overlap (one box against N, struct of arrays)",
        f"N = {n}, {{T}} 3D: ours (mask) / streaming read of the same bytes",
        f"BM_overlap/ours_mask/{{T}}/{n}", f"BM_overlap/stream/{{T}}/{n}", kind="limit",
        target=("<=", 1.4))
    row("aabb_bench_batch_overlap", "Batch overlap (one box against N, struct of arrays)",
        f"N = {n}, {{T}} 3D: ours (indices) / streaming read of the same bytes",
        f"BM_overlap/ours_indices/{{T}}/{n}", f"BM_overlap/stream/{{T}}/{n}", kind="limit")
    row("aabb_bench_batch_overlap", "Batch overlap (one box against N, struct of arrays)",
        f"N = {n}, float 2D: ours (mask) / streaming read of the same bytes",
        f"BM_overlap2d/ours_mask/float/{n}", f"BM_overlap2d/stream/float/{n}", kind="limit",
        target=("<=", 1.4), types=("float",))
for n in SMALL:
    row("aabb_bench_batch_overlap", "Batch overlap (one box against N, struct of arrays)",
        f"N = {n}, {{T}} 3D: ours (mask) / fastest peer",
        f"BM_overlap/ours_mask/{{T}}/{n}", [p % n for p in PEERS3], target=("<=", 1 / 3))
    row("aabb_bench_batch_overlap", "Batch overlap (one box against N, struct of arrays)",
        f"N = {n}, {{T}} 3D: ours (mask) / our naive scalar loop",
        f"BM_overlap/ours_mask/{{T}}/{n}", f"BM_overlap/naive/{{T}}/{n}")
    row("aabb_bench_batch_overlap", "Batch overlap (one box against N, struct of arrays)",
        f"N = {n}, float 2D: ours (mask) / Box2D b2TestOverlap",
        f"BM_overlap2d/ours_mask/float/{n}", f"BM_overlap2d/box2d/float/{n}", target=("<=", 1 / 3),
        types=("float",))
for n in ("1024", "65536"):
    for op in ("ray", "moving"):
        row("aabb_bench_batch_moving", "Batch ray and moving box (one against N)",
            f"{op}, N = {n}, {{T}}: batch kernel / loop of the scalar op",
            f"BM_{op}/ours_mask/{{T}}/{n}", f"BM_{op}/scalar_loop/{{T}}/{n}")

# Every variant of the op registry that bench/exact_paths.cpp measures: all but those the filtered
# evaluator forwards to the plain reference (its Exact<...>::measured is false: nothing to compare).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import registry  # noqa: E402
FORWARDED = {"transform", "transform_ce", "hill_climb"}
EXACT_OPS = [v for v in registry.variant_names(registry.from_source()) if v not in FORWARDED]
for inputs in ("random", "edge"):
    for op in EXACT_OPS:
        row("aabb_bench_exact_paths", "Exact answers: filtered evaluator (filtered/) vs plain reference",
            f"{op}, {{T}}, {inputs}: filtered / plain", f"BM_exact/{op}/filtered/{inputs}/{{T}}",
            f"BM_exact/{op}/plain/{inputs}/{{T}}", target=("<=", 1 / 50) if inputs == "random" else None,
            types=("f32", "f64"))
