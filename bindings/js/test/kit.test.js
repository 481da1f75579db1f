// The JavaScript kit's own tests (node --test bindings/js/test): its numbers, its argument and
// answer shapes, and a served process spoken to over real pipes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { fromBits, toBits, describe, register, argumentsOf, answerOf, answerLine } from "../src/index.js";

const here = path.dirname(fileURLToPath(import.meta.url));

test("numbers travel as exact IEEE bits", () => {
  assert.equal(toBits(1, "f64"), "3ff0000000000000");
  assert.equal(toBits(-0, "f64"), "8000000000000000");
  assert.equal(toBits(Infinity, "f32"), "7f800000");
  assert.equal(toBits(0.1, "f32"), "3dcccccd");  // Math.fround(0.1)
  assert.equal(toBits(3.4028234663852886e38, "f32"), "7f7fffff");  // the largest float
  assert.equal(toBits(3.4028235677973366e38, "f32"), "7f800000");  // the midpoint above it rounds to even: +inf
  assert.equal(toBits(3.5e38, "f32"), "7f800000");  // beyond the largest float: +inf, as a C cast
  assert.ok(Object.is(fromBits("8000000000000000", "f64"), -0));
  assert.equal(fromBits("0000000000000001", "f64"), 5e-324);
  assert.equal(fromBits("3dcccccd", "f32"), Math.fround(0.1));
  for (const x of [0.1, -2.5e-310, 1.7976931348623157e308, 123456789.123])
    assert.equal(fromBits(toBits(x, "f64"), "f64"), x);
  assert.throws(() => fromBits("3ff", "f64"), /16 hex digits/);
  assert.throws(() => fromBits("zzzzzzzz", "f32"), /8 hex digits/);
});

test("names: the ABI's, in both dimensions and types", () => {
  assert.equal(describe("aabb_overlap_f64").dim, 3);
  assert.equal(describe("aabb2_ray_f32").dim, 2);
  assert.equal(describe("aabb2_ray_f32").type, "f32");
  assert.equal(describe("aabb_overlapp_f64"), null);
  assert.equal(describe("overlap"), null);
  assert.throws(() => register("aabb_overlap_f16", () => true), /not an ABI function/);
  assert.throws(() => register("aabb_overlap_f64", 3), /not a function/);
});

const one = "3ff0000000000000", zero = "0000000000000000", two = "4000000000000000";

test("arguments: boxes as {min, max}, matrices as rows, points and graphs as lists", () => {
  const s = describe("aabb_overlap_f64");
  const [a, b] = argumentsOf(s, { alo: [zero, zero, zero], ahi: [one, one, one], blo: [one, zero, zero], bhi: [two, one, one] });
  assert.deepEqual(a, { min: [0, 0, 0], max: [1, 1, 1] });
  assert.deepEqual(b, { min: [1, 0, 0], max: [2, 1, 1] });
  const t = describe("aabb2_transform_f64");
  const [box, m, tr] = argumentsOf(t, { lo: [zero, zero], hi: [one, one], m: [one, zero, zero, two], t: [one, one] });
  assert.deepEqual(box, { min: [0, 0], max: [1, 1] });
  assert.deepEqual(m, [[1, 0], [0, 2]]);
  assert.deepEqual(tr, [1, 1]);
  const h = describe("aabb_hill_climb_f32");
  const f1 = "3f800000", f0 = "00000000";
  const [pts, nb, dir, start] = argumentsOf(h, { xyz: [f0, f0, f0, f1, f0, f0], n: 2, offsets: [0, 1, 2], neighbors: [1, 0], dir: [f1, f0, f0], start: 0 });
  assert.deepEqual(pts, [[0, 0, 0], [1, 0, 0]]);
  assert.deepEqual(nb, [[1], [0]]);
  assert.deepEqual(dir, [1, 0, 0]);
  assert.equal(start, 0);
  const ce = describe("aabb_contains_ce_f64");
  assert.deepEqual(argumentsOf(ce, { c: [zero, zero, zero], e: [one, one, one], p: [two, zero, zero] })[0], { center: [0, 0, 0], extent: [1, 1, 1] });
});

test("answers: decisions, misses, outputs by name, vectors as arrays or {x, y, z}", () => {
  assert.deepEqual(answerOf(describe("aabb_overlap_f64"), true), { result: 1 });
  assert.deepEqual(answerOf(describe("aabb_overlap_f64"), 0), { result: 0 });
  assert.deepEqual(answerOf(describe("aabb_classify_f64"), 2), { result: 2 });
  assert.deepEqual(answerOf(describe("aabb_ray_f64"), null), { result: 0 });
  assert.deepEqual(answerOf(describe("aabb_ray_f64"), { t_enter: 0, t_exit: 1 }), { result: 1, t_enter: zero, t_exit: one });
  assert.deepEqual(answerOf(describe("aabb_ray_f64"), [0, 1]), { result: 1, t_enter: zero, t_exit: one });
  assert.deepEqual(answerOf(describe("aabb_moving_vs_static_f32"), 1), { result: 1, t_enter: "3f800000" });
  assert.deepEqual(answerOf(describe("aabb2_union_f64"), { min: { x: 0, y: 0 }, max: [1, 2] }),
                   { out_lo: [zero, zero], out_hi: [one, two] });
  assert.deepEqual(answerOf(describe("aabb_extreme_points_f64"), { i_min: 0, i_max: 3 }), { i_min: 0, i_max: 3 });
  assert.deepEqual(answerOf(describe("aabb_distance_sq_f64"), 2), { result: two });
  assert.deepEqual(answerOf(describe("aabb_hill_climb_f64"), 4), { result: 4 });
  assert.deepEqual(answerOf(describe("aabb_transform_ce_f64"), { center: [0, 0, 0], extent: [1, 1, 1] }),
                   { out_c: [zero, zero, zero], out_e: [one, one, one] });
  // NaN is an answer where a number is due (check judges it), and an error where an int is.
  assert.deepEqual(answerOf(describe("aabb_distance_sq_f64"), NaN), { result: "7ff8000000000000" });
});

test("a wrong shape or an exception becomes the call's error answer, with the reason", () => {
  const entry = (name, fn) => ({ shape: describe(name), fn });
  const c = { alo: [zero, zero, zero], ahi: [one, one, one], blo: [zero, zero, zero], bhi: [one, one, one] };
  assert.match(JSON.parse(answerLine(entry("aabb_overlap_f64", () => NaN), c, "aabb_overlap_f64")).error,
               /returned NaN where aabb_overlap_f64 returns an int/);
  assert.match(JSON.parse(answerLine(entry("aabb_overlap_f64", () => undefined), c, "aabb_overlap_f64")).error, /undefined/);
  assert.match(JSON.parse(answerLine(entry("aabb_union_f64", () => ({ min: [0, 0, 0] })), c, "aabb_union_f64")).error,
               /expected a box \{min, max\}/);
  assert.match(JSON.parse(answerLine(entry("aabb_union_f64", () => ({ min: [0, 0], max: [1, 1] })), c, "aabb_union_f64")).error,
               /min: expected 3 numbers/);
  assert.match(JSON.parse(answerLine(entry("aabb_overlap_f64", (a) => a.nope.x), c, "aabb_overlap_f64")).error, /^TypeError: /);
  assert.match(JSON.parse(answerLine(entry("aabb_overlap_f64", async () => true), c, "aabb_overlap_f64")).error, /Promise/);
});

test("serve: hello, one answer line per case, the end line; console.log kept off the protocol", () => {
  const request = JSON.stringify({ call: "aabb_overlap_f64", cases: [
    { alo: [zero, zero, zero], ahi: [one, one, one], blo: [one, zero, zero], bhi: [two, one, one] },
    { alo: [zero, zero, zero], ahi: [one, one, one], blo: [two, zero, zero], bhi: [two, one, one] },
  ] }) + "\n";
  const r = spawnSync(process.execPath, [path.join(here, "..", "examples", "printing_overlap.mjs")], { input: request + request, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(lines[0], { protocol: "aabb-oracle/1", functions: ["aabb_overlap_f64"] });
  assert.deepEqual(lines.slice(1), [{ result: 1 }, { result: 0 }, { end: 2 }, { result: 1 }, { result: 0 }, { end: 2 }]);
  assert.match(r.stderr, /printed by the library/);
});

test("the folder is an npm package: packed, installed offline, imported by its name", () => {
  const d = mkdtempSync(path.join(tmpdir(), "aabb-oracle-npm-"));
  try {
    const npm = (args, cwd) => spawnSync("npm", args, { cwd, encoding: "utf8", timeout: 120000 });
    const pack = npm(["pack", "--silent", "--pack-destination", d, path.join(here, "..")], d);
    assert.equal(pack.status, 0, pack.stderr);
    const tarball = path.join(d, pack.stdout.trim().split("\n").pop());
    writeFileSync(path.join(d, "package.json"), JSON.stringify({ name: "user", version: "1.0.0", type: "module" }));
    const install = npm(["install", "--offline", "--no-audit", "--no-fund", tarball], d);
    assert.equal(install.status, 0, install.stderr);
    const use = spawnSync(process.execPath, ["--input-type=module", "-e",
      'import { register, serve, describe } from "aabb-oracle"; console.log(typeof register, typeof serve, describe("aabb_ray_f64").dim);'],
      { cwd: d, encoding: "utf8" });
    assert.equal(use.status, 0, use.stderr);
    assert.equal(use.stdout.trim(), "function function 3");
  } finally {
    rmSync(d, { recursive: true, force: true });
  }
});
