// The process log of `skymock start` as a user reads it: a line per request with --request-log (and none
// without), --log-format json, --log-level filtering, debug lines for fault firings and lifecycle steps.

import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ServerProcess } from "../helpers/server-process.js";
import { cleanEnv, start, stopStarted } from "../helpers/cli-process.js";
import { passwordAuth } from "../helpers/emulator.js";
import { createLogger, reportError, setErrorLog } from "../../src/log.js";

vi.setConfig({ testTimeout: 30_000 });

afterEach(stopStarted);

async function issueToken(url: string): Promise<{ status: number; token: string | null; requestId: string | null; projectId?: string }> {
  const res = await fetch(`${url}/identity/v3/auth/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(passwordAuth("admin", "admin", { project: { name: "admin", domain: { name: "Default" } } })),
  });
  const body = (await res.json()) as { token?: { project?: { id: string } } };
  return { status: res.status, token: res.headers.get("x-subject-token"), requestId: res.headers.get("x-openstack-request-id"), projectId: body.token?.project?.id };
}

/** A pretty request line's leading wall-clock time. */
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /;

/**
 * Waits until the process has printed a line matching `pattern` (lines are written as the work happens);
 * a request line is matched, and answered, without its leading time.
 */
async function lineMatching(server: ServerProcess, pattern: RegExp, ms = 5000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const line = server.output().split("\n").map((l) => l.replace(TIME, "")).find((l) => pattern.test(l));
    if (line !== undefined) return line;
    if (Date.now() > deadline) throw new Error(`no line matching ${pattern} in:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function jsonLines(server: ServerProcess): Array<Record<string, any>> {
  return server
    .output()
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l));
}

describe("--request-log", () => {
  it("writes a line per request: method, path, status, ms, operation, project and the request id the response carried", async () => {
    const server = await start(["--request-log"]);
    const issued = await issueToken(server.url);
    expect(issued.status).toBe(201);
    const line = await lineMatching(server, /^POST \/identity\/v3\/auth\/tokens /);
    expect(line).toMatch(/^POST \/identity\/v3\/auth\/tokens 201 \d+(\.\d+)?ms identity\.token\.create project=- \S+$/);
    expect(line.endsWith(` ${issued.requestId}`)).toBe(true);
    const listed = await fetch(`${server.url}/identity/v3/projects`, { headers: { "X-Auth-Token": issued.token! } });
    expect(listed.status).toBe(200);
    const list = await lineMatching(server, /^GET \/identity\/v3\/projects /);
    expect(list).toContain(` 200 `);
    expect(list).toContain(` identity.project.list project=${issued.projectId} ${listed.headers.get("x-openstack-request-id")}`);
  });

  it("starts each line with the wall-clock time, and logs a request to a path no service owns (404)", async () => {
    const server = await start(["--request-log"]);
    const before = Date.now();
    const res = await fetch(`${server.url}/identiy/v3/auth/tokens`, { method: "POST" });
    expect(res.status).toBe(404);
    await lineMatching(server, /^POST \/identiy\/v3\/auth\/tokens 404 /);
    const line = server.output().split("\n").find((l) => l.includes("/identiy/v3/auth/tokens"))!;
    expect(line).toMatch(TIME);
    expect(Date.parse(line.slice(0, 24))).toBeGreaterThanOrEqual(before - 1000);
    expect(line).toContain(` - project=- ${res.headers.get("x-openstack-request-id")}`);
  });

  it("is off by default: requests leave no line", async () => {
    const server = await start([], { SKYMOCK_LOG_LEVEL: "debug" });
    expect((await issueToken(server.url)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 200));
    expect(server.output()).not.toContain("/identity/v3/auth/tokens");
  });

  it("SKYMOCK_REQUEST_LOG=1 turns it on", async () => {
    const server = await start([], { SKYMOCK_REQUEST_LOG: "1" });
    await issueToken(server.url);
    expect(await lineMatching(server, /^POST \/identity\/v3\/auth\/tokens 201 /)).toBeTruthy();
  });
});

describe("--log-format json", () => {
  it("writes one JSON object per line (time, level, msg and fields), the banner and the request lines alike", async () => {
    const server = await start(["--log-format", "json", "--request-log"]);
    const issued = await issueToken(server.url);
    const listed = await fetch(`${server.url}/identity/v3/projects`, { headers: { "X-Auth-Token": issued.token! } });
    await lineMatching(server, /"path":"\/identity\/v3\/projects"/);
    const lines = jsonLines(server);
    for (const line of lines) {
      expect(Date.parse(line.time)).not.toBeNaN();
      expect(line.level).toBe("info");
      expect(typeof line.msg).toBe("string");
    }
    expect(lines[0]).toMatchObject({ msg: expect.stringContaining(`skymock listening on ${server.url} `), url: server.url, seed: "default", region: "RegionOne" });
    // a token request has no project yet: null, not a made-up value
    expect(lines.find((l) => l.path === "/identity/v3/auth/tokens")).toMatchObject({ status: 201, requestId: issued.requestId, project: null });
    const request = lines.find((l) => l.path === "/identity/v3/projects");
    expect(request).toMatchObject({
      msg: expect.stringMatching(/^GET \/identity\/v3\/projects 200 /),
      method: "GET",
      status: 200,
      requestId: listed.headers.get("x-openstack-request-id"),
      operation: "identity.project.list",
      project: issued.projectId,
    });
    expect(request!.ms).toBeTypeOf("number");
  });
});

describe("--log-level", () => {
  /** A port free right now: --log-level warn prints no banner to read the port from. */
  function freePort(): Promise<number> {
    return new Promise((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
  }

  it("warn: neither the banner nor request lines (both info) are written", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ["bin/skymock.js", "start", "--port", String(port), "--log-level", "warn", "--request-log"], {
      cwd: fileURLToPath(new URL("../../", import.meta.url)),
      env: cleanEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    try {
      let health = 0;
      for (let i = 0; i < 200 && health !== 200; i++) {
        health = await fetch(`http://127.0.0.1:${port}/_emulator/health`).then((r) => r.status, () => 0);
        if (health !== 200) await new Promise((r) => setTimeout(r, 25));
      }
      expect(health).toBe(200);
      expect((await issueToken(`http://127.0.0.1:${port}`)).status).toBe(201);
      await new Promise((r) => setTimeout(r, 200));
      expect(out).toBe("");
    } finally {
      child.kill("SIGTERM");
    }
  });

  it("info (the default) writes no debug lines: a fault fires unlogged", async () => {
    const server = await start(["--request-log"]);
    await addFault(server.url);
    expect((await issueToken(server.url)).status).toBe(503);
    await lineMatching(server, /^POST \/identity\/v3\/auth\/tokens 503 /);
    expect(server.output()).not.toContain("debug");
  });
});

async function addFault(url: string): Promise<void> {
  const res = await fetch(`${url}/_emulator/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ service: "identity", operation: "identity.token.create", effect: { type: "error", status: 503 }, times: 1 }),
  });
  expect(res.status).toBe(201);
}

describe("--log-level debug", () => {
  it("logs a fault as it fires", async () => {
    const server = await start(["--log-level", "debug"]);
    await addFault(server.url);
    expect((await issueToken(server.url)).status).toBe(503);
    expect(await lineMatching(server, /fired/)).toBe("skymock debug: fault fault-1 fired: error on POST /identity/v3/auth/tokens (identity.token.create)");
  });

  it("logs a server's lifecycle step from building to active, as a JSON line with its fields", async () => {
    const server = await start(["--log-level", "debug", "--log-format", "json", "--frozen-clock"]);
    const { token } = await issueToken(server.url);
    const headers = { "X-Auth-Token": token!, "Content-Type": "application/json" };
    const nets = (await (await fetch(`${server.url}/networking/v2.0/networks?name=private`, { headers })).json()) as { networks: Array<{ id: string }> };
    const created = await fetch(`${server.url}/compute/v2.1/servers`, {
      method: "POST",
      headers,
      body: JSON.stringify({ server: { name: "vm1", flavorRef: "1", imageRef: "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11", networks: [{ uuid: nets.networks[0].id }] } }),
    });
    expect(created.status).toBe(202);
    const id = ((await created.json()) as { server: { id: string } }).server.id;
    expect(server.output()).not.toContain(`"resourceId":"${id}"`);
    const advanced = await fetch(`${server.url}/_emulator/clock/advance`, { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"by":"10s"}' });
    expect(advanced.status).toBe(200);
    await lineMatching(server, new RegExp(`"resourceId":"${id}"`));
    const step = jsonLines(server).find((l) => l.resourceId === id);
    expect(step).toMatchObject({ level: "debug", msg: `compute.server ${id}: building -> active`, transition: "compute.server", from: "building", to: "active" });
    const shown = (await (await fetch(`${server.url}/compute/v2.1/servers/${id}`, { headers })).json()) as { server: { status: string } };
    expect(shown.server.status).toBe("ACTIVE");
  });
});

describe("unexpected errors", () => {
  it("reach the process log at level error, with the stack (JSON: an error object)", () => {
    const lines: Array<[string, string]> = [];
    setErrorLog(createLogger({ level: "warn", format: "json", write: (line, level) => lines.push([level, line]) }));
    try {
      reportError("control API error", new TypeError("boom"));
    } finally {
      setErrorLog(createLogger({ level: "error" }));
    }
    expect(lines).toHaveLength(1);
    const [level, line] = lines[0];
    expect(level).toBe("error");
    expect(JSON.parse(line)).toMatchObject({ level: "error", msg: "control API error", error: { name: "TypeError", message: "boom", stack: expect.stringContaining("boom") } });
  });

  it("are the one thing --log-level error keeps", () => {
    const lines: string[] = [];
    const log = createLogger({ level: "error", write: (line) => lines.push(line) });
    log.info("banner");
    log.warn("warning");
    log.debug("step");
    log.error("unhandled error", { error: new Error("boom") });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^skymock error: unhandled error\nError: boom\n\s+at /);
  });
});
