"""The Python kit's throughput under check (tools/perf_report.py, "check through a process"):
overlap in plain Python, served by the kit."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bindings", "python"))
from aabb_oracle import register, serve  # noqa: E402

register("aabb_overlap_f64", lambda a, b: all(a["min"][i] <= b["max"][i] and b["min"][i] <= a["max"][i] for i in range(3)))
serve()
