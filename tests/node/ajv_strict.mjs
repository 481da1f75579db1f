// The vectors' schema compiles under Ajv's strict mode (JSON Schema 2020-12, strict: true: no
// unknown keywords, types stated where keywords need them, required properties defined), and
// every file `aabb-oracle vectors` writes validates against it there too. A JavaScript consumer
// loads the schema this way; the issue that asked for this found it failing.
// Usage: node ajv_strict.mjs SCHEMA TOOL WORKDIR   (ctest vectors.ajv_strict)
import Ajv2020 from "ajv/dist/2020.js";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const [schemaPath, tool, work] = process.argv.slice(2);
const schema = JSON.parse(fs.readFileSync(schemaPath, "utf8"));
const ajv = new Ajv2020({ strict: true, allErrors: true });
let validate;
try {
  validate = ajv.compile(schema);
} catch (e) {
  console.log(`FAILED: the schema does not compile in strict mode: ${e.message}`);
  process.exit(1);
}
console.log("the schema compiles in Ajv's strict mode");

const out = path.join(work, "ajv-vectors");
fs.rmSync(out, { recursive: true, force: true });
execFileSync(tool, ["vectors", "--out", out, "--cases-per-group", "60"], { stdio: "inherit" });
// The 3D files and the 2D ones (DIR/2d/).
const files = fs.readdirSync(out).filter((f) => f.endsWith(".json"))
  .concat(fs.readdirSync(path.join(out, "2d")).filter((f) => f.endsWith(".json")).map((f) => path.join("2d", f)));
let failures = 0;
for (const f of files) {
  if (!validate(JSON.parse(fs.readFileSync(path.join(out, f), "utf8")))) {
    failures += 1;
    console.log(`FAILED: ${f}: ${ajv.errorsText(validate.errors).slice(0, 500)}`);
  }
}
if (files.length === 0) {
  console.log("FAILED: no vector files were written");
  process.exit(1);
}
console.log(`${files.length} files validated in strict mode, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
