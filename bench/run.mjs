// `npm run bench`: cold start, token-validation throughput against a bare node:http baseline, store
// insert/read cost at 1k vs 100k rows, and RSS after start. Prints a table and a final JSON line.
// Targets are reported as PASS/MISS; a MISS never fails the process (benchmarks report, they don't gate).

import { cpus } from "node:os";
import { measureColdStart } from "./cold-start.mjs";
import { measureThroughput } from "./throughput.mjs";
import { measureStore } from "./store.mjs";
import { measureNetworking } from "./networking.mjs";

const started = performance.now();
const log = (line) => process.stderr.write(`${line}\n`);

log("bench: cold start + RSS (7 spawns)...");
const cold = await measureColdStart({ runs: 7 });
log("bench: token validation throughput (emulator, bare node:http, Hono floor; 3 rounds each)...");
const tput = await measureThroughput({ concurrency: 32, warmupMs: 800, durationMs: 2500, rounds: 3 });
log("bench: store insert/read cost (1k vs 100k rows)...");
const store = await measureStore({ insertsPerRound: 500, rounds: 30 });
log("bench: networking port creates (100 vs 60,000 addresses in use in a /16)...");
const net = await measureNetworking({ sample: 1000, fillTo: 60_000 });

const f = (x, d = 1) => Number(x).toFixed(d);
const rows = [
  { figure: "cold start: spawn -> first 200 (median)", value: `${f(cold.medianMs)} ms (min ${f(cold.minMs)})`, target: "<= 300 ms", pass: cold.medianMs <= 300 },
  { figure: "  reference: bare node:http spawn -> 200", value: `${f(cold.nodeFloorMedianMs)} ms`, target: "(info)", pass: null },
  {
    figure: "token validate req/s, emulator / bare",
    value: `${f(tput.emulatorRps, 0)} / ${f(tput.bareRps, 0)} = ${f(tput.ratio * 100)}%`,
    target: ">= 60%",
    pass: tput.ratio >= 0.6,
  },
  {
    figure: "  reference: bare Hono replay / bare",
    value: `${f(tput.honoFloorRps, 0)} / ${f(tput.bareRps, 0)} = ${f(tput.honoFloorRatio * 100)}%`,
    target: "(info)",
    pass: null,
  },
  {
    figure: "store insert, 1k rows -> 100k rows",
    value: `${f(store.insertSmallUs, 2)} -> ${f(store.insertLargeUs, 2)} us (x${f(store.insertRatio, 2)})`,
    target: "<= x1.5",
    pass: store.insertRatio <= 1.5,
  },
  { figure: "store get by id, 1k rows -> 100k rows", value: `${f(store.readSmallNs, 0)} -> ${f(store.readLargeNs, 0)} ns`, target: "(info)", pass: null },
  { figure: "port create (in-process), ports/s", value: `${f(net.portCreatesPerSecond, 0)}`, target: "(info)", pass: null },
  {
    figure: "port create, 100 -> 60,000 in use (/16)",
    value: `${f(net.at100Us, 1)} -> ${f(net.at60kUs, 1)} us (x${f(net.ratio, 2)})`,
    target: "<= x1.5",
    pass: net.ratio <= 1.5,
  },
  { figure: "RSS after first 200 (median of spawns)", value: `${f(cold.rssMedianMiB)} MiB (max ${f(cold.rssMaxMiB)})`, target: "<= 80 MiB", pass: cold.rssMedianMiB <= 80 },
];

const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => [r.figure, r.value, r.target][i].length)));
const line = (a, b, c, d) => `${a.padEnd(w[0])}  ${b.padEnd(w[1])}  ${c.padEnd(w[2])}  ${d}`;
console.log(`\nskymock bench (node ${process.version}, ${cpus().length} cpus, ${f((performance.now() - started) / 1000)} s)`);
console.log(line("figure", "value", "target", "result"));
console.log(line(...w.map((n) => "-".repeat(n)), "------"));
for (const r of rows) console.log(line(r.figure, r.value, r.target, r.pass === null ? "" : r.pass ? "PASS" : "MISS"));
console.log(
  `\nthroughput detail: ${tput.mode}; concurrency ${tput.concurrency}, ${tput.durationMs} ms x ${tput.rounds} rounds (best shown), ` +
    `${tput.responseBytes} B body; p50/p99 latency emulator ${f(tput.emulator.latencyMs.p50, 2)}/${f(tput.emulator.latencyMs.p99, 2)} ms, ` +
    `bare ${f(tput.bare.latencyMs.p50, 2)}/${f(tput.bare.latencyMs.p99, 2)} ms; load generator CPU ${f(tput.emulator.clientCpuPct, 0)}% / ${f(tput.bare.clientCpuPct, 0)}% of a core; ` +
    `all rounds req/s emulator ${tput.allRounds.emulator.join(", ")}, bare ${tput.allRounds.bare.join(", ")}, Hono ${tput.allRounds.honoFloor.join(", ")}`,
);
console.log(`cold start runs (ms): ${cold.readyMs.map((x) => f(x, 0)).join(", ")}`);
console.log(`store: ${store.via}; ${store.inserts} timed inserts per size; 100k-row table built in ${f(store.buildLargeMs, 0)} ms`);

const result = {
  bench: "skymock",
  node: process.version,
  cpus: cpus().length,
  totalSeconds: +((performance.now() - started) / 1000).toFixed(1),
  coldStart: { medianMs: +f(cold.medianMs), minMs: +f(cold.minMs), nodeFloorMedianMs: +f(cold.nodeFloorMedianMs), runsMs: cold.readyMs.map((x) => +f(x)), targetMs: 300, pass: cold.medianMs <= 300 },
  tokenValidation: {
    emulatorRps: Math.round(tput.emulatorRps),
    bareRps: Math.round(tput.bareRps),
    honoFloorRps: Math.round(tput.honoFloorRps),
    ratio: +tput.ratio.toFixed(3),
    targetRatio: 0.6,
    pass: tput.ratio >= 0.6,
    concurrency: tput.concurrency,
    latencyMs: { emulator: tput.emulator.latencyMs, bare: tput.bare.latencyMs },
  },
  storeInsert: {
    us1k: +f(store.insertSmallUs, 2),
    us100k: +f(store.insertLargeUs, 2),
    ratio: +store.insertRatio.toFixed(3),
    targetRatio: 1.5,
    pass: store.insertRatio <= 1.5,
    getNs1k: Math.round(store.readSmallNs),
    getNs100k: Math.round(store.readLargeNs),
  },
  networking: {
    portCreatesPerSecond: Math.round(net.portCreatesPerSecond),
    portCreateUs100: +f(net.at100Us, 1),
    portCreateUs60k: +f(net.at60kUs, 1),
    ratio: +net.ratio.toFixed(3),
    targetRatio: 1.5,
    pass: net.ratio <= 1.5,
  },
  rssAfterStart: { medianMiB: +f(cold.rssMedianMiB), maxMiB: +f(cold.rssMaxMiB), targetMiB: 80, pass: cold.rssMedianMiB <= 80 },
};
console.log(JSON.stringify(result));
