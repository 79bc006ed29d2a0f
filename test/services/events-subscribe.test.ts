// emulator.events.subscribe() as a test suite uses it: the handler sees the events of real requests, and the
// function it answers (or an aborted signal) stops them, so handlers do not pile up across tests.

import { describe, expect, it } from "vitest";
import { createEmulator } from "../../src/app.js";

async function adminToken(app: ReturnType<typeof createEmulator>["app"]): Promise<string> {
  const res = await app.request("/identity/v3/auth/tokens", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      auth: {
        identity: { methods: ["password"], password: { user: { name: "admin", domain: { name: "Default" }, password: "admin" } } },
        scope: { project: { name: "admin", domain: { name: "Default" } } },
      },
    }),
  });
  return res.headers.get("x-subject-token")!;
}

describe("emulator.events.subscribe", () => {
  it("delivers events until unsubscribed, by the answered function or by an AbortSignal", async () => {
    const emulator = createEmulator({ frozenClock: true, randomSeed: 3 });
    const token = await adminToken(emulator.app);
    const createProject = (name: string) =>
      emulator.app.request("/identity/v3/projects", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Auth-Token": token },
        body: JSON.stringify({ project: { name } }),
      });
    const byFunction: string[] = [];
    const bySignal: string[] = [];
    const stop = emulator.events.subscribe("identity.project.*", (e) => byFunction.push(e.type === "identity.project.created" ? e.payload.name : e.type));
    const controller = new AbortController();
    emulator.events.subscribe("identity.project.created", (e) => bySignal.push(e.payload.name), { signal: controller.signal });

    expect((await createProject("one")).status).toBe(201);
    stop();
    controller.abort();
    expect((await createProject("two")).status).toBe(201);

    expect(byFunction).toEqual(["one"]);
    expect(bySignal).toEqual(["one"]);
    // an already aborted signal subscribes nothing
    const late: string[] = [];
    emulator.events.subscribe("identity.project.created", (e) => late.push(String(e.payload.name)), { signal: controller.signal });
    expect((await createProject("three")).status).toBe(201);
    expect(late).toEqual([]);
    await emulator.close();
  });
});
