// Nothing a fault or a bug outside a request's own handling does ends the process or fails the request that
// set it off: a throwing event subscriber, connections dropped or abandoned mid-request, errors nobody
// handled; and SIGTERM with requests under way finishes them (or closes their connections unanswered),
// refuses new connections and exits 0 within a bound.

import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../helpers/emulator.js";
import { startRaw, type RawProcess } from "../helpers/raw-process.js";

describe("a throwing event subscriber", () => {
  it("fails neither the request that emitted nor the other subscribers, and is reported", async () => {
    const emu = testEmulator();
    const reported: Array<[string, string]> = [];
    emu.kernel.onError = (what, error) => reported.push([what, (error as Error).message]);
    const seen: string[] = [];
    emu.events.subscribe("identity.project.created", () => {
      throw new Error("subscriber bug");
    });
    emu.events.subscribe("identity.project.*", async () => {
      throw new Error("async subscriber bug");
    });
    emu.events.subscribe("identity.project.created", (event) => void seen.push(event.payload.id));

    const token = await login(emu);
    const res = await call(emu, "POST", "/identity/v3/projects", { token, body: { project: { name: "p1" } } });
    expect(res.status).toBe(201);
    const id = res.body.project.id as string;
    expect(seen).toEqual([id]);
    // the service's own subscriber ran as well: networking gave the project its default security group
    const groups = await call(emu, "GET", `/networking/v2.0/security-groups?project_id=${id}`, { token });
    expect(groups.body.security_groups.map((g: { name: string }) => g.name)).toEqual(["default"]);
    // and the project is there for the next request
    expect((await call(emu, "GET", `/identity/v3/projects/${id}`, { token })).status).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reported).toEqual([
      ["event handler failed", "subscriber bug"],
      ["event handler failed", "async subscriber bug"],
    ]);
  });
});

const running: RawProcess[] = [];
afterEach(() => running.splice(0).forEach((p) => p.kill()));
const start = async (...args: Parameters<typeof startRaw>) => {
  const p = await startRaw(...args);
  running.push(p);
  return p;
};

async function addFault(url: string, rule: object): Promise<void> {
  const res = await fetch(`${url}/_emulator/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(rule) });
  expect(res.status).toBe(201);
}

/** One request on its own connection: the whole answer, or how the connection ended without one. */
function get(url: string, path: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = http.get(`${url}${path}`, { agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
      res.on("error", (e: NodeJS.ErrnoException) => resolve({ error: `mid-body: ${e.code ?? e.message}` }));
    });
    req.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
  });
}

describe("the command's process under transport faults", () => {
  it("stays up and serves the next request after dropped, hung and abandoned connections", async () => {
    const server = await start(["--frozen-clock"]);
    await addFault(server.url, { service: "identity", path: "/v3/auth/catalog", effect: { type: "reset" } });
    await addFault(server.url, { service: "identity", path: "/v3/projects", effect: { type: "hang", ms: 50 } });
    await addFault(server.url, { service: "identity", path: "/v3/domains", effect: { type: "latency", ms: 300 } });
    for (let i = 0; i < 5; i++) {
      expect(await get(server.url, "/identity/v3/auth/catalog")).toEqual({ error: "ECONNRESET" });
      expect(await get(server.url, "/identity/v3/projects")).toEqual({ error: "ECONNRESET" });
      // a client that gives up while the emulator still holds its request
      await fetch(`${server.url}/identity/v3/domains`, { signal: AbortSignal.timeout(50) }).catch(() => {});
      const next = await get(server.url, "/identity/v3");
      expect(next).toMatchObject({ status: 200 });
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.child.exitCode).toBeNull();
    expect(await get(server.url, "/_emulator/health")).toMatchObject({ status: 200 });
    expect(server.output()).not.toMatch(/error/i);
  });

  it("logs an exception or rejection nobody handled and keeps serving", async () => {
    // the bundle's main, as bin/skymock.js runs it, then two stray failures once it listens
    const code = `require("./dist/skymock.cjs").main(process.argv.slice(1)).then(() => {
      Promise.reject(new Error("stray rejection"));
      setTimeout(() => { throw new Error("stray exception"); }, 10);
    });`;
    const server = await start([], {}, ["-e", code]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.output()).toContain("skymock error: unhandled promise rejection; the emulator keeps serving\nError: stray rejection");
    expect(server.output()).toContain("skymock error: uncaught exception; the emulator keeps serving\nError: stray exception");
    expect(await get(server.url, "/identity/v3")).toMatchObject({ status: 200 });
    expect(server.child.exitCode).toBeNull();
  });
});

describe("SIGTERM with requests under way", () => {
  it("finishes them, refuses new connections, and exits 0", async () => {
    const server = await start(["--frozen-clock"]);
    await addFault(server.url, { service: "identity", path: "/v3", effect: { type: "latency", ms: 600 } });
    const expected = await get(server.url, "/identity");
    const held = [get(server.url, "/identity/v3"), get(server.url, "/identity/v3"), get(server.url, "/identity/v3")];
    await new Promise((resolve) => setTimeout(resolve, 150));
    const stoppedAt = Date.now();
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await get(server.url, "/identity")).toEqual({ error: "ECONNREFUSED" });
    for (const answer of await Promise.all(held)) {
      expect(answer).toMatchObject({ status: 200 });
      expect(JSON.parse((answer as { body: string }).body).version.id).toBe("v3.14");
    }
    expect(await server.exited(3000)).toEqual({ code: 0, signal: null });
    // it did not wait out the grace period (STOP_GRACE_MS, 2 s): it ended once the last answer was sent
    expect(Date.now() - stoppedAt).toBeLessThan(1900);
    expect(expected).toMatchObject({ status: 300 });
  });

  it("closes what is still held after the grace period unanswered (never half-written) and exits 0 within the bound", async () => {
    const server = await start(["--frozen-clock"]);
    await addFault(server.url, { service: "identity", path: "/v3", effect: { type: "latency", ms: 60_000 } });
    const held = get(server.url, "/identity/v3");
    await new Promise((resolve) => setTimeout(resolve, 150));
    const stoppedAt = Date.now();
    server.child.kill("SIGTERM");
    expect(await held).toEqual({ error: "ECONNRESET" });
    expect(await server.exited(5000)).toEqual({ code: 0, signal: null });
    const took = Date.now() - stoppedAt;
    expect(took).toBeGreaterThanOrEqual(1900);
    expect(took).toBeLessThan(4000);
  });
});
