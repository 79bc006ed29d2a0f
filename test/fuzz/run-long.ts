// The long fuzz run (`npm run fuzz -- --seed N --minutes M`, via scripts/fuzz.mjs): rounds over every route,
// each round with the next seed, until the time is up; progress every 10 s (between routes); on the first
// failure (or, with --keep-going, at the end) the failing cases and how to replay them; exit code 1 on any.
// --route 'METHOD /path' fuzzes one route; with --path (as a failure printed it) it replays one case.
// --drift keeps what accepted writes do (undone at the end of each round): sequences, not single requests;
// a failure then replays only with the whole run (same seed, same options), not with --path.

import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { newStats, type FuzzStats } from "./fuzz-check.js";
import { describeFailure, fuzzRoute, routeName, type FuzzFailure } from "./fuzz-run.js";
import { createFuzzWorld, importState } from "./fuzz-world.js";

const { values } = parseArgs({
  options: {
    seed: { type: "string", default: "1" },
    minutes: { type: "string", default: "1" },
    runs: { type: "string", default: "25" },
    route: { type: "string" },
    path: { type: "string" },
    "keep-going": { type: "boolean", default: false },
    drift: { type: "boolean", default: false },
  },
});

const seed = Number(values.seed);
const deadline = Date.now() + Number(values.minutes) * 60_000;
const numRuns = Number(values.runs);
if (!Number.isInteger(seed) || !Number.isFinite(deadline) || !(numRuns > 0)) {
  console.error("usage: npm run fuzz -- [--seed N] [--minutes M] [--runs per-route-per-round] [--route 'METHOD /path' [--path p]] [--keep-going] [--drift]");
  process.exit(2);
}

const histogram = (stats: FuzzStats) => [...stats.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`).join(" ");

const world = await createFuzzWorld();
world.drift = values.drift;
const routes = values.route ? world.routes.filter((r) => routeName(r) === values.route) : world.routes;
if (!routes.length) {
  console.error(`no route ${values.route}; routes are named like 'GET /compute/v2.1/servers/:id'`);
  process.exit(2);
}
const stats = newStats();
// the longest the event loop was held (each request runs in a turn of its own: fuzz-check.ts)
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const started = Date.now();
const failures = new Map<string, FuzzFailure>();
// in-process requests settle as microtasks, so a timer would never fire: progress is checked between routes
let printed = started;
const progress = () => {
  if (Date.now() - printed < 10_000) return;
  printed = Date.now();
  console.log(`${Math.round((printed - started) / 1000)}s: ${stats.requests} requests; ${histogram(stats)}`);
};
console.log(`fuzzing ${routes.length} routes, seed ${seed}, ${values.minutes} minute(s)`);

let round = 0;
run: do {
  for (const route of routes) {
    if (failures.has(routeName(route))) continue;
    const failure = await fuzzRoute(world, route, { seed: seed + round, numRuns: values.path ? 1 : numRuns, stats, path: values.path });
    if (failure) {
      failures.set(failure.route, failure);
      console.log(`\n${describeFailure(failure)}\n`);
      if (!values["keep-going"]) break run;
    }
    progress();
    if (Date.now() > deadline) break run;
  }
  round++;
  // a drifting world starts each round from the setup's again (everything may have been deleted by now)
  if (world.drift && world.baseline !== world.initial) {
    world.baseline = world.initial;
    await importState(world.emulator, world.initial);
  }
} while (!values.path && Date.now() < deadline);

console.log(`done in ${Math.round((Date.now() - started) / 1000)}s: ${stats.requests} requests in ${round} round(s); ${histogram(stats)}`);
loop.disable();
console.log(`longest request: ${stats.slowest.ms.toFixed(1)} ms, ${stats.slowest.request}`);
const ms = (ns: number) => (ns / 1e6).toFixed(1);
console.log(`event loop held: max ${ms(loop.max)} ms, p99 ${ms(loop.percentile(99))} ms, p99.9 ${ms(loop.percentile(99.9))} ms (5 ms resolution)`);
console.log(failures.size ? `${failures.size} failing route(s): ${[...failures.keys()].join(", ")}` : "no failures");
await world.emulator.close();
process.exit(failures.size ? 1 : 0);
