"""The op registry as scripts see it: `aabb-oracle ops --json` (ops/registry.hpp), so that no
script keeps a list of ops of its own (docs/architecture.md). Import with
`sys.path.insert(0, <repo>/tools)` then `import registry`."""

import json
import subprocess
import sys


def load(tool):
    """The registry document printed by `TOOL ops --json`; exits naming the tool if it fails."""
    r = subprocess.run([str(tool), "ops", "--json"], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{tool} ops --json failed ({r.returncode}): {r.stderr.strip()}")
    doc = json.loads(r.stdout)
    if doc.get("format") != "aabb-oracle-ops" or doc.get("version") != 1:
        sys.exit(f"{tool} ops --json: unexpected format {doc.get('format')!r} version {doc.get('version')!r}")
    return doc


def op_names(doc):
    """The eval ops, in the contract's order: ["contains", "overlap", ...]."""
    return [op["name"] for op in doc["ops"]]


def variants(doc, abi_only=False):
    """Every variant (C ABI function, check campaign, vectors file) as (op, variant) dicts."""
    return [(op, v) for op in doc["ops"] for v in op["variants"] if v["abi"] or not abi_only]


def variant_names(doc, abi_only=False):
    """["contains", "contains_ce", "overlap", ...]: the vectors files' and check's names."""
    return [v["name"] for _, v in variants(doc, abi_only)]


def types(doc):
    return list(doc["types"])


def verdict(problems, summary):
    """Prints each problem as FAIL: and then the summary line; the exit status for them."""
    for p in problems:
        print("FAIL:", p)
    print(summary)
    return 1 if problems else 0


def from_source(root=None):
    """The registry read straight from ops/registry.json, in the shape of `aabb-oracle ops --json`
    (for scripts that run without a built tool, such as the performance report's rows)."""
    import pathlib
    root = pathlib.Path(root) if root else pathlib.Path(__file__).resolve().parents[1]
    data = json.loads((root / "ops" / "registry.json").read_text(encoding="utf-8"))
    ops = []
    for family in data["families"]:
        for op in family["ops"]:
            variants = [dict(v, default_contract=v["contract"]) for v in op["variants"]]
            ops.append(dict(op, family=family["family"], variants=variants))
    return {"format": "aabb-oracle-ops", "version": 1, "types": ["f32", "f64"], "ops": ops}
