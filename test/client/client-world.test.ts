// SkymockClient over a real socket: health, the index, reset, seed, state snapshots, tenants and logins, and
// how failures reach the caller (SkymockError with the control API's status, code and message).

import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testEmulator } from "../helpers/emulator.js";
import { SkymockClient, SkymockError } from "../../src/client/index.js";

const emu = testEmulator();
let client: SkymockClient;
let url: string;

beforeAll(async () => {
  url = await emu.listen(0, "127.0.0.1");
  client = new SkymockClient(`${url}/`);
});
afterAll(() => emu.close());
beforeEach(() => client.seedScenario("default"));

const login = async (username: string, password: string, project: string) => {
  const res = await fetch(`${client.authUrl}/v3/auth/tokens`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      auth: {
        identity: { methods: ["password"], password: { user: { name: username, domain: { name: "Default" }, password } } },
        scope: { project: { name: project, domain: { name: "Default" } } },
      },
    }),
  });
  return res.status === 201 ? res.headers.get("x-subject-token") : null;
};

describe("SkymockClient: health, index, world", () => {
  it("reads health and the index of operations", async () => {
    expect(client.baseUrl).toBe(url);
    expect(await client.health()).toMatchObject({ status: "ok", services: { identity: { ready: true }, compute: { ready: true } } });
    const index = await client.index();
    expect(index.operations).toContainEqual({ method: "POST", path: "/_emulator/clock/advance-until", summary: expect.any(String) });
  });

  it("seeds an object, YAML text or a scenario, merges, and resets", async () => {
    const world = (n: number) => ({
      identity: {
        projects: [{ name: `p${n}` }],
        users: [{ name: `u${n}`, password: "pw", default_project: `p${n}` }],
        assignments: [{ user: `u${n}`, role: "member", project: `p${n}` }],
      },
    });
    await client.seed({ extends: "default", ...world(1) });
    expect(await login("u1", "pw", "p1")).toBeTruthy();
    await client.seed(
      "extends: default\nidentity:\n  projects: [{ name: p2 }]\n  users: [{ name: u2, password: pw, default_project: p2 }]\n  assignments: [{ user: u2, role: member, project: p2 }]\n",
    );
    expect(await login("u2", "pw", "p2")).toBeTruthy();
    expect(await login("u1", "pw", "p1")).toBeNull();
    await client.seed(world(3), { mode: "merge" });
    expect(await login("u3", "pw", "p3")).toBeTruthy();
    await client.reset();
    expect(await login("u3", "pw", "p3")).toBeNull();
    expect(await client.scenarios()).toEqual(expect.arrayContaining(["default", "two-tenants"]));
    await client.seedScenario("two-tenants");
    expect(await login("alt", "alt", "alt")).toBeTruthy();
  });

  it("exports a snapshot and imports it back", async () => {
    const snapshot = await client.exportState();
    expect(snapshot.format).toBe("skymock-snapshot/3");
    const tenant = await client.createTenant({ name: "later" });
    await client.importState(snapshot);
    expect(await login("later", tenant.user.password, "later")).toBeNull();
    // a tenant the snapshot does not hold is no longer a login
    expect((await client.logins()).map((l) => l.username)).toEqual(["admin", "demo", "masakari"]);
  });

  it("makes a tenant, tears it down with reset({project}), and renders logins", async () => {
    const tenant = await client.createTenant({ name: "w1", quotas: { compute: { instances: 1 } } });
    expect(tenant.network?.cidr).toBe("10.1.0.0/24");
    expect(tenant.osEnvironment.OS_AUTH_URL).toBe(`${url}/identity`);
    expect(await login("w1", tenant.user.password, "w1")).toBeTruthy();
    expect(await client.osEnvironment({ user: "w1" })).toEqual(tenant.osEnvironment);
    expect(await client.cloudsYaml({ user: "w1" })).toBe(tenant.cloudsYaml);
    expect(await client.cloudsYaml({ cloud: "mine" })).toMatch(/^clouds:\n {2}mine:\n/);
    expect((await client.logins()).map((l) => l.username)).toEqual(["admin", "demo", "masakari", "w1"]);
    await client.reset({ project: tenant.project.id });
    expect(await login("w1", tenant.user.password, "w1")).toBeNull();
    expect((await client.logins()).map((l) => l.username)).toEqual(["admin", "demo", "masakari"]);
  });
});

describe("SkymockClient: errors", () => {
  it("throws a SkymockError with the control API's status, code and message", async () => {
    const error = await client.createTenant({ name: "demo" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SkymockError);
    expect(error).toMatchObject({ name: "SkymockError", status: 409, code: "Conflict" });
    expect((error as SkymockError).message).toMatch(/Duplicate entry found with name demo/);
    await expect(client.osEnvironment({ user: "nobody" })).rejects.toMatchObject({ status: 404, code: "Not Found", message: expect.stringMatching(/Known users: admin, demo/) });
    await expect(client.seedScenario("nope")).rejects.toMatchObject({ status: 404 });
    await expect(client.importState({ format: "x", clock: { epochMs: 0 }, state: {}, transitions: [] })).rejects.toMatchObject({ status: 400 });
  });

  it("status 0 when the emulator cannot be reached", async () => {
    const gone = new SkymockClient("http://127.0.0.1:1");
    await expect(gone.health()).rejects.toMatchObject({ name: "SkymockError", status: 0, code: "ConnectionFailed" });
  });

  it("sends the control token, and describes an answer that is not the control API's", async () => {
    let seen: IncomingHttpHeaders = {};
    const server = createServer((req, res) => {
      seen = req.headers;
      res.writeHead(502, { "content-type": "text/plain" }).end("bad gateway");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const proxied = new SkymockClient(`http://127.0.0.1:${port}`, { token: "t0k3n" });
      await expect(proxied.getClock()).rejects.toMatchObject({ status: 502, code: "HTTP 502", message: "GET /_emulator/clock: 502 bad gateway" });
      expect(seen["x-skymock-control-token"]).toBe("t0k3n");
      await new SkymockClient(`http://127.0.0.1:${port}`, { token: "x", tokenHeader: "Authorization" }).getClock().catch(() => {});
      expect(seen.authorization).toBe("x");
    } finally {
      server.close();
    }
  });
});
