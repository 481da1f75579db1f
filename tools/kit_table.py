"""The process protocol's per-function table (docs/protocol.md), derived from the registry's C
signatures: for each ABI variant, its parameters as they travel (wire names, element type,
length) and the shape in which the adapter kits (bindings/js, bindings/python) hand the inputs
to a user's function and read its answer back. tools/registry_sync.py writes it into both kits
and into docs/protocol.md, so that no kit keeps a list of functions of its own."""

import re

PARAM = re.compile(r"^(const )?(T|size_t)(\*)? ?(\w+)(?:\[(\d+)\])?$")


def params(signature):
    """[{name, out, elem ('T' or 'size_t'), length}] where length is 1 (one value), 'D', 'DD',
    'D*n' (a point list), 'n+1' (offsets) or 'offsets[n]' (neighbors)."""
    out = []
    for text in signature.split(","):
        m = PARAM.match(text.strip())
        if not m:
            raise ValueError(f"kit_table: cannot read the C parameter {text.strip()!r}")
        const, elem, pointer, name, size = m.groups()
        p = {"name": name, "out": False, "elem": elem, "length": 1}
        if size:
            p["out"] = not const
            p["length"] = {"3": "D", "9": "DD"}[size]
        elif pointer and const:
            p["length"] = "D*n" if elem == "T" else {"offsets": "n+1", "neighbors": "offsets[n]"}[name]
        else:
            p["out"] = bool(pointer)
        out.append(p)
    return out


def groups(ps):
    """Consecutive parameters as the kits' values: a min-max box from X+lo, X+hi; a
    centre-extent box from X+c, X+e; a point list from xyz and n; a graph from offsets and
    neighbors; else a vector (D), a matrix (DD, as rows), a number (T) or an index (size_t)."""
    out, i = [], 0
    while i < len(ps):
        p, q = ps[i], ps[i + 1] if i + 1 < len(ps) else None
        name = p["name"]
        pair = q is not None and p["length"] == q["length"] == "D"
        if pair and name.endswith("lo") and q["name"] == name[:-2] + "hi":
            out.append({"name": name.removeprefix("out_")[:-2] or "box", "kind": "box", "from": [name, q["name"]]})
            i += 2
        elif pair and name.endswith("c") and q["name"] == name[:-1] + "e":
            out.append({"name": name.removeprefix("out_")[:-1] or "box", "kind": "center_extent", "from": [name, q["name"]]})
            i += 2
        elif p["length"] == "D*n" and q is not None and q["name"] == "n":
            out.append({"name": "points", "kind": "points", "from": [name, "n"]})
            i += 2
        elif name == "offsets" and q is not None and q["name"] == "neighbors":
            out.append({"name": "neighbors", "kind": "graph", "from": ["offsets", "neighbors"]})
            i += 2
        else:
            kind = {"D": "vector", "DD": "matrix"}.get(p["length"]) or ("number" if p["elem"] == "T" else "index")
            out.append({"name": name, "kind": kind, "from": [name]})
            i += 1
    return out


def returns(text):
    return text.split(":", 1)[0].strip()


def entry(variant):
    ps = params(variant["signature"])
    r = returns(variant["returns"])
    # An int that is a yes/no (overlap) or one of a few values (classify's 0-2, plane_side's -1-1).
    if r == "int" and re.search(r"(^|\W)[-+]?[0-9]", variant["returns"].split(":", 1)[1]) and not any(p["out"] for p in ps):
        r = "int_value"
    return {
        "params": ps,
        "returns": r,
        "args": groups([p for p in ps if not p["out"]]),
        "outputs": groups([p for p in ps if p["out"]]),
    }


def table(doc):
    """{variant name: entry} for every ABI variant, in the registry's order."""
    return {v["name"]: entry(v) for op in doc["ops"] for v in op["variants"] if v["abi"]}


KIND_TEXT = {
    "box": "box `{min, max}`",
    "center_extent": "box `{center, extent}`",
    "vector": "vector `[x, y(, z)]`",
    "matrix": "matrix (rows)",
    "number": "number",
    "index": "index",
    "points": "points `[[x, y(, z)], ...]`",
    "graph": "neighbours `[[j, ...], ...]` per point",
}


def answer_text(e):
    """What the user's function returns, in words, for docs/protocol.md."""
    outs = e["outputs"]
    if not outs:
        return {"int": "boolean (or 1 / 0)", "int_value": "integer", "T": "number", "size_t": "index",
                "void": "nothing"}[e["returns"]]
    value = (KIND_TEXT[outs[0]["kind"]] if len(outs) == 1
             else "`{" + ", ".join(o["name"] for o in outs) + "}` (or `[" + ", ".join(o["name"] for o in outs) + "]`)")
    return value if e["returns"] == "void" else f"`null` / `false` for a miss, else {value}"


def markdown(doc):
    """The table of docs/protocol.md: every function's wire parameters and kit shapes."""
    rows = ["| function | request members (wire) | the kit calls `f(...)` with | `f` returns | answer members (wire) |",
            "|---|---|---|---|---|"]
    for name, e in table(doc).items():
        wire_in = ", ".join(f"`{p['name']}`" + ("" if p["length"] == 1 else f"[{p['length']}]") for p in e["params"] if not p["out"])
        wire_out = ", ".join((["`result`"] if e["returns"] != "void" else []) +
                             [f"`{p['name']}`" + ("" if p["length"] == 1 else f"[{p['length']}]") for p in e["params"] if p["out"]])
        args = ", ".join(f"{a['name']}: {KIND_TEXT[a['kind']]}" for a in e["args"])
        rows.append(f"| `{name}` | {wire_in} | {args} | {answer_text(e)} | {wire_out} |")
    return "\n".join(rows) + "\n"
