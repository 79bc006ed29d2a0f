// `skymock start` as a user runs it: the built `bin/skymock.js` in its own process, configured by flags,
// SKYMOCK_* environment variables and a config file, stopped by a signal, and refusing bad input.

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { load } from "js-yaml";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { startServerProcess, type ServerProcess } from "../helpers/server-process.js";
import { passwordAuth } from "../helpers/emulator.js";
import { adminEnv } from "../helpers/openstack-cli.js";

// each test starts one to three emulator processes (about half a second each, more on a loaded machine)
vi.setConfig({ testTimeout: 30_000 });

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

// none of the caller's SKYMOCK_* settings may leak into the processes these tests start
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("SKYMOCK_"))) as Record<string, string>;
for (const k of Object.keys(process.env)) if (k.startsWith("SKYMOCK_")) delete process.env[k];

const started: ServerProcess[] = [];
async function start(args: string[] = [], env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess(args, env);
  started.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()));
});

const tmpDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "skymock-cli-"));
  tmpDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tmpDirs) rmSync(dir, { recursive: true, force: true });
});

interface Clock {
  now: string;
  epochMs: number;
  factor: number;
  frozen: boolean;
  pending: number;
}
async function clock(server: ServerProcess): Promise<Clock> {
  const res = await fetch(`${server.url}/_emulator/clock`);
  expect(res.status).toBe(200);
  return (await res.json()) as Clock;
}

const adminScope = { project: { name: "admin", domain: { name: "Default" } } };

async function issueToken(url: string, user = "admin", password = "admin", scope: unknown = adminScope) {
  const res = await fetch(`${url}/identity/v3/auth/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(passwordAuth(user, password, scope)),
  });
  const body = (await res.json()) as any;
  return { status: res.status, token: res.headers.get("x-subject-token"), body };
}

async function adminToken(server: ServerProcess): Promise<string> {
  const res = await issueToken(server.url);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.token!;
}

async function projectNames(server: ServerProcess): Promise<string[]> {
  const res = await fetch(`${server.url}/identity/v3/projects`, { headers: { "X-Auth-Token": await adminToken(server) } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { projects: { name: string }[] }).projects.map((p) => p.name);
}

/** `node bin/skymock.js ...args` run to its end: exit code, stdout, stderr (killed after 15 s). */
function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["bin/skymock.js", ...args], { cwd: ROOT, env: { ...cleanEnv, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`skymock ${args.join(" ")} did not exit within 15 s:\n${stdout}\n${stderr}`));
    }, 15_000);
    child.once("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Resolves with the exit code once the process has ended; rejects after `ms`. */
function exited(server: ServerProcess, ms = 5000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`process did not exit within ${ms} ms:\n${server.output()}`)), ms);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

describe("skymock start: the banner", () => {
  it("prints the URL it listens on, and that URL answers", async () => {
    const server = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const port = Number(new URL(server.url).port);
    expect(port).toBeGreaterThan(0);
    expect(server.output()).toContain(`skymock listening on http://127.0.0.1:${port} (seed: default, clock: x1, random seed: random)`);
    const health = await fetch(`${server.url}/_emulator/health`);
    expect(health.status).toBe(200);
  });

  it("tells how to point the openstack CLI at it, and those exports log in", async () => {
    const server = await start();
    const out = server.output();
    expect(out).toContain("Point the openstack CLI at it:");
    expect(out).toContain(`export OS_AUTH_URL=${server.url}/identity\n`);
    expect(out).toContain("export OS_IDENTITY_API_VERSION=3");
    expect(out).toContain("openstack token issue");
    // every `export A=B C=D` line, as a shell would read it
    const env: Record<string, string> = {};
    for (const line of out.split("\n")) {
      const m = /^\s*export\s+(.*)$/.exec(line);
      if (m) for (const pair of m[1].trim().split(/\s+/)) env[pair.slice(0, pair.indexOf("="))] = pair.slice(pair.indexOf("=") + 1);
    }
    // the banner exports what the README and the real-client tests use (the interface is left at its default)
    const { OS_INTERFACE: _default, ...expected } = adminEnv(server.url);
    expect(env).toEqual(expected);
    const res = await fetch(`${env.OS_AUTH_URL}/v3/auth/tokens`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        auth: {
          identity: { methods: ["password"], password: { user: { name: env.OS_USERNAME, domain: { name: env.OS_USER_DOMAIN_NAME }, password: env.OS_PASSWORD } } },
          scope: { project: { name: env.OS_PROJECT_NAME, domain: { name: env.OS_PROJECT_DOMAIN_NAME } } },
        },
      }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("x-subject-token")).toBeTruthy();
  });

  it("prints a clouds.yaml snippet that is valid YAML with the auth_url of this server", async () => {
    const server = await start();
    const out = server.output();
    const m = /or in clouds\.yaml:\n((?:  .*\n)+)/.exec(out);
    expect(m, out).not.toBeNull();
    const doc = load(m![1]) as any;
    expect(doc).toEqual({
      clouds: {
        skymock: {
          auth: {
            auth_url: `${server.url}/identity`,
            username: "admin",
            password: "admin",
            project_name: "admin",
            user_domain_name: "Default",
            project_domain_name: "Default",
          },
          region_name: "RegionOne",
          identity_api_version: 3,
        },
      },
    });
  });

  it("prints the control API URL and its OpenAPI document, both served", async () => {
    const server = await start();
    expect(server.output()).toContain(`Control API: ${server.url}/_emulator (OpenAPI: ${server.url}/_emulator/openapi.json)`);
    const openapi = await fetch(`${server.url}/_emulator/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(((await openapi.json()) as { openapi?: string }).openapi).toMatch(/^3\./);
    expect((await clock(server)).frozen).toBe(false);
  });
});

describe("skymock start: clock flags", () => {
  it("--frozen-clock --time-factor 60 --start-time: the clock starts frozen at that time and stays there", async () => {
    const server = await start(["--frozen-clock", "--time-factor", "60", "--start-time", "2030-01-01T00:00:00Z"]);
    expect(server.output()).toContain("clock: frozen");
    const first = await clock(server);
    expect(first).toMatchObject({ frozen: true, factor: 60, now: "2030-01-01T00:00:00.000Z", epochMs: Date.parse("2030-01-01T00:00:00Z") });
    await new Promise((r) => setTimeout(r, 300));
    const later = await clock(server);
    expect(later.now).toBe("2030-01-01T00:00:00.000Z");
    expect(later.epochMs).toBe(first.epochMs);
  });

  it("--time-factor 60 without --frozen-clock: virtual time runs 60 times faster than real time", async () => {
    const server = await start(["--time-factor", "60", "--start-time", "2030-01-01T00:00:00Z"]);
    expect(server.output()).toContain("clock: x60");
    const realStart = performance.now();
    const first = await clock(server);
    await new Promise((r) => setTimeout(r, 500));
    const later = await clock(server);
    const realMs = performance.now() - realStart;
    expect(first.frozen).toBe(false);
    expect(first.factor).toBe(60);
    expect(first.epochMs).toBeGreaterThanOrEqual(Date.parse("2030-01-01T00:00:00Z"));
    const virtualMs = later.epochMs - first.epochMs;
    expect(virtualMs).toBeGreaterThanOrEqual(60 * 500 - 60); // at least 500 ms of real time passed between the reads
    expect(virtualMs).toBeLessThanOrEqual(60 * realMs + 60);
  });
});

describe("skymock start: environment variables", () => {
  it("SKYMOCK_FROZEN_CLOCK, SKYMOCK_START_TIME and SKYMOCK_TOKEN_TTL set the clock and the token lifetime", async () => {
    const server = await start([], { SKYMOCK_FROZEN_CLOCK: "true", SKYMOCK_START_TIME: "2032-02-03T04:05:06Z", SKYMOCK_TOKEN_TTL: "120" });
    expect(await clock(server)).toMatchObject({ frozen: true, now: "2032-02-03T04:05:06.000Z" });
    const res = await issueToken(server.url);
    expect(res.status).toBe(201);
    const issued = Date.parse(res.body.token.issued_at);
    const expires = Date.parse(res.body.token.expires_at);
    expect(issued).toBe(Date.parse("2032-02-03T04:05:06Z"));
    expect(expires - issued).toBe(120_000);
  });

  it("without SKYMOCK_TOKEN_TTL a token lives the default 3600 s", async () => {
    const server = await start([], { SKYMOCK_FROZEN_CLOCK: "1", SKYMOCK_START_TIME: "2032-02-03T04:05:06Z" });
    expect((await clock(server)).frozen).toBe(true);
    const res = await issueToken(server.url);
    expect(res.status).toBe(201);
    expect(Date.parse(res.body.token.expires_at) - Date.parse(res.body.token.issued_at)).toBe(3_600_000);
  });
});

describe("skymock start: config file", () => {
  function yamlConfig(): string {
    const file = join(tempDir(), "skymock.yaml");
    // an unquoted YAML timestamp: it must stay a plain time string
    writeFileSync(file, "# skymock options\nstartTime: 2031-05-06T07:08:09Z\nfrozenClock: true\ntimeFactor: 5\n");
    return file;
  }

  it("--config FILE.yaml with an unquoted timestamp starts the clock there", async () => {
    const server = await start(["--config", yamlConfig()]);
    expect(await clock(server)).toMatchObject({ frozen: true, factor: 5, now: "2031-05-06T07:08:09.000Z" });
  });

  it("an environment variable beats the config file, and a flag beats the environment variable", async () => {
    const file = yamlConfig();
    const [envWins, flagWins] = await Promise.all([
      start(["--config", file], { SKYMOCK_TIME_FACTOR: "7" }),
      start(["--config", file, "--time-factor", "9"], { SKYMOCK_TIME_FACTOR: "7" }),
    ]);
    expect(await clock(envWins)).toMatchObject({ factor: 7, frozen: true, now: "2031-05-06T07:08:09.000Z" });
    expect(await clock(flagWins)).toMatchObject({ factor: 9, frozen: true, now: "2031-05-06T07:08:09.000Z" });
  });

  it("--config FILE.json works too", async () => {
    const file = join(tempDir(), "skymock.json");
    writeFileSync(file, JSON.stringify({ startTime: "2033-03-03T03:03:03Z", frozenClock: true, timeFactor: 3, tokenTtlSeconds: 600 }));
    const server = await start(["--config", file]);
    expect(await clock(server)).toMatchObject({ frozen: true, factor: 3, now: "2033-03-03T03:03:03.000Z" });
    const res = await issueToken(server.url);
    expect(Date.parse(res.body.token.expires_at) - Date.parse(res.body.token.issued_at)).toBe(600_000);
  });

  it("SKYMOCK_CONFIG names the config file when --config is absent", async () => {
    const server = await start([], { SKYMOCK_CONFIG: yamlConfig() });
    expect(await clock(server)).toMatchObject({ frozen: true, factor: 5, now: "2031-05-06T07:08:09.000Z" });
  });
});

describe("skymock start: seed worlds", () => {
  it("--seed DIR merges the files in name order on top of the world they extend", async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, "10-a.yaml"),
      "extends: default\nidentity:\n  projects:\n    - { name: cli-seed-a, domain: default, description: from 10-a.yaml }\n",
    );
    writeFileSync(join(dir, "20-b.json"), JSON.stringify({ identity: { projects: [{ name: "cli-seed-b", domain: "default" }] } }));
    writeFileSync(join(dir, "README.txt"), "not a seed file: ignored\n");
    const server = await start(["--seed", dir]);
    expect(server.output()).toContain(`seed: ${dir}`);
    const names = await projectNames(server);
    expect(names).toEqual(expect.arrayContaining(["admin", "demo", "service", "cli-seed-a", "cli-seed-b"]));
    expect(names.filter((n) => n.startsWith("cli-seed-"))).toHaveLength(2);
  });

  it("--seed FILE loads one seed file", async () => {
    const file = join(tempDir(), "world.yaml");
    writeFileSync(file, "extends: default\nidentity:\n  projects:\n    - { name: cli-seed-file, domain: default }\n");
    const server = await start(["--seed", file]);
    expect(await projectNames(server)).toEqual(expect.arrayContaining(["admin", "demo", "cli-seed-file"]));
  });

  it("the default seed world has the admin, demo and service projects and nothing more", async () => {
    const server = await start(["--seed", "default"]);
    expect((await projectNames(server)).sort()).toEqual(["admin", "demo", "service"]);
  });

  it("--seed <scenario name> loads that scenario from fixtures/scenarios (two-tenants: project alt, user alt, its network)", async () => {
    const server = await start(["--seed", "two-tenants"]);
    expect(server.output()).toContain("seed: two-tenants");
    expect(await projectNames(server)).toEqual(expect.arrayContaining(["admin", "demo", "service", "alt"]));
    const alt = await issueToken(server.url, "alt", "alt", { project: { name: "alt", domain: { name: "Default" } } });
    expect(alt.status).toBe(201);
    const token = alt.token!;
    const nets = await fetch(`${server.url}/networking/v2.0/networks`, { headers: { "X-Auth-Token": token } });
    const names = ((await nets.json()) as { networks: Array<{ name: string }> }).networks.map((n) => n.name);
    expect(names).toContain("alt-private");
    expect(names).not.toContain("private"); // demo's network stays demo's
  });
});

describe("skymock start: the other flags", () => {
  it("--rate-limit N/S, --build-seconds and --action-seconds reach the running emulator", async () => {
    const server = await start(["--rate-limit", "5/10", "--build-seconds", "9", "--action-seconds", "3"]);
    const limit = await (await fetch(`${server.url}/_emulator/rate-limit`)).json();
    expect(limit).toEqual({ requests: 5, windowSeconds: 10 });
    const { definitions } = (await (await fetch(`${server.url}/_emulator/transitions`)).json()) as {
      definitions: Array<{ type: string; from: string; afterMs: number }>;
    };
    const after = (from: string) => definitions.find((d) => d.type === "compute.server" && d.from === from)?.afterMs;
    expect(after("building")).toBe(9000);
    expect(after("rebooting")).toBe(3000);
  });

  it("--token-ttl S sets the token lifetime", async () => {
    const server = await start(["--token-ttl", "90", "--frozen-clock"]);
    const { body } = await issueToken(server.url);
    expect(Date.parse(body.token.expires_at) - Date.parse(body.token.issued_at)).toBe(90_000);
  });
});

describe("skymock start: --random-seed", () => {
  async function tokenAndProject(server: ServerProcess): Promise<{ token: string; projectId: string }> {
    const token = await adminToken(server);
    const res = await fetch(`${server.url}/identity/v3/projects`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Auth-Token": token },
      body: JSON.stringify({ project: { name: "reproducible", domain_id: "default" } }),
    });
    expect(res.status).toBe(201);
    return { token, projectId: ((await res.json()) as { project: { id: string } }).project.id };
  }

  it("the same --random-seed in two processes gives the same token and the same new project id; another seed does not", async () => {
    const [a, b, c] = await Promise.all([start(["--random-seed", "7"]), start(["--random-seed", "7"]), start(["--random-seed", "8"])]);
    expect(a.output()).toContain("random seed: 7");
    const [ra, rb, rc] = [await tokenAndProject(a), await tokenAndProject(b), await tokenAndProject(c)];
    expect(ra.token).toMatch(/^gAAAAA/);
    expect(rb.token).toBe(ra.token);
    expect(rb.projectId).toBe(ra.projectId);
    expect(rc.token).not.toBe(ra.token);
    expect(rc.projectId).not.toBe(ra.projectId);
  });
});

describe("skymock start: stopping", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`${signal} stops it: exit code 0 within a few seconds, "stopping" printed, the port closed`, async () => {
      const server = await start();
      expect((await fetch(`${server.url}/_emulator/health`)).status).toBe(200);
      const exit = exited(server);
      server.child.kill(signal);
      expect(await exit).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain(`skymock: ${signal}, stopping`);
      await expect(fetch(`${server.url}/_emulator/health`)).rejects.toThrow();
    });
  }
});

describe("skymock start: bad input", () => {
  it("an unknown flag exits with code 2 and prints the usage on stderr", async () => {
    const res = await runCli(["start", "--port", "0", "--bogus"]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("Unknown option '--bogus'");
    expect(res.stderr).toContain("usage: skymock start [options]");
    expect(res.stderr).toContain("--frozen-clock");
    expect(res.stdout).not.toContain("listening");
  });

  it("an unknown command exits with code 2 and prints the usage on stderr", async () => {
    const res = await runCli(["launch"]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("unknown command launch");
    expect(res.stderr).toContain("usage: skymock start [options]");
  });

  it("--help prints the usage on stdout and exits with code 0", async () => {
    const res = await runCli(["--help"]);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("usage: skymock start [options]");
    expect(res.stdout).toContain("SKYMOCK_TOKEN_TTL");
  });

  it("--time-factor abc: cannot start, naming the bad option", async () => {
    const res = await runCli(["start", "--port", "0", "--time-factor", "abc"]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("skymock: cannot start: timeFactor (--time-factor, SKYMOCK_TIME_FACTOR): ");
    expect(res.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
    expect(res.stdout).not.toContain("listening");
  });

  it("--port 99999: cannot start, the port is out of range", async () => {
    const res = await runCli(["start", "--port", "99999"]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("skymock: cannot start: port (--port, SKYMOCK_PORT): ");
    expect(res.stderr).toContain("65535");
  });

  it("an invalid environment variable (SKYMOCK_START_TIME=yesterday) stops startup too", async () => {
    const res = await runCli(["start", "--port", "0"], { SKYMOCK_START_TIME: "yesterday" });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("skymock: cannot start: startTime (--start-time, SKYMOCK_START_TIME): expected an ISO time");
  });

  it("an unknown option in the config file stops startup", async () => {
    const file = join(tempDir(), "typo.yaml");
    writeFileSync(file, "timeFactr: 5\n");
    const res = await runCli(["start", "--port", "0", "--config", file]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("skymock: cannot start: timeFactr: not an option");
  });

  it("a config file that does not exist: cannot start, naming the file, without a stack trace", async () => {
    const missing = join(tempDir(), "missing.yaml");
    const res = await runCli(["start", "--port", "0", "--config", missing]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`skymock: cannot start: config file ${missing}: cannot read it (ENOENT)`);
    expect(res.stderr).not.toMatch(/\n\s+at /);
    expect(res.stdout).not.toContain("listening");
  });

  it("a config file that is not YAML: cannot start, naming the file", async () => {
    const file = join(tempDir(), "broken.yaml");
    writeFileSync(file, "timeFactor: [5\n");
    const res = await runCli(["start", "--port", "0", "--config", file]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`skymock: cannot start: config file ${file}: neither valid JSON nor valid YAML`);
  });

  it("--seed naming no scenario, file or directory: cannot start, listing the scenarios", async () => {
    const res = await runCli(["start", "--port", "0", "--seed", "no-such-world"]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("skymock: cannot start: No scenario or file named no-such-world. Scenarios: default");
  });

  it("a port already in use: cannot start", async () => {
    const server = await start();
    const port = new URL(server.url).port;
    const res = await runCli(["start", "--port", port]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("skymock: cannot start:");
    expect(res.stderr).toContain("EADDRINUSE");
    // the running one is unharmed
    expect((await fetch(`${server.url}/_emulator/health`)).status).toBe(200);
  });
});
