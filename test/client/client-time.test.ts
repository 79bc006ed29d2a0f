// SkymockClient over a real socket: the clock, lifecycles and overrides, faults, journals, the rate limit,
// compute hosts and servers, and the waits (a server's status on a frozen and on a running clock; an event).

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { START, testEmulator } from "../helpers/emulator.js";
import { SkymockClient, type SkymockError, type Tenant } from "../../src/client/index.js";

const CIRROS = "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11";
const emu = testEmulator();
let client: SkymockClient;
let tenant: Tenant;
let token: string;

/** An OpenStack API call as the tenant's user. */
const os = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${client.baseUrl}${path}`, {
    method,
    headers: { "x-auth-token": token, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: res.status === 204 ? undefined : await res.json() };
};
const createServer = async (name = "vm") => {
  const res = await os("POST", "/compute/v2.1/servers", { server: { name, flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: tenant.network!.id }] } });
  expect(res.status).toBe(202);
  return res.body.server.id as string;
};

beforeAll(async () => {
  client = new SkymockClient(await emu.listen(0, "127.0.0.1"));
});
afterAll(() => emu.close());
beforeEach(async () => {
  await client.reset();
  await client.patchClock({ frozen: true, factor: 1, now: START });
  tenant = await client.createTenant({ name: "t" });
  const res = await fetch(`${client.authUrl}/v3/auth/tokens`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ auth: { identity: { methods: ["password"], password: { user: { name: "t", domain: { name: "Default" }, password: tenant.user.password } } }, scope: { project: { id: tenant.project.id } } } }),
  });
  token = res.headers.get("x-subject-token")!;
});

describe("SkymockClient: the clock", () => {
  it("reads, sets the factor, freezes, unfreezes, jumps and advances", async () => {
    expect(await client.getClock()).toMatchObject({ epochMs: START, frozen: true, factor: 1 });
    expect((await client.setClockFactor(60)).factor).toBe(60);
    expect((await client.unfreezeClock()).frozen).toBe(false);
    expect((await client.freezeClock()).frozen).toBe(true);
    expect((await client.setClockTime("2031-01-01T00:00:00Z")).now).toBe("2031-01-01T00:00:00.000Z");
    expect((await client.setClockTime(new Date(START))).epochMs).toBe(START);
    expect((await client.setClockTime(START + 1000)).epochMs).toBe(START + 1000);
    expect((await client.advanceClock("90s")).epochMs).toBe(START + 91_000);
    expect((await client.advanceClock(500)).epochMs).toBe(START + 91_500);
    // @ts-expect-error not a duration the emulator parses, and the type says so; the emulator refuses it too
    await expect(client.advanceClock("soon")).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/Not a duration/) });
  });
});

describe("SkymockClient: lifecycles", () => {
  it("lists, overrides, steps and reads a resource's status", async () => {
    const id = await createServer();
    const listed = await client.listTransitions();
    expect(listed.definitions).toContainEqual({ type: "compute.server", from: "building", to: "active", afterMs: 5000 });
    expect(listed.pending).toMatchObject([{ resourceId: id, mode: "scheduled" }]);
    const override = await client.addOverride({ type: "compute.server", resourceId: id, mode: "manual" });
    expect(override).toEqual({ id: "ovr-1", type: "compute.server", resourceId: id, mode: "manual" });
    expect((await client.resourceStatus("compute.server", id)).pending?.mode).toBe("manual");
    await client.removeOverride(override.id);
    await client.addOverride({ type: "compute.server", mode: "delay", after: "1m" });
    expect((await client.resourceStatus("compute.server", id)).pending?.dueAt).toBe(START + 60_000);
    await client.clearOverrides();
    expect((await client.listTransitions()).overrides).toEqual([]);
    expect(await client.step({ type: "compute.server", resourceId: id })).toMatchObject({ from: "building", to: "active" });
    expect((await client.resourceStatus("compute.server", id)).status).toBe("ACTIVE");
    await expect(client.removeOverride("ovr-99")).rejects.toMatchObject({ status: 404 });
  });
});

describe("SkymockClient: waitForServerStatus", () => {
  it("on a frozen clock moves time itself, as far as the build takes", async () => {
    const id = await createServer();
    const done = await client.waitForServerStatus(id, "ACTIVE");
    expect(done).toMatchObject({ status: "ACTIVE", advancedMs: 5000, clock: { epochMs: START + 5000 } });
    expect((await os("DELETE", `/compute/v2.1/servers/${id}`)).status).toBe(204);
    expect((await client.waitForServerStatus(id, "DELETED")).status).toBe("DELETED");
  });

  it("on a running clock polls while real time moves it", async () => {
    await client.setClockFactor(100);
    await client.unfreezeClock();
    const before = await client.getClock();
    const id = await createServer();
    const done = await client.waitForServerStatus(id, "ACTIVE", { timeoutMs: 5000, pollMs: 10 });
    expect(done.status).toBe("ACTIVE");
    // the build's 5 s of virtual time passed since the create (part of it maybe before the wait began)
    expect(done.clock.epochMs - before.epochMs).toBeGreaterThanOrEqual(5000);
    expect((await os("DELETE", `/compute/v2.1/servers/${id}`)).status).toBe(204);
    expect((await client.waitForServerStatus(id, "DELETED", { timeoutMs: 5000, pollMs: 10 })).status).toBe("DELETED");
  });

  it("rejects at once when nothing planned gets there, and past the bound, in either mode", async () => {
    const id = await createServer();
    await client.addOverride({ type: "compute.server", resourceId: id, mode: "stick" });
    const frozen = (await client.waitForServerStatus(id, "ACTIVE").catch((e) => e)) as SkymockError;
    expect(frozen).toMatchObject({ status: 409, code: "Stuck", details: { resourceStatus: "BUILD" } });
    await client.unfreezeClock();
    const running = (await client.waitForServerStatus(id, "ACTIVE", { pollMs: 10 }).catch((e) => e)) as SkymockError;
    expect(running).toMatchObject({ status: 409, code: "Stuck", details: { resourceStatus: "BUILD" } });
    await client.clearOverrides();
    const slow = (await client.waitForServerStatus(id, "ACTIVE", { timeoutMs: 100, pollMs: 10 }).catch((e) => e)) as SkymockError;
    expect(slow).toMatchObject({ status: 408, code: "Timeout", details: { resourceStatus: "BUILD" } });
    await client.freezeClock();
    const bounded = (await client.waitForServerStatus(id, "ACTIVE", { within: "1s" }).catch((e) => e)) as SkymockError;
    expect(bounded).toMatchObject({ status: 408, code: "Timeout" });
    await expect(client.waitForServerStatus("nope", "ACTIVE")).rejects.toMatchObject({ status: 404 });
  });
});

describe("SkymockClient: faults and journals", () => {
  it("adds, lists, fires, journals, removes and clears fault rules", async () => {
    const rule = await client.addFault({ service: "networking", method: "get", times: 1, effect: { type: "error", status: 503 } });
    expect(rule).toMatchObject({ id: "fault-1", method: "GET", probability: 1, fired: 0 });
    expect((await client.listFaults()).map((r) => r.id)).toEqual([rule.id]);
    expect((await os("GET", "/networking/v2.0/networks")).status).toBe(503);
    const fired = await client.firedFaults();
    expect(fired).toMatchObject([{ seq: 1, ruleId: rule.id, service: "networking", effect: "error" }]);
    expect(await client.firedFaults({ after: fired[0].seq })).toEqual([]);
    await client.clearFiredFaults();
    expect(await client.firedFaults()).toEqual([]);
    const other = await client.addFault({ service: "compute", effect: { type: "latency", ms: 1 } });
    await client.removeFault(other.id);
    await client.addFault({ operation: "identity.*", effect: { type: "throttle" } });
    await client.clearFaults();
    expect(await client.listFaults()).toEqual([]);
    await expect(client.addFault({ service: "computee", effect: { type: "reset" } })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/Known services/) });
  });

  it("reads and clears the events and requests journals", async () => {
    await os("GET", "/networking/v2.0/networks");
    const events = await client.events({ type: "identity.*" });
    expect(events.map((e) => e.type)).toContain("identity.project.created");
    expect(await client.events({ type: "identity.*", limit: 1 })).toHaveLength(1);
    expect(await client.events({ after: events[events.length - 1].seq, type: "identity.*" })).toEqual([]);
    const requests = await client.requests({ service: "networking" });
    expect(requests).toMatchObject([{ method: "GET", path: "/networking/v2.0/networks", status: 200, project: tenant.project.id }]);
    await client.clearEvents();
    await client.clearRequests();
    expect(await client.events()).toEqual([]);
    expect(await client.requests()).toEqual([]);
  });

  it("waitForEvent finds an event already journaled, or one that comes later, or times out", async () => {
    const created = await client.waitForEvent("identity.project.*", (e) => e.type === "identity.project.created" && e.payload.name === "t");
    expect(created.payload.id).toBe(tenant.project.id);
    const later = client.waitForEvent("compute.*.error", undefined, { pollMs: 10 });
    await client.failHost("compute-1");
    expect((await later).type).toBe("compute.host.error");
    await expect(client.waitForEvent("nothing.*", undefined, { timeoutMs: 50, pollMs: 10 })).rejects.toMatchObject({ status: 408, code: "Timeout" });
  });
});

describe("SkymockClient: rate limit and compute hosts", () => {
  it("sets and reads the rate limit", async () => {
    expect(await client.setRateLimit({ requests: 100, windowSeconds: 60 })).toEqual({ requests: 100, windowSeconds: 60 });
    expect(await client.getRateLimit()).toEqual({ requests: 100, windowSeconds: 60 });
    await client.setRateLimit({ requests: 0, windowSeconds: 60 });
  });

  it("lists, fails and recovers hosts", async () => {
    const id = await createServer();
    await client.waitForServerStatus(id, "ACTIVE");
    const hosts = await client.listHosts();
    expect(hosts.map((h) => h.name)).toEqual(["compute-1", "compute-2", "compute-3"]);
    const host = hosts.find((h) => h.serverIds.includes(id))!;
    const failed = await client.failHost(host.name);
    expect(failed).toMatchObject({ changed: true, serverIds: [id], host: { name: host.name, state: "down" } });
    expect((await client.recoverHost(host.name)).host.state).toBe("up");
    await expect(client.failHost("compute-9")).rejects.toMatchObject({ status: 404 });
  });

  it("fails a server: ERROR with the fault given, compute.instance.error on its host; once", async () => {
    const id = await createServer("doomed");
    await client.waitForServerStatus(id, "ACTIVE");
    const failed = await client.failServer(id, { message: "guest crashed" });
    expect(failed).toMatchObject({ changed: true, server: { id, status: "ERROR", hostState: "up", fault: { code: 500, message: "guest crashed" } } });
    const event = await client.waitForEvent("compute.instance.error", (e) => e.type === "compute.instance.error" && e.payload.serverId === id);
    expect(event.type === "compute.instance.error" && event.payload.cause).toBe("server_error");
    expect((await client.failServer(id)).changed).toBe(false);
    await expect(client.failServer("nope")).rejects.toMatchObject({ status: 404 });
    await expect(client.failServer(id, { message: "" })).rejects.toMatchObject({ status: 400 });
  });
});
