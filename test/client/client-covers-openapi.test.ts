// The control client covers the control API: every operation of /_emulator/openapi.json is what some
// SkymockClient method calls. Each method is called once against a real emulator (arguments that name
// nothing answer 4xx, which still shows the request it makes); the requests are read off fetch.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmulator, type Emulator } from "../../src/app.js";
import { SkymockClient } from "../../src/client/index.js";

let emulator: Emulator;
let url: string;
beforeAll(async () => {
  emulator = createEmulator({ frozenClock: true, randomSeed: 5 });
  url = await emulator.listen(0, "127.0.0.1");
});
afterAll(() => emulator.close());

/** Starts a live tail (its request is made at once) and ends it. */
async function follow(open: (signal: AbortSignal) => AsyncGenerator<unknown>): Promise<void> {
  const abort = new AbortController();
  const first = open(abort.signal).next();
  abort.abort();
  await first.catch(() => undefined);
}

describe("SkymockClient", () => {
  it("has a method for every control operation the OpenAPI document lists", async () => {
    const doc = (await (await fetch(`${url}/_emulator/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ["get", "put", "post", "patch", "delete"].includes(m))
        .map((m) => ({ key: `${m.toUpperCase()} ${path}`, re: new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}/?$`), method: m.toUpperCase() })),
    );
    const called = new Set<string>();
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      for (const op of operations) if (op.method === request.method && op.re.test(path)) called.add(op.key);
      return realFetch(input, init);
    }) as typeof fetch;
    const client = new SkymockClient(url);
    const calls: Array<() => Promise<unknown>> = [
      () => client.health(), () => client.index(), () => client.scenarios(), () => client.seedScenario("default"),
      () => client.seed({}, { mode: "merge" }), () => client.exportState(), async () => client.importState(await client.exportState()),
      () => client.createTenant(), () => client.logins(), () => client.cloudsYaml(), () => client.osEnvironment(),
      () => client.getClock(), () => client.patchClock({ frozen: true }), () => client.advanceClock("1s"),
      () => client.advanceUntil({ id: "none", status: "ACTIVE" }), () => client.listTransitions(),
      async () => client.removeOverride((await client.addOverride({ type: "compute.server", mode: "stick" })).id), () => client.clearOverrides(),
      () => client.step({ type: "compute.server", resourceId: "none" }), () => client.resourceKinds(),
      () => client.listResources("compute.server"), () => client.resourceStatus("compute.server", "none"), () => client.resourceDetail("compute.server", "none"), () => client.resourceContent("object-storage.object", "none"),
      async () => client.removeFault((await client.addFault({ service: "compute", effect: { type: "error", status: 500 } })).id),
      () => client.listFaults(), () => client.clearFaults(), () => client.firedFaults(), () => client.clearFiredFaults(), () => client.faultOperations(),
      () => client.events(), () => client.clearEvents(), () => client.requests(), () => client.clearRequests(),
      () => follow((signal) => client.followEvents({ limit: 0 }, { signal })), () => follow((signal) => client.followRequests({ status: "5xx" }, { signal })),
      () => client.getRateLimit(), async () => client.setRateLimit(await client.getRateLimit()),
      () => client.listHosts(), () => client.failHost("compute-1"), () => client.recoverHost("compute-1"), () => client.failServer("none"),
      () => client.instanceHaConfig(), async () => client.setInstanceHaConfig(await client.instanceHaConfig()), () => client.recoveries(),
      () => client.advanceNotification("none"), () => client.reset(), () => client.reset({ project: "none" }),
      () => client.runExperiment({ title: "t", method: [{ type: "action", name: "w", provider: { type: "wait", for: "1s" } }] }),
      () => client.listExperiments(), () => client.experiment("experiment-1"), () => client.experimentTimeline("experiment-1"), () => client.abortExperiment("experiment-1"),
    ];
    try {
      for (const call of calls) await call().catch(() => undefined);
    } finally {
      globalThis.fetch = realFetch;
    }
    // the document and the index describe the API; the client reads them but needs no method for the document
    const missing = operations.map((o) => o.key).filter((key) => !called.has(key) && key !== "GET /_emulator/openapi.json");
    expect(missing).toEqual([]);
  });
});
