#!/usr/bin/env python3
"""A process implementation of aabb_overlap_f64 and aabb_union_f64 that speaks the protocol
by hand (docs/protocol.md, no kit) and misbehaves in one way, chosen by its argument, on the
cases where box a is flat on axis 0 (a.min[0] == a.max[0], which check's edge-aimed cases
draw often); every other answer is exact (comparing and choosing doubles is exact).

    hostile.py MODE [STATE_DIR]        (HOSTILE_2D=1: aabb2_overlap_f64 and aabb2_union_f64 too)
"""
import json
import os
import signal
import struct
import sys
import time

MODE = sys.argv[1]
STATE = sys.argv[2] if len(sys.argv) > 2 else "."
out = sys.stdout


def f(h):
    return struct.unpack(">d", bytes.fromhex(h))[0]


def bits(x):
    return struct.pack(">d", x).hex()


def say(obj):
    out.write(json.dumps(obj) + "\n")
    out.flush()


def flat(c):
    return f(c["alo"][0]) == f(c["ahi"][0])


def correct(call, c):
    d = len(c["alo"])
    a = [(f(c["alo"][i]), f(c["ahi"][i])) for i in range(d)]
    b = [(f(c["blo"][i]), f(c["bhi"][i])) for i in range(d)]
    if call.endswith("overlap_f64"):
        return {"result": int(all(a[i][0] <= b[i][1] and b[i][0] <= a[i][1] for i in range(d)))}
    return {"out_lo": [bits(min(a[i][0], b[i][0])) for i in range(d)],
            "out_hi": [bits(max(a[i][1], b[i][1])) for i in range(d)]}


if MODE == "exit_before_hello":
    sys.stderr.write("hostile: cannot start, no licence\n")
    sys.exit(3)
if MODE == "no_hello":
    sys.stderr.write("hostile: waiting forever\n")
    time.sleep(3600)
if MODE == "bad_hello":
    say({"protocol": "aabb-oracle/0", "functions": ["aabb_overlap_f64"]})
    time.sleep(3600)

# HOSTILE_2D=1: the same two functions in dimension 2 too (aabb2_), as the bundled plugin has them.
FUNCTIONS = ["aabb_overlap_f64", "aabb_union_f64", "aabb_overlapp_f64"]
if os.environ.get("HOSTILE_2D") == "1":
    FUNCTIONS += ["aabb2_overlap_f64", "aabb2_union_f64"]
say({"protocol": "aabb-oracle/1", "functions": FUNCTIONS})
batches = 0
for line in sys.stdin:
    request = json.loads(line)
    call, cases = request["call"], request["cases"]
    batches += 1
    if MODE == "exit_at_start":
        sys.exit(4)
    for k, c in enumerate(cases):
        a = correct(call, c)
        if MODE == "noisy":
            sys.stderr.write(f"hostile: case {k} of batch {batches}\n")
        elif flat(c):
            if MODE == "crash":
                os.kill(os.getpid(), signal.SIGSEGV)
            elif MODE == "hang":
                time.sleep(3600)
            elif MODE == "garbage":
                out.write("debug: a is flat\n")
            elif MODE == "nan_bool" and call == "aabb_overlap_f64":
                a = {"result": "7ff8000000000000"}
            elif MODE == "error":
                a = {"error": "ValueError: a flat box"}
            elif MODE == "flood":
                while True:
                    sys.stderr.write("x" * 65536)
            elif MODE == "fork_keep_pipe":
                pid = os.fork()
                if pid == 0:  # the helper keeps standard output and input open, and lives on
                    with open(os.path.join(STATE, f"helper.{os.getpid()}"), "w") as h:
                        h.write(str(os.getpid()))
                    time.sleep(3600)
                    os._exit(0)
                time.sleep(0.2)
                os._exit(5)
        if MODE == "lie_after" and batches > 2 and "result" in a:
            a["result"] = 1 - a["result"]
        if MODE == "missing" and k == len(cases) - 1:
            break
        say(a)
    if MODE == "extra":
        say({"result": 1})
    n = len(cases) - 1 if MODE == "missing" else len(cases)
    say({"end": n})
