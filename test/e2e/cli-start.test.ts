// `skymock start` as a user runs it (the built bin/skymock.js in its own process): the banner, configured
// by flags, SKYMOCK_* variables and a config file, seed worlds, reproducible ids, stopped by a signal.

import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { load } from "js-yaml";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { ServerProcess } from "../helpers/server-process.js";
import { adminEnv, loginWithEnvironment } from "../helpers/openstack-cli.js";
import { ROOT, adminToken, cleanEnv, clock, exited, issueToken, projectNames, removeTempDirs, start, stopStarted, tempDir } from "../helpers/cli-process.js";

// each test starts one to three emulator processes (about half a second each, more on a loaded machine)
vi.setConfig({ testTimeout: 30_000 });
afterEach(stopStarted);
afterAll(removeTempDirs);

describe("skymock start: the banner", () => {
  it("prints the URL it listens on, and that URL answers", async () => {
    const server = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const port = Number(new URL(server.url).port);
    expect(port).toBeGreaterThan(0);
    expect(server.output()).toContain(`skymock listening on http://127.0.0.1:${port} (seed: default, region: RegionOne, clock: x1, random seed: random)`);
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
    // the banner exports what the README and the real-client tests use
    expect(env).toEqual(adminEnv(server.url));
    const res = await loginWithEnvironment(env);
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
          interface: "public",
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

describe("skymock start: the banner's address and region", () => {
  it("--region: the exports and the clouds.yaml name it", async () => {
    const server = await start(["--region", "RegionTwo"]);
    expect(server.output()).toContain("region: RegionTwo");
    expect(server.output()).toContain("  export OS_REGION_NAME=RegionTwo\n");
    expect(server.output()).toContain("    region_name: RegionTwo\n");
    expect(server.output()).not.toContain("RegionOne");
  });

  it("--host 0.0.0.0: says it listens on all interfaces, explains the mapped port, and its localhost exports log in", async () => {
    const child = spawn(process.execPath, ["bin/skymock.js", "start", "--port", "0", "--host", "0.0.0.0"], { cwd: ROOT, env: cleanEnv, stdio: ["ignore", "pipe", "pipe"] });
    try {
      const out = await new Promise<string>((resolve, reject) => {
        let text = "";
        child.stdout.on("data", (d) => {
          text += d;
          if (text.includes("Control API:")) resolve(text);
        });
        child.once("exit", () => reject(new Error(`exited:\n${text}`)));
      });
      const port = /listening on all interfaces \(0\.0\.0\.0\), port (\d+) \(seed: default/.exec(out)?.[1];
      expect(port, out).toBeDefined();
      expect(out).toContain(`the URL is http://localhost:${port}; from outside a container, use the host port mapped to ${port}.`);
      expect(out).toContain(`  export OS_AUTH_URL=http://localhost:${port}/identity\n`);
      expect(out).not.toContain("0.0.0.0:");
      expect((await issueToken(`http://localhost:${port}`)).status).toBe(201);
    } finally {
      child.kill("SIGTERM");
    }
  });
});
