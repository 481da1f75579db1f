#!/usr/bin/env python3
"""Runs every benchmark program of bench/ (Google Benchmark, JSON output), measures `check`
throughput and, when a fuzz build is given, the fuzz targets' executions per second, and writes
docs/performance.md: one table of ratios (ours / peer, ours / limit) from this one run, with the
machine and the command.

Every ratio compares two benchmarks of the SAME program run, so both saw the same machine load.
A benchmark that is missing (a peer library not installed, a program not built) is listed as
skipped with the reason; nothing is filled in by hand.

Usage: tools/perf_report.py --bin BUILD/bin --out docs/performance.md [--fuzz-bin DIR]
       [--repetitions 3] [--min-time 0.2] [--command "..."]
"""

import argparse
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time

# ---- What is compared ----------------------------------------------------------------------------
# (program, section, label, ours, other, kind, target): `ours` and `other` are benchmark names (or
# regular expressions matching exactly one) within `program`; the ratio is time(ours)/time(other)
# per item. kind "peer": other is a peer or the naive formula (lower is better for ours);
# "limit": other is the hardware limit. target: (op, value) with op "<=" or ">=" on the ratio
# time(ours)/time(other), or None. "{T}" expands to float and double.
T_TYPES = ("float", "double")

ROWS = []


def row(program, section, label, ours, other, kind="peer", target=None, types=T_TYPES):
    for t in types:
        others = other if isinstance(other, list) else [other]
        ROWS.append(dict(program=program, section=section, label=label.replace("{T}", t),
                         ours=ours.replace("{T}", t), others=[o.replace("{T}", t) for o in others],
                         kind=kind, target=target))


# The registry's variants by family (ops/registry.json). bench/optimized_moving.cpp measures every
# moving variant (and the conservative ray); bench/optimized_construction.cpp every construction
# variant but bounds_of_points and hill_climb, which have no rounding to speed up.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import registry  # noqa: E402
_VARIANTS = registry.variants(registry.from_source())
MOVING = [v["name"] for op, v in _VARIANTS if op["family"] == "moving"]
CONSTRUCTION = [v["name"] for op, v in _VARIANTS
                if op["family"] == "construction" and op["name"] not in ("bounds_of_points", "hill_climb")]

# The moving ops and their naive formulas: one naive ray for both ray variants; the loose sweeps
# (docs/contracts.md, "The loose sweeps", "The loose sweep_ce") against the naive formula of their
# exact op.
MOVING_ROWS = [(op, {"ray_conservative": "ray", "sweep_loose": "sweep", "moving_vs_static_loose": "moving_vs_static",
                     "ray_loose": "ray", "sweep_ce_loose": "sweep_ce"}.get(op, op))
               for op in MOVING + ["ray_conservative", "sweep_loose", "moving_vs_static_loose", "ray_loose", "sweep_ce_loose"]]

# Issue 15's target against the naive formula: <= 1.5 on random input, <= 4 on edge-heavy input,
# for the sweeps, moving_vs_static, bounds_of_sphere and extreme_points. The target row is the
# loose variant where one stands beside the op (docs/contracts.md, "The loose sweeps", "The loose
# sweep_ce"; bounds_of_sphere_loose's rows below), else the op's own row: among the construction
# rows that is the op with an exact contract (the transforms' target is against Eigen, in the
# peers' section). The ray's target is against Bullet there too. The fresh rows carry the same
# target.
CONTRACTS = {v["name"]: v["contract"] for op, v in _VARIANTS}


def issue_15_target(op, naive, inputs):
    moving_loose = op.endswith("_loose") and naive != "ray"
    exact_construction = op in CONSTRUCTION and CONTRACTS.get(op) == "exact"
    if not (moving_loose or exact_construction):
        return None
    return ("<=", 1.5) if inputs == "random" else ("<=", 4)


# Scalar ops against the naive textbook formulas (arg 0: random inputs, 1: edge-heavy inputs).
for arg, inputs in (("0", "random"), ("1", "edge")):
    row("aabb_bench_optimized_static", "Scalar ops vs the naive formula",
        f"centre–extent overlap, exact decisions / naive early-exit formula, {{T}}, {inputs}",
        f"exact_ce_overlap/{{T}}/{arg}", f"naive_early_exit_ce_overlap/{{T}}/{arg}",
        target=("<=", 1.5) if arg == "0" else None)
    for op, naive in MOVING_ROWS:
        row("aabb_bench_optimized_moving", "Scalar ops vs the naive formula",
            f"{op} / naive {naive}, {{T}}, {inputs}", f"ours_{op}/{{T}}/{arg}", f"naive_{naive}/{{T}}/{arg}",
            target=issue_15_target(op, naive, inputs))
    for op in CONSTRUCTION:
        row("aabb_bench_optimized_construction", "Scalar ops vs the naive formula",
            f"{op} / naive, {{T}}, {inputs}", f"ours_{op}/{{T}}/{arg}", f"naive_{op}/{{T}}/{arg}",
            target=issue_15_target(op, op, inputs))
    # bounds_of_sphere_loose (docs/contracts.md, "bounds_of_sphere_loose"), the fast variant
    # beside bounds_of_sphere, against the same naive formula: issue 15's construction target.
    row("aabb_bench_optimized_construction", "Scalar ops vs the naive formula",
        f"bounds_of_sphere_loose / naive, {{T}}, {inputs}", f"ours_bounds_of_sphere_loose/{{T}}/{arg}",
        f"naive_bounds_of_sphere/{{T}}/{arg}", target=("<=", 1.5) if arg == "0" else ("<=", 4))

# The moving ops on fresh inputs (bench/optimized_moving.cpp, args 2 and 3: 65536 cases, more than
# the branch predictor learns), and the predictor's share of the learnt rows (BM_predictor).
FRESH = "Scalar ops vs the naive formula, fresh inputs"
PREDICTOR = "The branch predictor's share"
SECTION_NOTES = {
    FRESH: "The moving ops of the section above on 65536 cases instead of 4096 repeated in the same "
           "order: the same generators, the same 4096 cases first. Repeated, the cases' branch outcomes "
           "are a sequence the branch predictor learns (next section), so branchy code runs as if "
           "every branch were predicted; an engine's queries are not such a sequence.",
    PREDICTOR: "The naive sweep and `sweep_loose` on the same inputs in three orders: 4096 cases in one "
               "fixed order (the learnt rows), the same 4096 cases in 16 shuffled orders (a 65536-call "
               "sequence over data that stays in L2), and 65536 distinct cases (the fresh rows). A "
               "shuffled ÷ fixed ratio far above 1 with distinct ÷ shuffled near 1 is the predictor's "
               "share, not the memory's.",
}
for arg, inputs in (("2", "random"), ("3", "edge")):
    for op, naive in MOVING_ROWS:
        row("aabb_bench_optimized_moving", FRESH, f"{op} / naive {naive}, {{T}}, {inputs}, fresh",
            f"ours_{op}/{{T}}/{arg}", f"naive_{naive}/{{T}}/{arg}", target=issue_15_target(op, naive, inputs))
for edge, inputs in (("0", "random"), ("1", "edge")):
    for bench, name in (("predictor_naive_sweep", "naive sweep"), ("predictor_ours_sweep_loose", "sweep_loose")):
        row("aabb_bench_optimized_moving", PREDICTOR, f"{name}, {{T}}, {inputs}: 16 shuffled orders ÷ one fixed order",
            f"{bench}/{{T}}/{edge}/1", f"{bench}/{{T}}/{edge}/0")
        row("aabb_bench_optimized_moving", PREDICTOR, f"{name}, {{T}}, {inputs}: 65536 distinct cases ÷ 16 shuffled orders",
            f"{bench}/{{T}}/{edge}/2", f"{bench}/{{T}}/{edge}/1")

# The ops of contract §2b against the naive float formulas (bench/optimized_shapes.cpp, one program).
# The shapes family of the registry, the two box-in-box ops and union's ABI variant; the
# conservative distance and the 2D triangle test are measured beside them.
SHAPES = [op["name"] for op in registry.from_source()["ops"] if op["family"] == "shapes"]
SHAPES = [(op, op) for op in SHAPES + ["contains_box", "classify", "union"]]
SHAPES += [("distance_sq_conservative", "distance_sq"), ("overlap_triangle_2d", "overlap_triangle_2d")]
for arg, inputs in (("0", "random"), ("1", "edge")):
    for op, naive in SHAPES:
        row("aabb_bench_optimized_shapes", "Contract §2b ops vs the naive formula",
            f"{op} / naive {naive}, {{T}}, {inputs}", f"ours_{op}/{{T}}/{arg}", f"naive_{naive}/{{T}}/{arg}",
            target=("<=", 1.5) if arg == "0" else None)

# Scalar ops against the peers' equivalents (bench/scalar_peers.cpp; a peer exists in one
# precision only for Bullet (float) and CGAL (double)).
for op, peers in (("overlap", ("naive", "eigen", "bullet", "cgal")), ("ray", ("naive", "bullet")),
                  ("transform", ("naive", "eigen", "bullet"))):
    for peer in peers:
        row("aabb_bench_scalar_peers", "Scalar ops vs peers (random inputs)",
            f"{op}: ours / {peer}, {{T}}", f"scalar_{op}/ours/{{T}}", f"scalar_{op}/{peer}/{{T}}")

# ray_loose (docs/contracts.md, "The loose ray"), the fast variant beside ray, against the same peers.
for peer in ("naive", "bullet"):
    row("aabb_bench_scalar_peers", "Scalar ops vs peers (random inputs)",
        f"ray_loose: ours / {peer}, {{T}}", "scalar_ray/ours_loose/{T}", f"scalar_ray/{peer}/{{T}}")

# Overlap on pairs the branch predictor has not learnt (bench/scalar_peers.cpp, kManyPairs): the
# scalar_overlap rows above repeat 4096 pairs, whose outcomes it learns.
for peer in ("naive", "eigen"):
    row("aabb_bench_scalar_peers", "Scalar ops vs peers (random inputs)",
        f"overlap on fresh pairs: ours / {peer}, {{T}}", "scalar_overlap_many/ours/{T}",
        f"scalar_overlap_many/{peer}/{{T}}", target=("<=", 1.1))

# The ray on rays the branch predictor has not learnt (bench/scalar_peers.cpp, kManyPairs), as the
# overlap rows above: issue 15's ray target against Bullet (float) and the naive slab test (double).
for ours, op in (("ours", "ray"), ("ours_loose", "ray_loose")):
    for peer in ("naive", "bullet"):
        row("aabb_bench_scalar_peers", "Scalar ops vs peers (random inputs)", f"{op} on fresh rays: ours / {peer}, {{T}}",
            f"scalar_ray_many/{ours}/{{T}}", f"scalar_ray_many/{peer}/{{T}}")

# transform_conservative (both forms) against Eigen's transformed, issue 15's transform target,
# and the tight centre–radius transform beside it.
for name, ours in (("transform_conservative", "scalar_transform/ours_conservative"),
                   ("transform (centre–radius)", "scalar_transform_ce/ours"),
                   ("transform_conservative (centre–radius)", "scalar_transform_ce/ours_conservative")):
    row("aabb_bench_scalar_peers", "Scalar ops vs peers (random inputs)",
        f"{name}: ours / eigen, {{T}}", f"{ours}/{{T}}", "scalar_transform/eigen/{T}",
        target=("<=", 1.5) if "conservative" in name else None)

EXTRA_ROWS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "perf_rows.py")
if os.path.exists(EXTRA_ROWS_FILE):
    # The rows of the batch and exact-path benchmarks, kept next to this script.
    exec(compile(open(EXTRA_ROWS_FILE).read(), EXTRA_ROWS_FILE, "exec"),
         {"row": row, "T_TYPES": T_TYPES, "__file__": EXTRA_ROWS_FILE})


# ---- Running -------------------------------------------------------------------------------------

def run_program(path, repetitions, min_time, log):
    """Runs one benchmark program; returns {name: median real time per item (ns)}."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        out = f.name
    cmd = [path, f"--benchmark_out={out}", "--benchmark_out_format=json",
           f"--benchmark_repetitions={repetitions}", "--benchmark_report_aggregates_only=true",
           f"--benchmark_min_time={min_time}",
           # Repetitions in random order across the program's benchmarks: on a shared machine whose
           # speed drifts, ours and the peer then see the same drift (back to back they did not:
           # the same program's ratios moved by 30% between runs).
           "--benchmark_enable_random_interleaving=true"]
    print("  $ " + " ".join(cmd), file=log, flush=True)
    t0 = time.time()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{os.path.basename(path)} exited with {p.returncode}: {p.stderr[-500:]}")
    data = json.load(open(out))
    os.unlink(out)
    result = {}
    # The median when there are repetitions (Google Benchmark writes aggregates only then), else
    # the single run.
    have_median = {b["run_name"] for b in data["benchmarks"] if b.get("aggregate_name") == "median"}
    for b in data["benchmarks"]:
        name = b.get("run_name", b["name"])
        if name in have_median and b.get("aggregate_name") != "median":
            continue
        if name not in have_median and b.get("run_type") == "aggregate":
            continue
        per_item = b["real_time"] * {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[b["time_unit"]]
        if b.get("items_per_second"):
            per_item = 1e9 / b["items_per_second"]
        result[name] = {"ns_per_item": per_item, "counters": {k: v for k, v in b.items()
                                                             if k in ("fallback", "expansion", "bytes_per_second")}}
    print(f"    {len(result)} benchmarks in {time.time() - t0:.0f} s", file=log, flush=True)
    return result, data.get("context", {})


def find(results, pattern):
    if pattern in results:
        return pattern, results[pattern]
    rx = re.compile("^" + pattern + "$")
    hits = [n for n in results if rx.match(n)]
    if len(hits) == 1:
        return hits[0], results[hits[0]]
    return None, None


def check_throughput(bin_dir, log):
    """`check` cases per minute on the overlap ops (bundled optimized plugin), one op at a time."""
    tool = os.path.join(bin_dir, "aabb-oracle")
    rows = []
    if not os.path.exists(tool):
        return rows
    for op in ("overlap", "overlap_ce", "contains", "sweep"):
        for t in ("f32", "f64"):
            with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
                out = f.name
            cmd = [tool, "check", "--ops", op, "--types", t, "--seconds", "10", "--quiet",
                   "--json", out]
            print("  $ " + " ".join(cmd), file=log, flush=True)
            t0 = time.time()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            wall = time.time() - t0
            rep = json.load(open(out))
            os.unlink(out)
            cases = sum(r.get("cases", 0) for r in rep["results"])
            rows.append((op, t, cases, wall))
    return rows


def check_cases(tool, args, log):
    """Cases one `check --seconds 10` run judged (its generation has 8 of the 10 seconds)."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        out = f.name
    cmd = [tool, "check", "--seconds", "10", "--quiet", "--json", out] + args
    print("  $ " + " ".join(cmd), file=log, flush=True)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rep = json.load(open(out))
    os.unlink(out)
    return sum(r.get("cases", 0) for r in rep["results"])


# The kits' adapters of bench/process/, as check runs them.
BENCH_PROCESS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench", "process")
PROCESS_KITS = [("JavaScript kit", f"node {os.path.join(BENCH_PROCESS, 'kit_adapter.mjs')}", ("overlap", "ray")),
                ("Python kit", f"{sys.executable} {os.path.join(BENCH_PROCESS, 'kit_adapter.py')}", ("overlap",))]


def process_throughput(bin_dir, log):
    """check through a process (--impl-cmd, a kit's adapter) beside the bundled C plugin, same
    op and type (f64, 3D only), same budget, in the same run: (kit, op, plugin cases, kit cases)."""
    tool = os.path.join(bin_dir, "aabb-oracle")
    rows = []
    if not os.path.exists(tool):
        return rows
    for kit, cmd, ops in PROCESS_KITS:
        for op in ops:
            # The plugin exports both dimensions: --seconds 20 over its two campaigns gives the
            # 3D one the 10 s the kit's single campaign gets.
            plugin = check_cases_3d(tool, ["--ops", op, "--types", "f64"], op, log)
            ours = check_cases(tool, ["--impl-cmd", cmd, "--ops", op, "--types", "f64"], log)
            rows.append((kit, op, plugin, ours))
    return rows


PROCESS_HEADING = "## `aabb-oracle check` through a process (`--impl-cmd`)"
PROCESS_TARGET = "- check --impl-cmd, "


def process_section(processes, note=""):
    """The process section's lines and its targets (label, ratio, verdict)."""
    lines, targets = ["", PROCESS_HEADING, ""], []
    if not processes:
        return lines + ["Not measured: aabb-oracle not built."], targets
    lines += ["The kits' adapters of bench/process/ (plain JavaScript and Python functions) against the bundled "
              "C plugin, f64, 3D, 10 s per campaign, in the same run: cases judged, every call through the "
              "protocol (docs/protocol.md) against every call in a child process." + note, "",
              "| kit | op | C plugin cases | kit cases | kit / plugin | target |", "|---|---|---|---|---|---|"]
    for kit, op, plugin, ours in processes:
        ratio = ours / plugin if plugin else 0
        v = (">= 0.20: " + ("met" if ratio >= 0.2 else "MISSED")) if kit == "JavaScript kit" else ""
        lines.append(f"| {kit} | {op} | {plugin} | {ours} | {ratio:.2f} | {v} |")
        if v:
            targets.append((f"check --impl-cmd, {kit}, {op} f64: {ratio:.2f} of the C plugin's cases", "", v))
    return lines, targets


def rewrite_process_section(path, processes, command):
    """--process-only: the process section (and its lines of the target list) of an existing
    report replaced by a new measurement, which names its own date and command."""
    with open(path) as f:
        old = f.read().split("\n")
    note = (f" Measured on {datetime.datetime.utcnow().strftime('%Y-%m-%d %H:%M')} UTC by `{command}` "
            "(this section only; the rest of the file is from the run above).")
    section, targets = process_section(processes, note)
    out, i = [], 0
    placed = False
    while i < len(old):
        line = old[i]
        if line == PROCESS_HEADING:  # drop the old section up to the next heading
            i += 1
            while i < len(old) and not old[i].startswith("## "):
                i += 1
            if out and out[-1] == "":
                out.pop()
            out += section + [""]
            placed = True
            continue
        if line == "## Targets" and not placed:
            if out and out[-1] == "":
                out.pop()
            out += section + [""]
            placed = True
        if line.startswith(PROCESS_TARGET):
            i += 1
            continue
        out.append(line)
        if line == "## Targets":
            out.append("")
            out += [f"- {label}: {v}" for label, _, v in targets]
            if i + 1 < len(old) and old[i + 1] == "":
                i += 1
        i += 1
    with open(path, "w") as f:
        f.write("\n".join(out))


def check_cases_3d(tool, args, op, log):
    """The 3D campaign's cases of a bundled-plugin run over both dimensions (20 s: 10 s each)."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        out = f.name
    cmd = [tool, "check", "--seconds", "20", "--quiet", "--json", out] + args
    print("  $ " + " ".join(cmd), file=log, flush=True)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rep = json.load(open(out))
    os.unlink(out)
    return sum(r.get("cases", 0) for r in rep["results"] if r["op"] == op)


def fuzz_throughput(fuzz_bin, seconds, log):
    """Executions per second of every fuzz target, from libFuzzer's final stats."""
    rows = []
    if not fuzz_bin or not os.path.isdir(fuzz_bin):
        return rows
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for exe in sorted(os.listdir(fuzz_bin)):
        if not exe.startswith("aabb_fuzz_"):
            continue
        target = exe[len("aabb_fuzz_"):]
        corpus = os.path.join(root, "fuzz", "corpus", target)
        with tempfile.TemporaryDirectory() as work:
            cmd = [os.path.join(fuzz_bin, exe), work, corpus, f"-max_total_time={seconds}",
                   "-print_final_stats=1", "-close_fd_mask=3"]
            print("  $ " + " ".join(cmd), file=log, flush=True)
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        m = re.search(r"stat::number_of_executed_units:\s*(\d+)", p.stdout)
        s = re.search(r"stat::average_exec_per_sec:\s*(\d+)", p.stdout)
        rows.append((target, int(s.group(1)) if s else None, int(m.group(1)) if m else None,
                     p.returncode))
    return rows


# ---- Report ----------------------------------------------------------------------------------------

def fmt_ratio(x):
    return f"{x:.3f}" if x < 0.1 else (f"{x:.2f}" if x < 10 else f"{x:.1f}")


def verdict(ratio, target):
    if not target:
        return ""
    op, v = target
    ok = ratio <= v if op == "<=" else ratio >= v
    shown = f"{v:.3g}" if isinstance(v, float) else v
    return f"{op} {shown}: {'met' if ok else 'MISSED'}"


def machine():
    cpu = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True, help="the release build's bin directory")
    ap.add_argument("--out", required=True, help="the Markdown file to write")
    ap.add_argument("--fuzz-bin", help="a fuzz build's bin directory (libFuzzer targets)")
    ap.add_argument("--fuzz-label", default="", help="how the fuzz targets were built, for the report")
    ap.add_argument("--fuzz-seconds", type=int, default=10)
    ap.add_argument("--repetitions", type=int, default=3)
    ap.add_argument("--min-time", default="0.2")
    ap.add_argument("--command", default="bash tools/perf.sh")
    ap.add_argument("--only", help="run only this benchmark program (a quick look; no check/fuzz)")
    ap.add_argument("--process-only", action="store_true",
                    help="measure only check through a process and rewrite that section of --out in place")
    a = ap.parse_args()
    log = sys.stderr
    if a.process_only:
        rewrite_process_section(a.out, process_throughput(a.bin, log), a.command)
        print(f"rewrote the process section of {a.out}", file=log)
        return

    programs = sorted({r["program"] for r in ROWS if not a.only or r["program"] == a.only})
    results, context, skipped_programs = {}, {}, {}
    for prog in programs:
        path = os.path.join(a.bin, prog)
        if not os.path.exists(path):
            skipped_programs[prog] = "not built"
            print(f"  skipped {prog}: not built", file=log)
            continue
        print(f"running {prog}", file=log, flush=True)
        try:
            results[prog], context = run_program(path, a.repetitions, a.min_time, log)
        except RuntimeError as e:
            skipped_programs[prog] = str(e)
            print(f"  FAILED {prog}: {e}", file=log)

    print("measuring check throughput", file=log, flush=True)
    checks = [] if a.only else check_throughput(a.bin, log)
    processes = [] if a.only else process_throughput(a.bin, log)
    print("measuring fuzz throughput", file=log, flush=True)
    fuzz = fuzz_throughput(a.fuzz_bin, a.fuzz_seconds, log)

    lines = ["# Performance", "",
             "Written by `tools/perf_report.py` from one run; do not edit by hand. Every ratio is "
             "time per item of ours divided by time per item of the other, both measured in the same "
             "program run (median of the repetitions), so below 1 means ours is faster.", "",
             f"- Command: `{a.command}`",
             f"- Date: {datetime.datetime.utcnow().strftime('%Y-%m-%d %H:%M')} UTC",
             f"- Machine: {machine()}; load average at the end "
             f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} (a shared machine: the ratios count, "
             "the absolute times do not)",
             f"- Google Benchmark context: {context.get('num_cpus', '?')} CPUs at "
             f"{context.get('mhz_per_cpu', '?')} MHz; the project built with the release preset (g++ 12, CMake's Release flags)",
             f"- Repetitions {a.repetitions}, min time {a.min_time} s per benchmark, interleaved in random "
             "order (`--benchmark_enable_random_interleaving`)", ""]
    targets = []
    section = None
    skipped_rows = []
    for r in ROWS:
        if a.only and r["program"] != a.only:
            continue
        if r["program"] not in results:
            skipped_rows.append((r, skipped_programs.get(r["program"], "not run")))
            continue
        res = results[r["program"]]
        on, o = find(res, r["ours"])
        present = [(n, b) for n, b in (find(res, x) for x in r["others"]) if b]
        if not o or not present:
            skipped_rows.append((r, f"benchmark {r['ours'] if not o else ' / '.join(r['others'])} "
                                    "not registered (peer not installed?)"))
            continue
        pn, p = min(present, key=lambda nb: nb[1]["ns_per_item"])
        if r["section"] != section:
            section = r["section"]
            lines += ["", f"## {section}", ""]
            if section in SECTION_NOTES:
                lines += [SECTION_NOTES[section], ""]
            lines += ["| comparison | ours ns/item | other ns/item | ours ÷ other | target |",
                      "|---|---|---|---|---|"]
        ratio = o["ns_per_item"] / p["ns_per_item"]
        v = verdict(ratio, r["target"])
        extra = ""
        if "fallback" in o["counters"]:
            extra = (f" (fell back to the reference {o['counters']['fallback']:.3g}, exact expansions "
                     f"{o['counters'].get('expansion', 0):.3g} per call)")
        if len(r["others"]) > 1:
            extra += f" ({pn})"
        lines.append(f"| {r['label']}{extra} | {o['ns_per_item']:.3g} | {p['ns_per_item']:.3g} | "
                     f"{fmt_ratio(ratio)} | {v} |")
        if v:
            targets.append((r["label"], fmt_ratio(ratio), v))

    lines += ["", "## `aabb-oracle check` throughput", ""]
    if checks:
        lines += ["Bundled optimized plugin, `--seconds 10` per op and type; cases per minute "
                  "include generation, the calls in a child process, the exact answer and judging.", "",
                  "| op | type | cases | wall s | cases per minute | target |", "|---|---|---|---|---|---|"]
        for op, t, cases, wall in checks:
            cpm = cases / wall * 60 if wall > 0 else 0
            v = (">= 1,000,000 per minute: " + ("met" if cpm >= 1e6 else "MISSED")) if op.startswith("overlap") else ""
            lines.append(f"| {op} | {t} | {cases} | {wall:.1f} | {cpm:,.0f} | {v} |")
            if v:
                targets.append((f"check {op} {t}: {cpm:,.0f} cases/min", "", v))
    else:
        lines.append("Not measured: aabb-oracle not built.")

    section_lines, section_targets = process_section(processes)
    lines += section_lines
    targets += section_targets

    lines += ["", "## Fuzz targets", ""]
    if fuzz:
        lines += [f"{a.fuzz_label}, {a.fuzz_seconds} s per target from the committed corpus, one "
                  "process, libFuzzer's `average_exec_per_sec`.", "",
                  "| target | exec/s | executions | exit | target |", "|---|---|---|---|---|"]
        for target, eps, n, rc in fuzz:
            v = ""
            if target.startswith("static"):
                v = ">= 100000: " + ("met" if eps and eps >= 100000 else "MISSED")
                targets.append((f"fuzz {target}: {eps} exec/s", "", v))
            lines.append(f"| {target} | {eps if eps is not None else '?'} | {n if n is not None else '?'} | {rc} | {v} |")
    else:
        lines.append("Not measured in this run (no fuzz build given: `--fuzz-bin`).")

    lines += ["", "## Targets", ""]
    for label, ratio, v in targets:
        lines.append(f"- {label}{': ' + ratio if ratio else ''}: {v}")
    if skipped_rows:
        lines += ["", "## Skipped", ""]
        seen = set()
        for r, why in skipped_rows:
            key = (r["program"], why)
            if key in seen:
                continue
            seen.add(key)
            lines.append(f"- {r['program']}: {why}")
    with open(a.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {a.out}", file=log)


if __name__ == "__main__":
    main()
