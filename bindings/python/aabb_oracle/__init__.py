"""aabb-oracle's Python kit: serve a library's box functions to `aabb-oracle check --impl-cmd`
over the process protocol (docs/protocol.md), with the standard library only.

    from aabb_oracle import register, serve
    register("aabb_overlap_f64", lambda a, b: my_overlap(a["min"], a["max"], b["min"], b["max"]))
    serve()

The kit does the framing (one JSON line per message), the numbers (raw IEEE bits on the wire;
Python floats for the user's function, f32 answers rounded with struct as a C cast rounds) and
the errors (an exception, or an answer of the wrong shape, becomes the call's {"error"}
answer, which check reports as a finding of kind "error"). While serving, file descriptor 1
(print, and a C extension's printf) points at standard error: the protocol has a private copy
of the real standard output.
"""

import json
import math
import os
import re
import struct
import sys

from .functions import FUNCTIONS

__all__ = ["register", "serve", "describe", "PROTOCOL"]

PROTOCOL = "aabb-oracle/1"

_registered = {}


def describe(name):
    """The table entry of an ABI name ("aabb_overlap_f64", "aabb2_ray_f32") with its dimension
    and float type, or None."""
    m = re.fullmatch(r"(aabb2?)_(\w+)_(f32|f64)", str(name))
    if not m or m.group(2) not in FUNCTIONS:
        return None
    return dict(FUNCTIONS[m.group(2)], variant=m.group(2), dim=2 if m.group(1) == "aabb2" else 3, type=m.group(3))


def register(name, fn=None):
    """Registers fn as the ABI function `name` (also usable as a decorator: @register(name));
    raises ValueError for a name the ABI does not have."""
    if fn is None:
        return lambda f: register(name, f) or f
    shape = describe(name)
    if shape is None:
        raise ValueError(f'aabb-oracle: "{name}" is not an ABI function: aabb_<op>_f32 / _f64 (aabb2_ in 2D), '
                         f"ops {', '.join(FUNCTIONS)}")
    if not callable(fn):
        raise TypeError(f'aabb-oracle: register("{name}", fn): fn is not callable')
    _registered[name] = (shape, fn)
    return None


def registered_names():
    return list(_registered)


# ---- Numbers ------------------------------------------------------------------------------

def from_bits(text, ftype):
    width = 8 if ftype == "f32" else 16
    if not isinstance(text, str) or len(text) != width or not re.fullmatch(r"[0-9a-fA-F]+", text):
        raise ValueError(f"a {ftype} travels as {width} hex digits, got {text!r}")
    return struct.unpack(">f" if ftype == "f32" else ">d", bytes.fromhex(text))[0]


def to_bits(x, ftype):
    if ftype == "f64":
        return struct.pack(">d", x).hex()
    try:
        return struct.pack(">f", x).hex()
    except OverflowError:  # finite, but rounds beyond the largest float: +-inf, as a C cast gives
        return struct.pack(">f", math.copysign(math.inf, x)).hex()


# ---- Arguments and answers ----------------------------------------------------------------

class AnswerError(Exception):
    pass


def _input(s, c, name):
    p = next(q for q in s["params"] if q["name"] == name)
    v = c[name]
    if p["elem"] == "size_t":
        return v
    return from_bits(v, s["type"]) if p["length"] == 1 else [from_bits(h, s["type"]) for h in v]


def arguments_of(s, c):
    """The user's function's arguments for case c."""
    d = s["dim"]
    args = []
    for a in s["args"]:
        vals = [_input(s, c, n) for n in a["from"]]
        kind = a["kind"]
        if kind == "box":
            args.append({"min": vals[0], "max": vals[1]})
        elif kind == "center_extent":
            args.append({"center": vals[0], "extent": vals[1]})
        elif kind == "matrix":
            args.append([vals[0][i * d:(i + 1) * d] for i in range(d)])
        elif kind == "points":
            args.append([vals[0][i * d:(i + 1) * d] for i in range(vals[1])])
        elif kind == "graph":
            off, nb = vals
            args.append([nb[off[i]:off[i + 1]] for i in range(len(off) - 1)])
        else:
            args.append(vals[0])
    return args


def _show(v):
    try:
        return json.dumps(v)[:80]
    except (TypeError, ValueError):
        return repr(v)[:80]


def _number(v, what):
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise AnswerError(f"{what}: expected a number, got {_show(v)}")
    return float(v)


def _index(v, what):
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise AnswerError(f"{what}: expected an index (an integer >= 0), got {_show(v)}")
    return v


def _vector(v, dim, what):
    if not isinstance(v, (list, tuple)) and hasattr(v, "x"):  # a point object with x, y(, z)
        v = [v.x, v.y] if dim == 2 else [v.x, v.y, v.z]
    try:
        items = list(v)
    except TypeError:
        raise AnswerError(f"{what}: expected {dim} numbers, got {_show(v)}") from None
    if len(items) != dim:
        raise AnswerError(f"{what}: expected {dim} numbers, got {_show(v)}")
    return [_number(x, f"{what}[{i}]") for i, x in enumerate(items)]


def _member(v, key):
    if isinstance(v, dict):
        return v[key]
    return getattr(v, key)


def _put_group(s, g, v, out):
    bits = lambda x: to_bits(x, s["type"])  # noqa: E731
    kind = g["kind"]
    if kind in ("box", "center_extent"):
        a, b = ("min", "max") if kind == "box" else ("center", "extent")
        try:
            va, vb = _member(v, a), _member(v, b)
        except (KeyError, AttributeError, TypeError):
            raise AnswerError(f"expected a box {{{a}, {b}}}, got {_show(v)}") from None
        out[g["from"][0]] = [bits(x) for x in _vector(va, s["dim"], a)]
        out[g["from"][1]] = [bits(x) for x in _vector(vb, s["dim"], b)]
    elif kind == "vector":
        out[g["from"][0]] = [bits(x) for x in _vector(v, s["dim"], g["name"])]
    elif kind == "number":
        out[g["from"][0]] = bits(_number(v, g["name"]))
    else:
        out[g["from"][0]] = _index(v, g["name"])


def answer_of(s, v, name):
    """The wire answer to one call from what the user's function returned."""
    out = {}
    r = s["returns"]
    if r in ("int", "int_value"):
        if s["outputs"]:
            if v is None or v is False:
                return {"result": 0}
            out["result"] = 1
        else:
            if isinstance(v, bool):
                return {"result": 1 if v else 0}
            if not isinstance(v, int):
                due = "a boolean, 1 or 0" if r == "int" else "an integer"
                raise AnswerError(f"returned {_show(v)} where {name} returns an int ({due})")
            return {"result": v}
    elif r == "T":
        return {"result": to_bits(_number(v, "result"), s["type"])}
    elif r == "size_t":
        return {"result": _index(v, "result")}
    outs = s["outputs"]
    if len(outs) == 1:
        _put_group(s, outs[0], v, out)
    else:
        for i, g in enumerate(outs):
            try:
                x = v[i] if isinstance(v, (list, tuple)) else _member(v, g["name"])
            except (KeyError, IndexError, AttributeError, TypeError):
                raise AnswerError(f"expected {{{', '.join(o['name'] for o in outs)}}}, got {_show(v)}") from None
            _put_group(s, g, x, out)
    return out


def answer_line(shape, fn, c, name):
    try:
        return json.dumps(answer_of(shape, fn(*arguments_of(shape, c)), name))
    except AnswerError as e:
        return json.dumps({"error": str(e)})
    except Exception as e:  # noqa: BLE001 -- any exception of the user's code is the call's error answer
        return json.dumps({"error": f"{type(e).__name__}: {e}"})


# ---- Serving ------------------------------------------------------------------------------

def _write_all(fd, data):
    while data:
        data = data[os.write(fd, data):]


def _handle(line, out_fd):
    if not line.strip():
        return
    request = json.loads(line)
    name = request.get("call")
    entry = _registered.get(name)
    cases = request.get("cases") or []
    for c in cases:
        answer = answer_line(entry[0], entry[1], c, name) if entry else json.dumps({"error": f"{name} is not registered"})
        _write_all(out_fd, answer.encode() + b"\n")  # each answer as soon as it is known
    _write_all(out_fd, json.dumps({"end": len(cases)}).encode() + b"\n")


def serve(input_fd=0, output_fd=None):
    """Serves the registered functions on standard input and output until the input ends
    (check closes it at the end of the run)."""
    if not _registered:
        raise RuntimeError("aabb-oracle: serve() with no function registered")
    if output_fd is None:
        sys.stdout.flush()
        output_fd = os.dup(1)
        os.dup2(2, 1)  # print() and the library's own output go to standard error from here on
    _write_all(output_fd, json.dumps({"protocol": PROTOCOL, "functions": registered_names()}).encode() + b"\n")
    with os.fdopen(input_fd, "rb", closefd=False) as inp:
        for raw in inp:
            _handle(raw.decode("utf-8"), output_fd)
