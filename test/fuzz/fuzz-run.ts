// Runs the fuzzer over one route with fast-check: a seed derived from the run's seed and the route (so a
// route's cases do not depend on which routes ran before), a fixed number of cases, shrinking on failure.
// The bounded test (routes.fuzz.test.ts) and the long run (run-long.ts) both call fuzzRoute.

import fc from "fast-check";
import { describeRequest, exchange, type FuzzStats } from "./fuzz-check.js";
import type { FuzzRequest } from "./fuzz-request.js";
import { requestFor } from "./fuzz-request.js";
import type { FuzzRoute, FuzzWorld } from "./fuzz-world.js";

export interface FuzzFailure {
  route: string;
  seed: number;
  /** fast-check's path to the shrunk case: replays it alone */
  path: string;
  request: FuzzRequest;
  problem: string;
}

export interface RouteRun {
  seed: number;
  numRuns: number;
  stats?: FuzzStats;
  /** replay one case: the `path` a failure printed */
  path?: string;
}

export const routeName = (route: FuzzRoute) => `${route.def.method} ${route.path}`;

/** The route's own seed: the run's seed mixed with a hash of its name (FNV-1a). */
export function routeSeed(seed: number, route: FuzzRoute): number {
  let h = 0x811c9dc5 ^ seed;
  for (const ch of routeName(route)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h | 0;
}

export async function fuzzRoute(world: FuzzWorld, route: FuzzRoute, run: RouteRun): Promise<FuzzFailure | undefined> {
  const seed = routeSeed(run.seed, route);
  const property = fc.asyncProperty(requestFor(world, route), async (request) => (await exchange(world, request, run.stats)).problem === undefined);
  const details = await fc.check(property, { seed, numRuns: run.numRuns, path: run.path, maxSkipsPerRun: 0 });
  if (!details.failed || !details.counterexample) {
    if (details.failed) throw details.errorInstance ?? new Error(`fuzzing ${routeName(route)} failed without a case`);
    return undefined;
  }
  const [request] = details.counterexample;
  // once more, for the problem of the shrunk case (the property only answers yes or no)
  const { problem } = await exchange(world, request);
  return { route: routeName(route), seed: run.seed, path: details.counterexamplePath ?? "", request, problem: problem ?? "(passed on replay)" };
}

export function describeFailure(failure: FuzzFailure): string {
  return [
    `fuzz failure on ${failure.route}: ${failure.problem}`,
    describeRequest(failure.request),
    `replay: npm run fuzz -- --seed ${failure.seed} --route '${failure.route}' --path '${failure.path}'`,
  ].join("\n");
}
