#!/usr/bin/env python3
"""End-to-end tests of `aabb-oracle vectors` (docs/vectors.md). One mode per ctest:

  generate  the fixture: writes the default set once (WORK/default-vectors), which schema, eval,
            consumer and consumer_node read (each wrote the same bytes again before).
  schema    every file validates against vectors/aabb_vectors_schema_v1.json; numberOfTests is
            the count, tcIds are 1..n, every flag used is in notes (and only those); inputs are
            hex floats of the file's type; Subnormal is re-derived; the same seed gives the same
            bytes and another seed other cases; the checker rejects a tampered file.
  eval      every test's input, sent as one eval line through one `aabb-oracle eval` process,
            is answered with exactly the expected line (byte for byte, without the X_f32
            fields), and every X_f32 / X_f64 is re-derived here from the exact rational.
  consumer  examples/vectors/naive_consumer.py runs, passes the correct-by-construction ops and
            reports the known failures of the naive ones.
  usage     usage errors exit 2 and name the option.
"""

import argparse
import json
import math
import pathlib
import re
import shutil
import struct
import subprocess
import sys
from fractions import Fraction

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tools"))
import registry  # noqa: E402

# The vectors' files, one per variant of the registry and float type (`aabb-oracle ops --json`),
# read in main() from the tool under test.
OPS = []
TYPES = []
DEFAULT_CONTRACTS = {}  # variant name -> the registry's default contract (check's)
HEX = re.compile(r"^-?0x[0-9a-f](\.[0-9a-f]+)?p[+-][0-9]+$")

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def finish(name):
    for f in failures[:40]:
        print("FAIL:", f)
    if failures:
        print(f"{name}: {len(failures)} failures")
        return 1
    print(f"{name}: ok")
    return 0


def generate(tool, out, *extra):
    if out.exists():
        shutil.rmtree(out)
    r = subprocess.run([tool, "vectors", "--out", str(out), *extra], capture_output=True,
                       text=True)
    if r.returncode != 0:
        sys.exit(f"aabb-oracle vectors failed ({r.returncode}): {r.stderr}")
    return r


def default_vectors(args):
    """The default set (`vectors --out DIR`, no other option), written once by the fixture test
    vectors.generate for the tests that read it (schema, eval, consumer, consumer_node); written
    here when the script runs without it (by hand)."""
    if not (args.shared / "overlap_f32.json").is_file():
        generate(args.tool, args.shared)
    return args.shared


def mode_generate(args):
    generate(args.tool, args.shared)
    print(f"wrote the default set into {args.shared}")
    return 0


def load(out):
    """Every file: DIR/<op>_<type>.json (3D) and DIR/2d/<op>_<type>.json (2D), by relative path."""
    files = {}
    for folder in ("", "2d/"):
        for op in OPS:
            for t in TYPES:
                path = out / f"{folder}{op}_{t}.json"
                if check(path.exists(), f"missing {folder}{path.name}"):
                    files[folder + path.name] = json.loads(path.read_text())
    return files


def vector_lengths(j):
    """The lengths of every vector (an array of number strings) inside j."""
    if isinstance(j, list):
        if j and all(isinstance(x, str) for x in j):
            yield len(j)
        else:
            for x in j:
                yield from vector_lengths(x)
    elif isinstance(j, dict):
        for v in j.values():
            yield from vector_lengths(v)


def tests_of(data):
    for group in data["testGroups"]:
        for test in group["tests"]:
            yield group, test


# ---- Exact rounding, independent of the C++ code -------------------------------------------

FORMATS = {"f32": (24, -126, 127), "f64": (53, -1022, 1023)}  # precision, emin, emax


def strings(j):
    """Every string inside a JSON value."""
    if isinstance(j, str):
        yield j
    elif isinstance(j, dict):
        for v in j.values():
            yield from strings(v)
    elif isinstance(j, list):
        for v in j:
            yield from strings(v)


def exact(text):
    if "/" in text:
        p, q = text.split("/")
        return Fraction(int(p), int(q))
    return Fraction(int(text))


def nearest(q, t):
    """The value of type t nearest to the Fraction q, ties to even, as a Python float (±inf)."""
    precision, emin, emax = FORMATS[t]
    if q == 0:
        return 0.0
    sign = -1.0 if q < 0 else 1.0
    a = abs(q)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, emin)
    quantum = Fraction(2) ** (e - precision + 1)
    n = round(a / quantum)  # Fraction.__round__: half to even
    value = n * quantum
    if value >= Fraction(2) ** (emax + 1):
        return sign * math.inf
    return sign * float(value) if n != 0 else math.copysign(0.0, sign)


def same_float(x, y):
    return struct.pack("<d", x) == struct.pack("<d", y)


def representable(x, t):
    if t == "f64" or math.isinf(x) or math.isnan(x):
        return True
    try:
        return struct.unpack("f", struct.pack("f", x))[0] == x
    except OverflowError:
        return False


# ---- schema ----------------------------------------------------------------------------------


HEX = re.compile(r"^-?0x[0-9a-f](\.[0-9a-f]+)?p[+-][0-9]+$")
DECIMAL = re.compile(r"^-?[0-9]+(\.[0-9]+)?(e[+-][0-9]+)?$")


def read_decimal(text, t):
    """A decimal string read into type t with correct rounding: through the nearest double, which
    is exact for f64 and, for the at most 9 significant digits of a shortest f32 string, rounds to
    the same float as a direct conversion (53 >= 2·24 + 2: double rounding is innocuous)."""
    x = float(text)
    if t == "f64":
        return x
    try:
        return struct.unpack("<f", struct.pack("<f", x))[0]
    except OverflowError:  # struct refuses exactly the values that round to infinity
        return math.copysign(math.inf, x)


def shortest_scientific(x, t):
    """The shortest scientific rendering of x that reads back to it in t ("1.8790482e+09")."""
    for n in range(1, 18):
        text = f"{x:.{n - 1}e}"
        if read_decimal(text, t) == x:
            return text
    return repr(x)


def number_form_problems(where, test, numbers, t):
    """The input numbers are in the file's form (--numbers): hex floats in `input` unless the file
    is "decimal"; in "both", `inputDecimal` beside it, the same shape, each number a decimal that
    reads back to the hex value in the file's type and is no longer than the shortest scientific
    rendering that does (so a round-trip string, not the exact expansion of the value)."""
    problems = []
    words = ("nan", "inf")
    form = DECIMAL if numbers == "decimal" else HEX
    for text in strings(test["input"]):
        if text not in words and not form.match(text):
            problems.append(f"{where}: input number {text!r} is not {'a decimal' if numbers == 'decimal' else 'a hex float'}")
    if ("inputDecimal" in test) != (numbers == "both"):
        problems.append(f"{where}: inputDecimal {'missing' if numbers == 'both' else 'present'} in a {numbers} file")
    if numbers == "both" and "inputDecimal" in test:
        hexes, decimals = list(strings(test["input"])), list(strings(test["inputDecimal"]))
        if len(hexes) != len(decimals) or json.dumps(test["input"], sort_keys=True).count("[") != \
                json.dumps(test["inputDecimal"], sort_keys=True).count("["):
            problems.append(f"{where}: inputDecimal has another shape than input")
        for h, d in zip(hexes, decimals):
            if h in words:
                if d != h:
                    problems.append(f"{where}: {h} became {d!r}")
                continue
            if not DECIMAL.match(d):
                problems.append(f"{where}: inputDecimal number {d!r} is not a decimal")
                continue
            x = float.fromhex(h)
            if read_decimal(d, t) != x or math.copysign(1, read_decimal(d, t)) != math.copysign(1, x):
                problems.append(f"{where}: {d} does not read back to {h} in {t}")
            if len(d) > len(shortest_scientific(x, t)):
                problems.append(f"{where}: {d} is longer than the shortest {t} string {shortest_scientific(x, t)}")
    return problems


def file_problems(name, data, validator):
    """Everything wrong with one file; empty when it is right."""
    problems = [f"{name}: schema: {e.message[:200]} at {list(e.absolute_path)}"
                for e in validator.iter_errors(data)]
    if problems:
        return problems
    stem = name[: -len(".json")].split("/")[-1]
    if data["algorithm"] + "_" + data["floatType"] != stem:
        problems.append(f"{name}: algorithm/floatType do not match the file name")
    dimension = 2 if name.startswith("2d/") else 3
    if data["dimension"] != dimension:
        problems.append(f"{name}: dimension {data['dimension']}, its folder says {dimension}")
    tests = [t for _, t in tests_of(data)]
    if data["numberOfTests"] != len(tests):
        problems.append(f"{name}: numberOfTests {data['numberOfTests']} != {len(tests)}")
    ids = [t["tcId"] for t in tests]
    if sorted(ids) != list(range(1, len(ids) + 1)):
        problems.append(f"{name}: tcIds are not unique 1..n")
    used = {f for t in tests for f in t["flags"]}
    if used != set(data["notes"]):
        problems.append(f"{name}: flags used {sorted(used)} != notes {sorted(data['notes'])}")
    t = data["floatType"]
    smallest_normal = {"f32": 2.0 ** -126, "f64": 2.0 ** -1022}[t]
    numbers = data["numbers"]
    for test in tests:
        problems += number_form_problems(f"{name} tcId {test['tcId']}", test, numbers, t)
        lengths = set(vector_lengths(test["input"])) | set(vector_lengths(test["expected"]))
        if lengths - {dimension}:
            problems.append(f"{name} tcId {test['tcId']}: vectors of length {sorted(lengths)} in dimension {dimension}")
        values = []
        for text in strings(test["input"]):
            if text in ("nan", "inf"):
                unbounded_ray = text == "inf" and test["input"].get("t_max") == "inf"
                if test["result"] == "valid" and not unbounded_ray:
                    problems.append(f"{name} tcId {test['tcId']}: {text} in a valid test")
                continue
            if not (DECIMAL if numbers == "decimal" else HEX).match(text):
                continue  # reported by number_form_problems
            x = float.fromhex(text) if numbers != "decimal" else read_decimal(text, t)
            values.append(x)
            if not representable(x, t):
                problems.append(f"{name} tcId {test['tcId']}: {text} is not a {t}")
        subnormal = any(x != 0 and abs(x) < smallest_normal for x in values)
        if test["result"] == "valid" and subnormal != ("Subnormal" in test["flags"]):
            problems.append(f"{name} tcId {test['tcId']}: Subnormal flag is {not subnormal}")
    return problems


def mode_schema(args):
    import jsonschema  # python3-jsonschema (tools/setup.sh)

    schema = json.loads(args.schema.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    out = default_vectors(args)
    files = load(out)
    check(len(files) == 2 * len(OPS) * len(TYPES), f"{len(files)} files (3D and 2D)")
    size = sum((out / n).stat().st_size for n in files)
    size_3d = sum((out / n).stat().st_size for n in files if not n.startswith("2d/"))
    # About 10 MB in 3D and 8 MB in 2D at the default 200 cases per group: a bound on bloat.
    check(size_3d < 15 * 1024 * 1024 and size - size_3d < 12 * 1024 * 1024,
          f"total size {size_3d} bytes in 3D, {size - size_3d} in 2D")
    for name, data in files.items():
        for p in file_problems(name, data, validator):
            check(False, p)
        check(data["numberOfTests"] >= 100, f"{name}: only {data['numberOfTests']} tests")
        sources = {g["source"] for g in data["testGroups"]}
        check({"generated", "invalid"} <= sources, f"{name}: groups {sources}")
        # Each file names the contract its expected results are judged under: check's default.
        check(data["contract"] == DEFAULT_CONTRACTS[data["algorithm"]],
              f"{name}: contract {data.get('contract')!r}, check's default is {DEFAULT_CONTRACTS[data['algorithm']]!r}")
        if data["dimension"] == 2:  # the 2D files: generated, half-line and invalid groups only
            check(sources <= {"generated", "half-line", "invalid"} and (data["op"] != "ray") == ("half-line" not in sources),
                  f"{name}: 2D groups {sources} (a half-line group in the ray file)")
            continue
        if data["op"] == "ray":
            # A half-line group: every ray from t = 0 to +inf (the JS ray APIs have no range).
            half = [g for g in data["testGroups"] if g["source"] == "half-line"]
            check(len(half) == 1 and len(half[0]["tests"]) >= 50
                  and all(t["input"]["t_min"] == "0x0p+0" and t["input"]["t_max"] == "inf" for t in half[0]["tests"]),
                  f"{name}: a half-line group with t_min = 0 and t_max = inf only")
            # Flags: 1/d overflows for a subnormal direction; a slab-time tie is UlpApart.
            by_comment = {t["comment"]: t for _, t in tests_of(data)}
            check("Overflow" in by_comment["subnormal direction"]["flags"],
                  f"{name}: 1/d of a subnormal direction overflows: Overflow")
            check("UlpApart" in by_comment["grazes the corner (1, 1)"]["flags"],
                  f"{name}: the corner graze ties the slab times of x and y: UlpApart")
        else:
            check("half-line" not in sources, f"{name}: a half-line group outside the ray file")
    # Every flag of the contract's edge classes is reached somewhere.
    reached = {f for d in files.values() for _, t in tests_of(d) for f in t["flags"]}
    for flag in ["Touching", "Containment", "ZeroDisplacement", "FlatBox", "UlpApart", "Subnormal",
                 "Overflow", "SeedListingFlaw", "Invalid", "NonFinite"]:
        check(flag in reached, f"flag {flag} never used")

    # The checker itself can fail: a tampered file is rejected.
    name = "overlap_f32.json"
    bad = json.loads((out / name).read_text())
    bad["numberOfTests"] += 1
    check(file_problems(name, bad, validator), "a wrong numberOfTests was not caught")
    bad = json.loads((out / name).read_text())
    bad["testGroups"][0]["tests"][0]["flags"].append("Tie")
    check(file_problems(name, bad, validator), "a flag missing from notes was not caught")
    bad = json.loads((out / name).read_text())
    bad["testGroups"][0]["tests"][0]["expected"] = {"overlap": "yes"}
    check(file_problems(name, bad, validator), "a schema violation was not caught")

    # --numbers decimal and both: the same tests, numbers as shortest round-trip decimals (in
    # inputDecimal beside the hex, or in place of it), each reading back to the hex value.
    forms = {}
    for numbers in ("both", "decimal"):
        forms[numbers] = args.work / ("vectors-" + numbers)
        generate(args.tool, forms[numbers], "--numbers", numbers, "--cases-per-group", "30")
    for n in files:
        both = json.loads((forms["both"] / n).read_text())
        decimal = json.loads((forms["decimal"] / n).read_text())
        check(both["numbers"] == "both" and decimal["numbers"] == "decimal", f"{n}: the files name their number form")
        for form, data in (("both", both), ("decimal", decimal)):
            for p in file_problems(n, data, validator):
                check(False, f"--numbers {form}: {p}")
        pairs = list(zip(tests_of(both), tests_of(decimal)))
        check(len(pairs) == both["numberOfTests"] == decimal["numberOfTests"] and
              all(tb["inputDecimal"] == td["input"] and tb["expected"] == td["expected"] for (_, tb), (_, td) in pairs),
              f"{n}: --numbers decimal writes both's inputDecimal as its input, with the same answers")
    hex_ray = json.loads((out / "ray_f32.json").read_text())
    check(hex_ray["numbers"] == "hex" and all("inputDecimal" not in t for _, t in tests_of(hex_ray)),
          "the default is hex only")
    # The checker itself can fail: a decimal that does not read back, or a hex in a decimal file.
    bad = json.loads((forms["both"] / "overlap_f32.json").read_text())
    bad["testGroups"][0]["tests"][0]["inputDecimal"]["a"]["min"][0] = "0.1"
    check(file_problems("overlap_f32.json", bad, validator), "a decimal that does not read back was not caught")
    bad = json.loads((forms["decimal"] / "overlap_f32.json").read_text())
    bad["testGroups"][0]["tests"][0]["input"]["a"]["min"][0] = "0x1p+0"
    check(file_problems("overlap_f32.json", bad, validator), "a hex float in a decimal file was not caught")

    # Deterministic: the same seed gives the same bytes; another seed other generated cases.
    again = args.work / "vectors-again"
    generate(args.tool, again)
    for n in files:
        check((out / n).read_bytes() == (again / n).read_bytes(), f"{n} differs between runs")
    other = args.work / "vectors-other-seed"
    generate(args.tool, other, "--seed", "7", "--cases-per-group", "20")
    o = json.loads((other / "overlap_f64.json").read_text())
    check(o["seed"] == 7, "seed not recorded")
    gen_a = [g for g in files["overlap_f64.json"]["testGroups"] if g["source"] == "generated"][0]
    gen_b = [g for g in o["testGroups"] if g["source"] == "generated"][0]
    check(len(gen_b["tests"]) == 20, "--cases-per-group 20 not honoured")
    check([t["input"] for t in gen_a["tests"][:20]] != [t["input"] for t in gen_b["tests"]],
          "another seed gives the same cases")
    print(f"{len(files)} files, {sum(d['numberOfTests'] for d in files.values())} tests, "
          f"{size} bytes")
    return finish("schema")


# ---- eval ------------------------------------------------------------------------------------


def strip_f32(j):
    if isinstance(j, dict):
        return {k: strip_f32(v) for k, v in j.items() if not k.endswith("_f32")}
    return j


def rounded_pairs(j, t, where, problems):
    """Re-derives every X_f64 (and X_f32) of an expected object from its exact X."""
    if not isinstance(j, dict):
        return
    for key, value in j.items():
        if isinstance(value, dict):
            rounded_pairs(value, t, where, problems)
        for suffix, ftype in (("_f64", "f64"), ("_f32", "f32")):
            if not key.endswith(suffix):
                continue
            base = j[key[: -len(suffix)]]
            pairs = zip(base, value) if isinstance(base, list) else [(base, value)]
            for exact_text, rounded_text in pairs:
                if exact_text is None or exact_text == "inf":
                    if rounded_text != exact_text:
                        problems.append(f"{where}: {key} {rounded_text} for {exact_text}")
                    continue
                want = nearest(exact(exact_text), ftype)
                if not same_float(float.fromhex(rounded_text), want):
                    problems.append(f"{where}: {key} = {rounded_text}, nearest {want.hex()}")
    if t == "f32":
        for key in j:
            if key.endswith("_f64") and key[:-4] + "_f32" not in j:
                problems.append(f"{where}: {key} without {key[:-4]}_f32")


def mode_eval(args):
    out = default_vectors(args)
    files = load(out)
    lines, wanted = [], []
    for name, data in files.items():
        for _, test in tests_of(data):
            query = {"id": f"{name}#{test['tcId']}", "op": data["op"], **test["input"]}
            lines.append(json.dumps(query))
            answer = {"id": query["id"]}
            if test["result"] == "valid":
                answer["op"] = data["op"]
            answer.update(strip_f32(test["expected"]))
            wanted.append(json.dumps(answer))
            problems = []
            rounded_pairs(test["expected"], data["floatType"], query["id"], problems)
            for p in problems:
                check(False, p)
    r = subprocess.run([args.tool, "eval"], input="\n".join(lines) + "\n", capture_output=True,
                       text=True)
    got = r.stdout.splitlines()
    check(len(got) == len(lines), f"{len(got)} answers for {len(lines)} lines")
    check(r.returncode in (0, 1), f"eval exit {r.returncode}: {r.stderr}")
    mismatches = 0
    for line, answer, want in zip(lines, got, wanted):
        if answer != want:
            mismatches += 1
            check(False, f"{json.loads(line)['id']}: eval says {answer[:300]}, file says {want[:300]}")
    valid = sum(1 for d in files.values() for _, t in tests_of(d) if t["result"] == "valid")
    print(f"{len(lines)} tests re-derived through one eval process ({valid} valid, "
          f"{len(lines) - valid} invalid), {mismatches} mismatches")
    return finish("eval")


# ---- consumer --------------------------------------------------------------------------------


def mode_consumer_node(args):
    """examples/vectors/naive_consumer.mjs: the JavaScript consumer parses every hex float exactly,
    passes the vectors its correct naive ops must pass, and catches the naive overlap_ce and the
    three.js-style ray test on their known failures, running only the half-line rays."""
    out = default_vectors(args)
    files = load(out)
    # Its hex-float parser against Python's, on every number of the inputs.
    numbers = sorted({x for d in files.values() for _, t in tests_of(d) for x in strings(t["input"])
                      if x.startswith(("0x", "-0x"))})
    script = ("import {hexFloat} from " + json.dumps(args.consumer.resolve().as_uri()) + ";"
              "import fs from 'node:fs';"
              "const xs = JSON.parse(fs.readFileSync(0, 'utf8'));"
              "const dv = new DataView(new ArrayBuffer(8));"
              "console.log(JSON.stringify(xs.map((x) => { dv.setFloat64(0, hexFloat(x));"
              " return dv.getBigUint64(0).toString(16); })));")
    r = subprocess.run(["node", "--input-type=module", "-e", script], input=json.dumps(numbers),
                       capture_output=True, text=True)
    check(r.returncode == 0, f"node hexFloat: {r.stderr[-500:]}")
    if r.returncode == 0:
        got = json.loads(r.stdout)
        want = [format(struct.unpack("<Q", struct.pack("<d", float.fromhex(x)))[0], "x") for x in numbers]
        bad = [(x, g, w) for x, g, w in zip(numbers, got, want) if g != w]
        check(not bad, f"hexFloat differs from float.fromhex on {len(bad)} of {len(numbers)} numbers: {bad[:3]}")
    summary_path = args.work / "node-consumer-summary.json"
    r = subprocess.run(["node", str(args.consumer), str(out), "--json", str(summary_path)],
                       capture_output=True, text=True)
    print(r.stdout)
    check(r.returncode == 1, f"node consumer exit {r.returncode} (the naive ops fail some vectors): {r.stderr}")
    s = json.loads(summary_path.read_text())
    for t in TYPES:
        for op in ["contains", "overlap"]:
            f = s[f"{op}_{t}.json"]
            check(f["passed"] > 100 and f["failed"] == 0, f"node {op}_{t}: {f['passed']} passed, {f['failed']} failed")
        f = s[f"ray_{t}.json"]
        half = sum(len(g["tests"]) for g in files[f"ray_{t}.json"]["testGroups"] if g["source"] == "half-line")
        check(f["passed"] + f["failed"] == half, f"node ray_{t}: exactly the {half} half-line tests run")
        check(f["failed"] > 0 and all(x["group"] == "half-line" for x in f["failures"]),
              f"node ray_{t}: the three.js slab test fails some half-line rays ({f['failed']})")
    f32 = s["overlap_ce_f32.json"]
    check(any("UlpApart" in x["flags"] for x in f32["failures"]) and any("Overflow" in x["flags"] for x in f32["failures"]),
          "node overlap_ce_f32: the naive float overlap fails on UlpApart and on Overflow vectors")
    return finish("consumer_node")





def mode_consumer(args):
    out = default_vectors(args)
    summary_path = args.work / "consumer-summary.json"
    r = subprocess.run([sys.executable, str(args.consumer), str(out), "--json", str(summary_path)],
                       capture_output=True, text=True)
    print(r.stdout)
    # The naive implementations fail some vectors, so the consumer exits 1.
    check(r.returncode == 1, f"consumer exit {r.returncode}: {r.stderr}")
    s = json.loads(summary_path.read_text())
    files = load(out)

    for op in ["contains", "overlap", "intersection", "union", "bounds_of_points"]:
        for t in TYPES:
            f = s[f"{op}_{t}.json"]
            check(f["passed"] > 100 and f["failed"] == 0,
                  f"{op}_{t}: the correct-by-construction naive op: {f['passed']} passed, "
                  f"{f['failed']} failed")
            check(f"{op}_{t}.json:" in r.stdout, f"{op}_{t} not reported")

    def has(failures, *flags):
        return any(all(fl in x["flags"] for fl in flags) for x in failures)

    for t in TYPES:
        for op in ["sweep", "moving_vs_static"]:
            f = s[f"{op}_{t}.json"]
            check(f["failed"] > 0 and has(f["failures"], "ZeroDisplacement", "Touching"),
                  f"{op}_{t}: seed 001's zero-velocity branch not caught on touching vectors")
            check(f["passed"] > 0, f"{op}_{t}: nothing passed")
        f = s[f"overlap_ce_{t}.json"]
        check(has(f["failures"], "UlpApart") or has(f["failures"], "Overflow"),
              f"overlap_ce_{t}: no UlpApart/Overflow failure")
    f32 = s["overlap_ce_f32.json"]
    check(has(f32["failures"], "UlpApart") and has(f32["failures"], "Overflow"),
          "overlap_ce_f32: the naive float overlap should fail on UlpApart and on Overflow vectors")

    # The naive centre-extent decisions are seed 004's listings: the consumer's failures are
    # exactly the vectors the generator flagged as answered wrongly by seed 004.
    for op in ["contains_ce", "overlap_ce"]:
        for t in TYPES:
            name = f"{op}_{t}.json"
            flagged = {x["tcId"] for _, x in tests_of(files[name])
                       if x["result"] == "valid" and "SeedListingFlaw" in x["flags"]
                       and "seed 004" in x["comment"]}
            failed = {x["tcId"] for x in s[name]["failures"]}
            check(failed and failed == flagged,
                  f"{name}: naive failures {sorted(failed)} != seed 004 flags {sorted(flagged)}")
    return finish("consumer")


# ---- usage -----------------------------------------------------------------------------------


def mode_usage(args):
    def run(*argv):
        return subprocess.run([args.tool, "vectors", *argv], capture_output=True, text=True)

    r = run()
    check(r.returncode == 2 and "--out" in r.stderr, f"no --out: {r.returncode} {r.stderr!r}")
    blocker = args.work / "a-file"
    blocker.write_text("not a directory\n")
    r = run("--out", str(blocker / "sub"))
    check(r.returncode == 2 and "--out" in r.stderr, f"unwritable --out: {r.returncode} {r.stderr!r}")
    r = run("--out", str(blocker))
    check(r.returncode == 2 and "--out" in r.stderr, f"--out a file: {r.returncode} {r.stderr!r}")
    # A file of the set that cannot be written is named, with the reason.
    blocked = args.work / "blocked"
    (blocked / "contains_f32.json").mkdir(parents=True, exist_ok=True)
    r = run("--out", str(blocked), "--cases-per-group", "1")
    check(r.returncode == 2 and "contains_f32.json: Is a directory" in r.stderr,
          f"a file that cannot be written: {r.returncode} {r.stderr!r}")
    r = run("--out", str(args.work / "x"), "--cases-per-group", "0")
    check(r.returncode == 2 and "--cases-per-group" in r.stderr, f"0 cases: {r.stderr!r}")
    r = run("--out", str(args.work / "x"), "--cases-per-group", "many")
    check(r.returncode == 2 and "--cases-per-group" in r.stderr, f"'many' cases: {r.stderr!r}")
    r = run("--out", str(args.work / "x"), "--seed", "-3")
    check(r.returncode == 2 and "--seed" in r.stderr, f"negative seed: {r.stderr!r}")
    r = run("--out", str(args.work / "x"), "--numbers", "octal")
    check(r.returncode == 2 and "--numbers: unknown form \"octal\" (hex, decimal or both)" in r.stderr,
          f"--numbers octal: {r.returncode} {r.stderr!r}")
    r = run("--help")
    check(r.returncode == 0 and "--out" in r.stdout and "docs/vectors.md" in r.stdout,
          "--help does not describe the files")
    return finish("usage")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["generate", "schema", "eval", "consumer", "consumer_node", "usage"])
    p.add_argument("--tool", required=True)
    p.add_argument("--work", type=pathlib.Path, required=True)
    p.add_argument("--schema", type=pathlib.Path)
    p.add_argument("--consumer", type=pathlib.Path)
    args = p.parse_args()
    global OPS, TYPES
    doc = registry.load(args.tool)
    OPS, TYPES = registry.variant_names(doc), registry.types(doc)
    DEFAULT_CONTRACTS.update({v["name"]: v["default_contract"] for _, v in registry.variants(doc)})
    args.shared = args.work / "default-vectors"
    args.work = args.work / args.mode
    args.work.mkdir(parents=True, exist_ok=True)
    return {"generate": mode_generate, "schema": mode_schema, "eval": mode_eval, "consumer": mode_consumer,
            "consumer_node": mode_consumer_node, "usage": mode_usage}[args.mode](args)


if __name__ == "__main__":
    sys.exit(main())
