#!/usr/bin/env node
// An example consumer of aabb-oracle's test vectors (docs/vectors.md) in JavaScript, with no
// dependencies: the way a three.js, cannon-es or Babylon.js user would test their own AABB code.
//
// It loads every <op>_<type>.json file of a directory written by `aabb-oracle vectors --out DIR`
// and runs naive implementations written the way JS libraries write them:
//   contains, overlap        min-max form, comparisons with <=: no rounding, right on every vector;
//   overlap_ce               |c2 - c1| <= e1 + e2 in the file's type (seed 004): rounding and
//                            overflow make it answer "overlap" for some boxes just apart;
//   ray (half-line group)    three.js's Ray.intersectBox slab test with 1/d, for the hit only,
//                            on the tests with t_min = 0 and t_max = +inf: the only rays a JS ray
//                            API has, so these run without `aabb-oracle eval`.
// f32 files round after every operation with Math.fround (exactly binary32 for one +, -, *, /).
// Only decisions are compared; tests whose result is "invalid" are skipped (the naive code does
// not validate its input).
//
//   node naive_consumer.mjs DIR [--json SUMMARY.json] [--show N]
// Exit status: 0 when every test run passed, 1 when some failed, 2 for a usage error.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** A hex float of the files ("-0x1.8p+3", "0x0.00002p-126", "inf") as a Number, exactly. */
export function hexFloat(text) {
  if (text === "inf" || text === "+inf") return Infinity;
  if (text === "-inf") return -Infinity;
  const m = /^([+-]?)0x([0-9a-f]+)(?:\.([0-9a-f]*))?p([+-]?\d+)$/i.exec(text);
  if (!m) throw new Error(`not a hex float: ${JSON.stringify(text)}`);
  const fraction = m[3] ?? "";
  // The digits as an integer (at most 53 bits for a double: exact as a Number), then exact
  // scaling by powers of two, in steps that stay in range: the value is a double by construction.
  let x = Number(BigInt("0x" + m[2] + fraction));
  let exponent = Number(m[4]) - 4 * fraction.length;
  while (exponent > 0) {
    const step = Math.min(exponent, 1000);
    x *= 2 ** step;
    exponent -= step;
  }
  while (exponent < 0) {
    const step = Math.min(-exponent, 1000);
    x /= 2 ** step;
    exponent += step;
  }
  return m[1] === "-" ? -x : x;
}

const vec = (v) => v.map(hexFloat);
const rounder = (type) => (type === "f32" ? Math.fround : (x) => x);

function minMax(box) {
  return [vec(box.min), vec(box.max)];
}

const naive = {
  contains(input, expected) {
    const [lo, hi] = minMax(input.box);
    const p = vec(input.point);
    const got = [0, 1, 2].every((i) => lo[i] <= p[i] && p[i] <= hi[i]);
    return got === expected.contains ? null : `contains = ${got}`;
  },
  overlap(input, expected) {
    const [alo, ahi] = minMax(input.a);
    const [blo, bhi] = minMax(input.b);
    const got = [0, 1, 2].every((i) => alo[i] <= bhi[i] && blo[i] <= ahi[i]);
    return got === expected.overlap ? null : `overlap = ${got}`;
  },
  overlap_ce(input, expected, type) {
    const r = rounder(type);
    const ac = vec(input.a.center), ae = vec(input.a.extent);
    const bc = vec(input.b.center), be = vec(input.b.extent);
    const got = [0, 1, 2].every((i) => Math.abs(r(bc[i] - ac[i])) <= r(be[i] + ae[i]));
    return got === expected.overlap ? null : `overlap = ${got}`;
  },
  ray(input, expected, type, group) {
    if (group !== "half-line") return undefined;  // t ranges: no JS API has them (skipped)
    const r = rounder(type);
    const [lo, hi] = minMax(input.box);
    const o = vec(input.origin), d = vec(input.dir);
    // three.js Ray.intersectBox, as it is written (NaN guards included).
    let tmin, tmax;
    const slab = (i) => {
      const inv = r(1 / d[i]);
      const near = inv >= 0 ? lo[i] : hi[i], far = inv >= 0 ? hi[i] : lo[i];
      return [r(r(near - o[i]) * inv), r(r(far - o[i]) * inv)];
    };
    [tmin, tmax] = slab(0);
    for (const i of [1, 2]) {
      const [a, b] = slab(i);
      if (tmin > b || a > tmax) return expected.hit === false ? null : "hit = false";
      if (a > tmin || Number.isNaN(tmin)) tmin = a;
      if (b < tmax || Number.isNaN(tmax)) tmax = b;
    }
    const got = !(tmax < 0);
    return got === expected.hit ? null : `hit = ${got}`;
  },
};

function runFile(file) {
  const data = JSON.parse(fs.readFileSync(file, "utf8"));
  const type = data.floatType;
  const summary = { algorithm: data.algorithm, floatType: type, passed: 0, failed: 0, skipped: 0, failures: [] };
  const run = naive[data.algorithm];
  for (const group of data.testGroups) {
    for (const test of group.tests) {
      const reason = run && test.result === "valid" ? run(test.input, test.expected, type, group.source) : undefined;
      if (reason === undefined) summary.skipped += 1;
      else if (reason === null) summary.passed += 1;
      else {
        summary.failed += 1;
        summary.failures.push({ tcId: test.tcId, group: group.source, comment: test.comment, flags: test.flags, reason });
      }
    }
  }
  return summary;
}

function main(argv) {
  const args = { dir: null, json: null, show: 3 };
  for (let k = 0; k < argv.length; k++) {
    if (argv[k] === "--json") args.json = argv[++k];
    else if (argv[k] === "--show") args.show = Number(argv[++k]);
    else args.dir = argv[k];
  }
  if (!args.dir || !fs.existsSync(args.dir)) {
    console.error("usage: node naive_consumer.mjs DIR [--json SUMMARY.json] [--show N]");
    return 2;
  }
  const files = fs.readdirSync(args.dir).filter((f) => /_f(32|64)\.json$/.test(f)).sort();
  if (files.length === 0) {
    console.error(`naive_consumer: no vector files in ${args.dir}`);
    return 2;
  }
  const results = {};
  for (const f of files) {
    const s = runFile(path.join(args.dir, f));
    results[f] = s;
    if (s.passed + s.failed === 0) continue;
    console.log(`${f}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`);
    for (const x of s.failures.slice(0, args.show))
      console.log(`  tcId ${x.tcId} (${x.group}) [${x.flags.join(", ")}] ${x.comment}: ${x.reason}`);
  }
  if (args.json) fs.writeFileSync(args.json, JSON.stringify(results, null, 1) + "\n");
  return Object.values(results).some((s) => s.failed > 0) ? 1 : 0;
}

// Run when executed, not when imported (hexFloat is reusable).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  process.exitCode = main(process.argv.slice(2));
