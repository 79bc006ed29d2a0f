// The per-project rate limit (--rate-limit) on each real service: 429 with Retry-After in the service's own
// error shape, one budget per project across services, on the virtual clock, recovering when the window
// passes; calls without a token spend their client address's budget; the limiter forgets idle projects.

import { describe, expect, it } from "vitest";
import { request } from "node:http";
import { call, login, passwordAuth, testEmulator, type Call } from "../helpers/emulator.js";
import { RateLimiter } from "../../src/kernel/auth/rate-limit.js";

const MESSAGE = "This request was rate-limited; retry later.";
const projectScope = (name: string) => ({ project: { name, domain: { name: "Default" } } });

interface Case {
  service: string;
  path: string;
  /** the 429's body as the service writes it, for Retry-After `retry` */
  body: (retry: string) => unknown;
}

const cases: Case[] = [
  // Nova's fault wrapper copies Retry-After into the body, as a string
  { service: "compute", path: "/compute/v2.1/flavors", body: (retry) => ({ overLimit: { code: 429, message: MESSAGE, retryAfter: retry } }) },
  { service: "identity", path: "/identity/v3/auth/projects", body: () => ({ error: { code: 429, title: "Too Many Requests", message: MESSAGE } }) },
  { service: "networking", path: "/networking/v2.0/networks", body: () => ({ NeutronError: { type: "HTTPTooManyRequests", message: MESSAGE, detail: "" } }) },
  // Glance's webob text, as its every other error
  { service: "image", path: "/image/v2/images", body: () => `429 Too Many Requests\n\n${MESSAGE}\n\n` },
];

const advance = (emu: ReturnType<typeof testEmulator>, by: string) => call(emu, "POST", "/_emulator/clock/advance", { body: { by } });

describe.each(cases)("--rate-limit on $service", ({ path, body }) => {
  it("answers 429 with Retry-After in the service's envelope past the budget, and recovers when the window passes", async () => {
    const emu = testEmulator({ rateLimit: "3/60" });
    const token = await login(emu);
    for (let i = 0; i < 3; i++) expect((await call(emu, "GET", path, { token })).status).toBe(200);
    const limited = await call(emu, "GET", path, { token });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(limited.headers.get("x-openstack-request-id")).toMatch(/^req-/);
    expect(limited.body).toEqual(body("60"));

    await advance(emu, "59.5s");
    const later = await call(emu, "GET", path, { token });
    expect([later.status, later.headers.get("retry-after")]).toEqual([429, "1"]);
    expect(later.body).toEqual(body("1"));
    await advance(emu, "0.5s");
    for (let i = 0; i < 3; i++) expect((await call(emu, "GET", path, { token })).status).toBe(200);
    expect((await call(emu, "GET", path, { token })).status).toBe(429);
  });

  it("counts per project: another project's calls neither use nor see this budget", async () => {
    const emu = testEmulator({ rateLimit: "2/10" });
    const admin = await login(emu);
    const demo = await login(emu, "demo");
    for (let i = 0; i < 2; i++) expect((await call(emu, "GET", path, { token: admin })).status).toBe(200);
    expect((await call(emu, "GET", path, { token: admin })).status).toBe(429);
    for (let i = 0; i < 2; i++) expect((await call(emu, "GET", path, { token: demo })).status).toBe(200);
    expect((await call(emu, "GET", path, { token: demo })).status).toBe(429);
  });
});

describe("the rate limit across services", () => {
  it("is one budget per project for every service it calls; refused calls spend none of it", async () => {
    const emu = testEmulator({ rateLimit: "4/60" });
    const token = await login(emu);
    const statuses: number[] = [];
    for (const { path } of cases) statuses.push((await call(emu, "GET", path, { token })).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    const refused: Call[] = [];
    for (const { path } of cases) refused.push(await call(emu, "GET", path, { token }));
    expect(refused.map((r) => r.status)).toEqual([429, 429, 429, 429]);
    // refusals did not push the window on: it ends 60 s after its first call
    await advance(emu, "60s");
    expect((await call(emu, "GET", cases[0]!.path, { token })).status).toBe(200);
  });

  it("counts what needs no token (issuing tokens, discovery) by client address, apart from the projects' budgets", async () => {
    const emu = testEmulator({ rateLimit: "3/60" });
    const token = await login(emu);
    // in-process there is no socket: every unauthenticated call is the one address `local`
    expect((await call(emu, "GET", "/identity/v3")).status).toBe(200);
    expect((await call(emu, "GET", "/compute/")).status).toBe(200);
    const refused = await call(emu, "POST", "/identity/v3/auth/tokens", { body: passwordAuth("demo", "demo", projectScope("demo")) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(refused.headers.get("x-subject-token")).toBeNull();
    expect(refused.body).toEqual({ error: { code: 429, title: "Too Many Requests", message: MESSAGE } });
    // Nova's shape on compute's discovery
    expect((await call(emu, "GET", "/compute/")).body).toEqual({ overLimit: { code: 429, message: MESSAGE, retryAfter: "60" } });
    // the admin project's budget is its own: three calls, whatever the address spent
    for (let i = 0; i < 3; i++) expect((await call(emu, "GET", "/compute/v2.1/flavors", { token })).status).toBe(200);
    expect((await call(emu, "GET", "/compute/v2.1/flavors", { token })).status).toBe(429);
    await advance(emu, "60s");
    expect((await call(emu, "POST", "/identity/v3/auth/tokens", { body: passwordAuth("demo", "demo", projectScope("demo")) })).status).toBe(201);
  });

  it("keys the unauthenticated budget by the socket's remote address, never by X-Forwarded-For", async () => {
    const emu = testEmulator({ rateLimit: "2/60" });
    const port = Number(new URL(await emu.listen(0, "127.0.0.1")).port);
    try {
      const post = (from: string, headers: Record<string, string> = {}) => issueOverSocket(port, from, headers);
      expect(await post("127.0.0.1")).toBe(201);
      // a forwarded-for header names no budget: the socket's address still pays
      expect(await post("127.0.0.1", { "X-Forwarded-For": "203.0.113.9" })).toBe(201);
      expect(await post("127.0.0.1", { "X-Forwarded-For": "198.51.100.7" })).toBe(429);
      // another peer address has a budget of its own
      expect(await post("127.0.0.2")).toBe(201);
    } finally {
      await emu.close();
    }
  });
});

/** POST /identity/v3/auth/tokens over a socket from local address `from`; the status. */
function issueOverSocket(port: number, from: string, headers: Record<string, string>): Promise<number> {
  const body = JSON.stringify(passwordAuth("demo", "demo", projectScope("demo")));
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, localAddress: from, method: "POST", path: "/identity/v3/auth/tokens", agent: false, headers: { "Content-Type": "application/json", ...headers } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      },
    );
    req.once("error", reject);
    req.end(body);
  });
}

describe("the limiter's memory", () => {
  it("drops the windows of projects that stopped calling", () => {
    let now = 0;
    const limiter = new RateLimiter({ requests: 5, windowSeconds: 60 }, () => now);
    for (let round = 0; round < 50; round++) {
      // a thousand new projects per minute, each calling once and never again
      for (let i = 0; i < 1000; i++) limiter.take(`project-${round}-${i}`);
      now += 60_000;
      expect(limiter.size).toBeLessThanOrEqual(2000);
    }
    now += 60_000;
    limiter.take("last");
    expect(limiter.size).toBe(1);
  });

  it("keeps a project's window while it lasts, and starts afresh if the clock is set back", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ requests: 1, windowSeconds: 60 }, () => now);
    expect(limiter.take("p")).toBeUndefined();
    now += 30_000;
    limiter.take("q");
    expect(limiter.take("p")).toBe(30);
    now -= 600_000;
    expect(limiter.take("p")).toBeUndefined();
  });
});
