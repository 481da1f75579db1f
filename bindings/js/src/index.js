// aabb-oracle's JavaScript kit: serve a library's box functions to `aabb-oracle check
// --impl-cmd` over the process protocol (docs/protocol.md), with no dependencies.
//
//   import { register, serve } from "aabb-oracle";
//   register("aabb_overlap_f64", (a, b) => myBoxA(a).intersects(myBoxB(b)));
//   serve();
//
// The kit does the framing (one JSON line per message), the numbers (raw IEEE bits on the
// wire; plain JavaScript numbers for the user's function, f32 answers rounded with
// Math.fround) and the errors (an exception, or an answer of the wrong shape, becomes the
// call's {"error"} answer, which check reports as a finding of kind "error"). While serving,
// console.log and process.stdout.write go to standard error: standard output carries the
// protocol alone.

import { readSync, writeSync } from "node:fs";
import FUNCTIONS from "./functions.js";

export const PROTOCOL = "aabb-oracle/1";

const registered = new Map();

/// The table entry of an ABI name ("aabb_overlap_f64", "aabb2_ray_f32"), with its dimension and
/// float type, or null.
export function describe(name) {
  const m = /^(aabb2?)_(\w+)_(f32|f64)$/.exec(String(name));
  if (!m || !Object.hasOwn(FUNCTIONS, m[2])) return null;
  return { ...FUNCTIONS[m[2]], variant: m[2], dim: m[1] === "aabb2" ? 2 : 3, type: m[3] };
}

/// Registers `fn` as the ABI function `name`; throws for a name the ABI does not have.
export function register(name, fn) {
  const shape = describe(name);
  if (!shape) {
    const names = Object.keys(FUNCTIONS).join(", ");
    throw new Error(`aabb-oracle: "${name}" is not an ABI function: aabb_<op>_f32 / _f64 (aabb2_ in 2D), ops ${names}`);
  }
  if (typeof fn !== "function") throw new TypeError(`aabb-oracle: register("${name}", fn): fn is not a function`);
  registered.set(name, { shape, fn });
}

/// The functions registered so far.
export function registeredNames() {
  return [...registered.keys()];
}

// ---- Numbers -----------------------------------------------------------------------------

const view = new DataView(new ArrayBuffer(8));

export function fromBits(hex, type) {
  if (typeof hex !== "string" || hex.length !== (type === "f32" ? 8 : 16) || !/^[0-9a-fA-F]+$/.test(hex))
    throw new Error(`a ${type} travels as ${type === "f32" ? 8 : 16} hex digits, got ${JSON.stringify(hex)}`);
  if (type === "f32") {
    view.setUint32(0, parseInt(hex, 16));
    return view.getFloat32(0);
  }
  view.setUint32(0, parseInt(hex.slice(0, 8), 16));
  view.setUint32(4, parseInt(hex.slice(8), 16));
  return view.getFloat64(0);
}

export function toBits(x, type) {
  if (type === "f32") {
    view.setFloat32(0, Math.fround(x));
    return view.getUint32(0).toString(16).padStart(8, "0");
  }
  view.setFloat64(0, x);
  return view.getUint32(0).toString(16).padStart(8, "0") + view.getUint32(4).toString(16).padStart(8, "0");
}

// ---- Arguments and answers ---------------------------------------------------------------

class AnswerError extends Error {}

/// The value of one wire parameter of case `c` as JavaScript numbers.
function input(s, c, name) {
  const p = s.params.find((q) => q.name === name);
  const v = c[name];
  if (p.elem === "size_t") return v;
  return p.length === 1 ? fromBits(v, s.type) : v.map((h) => fromBits(h, s.type));
}

/// The user's function's arguments for case `c`.
export function argumentsOf(s, c) {
  return s.args.map((a) => {
    const [x, y] = a.from.map((n) => input(s, c, n));
    switch (a.kind) {
      case "box": return { min: x, max: y };
      case "center_extent": return { center: x, extent: y };
      case "matrix": return Array.from({ length: s.dim }, (_, i) => x.slice(i * s.dim, (i + 1) * s.dim));
      case "points": return Array.from({ length: y }, (_, i) => x.slice(i * s.dim, (i + 1) * s.dim));
      case "graph": return Array.from({ length: x.length - 1 }, (_, i) => y.slice(x[i], x[i + 1]));
      default: return x;  // vector, number, index
    }
  });
}

function describeValue(v) {
  if (v === undefined) return "undefined";
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  try {
    return JSON.stringify(v).slice(0, 80);
  } catch {
    return typeof v;
  }
}

function number(v, what) {
  if (typeof v !== "number") throw new AnswerError(`${what}: expected a number, got ${describeValue(v)}`);
  return v;
}

function index(v, what) {
  if (typeof v === "bigint" && v >= 0n) return Number(v);
  if (!Number.isInteger(v) || v < 0) throw new AnswerError(`${what}: expected an index (an integer >= 0), got ${describeValue(v)}`);
  return v;
}

/// A vector from an array or from an {x, y, z} object (three.js Vector3 and its kin).
function vector(v, dim, what) {
  if (v !== null && typeof v === "object" && !Array.isArray(v) && !ArrayBuffer.isView(v) && "x" in v)
    v = dim === 2 ? [v.x, v.y] : [v.x, v.y, v.z];
  if (v === null || typeof v !== "object" || typeof v.length !== "number" || v.length !== dim)
    throw new AnswerError(`${what}: expected ${dim} numbers, got ${describeValue(v)}`);
  return Array.from(v, (x, i) => number(x, `${what}[${i}]`));
}

/// Sets the wire members of output group `g` from the user's value `v` into `out`.
function putGroup(s, g, v, out) {
  const bits = (x) => toBits(x, s.type);
  const what = g.name;
  switch (g.kind) {
    case "box":
    case "center_extent": {
      const [a, b] = g.kind === "box" ? ["min", "max"] : ["center", "extent"];
      if (v === null || typeof v !== "object" || !(a in v) || !(b in v))
        throw new AnswerError(`expected a box {${a}, ${b}}, got ${describeValue(v)}`);
      out[g.from[0]] = vector(v[a], s.dim, a).map(bits);
      out[g.from[1]] = vector(v[b], s.dim, b).map(bits);
      return;
    }
    case "vector":
      out[g.from[0]] = vector(v, s.dim, what).map(bits);
      return;
    case "number":
      out[g.from[0]] = bits(number(v, what));
      return;
    default:  // index
      out[g.from[0]] = index(v, what);
  }
}

/// The wire answer to one call from what the user's function returned.
export function answerOf(s, v, name) {
  const out = {};
  if (s.returns === "int" || s.returns === "int_value") {
    if (s.outputs.length > 0) {  // a hit with outputs, or a miss
      if (v === null || v === false) return { result: 0 };
      if (v === undefined) throw new AnswerError(`returned undefined; ${name} returns null or false for a miss, else its outputs`);
      out.result = 1;
    } else {
      if (typeof v === "boolean") return { result: v ? 1 : 0 };
      if (!Number.isInteger(v))
        throw new AnswerError(`returned ${describeValue(v)} where ${name} returns an int (${s.returns === "int" ? "a boolean, 1 or 0" : "an integer"})`);
      return { result: v };
    }
  } else if (s.returns === "T") {
    return { result: toBits(number(v, "result"), s.type) };
  } else if (s.returns === "size_t") {
    return { result: index(v, "result") };
  }
  if (s.outputs.length === 1) {
    putGroup(s, s.outputs[0], v, out);
  } else {
    if (v === null || typeof v !== "object")
      throw new AnswerError(`expected {${s.outputs.map((g) => g.name).join(", ")}}, got ${describeValue(v)}`);
    s.outputs.forEach((g, i) => {
      const x = Array.isArray(v) ? v[i] : v[g.name];
      putGroup(s, g, x, out);
    });
  }
  return out;
}

/// The answer line to one case of a request.
export function answerLine(entry, c, name) {
  try {
    const v = entry.fn(...argumentsOf(entry.shape, c));
    if (v !== null && typeof v === "object" && typeof v.then === "function")
      throw new AnswerError("returned a Promise; the kit calls functions synchronously");
    return JSON.stringify(answerOf(entry.shape, v, name));
  } catch (e) {
    const message = e instanceof Error ? `${e instanceof AnswerError ? "" : e.name + ": "}${e.message}` : describeValue(e);
    return JSON.stringify({ error: message });
  }
}

// ---- Serving -----------------------------------------------------------------------------

function writeAll(fd, text) {
  const b = Buffer.from(text);
  let done = 0;
  while (done < b.length) {
    try {
      done += writeSync(fd, b, done);
    } catch (e) {
      if (e.code !== "EAGAIN") throw e;
    }
  }
}

/// Serves the registered functions on standard input and output until the input ends (check
/// closes it at the end of the run). Synchronous: it returns when serving is done.
export function serve({ input = 0, output = 1 } = {}) {
  if (registered.size === 0) throw new Error("aabb-oracle: serve() with no function registered");
  const saved = { log: console.log, info: console.info, write: process.stdout.write };
  if (output === 1) {
    // Whatever the library or the adapter prints goes to standard error.
    console.log = console.info = console.error;
    process.stdout.write = process.stderr.write.bind(process.stderr);
  }
  try {
    writeAll(output, JSON.stringify({ protocol: PROTOCOL, functions: registeredNames() }) + "\n");
    const buf = Buffer.alloc(1 << 16);
    let pending = [];
    for (;;) {
      let n;
      try {
        n = readSync(input, buf, 0, buf.length, null);
      } catch (e) {
        if (e.code === "EAGAIN") {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
          continue;
        }
        if (e.code === "EOF") break;
        throw e;
      }
      if (n === 0) break;
      let start = 0;
      for (let i = 0; i < n; ++i) {
        if (buf[i] !== 10) continue;
        pending.push(Buffer.from(buf.subarray(start, i)));
        handle(Buffer.concat(pending).toString("utf8"), output);
        pending = [];
        start = i + 1;
      }
      if (start < n) pending.push(Buffer.from(buf.subarray(start, n)));
    }
  } finally {
    if (output === 1) Object.assign(console, { log: saved.log, info: saved.info }), (process.stdout.write = saved.write);
  }
}

function handle(line, output) {
  if (line.trim() === "") return;
  let request;
  try {
    request = JSON.parse(line);
  } catch {
    throw new Error(`aabb-oracle: a request line is not JSON: ${line.slice(0, 80)}`);
  }
  const entry = registered.get(request.call);
  const cases = Array.isArray(request.cases) ? request.cases : [];
  for (const c of cases) {
    const answer = entry ? answerLine(entry, c, request.call) : JSON.stringify({ error: `${request.call} is not registered` });
    writeAll(output, answer + "\n");  // each answer as soon as it is known
  }
  writeAll(output, JSON.stringify({ end: cases.length }) + "\n");
}
