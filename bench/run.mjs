// `npm run bench`: every part of parts-platform.mjs and parts-services.mjs in turn, then a table of
// figures with their targets (PASS/MISS: benchmarks report, they never fail the process), how each was
// measured, and a JSON line; the same result goes to a file that a later run can be compared with. A figure
// measured in rounds prints as "median (min-max, n=rounds)" and keeps {median, min, max, rounds} as its row's
// `stat` in the JSON, so --compare shows the medians' change and whether the spreads overlap.
//
//   npm run bench                          all parts; the result in bench/results/last.json
//   npm run bench -- --only compute,store  the named parts only (--list names them)
//   npm run bench -- --out before.json     the result file elsewhere
//   npm run bench -- --compare before.json this run's figures beside an earlier run's

import { cpus } from "node:os";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { platformParts } from "./parts-platform.mjs";
import { serviceParts } from "./parts-services.mjs";
import { targetParts } from "./parts-targets.mjs";
import { comparison, f, readResult, table } from "./table.mjs";
import { ROOT } from "./lib.mjs";

const shipping = platformParts.find((p) => p.name === "shipping");
const PARTS = [...platformParts.filter((p) => p !== shipping), ...serviceParts, ...targetParts, shipping];

const { values } = parseArgs({
  options: { only: { type: "string" }, out: { type: "string" }, compare: { type: "string" }, list: { type: "boolean" } },
});
if (values.list) {
  for (const p of PARTS) console.log(`${p.name.padEnd(18)} ${p.title}`);
  process.exit(0);
}
const wanted = values.only?.split(",").map((s) => s.trim()).filter(Boolean);
const unknown = (wanted ?? []).filter((name) => !PARTS.some((p) => p.name === name));
if (unknown.length > 0) {
  console.error(`bench: no part named ${unknown.join(", ")}; the parts: ${PARTS.map((p) => p.name).join(", ")}`);
  process.exit(2);
}
// read before the run, so a wrong path stops it at once
const old = values.compare ? readResult(values.compare) : undefined;
const outFile = resolve(values.out ?? `${ROOT}/bench/results/last.json`);

const started = performance.now();
const log = (line) => process.stderr.write(`${line}\n`);
const rows = [];
const notes = [];
const parts = {};
for (const part of PARTS.filter((p) => !wanted || wanted.includes(p.name))) {
  log(`bench: ${part.title}...`);
  const t0 = performance.now();
  const result = await part.run();
  rows.push(...part.rows(result));
  notes.push(...(part.notes?.(result) ?? []));
  parts[part.name] = { ...part.json(result), seconds: +f((performance.now() - t0) / 1000) };
}

const totalSeconds = +((performance.now() - started) / 1000).toFixed(1);
console.log(`\nskymock bench (node ${process.version}, ${cpus().length} cpus, ${totalSeconds} s)`);
console.log(table(rows));
if (notes.length > 0) console.log(`\n${notes.join("\n")}`);
if (old) console.log(`\ncompared with ${values.compare} (${old.date ?? "undated"}, node ${old.node ?? "?"}):\n${comparison(old, rows)}`);

const result = { bench: "skymock", date: new Date().toISOString(), node: process.version, cpus: cpus().length, totalSeconds, rows, parts };
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, `${JSON.stringify(result, null, 1)}\n`);
log(`bench: result written to ${outFile}`);
console.log(JSON.stringify(result));
