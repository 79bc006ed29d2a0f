import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { call, login, passwordAuth, testEmulator } from "../helpers/emulator.js";
import { createWidget, toyEmulator } from "../helpers/toy-service/index.js";
import { TransportFault } from "../../src/kernel/http/service-app.js";
import type { Emulator } from "../../src/app.js";

const addFault = async (emu: Emulator, rule: object) => {
  const res = await call(emu, "POST", "/_emulator/faults", { body: rule });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
};
const issueToken = (emu: Emulator) =>
  call(emu, "POST", "/identity/v3/auth/tokens", { body: passwordAuth("admin", "admin", { project: { name: "admin", domain: { name: "Default" } } }) });

describe("injected errors render in the owning service's envelope", () => {
  it("identity: Keystone's {error: {code, title, message}}", async () => {
    const emu = testEmulator();
    await addFault(emu, { service: "identity", operation: "identity.token.create", effect: { type: "error", status: 503 } });
    const res = await issueToken(emu);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: { code: 503, title: "Service Unavailable", message: "Injected fault: HTTP 503." } });
  });

  it("identity, with the upstream code and message the rule gives", async () => {
    const emu = testEmulator();
    await addFault(emu, { service: "identity", effect: { type: "error", status: 401, code: "Unauthorized", message: "The account is locked." } });
    const res = await issueToken(emu);
    expect(res.body).toEqual({ error: { code: 401, title: "Unauthorized", message: "The account is locked." } });
  });

  it("toy: the Nova-style fault envelope", async () => {
    const emu = toyEmulator();
    const token = await login(emu);
    await addFault(emu, { service: "toy", effect: { type: "error", status: 409, message: "Busy." } });
    await addFault(emu, { service: "toy", method: "GET", effect: { type: "error", status: 500 } });
    const conflict = await call(emu, "POST", "/toy/widgets", { token, body: { widget: { name: "w" } } });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({ conflictingRequest: { code: 409, message: "Busy." } });
  });

  it("an injected error comes before authentication: no token needed to see it", async () => {
    const emu = toyEmulator();
    await addFault(emu, { service: "toy", effect: { type: "error", status: 500 } });
    const res = await call(emu, "GET", "/toy/widgets");
    expect(res.body).toEqual({ computeFault: { code: 500, message: "Injected fault: HTTP 500." } });
  });
});

describe("matching", () => {
  let emu: Emulator;
  let admin: string;
  let demo: string;
  let widget: string;
  beforeEach(async () => {
    emu = toyEmulator();
    admin = await login(emu);
    demo = await login(emu, "demo");
    widget = (await createWidget(emu, admin)).id;
  });
  const fires = async (method: string, path: string, token = admin, body?: unknown) =>
    (await call(emu, method, path, { token, body })).status === 418;
  const teapot = { type: "error", status: 418 };

  it("on method", async () => {
    await addFault(emu, { method: "delete", effect: teapot });
    expect(await fires("GET", `/toy/widgets/${widget}`)).toBe(false);
    expect(await fires("DELETE", `/toy/widgets/${widget}`)).toBe(true);
  });

  it("on a path glob below the mount or in full: `*` is one segment, `**` any depth", async () => {
    const rule = await addFault(emu, { path: "/widgets/*", effect: teapot });
    expect(await fires("GET", "/toy/widgets")).toBe(false);
    expect(await fires("GET", `/toy/widgets/${widget}`)).toBe(true);
    expect(await fires("POST", `/toy/widgets/${widget}/rebuild`)).toBe(false);
    await call(emu, "DELETE", `/_emulator/faults/${rule.id}`);
    await addFault(emu, { path: "/toy/widgets/**", effect: teapot });
    expect(await fires("POST", `/toy/widgets/${widget}/rebuild`)).toBe(true);
    expect(await fires("GET", "/identity/v3/auth/catalog")).toBe(false);
  });

  it("on operation name, exact or glob", async () => {
    await addFault(emu, { operation: "toy.widget.show", effect: teapot });
    expect(await fires("GET", "/toy/widgets")).toBe(false);
    expect(await fires("GET", `/toy/widgets/${widget}`)).toBe(true);
    await call(emu, "DELETE", "/_emulator/faults");
    await addFault(emu, { operation: "identity.*", effect: teapot });
    expect(await fires("GET", "/toy/widgets")).toBe(false);
    expect(await fires("GET", "/identity/v3/auth/catalog")).toBe(true);
  });

  it("on project, by id or by name", async () => {
    await addFault(emu, { project: "demo", effect: teapot });
    expect(await fires("GET", "/toy/widgets", admin)).toBe(false);
    expect(await fires("GET", "/toy/widgets", demo)).toBe(true);
    await call(emu, "DELETE", "/_emulator/faults");
    const adminProject = (await call(emu, "GET", `/toy/widgets/${widget}`, { token: admin })).body.widget.project_id;
    await addFault(emu, { project: adminProject, effect: teapot });
    expect(await fires("GET", "/toy/widgets", demo)).toBe(false);
    expect(await fires("GET", "/toy/widgets", admin)).toBe(true);
    expect(await fires("GET", "/toy/widgets", "")).toBe(false); // no token, no project
  });

  it("on the resource name a create body gives", async () => {
    await addFault(emu, { resourceName: "doomed-*", effect: teapot });
    expect(await fires("POST", "/toy/widgets", admin, { widget: { name: "fine" } })).toBe(false);
    expect(await fires("POST", "/toy/widgets", admin, { widget: { name: "doomed-1" } })).toBe(true);
  });

  it("in order: the first rule that matches wins", async () => {
    await addFault(emu, { service: "toy", effect: { type: "error", status: 502 } });
    await addFault(emu, { service: "toy", effect: { type: "error", status: 503 } });
    expect((await call(emu, "GET", "/toy/widgets", { token: admin })).status).toBe(502);
  });
});

describe("rule lifetime", () => {
  it("`times`: fires N times, then the rule is gone", async () => {
    const emu = toyEmulator();
    const token = await login(emu);
    await addFault(emu, { service: "toy", times: 2, effect: { type: "error", status: 500 } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(emu, "GET", "/toy/widgets", { token })).status);
    expect(statuses).toEqual([500, 500, 200, 200]);
    expect((await call(emu, "GET", "/_emulator/faults")).body.faults).toEqual([]);
  });

  it("`expiresAt`: stops firing, and is gone, when the virtual clock passes it", async () => {
    const emu = toyEmulator();
    const token = await login(emu);
    const rule = await addFault(emu, { service: "toy", expiresAt: new Date(emu.clock.now() + 60_000).toISOString(), effect: { type: "error", status: 500 } });
    expect((rule as any).expiresAt).toBe(emu.clock.now() + 60_000);
    expect((await call(emu, "GET", "/toy/widgets", { token })).status).toBe(500);
    await call(emu, "POST", "/_emulator/clock/advance", { body: { by: "59s" } });
    expect((await call(emu, "GET", "/toy/widgets", { token })).status).toBe(500);
    await call(emu, "POST", "/_emulator/clock/advance", { body: { by: "1s" } });
    expect((await call(emu, "GET", "/toy/widgets", { token })).status).toBe(200);
    expect((await call(emu, "GET", "/_emulator/faults")).body.faults).toEqual([]);
  });

  it("can be listed, removed one by one, and cleared", async () => {
    const emu = testEmulator();
    const a = await addFault(emu, { service: "identity", effect: { type: "latency", ms: 1 } });
    const b = await addFault(emu, { service: "identity", probability: 0.5, effect: { type: "throttle" } });
    const listed = (await call(emu, "GET", "/_emulator/faults")).body.faults;
    expect(listed.map((r: any) => r.id)).toEqual([a.id, b.id]);
    expect(listed[1]).toMatchObject({ probability: 0.5, fired: 0, effect: { type: "throttle", retryAfter: 1 } });
    expect((await call(emu, "DELETE", `/_emulator/faults/${a.id}`)).status).toBe(204);
    expect((await call(emu, "DELETE", `/_emulator/faults/${a.id}`)).status).toBe(404);
    expect((await call(emu, "DELETE", "/_emulator/faults")).status).toBe(204);
    expect((await call(emu, "GET", "/_emulator/faults")).body.faults).toEqual([]);
  });

  it("rejects a rule it cannot apply", async () => {
    const emu = testEmulator();
    for (const rule of [
      {},
      { effect: { type: "explode" } },
      { effect: { type: "error", status: 200 } },
      { effect: { type: "error", status: 500 }, probability: 2 },
      { effect: { type: "error", status: 500 }, times: 0 },
      { effect: { type: "error", status: 500 }, expiresAt: "later" },
      { effect: { type: "error", status: 500 }, servce: "identity" },
    ]) {
      const res = await call(emu, "POST", "/_emulator/faults", { body: rule });
      expect(res.status, JSON.stringify(rule)).toBe(400);
    }
    expect(emu.faults.list()).toEqual([]);
  });
});

describe("probability", () => {
  const sequence = async (emu: Emulator) => {
    const token = await login(emu);
    await addFault(emu, { service: "toy", probability: 0.5, effect: { type: "error", status: 500 } });
    const out: number[] = [];
    for (let i = 0; i < 40; i++) out.push((await call(emu, "GET", "/toy/widgets", { token })).status);
    return out;
  };

  it("draws from the seeded generator: the same seed gives the same fire sequence", async () => {
    const one = await sequence(toyEmulator({ randomSeed: 7 }));
    const two = await sequence(toyEmulator({ randomSeed: 7 }));
    expect(one).toEqual(two);
    expect(one).toContain(500);
    expect(one).toContain(200);
    const other = await sequence(toyEmulator({ randomSeed: 8 }));
    expect(other).not.toEqual(one);
  });

  it("replays the same sequence after a reset", async () => {
    const emu = toyEmulator({ randomSeed: 7 });
    const first = await sequence(emu);
    emu.reset();
    expect(await sequence(emu)).toEqual(first);
  });
});

describe("effects", () => {
  it("latency: delays the answer, which is otherwise normal", async () => {
    const emu = toyEmulator();
    const token = await login(emu);
    await addFault(emu, { service: "toy", effect: { type: "latency", ms: 60 } });
    const started = performance.now();
    const res = await call(emu, "GET", "/toy/widgets", { token });
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  it("throttle: 429 with Retry-After, in the service's envelope", async () => {
    const emu = toyEmulator();
    const token = await login(emu);
    await addFault(emu, { service: "toy", effect: { type: "throttle", retryAfter: 7 } });
    const res = await call(emu, "GET", "/toy/widgets", { token });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("7");
    expect(res.body.overLimit).toMatchObject({ code: 429 });
  });

  it("false negative: the change is made, the caller is told it failed", async () => {
    const emu = toyEmulator();
    const token = await login(emu);
    await addFault(emu, { operation: "toy.widget.create", effect: { type: "false-negative", status: 503 } });
    const res = await call(emu, "POST", "/toy/widgets", { token, body: { widget: { name: "ghost" } } });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ serviceUnavailable: { code: 503, message: "Injected fault: HTTP 503." } });
    const list = await call(emu, "GET", "/toy/widgets", { token });
    expect(list.body.widgets.map((w: any) => w.name)).toEqual(["ghost"]);
  });

  it("false negative on a call that fails anyway: the real error stands, since nothing changed", async () => {
    const emu = toyEmulator();
    const token = await login(emu);
    await addFault(emu, { service: "toy", effect: { type: "false-negative" } });
    const res = await call(emu, "DELETE", "/toy/widgets/missing", { token });
    expect(res.status).toBe(404);
    expect(res.body.itemNotFound.message).toContain("missing");
  });

  it("reset and hang in-process: the call itself fails, as a dropped connection would", async () => {
    const emu = toyEmulator();
    await addFault(emu, { service: "toy", effect: { type: "reset" } });
    await expect(emu.app.request("/toy/widgets")).rejects.toBeInstanceOf(TransportFault);
    const requests = (await call(emu, "GET", "/_emulator/requests")).body.requests;
    expect(requests.at(-1)).toMatchObject({ path: "/toy/widgets", status: 499, operation: "toy.widget.list" });
  });
});

describe("transport faults over a real socket", () => {
  let emu: Emulator;
  let url: string;
  beforeEach(async () => {
    emu = toyEmulator();
    url = await emu.listen(0);
  });
  afterEach(() => emu.close());

  it("reset: the connection drops without a response", async () => {
    await addFault(emu, { service: "toy", times: 1, effect: { type: "reset" } });
    await expect(fetch(`${url}/toy/widgets`)).rejects.toThrow(TypeError);
    // the next call gets through
    expect((await fetch(`${url}/toy/widgets`)).status).toBe(401);
  });

  it("hang: nothing for a while, then the connection drops", async () => {
    await addFault(emu, { service: "toy", effect: { type: "hang", ms: 80 } });
    const started = performance.now();
    await expect(fetch(`${url}/toy/widgets`)).rejects.toThrow(TypeError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(70);
  });

  it("other services keep answering", async () => {
    await addFault(emu, { service: "toy", effect: { type: "reset" } });
    expect((await fetch(`${url}/identity/v3`)).status).toBe(200);
  });
});

describe("GET /_emulator/faults/fired", () => {
  it("journals each fault that fired, oldest first, readable after a seq, and clearable", async () => {
    const emu = toyEmulator();
    const token = await login(emu);
    const rule = await addFault(emu, { service: "toy", method: "GET", times: 2, effect: { type: "error", status: 500 } });
    await call(emu, "GET", "/toy/widgets", { token });
    await call(emu, "POST", "/toy/widgets", { token, body: { widget: { name: "w" } } }); // does not match
    await call(emu, "GET", "/toy/widgets/abc", { token });
    const fired = (await call(emu, "GET", "/_emulator/faults/fired")).body.fired;
    // each names the request it failed, as the requests journal does
    const requests = (await call(emu, "GET", "/_emulator/requests?method=GET&service=toy")).body.requests;
    const idOf = (path: string) => requests.find((r: any) => r.path === path).requestId;
    expect(fired).toEqual([
      { seq: 1, at: "2030-01-01T00:00:00.000Z", ruleId: rule.id, requestId: idOf("/toy/widgets"), service: "toy", method: "GET", path: "/toy/widgets", operation: "toy.widget.list", effect: "error" },
      { seq: 2, at: "2030-01-01T00:00:00.000Z", ruleId: rule.id, requestId: idOf("/toy/widgets/abc"), service: "toy", method: "GET", path: "/toy/widgets/abc", operation: "toy.widget.show", effect: "error" },
    ]);
    expect(idOf("/toy/widgets")).toEqual(expect.any(String));
    expect((await call(emu, "GET", "/_emulator/faults/fired?after=1")).body.fired.map((f: any) => f.seq)).toEqual([2]);
    expect((await call(emu, "GET", "/_emulator/faults/fired?after=x")).status).toBe(400);
    expect((await call(emu, "DELETE", "/_emulator/faults/fired")).status).toBe(204);
    expect((await call(emu, "GET", "/_emulator/faults/fired")).body.fired).toEqual([]);
  });
});

describe("faults from the configuration", () => {
  const configured = { service: "identity", operation: "identity.token.create", times: 1, effect: { type: "error", status: 500 } } as const;

  it("are active from the start", async () => {
    const emu = testEmulator({ faults: [configured] });
    expect((await issueToken(emu)).status).toBe(500);
    expect((await issueToken(emu)).status).toBe(201);
  });

  it("come back, with a fresh budget, after every reset; DELETE /faults drops them until then", async () => {
    const emu = testEmulator({ faults: [configured] });
    await call(emu, "DELETE", "/_emulator/faults");
    expect((await issueToken(emu)).status).toBe(201);
    await call(emu, "POST", "/_emulator/reset");
    expect((await call(emu, "GET", "/_emulator/faults")).body.faults).toMatchObject([{ id: "fault-1", fired: 0 }]);
    expect((await issueToken(emu)).status).toBe(500);
  });

  it("are checked when the emulator is created", () => {
    // @ts-expect-error not an effect: the type refuses it, and so does the emulator
    expect(() => testEmulator({ faults: [{ effect: { type: "nope" } }] })).toThrow();
  });
});
