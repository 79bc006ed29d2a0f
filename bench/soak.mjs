// `npm run soak -- --minutes M [--seed N] [--clients N] [--every S] [--warmup S] [--bound P]`: starts the
// built emulator (bin/skymock.js start, frozen clock) and drives soak-workload.mjs's mixed workload at it
// over HTTP, sampling the emulator's memory every S seconds (as it runs, and after a memory-reducing full
// collection in the child: soak-probe.cjs). Prints the curve and a summary; exits 1 if RSS grew more than P% (default 10) between
// the end of the warm-up and the end of the run, or if any request met an unexpected 5xx.

import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { CLI, freePort, rssMiB, startProcess, stopChild } from "./lib.mjs";
import { Tally, runWorkload } from "./soak-workload.mjs";

const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "2" },
    seed: { type: "string", default: "1" },
    clients: { type: "string", default: "6" },
    every: { type: "string" },
    warmup: { type: "string" },
    bound: { type: "string", default: "10" },
  },
});
const minutes = Number(args.minutes);
const seconds = minutes * 60;
const seed = Number(args.seed);
const every = Number(args.every ?? Math.max(5, Math.round(seconds / 24)));
// the clock advances 30 virtual minutes every 50 requests: a token's 4 h and its 48 h allow_expired window
// pass in about 5,200 requests (under a minute here), so by a third of the run (at most a minute) the
// tokens issued equal the tokens forgotten
const warmup = Number(args.warmup ?? Math.min(60, seconds / 3));
const bound = Number(args.bound);
const MiB = 2 ** 20;

const port = await freePort();
const probe = fileURLToPath(new URL("./soak-probe.cjs", import.meta.url));
const argv = ["--expose-gc", "--require", probe, CLI, "start", "--port", String(port), "--frozen-clock", "--random-seed", String(seed), "--log-level", "warn",
  // tokens live 4 virtual hours, 8 clock ticks: a call that waits behind a busy moment (a key pair being
  // generated) still finds the token it logged in for valid
  "--token-ttl", "14400"];
const emu = await startProcess({ argv, port, ipc: true });
process.stderr.write(`soak: emulator pid ${emu.child.pid} on ${emu.url}; ${minutes} min, seed ${seed}, ${args.clients} clients, sample every ${every} s, warm-up ${warmup} s\n`);

/** The child's memory after a full collection, asked over the IPC channel. */
let asked = 0;
function memory() {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the emulator did not answer a memory probe in 10 s")), 10_000);
    const onMessage = (m) => {
      if (m?.type !== "memory" || m.id !== id) return;
      clearTimeout(timer);
      emu.child.off("message", onMessage);
      resolve(m);
    };
    emu.child.on("message", onMessage);
    emu.child.send({ type: "memory", id });
  });
}

const tally = new Tally();
const started = performance.now();
const elapsed = () => (performance.now() - started) / 1000;
let stopping = false;
const work = runWorkload({ url: emu.url, seed, clients: Number(args.clients), stop: () => stopping, tally });
work.catch(() => (stopping = true));

const samples = [];
const row = (cells) => cells.map((c, i) => String(c).padStart([7, 10, 8, 10, 9, 9, 11, 10][i])).join("  ");
console.log(row(["t (s)", "requests", "req/s", "RSS live", "RSS MiB", "heap MiB", "heap total", "state KiB"]));
let lastRequests = 0;
let lastAt = 0;
async function sample() {
  const live = rssMiB(emu.child.pid); // as the process runs, before the probe's collection
  const m = await memory();
  const t = elapsed();
  // the world as exported: what the emulator holds, apart from how the process holds it
  const stateKiB = (await (await fetch(`${emu.url}/_emulator/state`)).arrayBuffer()).byteLength / 1024;
  const s = { t, requests: tally.requests, live, rss: m.rss / MiB, heap: m.heapUsed / MiB, heapTotal: m.heapTotal / MiB };
  samples.push(s);
  const rate = (s.requests - lastRequests) / Math.max(t - lastAt, 1e-9);
  [lastRequests, lastAt] = [s.requests, t];
  console.log(row([t.toFixed(0), s.requests, rate.toFixed(0), s.live.toFixed(1), s.rss.toFixed(1), s.heap.toFixed(1), s.heapTotal.toFixed(1), stateKiB.toFixed(0)]));
}

await sample();
while (elapsed() < seconds && !stopping) {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, (samples.length * every - elapsed()) * 1000)));
  if (!stopping) await sample();
}
stopping = true;
let failure;
await work.catch((error) => (failure = error));
const held = await heldRows(emu.url);
await stopChild(emu.child);
if (failure) {
  console.error(`soak: the workload failed: ${failure.stack ?? failure}`);
  process.exit(2);
}

const after = samples.filter((s) => s.t >= warmup);
const first = after[0] ?? samples.at(-1);
const last = samples.at(-1);
const growthPct = ((last.rss - first.rss) / first.rss) * 100;
const f = (x, d = 1) => x.toFixed(d);
console.log("");
console.log(`requests: ${tally.requests} in ${f(elapsed(), 0)} s (${f(tally.requests / elapsed(), 0)}/s); injected 503s: ${tally.injected}; unexpected answers: ${tally.unexpected}; connections lost and retried: ${tally.transport}`);
for (const line of tally.samples) console.log(`  unexpected: ${line}`);
console.log(`held at the end: ${held}`);
console.log(`RSS after warm-up (${f(first.t, 0)} s): ${f(first.rss)} MiB; at the end: ${f(last.rss)} MiB; max: ${f(Math.max(...samples.map((s) => s.rss)))} MiB (live, between collections: ${f(first.live)} -> ${f(last.live)}, max ${f(Math.max(...samples.map((s) => s.live)))})`);
console.log(`growth after warm-up: ${growthPct >= 0 ? "+" : ""}${f(growthPct)}% (bound ${bound}%); slope ${f(slope(after, "rss"), 2)} MiB/min RSS, ${f(slope(after, "heap"), 2)} MiB/min heap`);
const serverErrors = tally.samples.filter((line) => / -> 5\d\d$/.test(line)).length;
const pass = growthPct <= bound && serverErrors === 0;
console.log(pass ? "soak: PASS" : `soak: FAIL (${growthPct > bound ? `RSS grew ${f(growthPct)}% > ${bound}%` : `${serverErrors} unexpected 5xx`})`);
process.exit(pass ? 0 : 1);

/** Least-squares slope of a sampled figure, in MiB per minute. */
function slope(points, key) {
  if (points.length < 2) return 0;
  const n = points.length;
  const mt = points.reduce((a, p) => a + p.t, 0) / n;
  const mv = points.reduce((a, p) => a + p[key], 0) / n;
  const num = points.reduce((a, p) => a + (p.t - mt) * (p[key] - mv), 0);
  const den = points.reduce((a, p) => a + (p.t - mt) ** 2, 0);
  return den === 0 ? 0 : (num / den) * 60;
}

/** Row counts of the tables a leak would show in (from the state export). */
async function heldRows(url) {
  const res = await fetch(`${url}/_emulator/state`);
  if (!res.ok) return `(state export answered ${res.status})`;
  const { state } = await res.json();
  const sizes = { "identity.tokens": state.identity?.tokens, "compute.servers": state.compute?.servers, "networking.ports": state.networking?.ports, "networking.networks": state.networking?.networks, "identity.projects": state.identity?.projects };
  return Object.entries(sizes).map(([name, table]) => `${name} ${table?.size ?? "?"}`).join(", ");
}
