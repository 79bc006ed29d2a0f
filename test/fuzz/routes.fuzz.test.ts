// The bounded, fixed-seed fuzz run of `npm test`: every route of every service, FUZZ_RUNS cases each
// (hostile bodies, paths, queries, headers and callers; see fuzz-request.ts), checked for 5xx answers, error
// bodies outside the service's envelope and state changed by a rejected request (fuzz-check.ts).
// FUZZ_SEED / FUZZ_RUNS change the run; `npm run fuzz` is the long run with the same generators.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/emulator.js";
import { newStats } from "./fuzz-check.js";
import { describeFailure, fuzzRoute, type FuzzFailure } from "./fuzz-run.js";
import { createFuzzWorld, type FuzzWorld } from "./fuzz-world.js";

const SEED = Number(process.env.FUZZ_SEED ?? 20_301);
/** cases per route: about 5,500 requests in all, 5-10 s on a 2-core CI machine */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SERVICES = ["identity", "networking", "image", "object-storage", "block-storage", "compute", "instance-ha"];

describe("fuzzing every route (fixed seed)", () => {
  let world: FuzzWorld;
  const stats = newStats();
  beforeAll(async () => {
    world = await createFuzzWorld();
  });
  afterAll(async () => {
    const histogram = [...stats.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`).join(" ");
    if (process.env.FUZZ_REPORT) console.log(`fuzz: ${stats.requests} requests, seed ${SEED}; ${histogram}`);
    await world.emulator.close();
  });

  it.each(SERVICES)("%s: no 5xx, errors in its envelope, rejected requests change nothing", async (service) => {
    const routes = world.routes.filter((r) => r.service === service);
    expect(routes.length).toBeGreaterThan(0);
    const failures: FuzzFailure[] = [];
    for (const route of routes) {
      const failure = await fuzzRoute(world, route, { seed: SEED, numRuns: RUNS, stats });
      if (failure) failures.push(failure);
    }
    // every failing route, each with its request and the command that replays it
    expect(failures.map(describeFailure).join("\n\n")).toBe("");
  }, 600_000);

  it("catches a planted 5xx and a planted change behind a 4xx (fault rules), and names the replay", async () => {
    const route = world.routes.find((r) => r.def.operation === "networking.security_group.create")!;
    const plant = async (effect: unknown) => {
      const rule = await call(world.emulator, "POST", "/_emulator/faults", { body: { operation: route.def.operation, effect } });
      expect(rule.status).toBe(201);
      try {
        return await fuzzRoute(world, route, { seed: SEED, numRuns: 50 });
      } finally {
        await call(world.emulator, "DELETE", "/_emulator/faults");
      }
    };
    const crash = await plant({ type: "error", status: 500 });
    expect(crash?.problem).toMatch(/^a 5xx answer/);
    expect(describeFailure(crash!)).toMatch(/replay: npm run fuzz -- --seed \d+ --route 'POST \/networking\/v2\.0\/security-groups' --path '[\d:]+'/);
    // false-negative: the group is created, then a 409 is answered
    const leak = await plant({ type: "false-negative", status: 409 });
    expect(leak?.problem).toMatch(/^a rejected request changed the exported state/);
  }, 600_000);
});
