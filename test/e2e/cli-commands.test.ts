// The `skymock` command's other paths, as a user meets them: bad input refused in plain words, help and
// version, clouds-yaml and env, and `npx skymock start` ending with npm.

import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { load } from "js-yaml";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { adminEnv } from "../helpers/openstack-cli.js";
import { ROOT, cleanEnv, clock, issueToken, removeTempDirs, runCli, start, stopStarted, tempDir } from "../helpers/cli-process.js";

// each test starts one to three emulator processes (about half a second each, more on a loaded machine)
vi.setConfig({ testTimeout: 30_000 });
afterEach(stopStarted);
afterAll(removeTempDirs);

describe("skymock start: bad input", () => {
  /** stderr as one line per message, and no validator or parser wording in any of them */
  function messages(stderr: string): string[] {
    expect(stderr).not.toMatch(/expected|received|Too small|Too big|Invalid|ambiguous|\n\s+at /);
    return stderr.trimEnd().split("\n");
  }

  it("an unknown flag: one line naming it, with a hint to --help; exit code 2", async () => {
    const res = await runCli(["start", "--port", "0", "--bogus"]);
    expect(res.code).toBe(2);
    expect(messages(res.stderr)).toEqual(["skymock: unknown option --bogus (skymock --help lists the commands and options)"]);
    expect(res.stdout).toBe("");
  });

  it("an unknown command, or options before any command: one line with a hint to --help; exit code 2", async () => {
    const [launch, flagFirst] = await Promise.all([runCli(["launch"]), runCli(["--port", "9000"])]);
    expect(launch.code).toBe(2);
    expect(messages(launch.stderr)).toEqual(["skymock: unknown command launch (skymock --help lists the commands and options)"]);
    expect(flagFirst.code).toBe(2);
    expect(messages(flagFirst.stderr)).toEqual([
      "skymock: unknown command --port: options follow the command, as in skymock start --port (skymock --help lists the commands and options)",
    ]);
  });

  it("a flag without its value: exit code 2, saying what value it takes", async () => {
    const res = await runCli(["start", "--seed"]);
    expect(res.code).toBe(2);
    expect(messages(res.stderr)).toEqual(["skymock: --seed needs a value: --seed REF (skymock --help lists the commands and options)"]);
  });

  it("--time-factor -1: a negative number is taken as the value, and refused in plain words", async () => {
    const res = await runCli(["start", "--port", "0", "--time-factor", "-1"]);
    expect(res.code).toBe(1);
    expect(messages(res.stderr)).toEqual(['skymock: --time-factor (SKYMOCK_TIME_FACTOR, config key timeFactor): "-1" is not a positive number']);
    expect(res.stdout).not.toContain("listening");
  });

  it("several bad values from flags, the environment and the file: one line each, naming flag, variable and key", async () => {
    const file = join(tempDir(), "bad.yaml");
    writeFileSync(file, "maxPageSize: 0\ntimeFactr: 5\n");
    const res = await runCli(["start", "--config", file, "--port", "99999", "--time-factor=abc", "--build-seconds", "-2", "--token-ttl", "1.5", "--log-level", "loud"], {
      SKYMOCK_START_TIME: "yesterday",
      SKYMOCK_RATE_LIMIT: "lots",
      SKYMOCK_FROZEN_CLOCK: "maybe",
    });
    expect(res.code).toBe(1);
    expect(messages(res.stderr).sort()).toEqual(
      [
        'skymock: --port (SKYMOCK_PORT, config key port): "99999" is not a port (0 to 65535)',
        'skymock: --time-factor (SKYMOCK_TIME_FACTOR, config key timeFactor): "abc" is not a number',
        'skymock: --build-seconds (SKYMOCK_BUILD_SECONDS, config key buildSeconds): "-2" must be at least 0',
        'skymock: --token-ttl (SKYMOCK_TOKEN_TTL, config key tokenTtlSeconds): "1.5" is not a whole number',
        'skymock: --log-level (SKYMOCK_LOG_LEVEL, config key logLevel): "loud" is not one of error, warn, info, debug',
        'skymock: --start-time (SKYMOCK_START_TIME, config key startTime): "yesterday" is not an ISO time (such as 2030-01-01T00:00:00Z)',
        'skymock: --rate-limit (SKYMOCK_RATE_LIMIT, config key rateLimit): "lots" is not a rate limit (N or N/S: N requests per S seconds)',
        'skymock: --frozen-clock (SKYMOCK_FROZEN_CLOCK, config key frozenClock): "maybe" is not true or false',
        "skymock: config key maxPageSize: 0 is not a positive number",
        "skymock: config key timeFactr: unknown option",
      ].sort(),
    );
    expect(res.stdout).toBe("");
  });

  it("a config file that does not exist: cannot start, naming the file, without a stack trace", async () => {
    const missing = join(tempDir(), "missing.yaml");
    const res = await runCli(["start", "--port", "0", "--config", missing]);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe(`skymock: config file ${missing}: cannot read it (ENOENT)\n`);
    expect(res.stderr).not.toMatch(/\n\s+at /);
    expect(res.stdout).not.toContain("listening");
  });

  it("a config file that is not YAML: cannot start, naming the file", async () => {
    const file = join(tempDir(), "broken.yaml");
    writeFileSync(file, "timeFactor: [5\n");
    const res = await runCli(["start", "--port", "0", "--config", file]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`skymock: config file ${file}: neither valid JSON nor valid YAML`);
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

describe("skymock help and version", () => {
  it("--help, -h, help, start --help and start -h print the usage on stdout with exit code 0", async () => {
    const runs = await Promise.all([["--help"], ["-h"], ["help"], ["start", "--help"], ["start", "--port", "0", "-h"]].map((args) => runCli(args)));
    for (const res of runs) {
      expect(res.code).toBe(0);
      expect(res.stderr).toBe("");
      expect(res.stdout).toBe(runs[0].stdout);
    }
    const usage = runs[0].stdout;
    expect(usage).toMatch(/^usage:\n  skymock start \[options\] /);
    for (const text of ["skymock clouds-yaml", "skymock env", "--log-level LEVEL", "SKYMOCK_REQUEST_LOG", "--config FILE", "--user NAME"]) expect(usage).toContain(text);
  });

  it("--version, -v and version print the package's version", async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    for (const res of await Promise.all([["--version"], ["-v"], ["version"]].map((args) => runCli(args)))) {
      expect(res).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
    }
  });
});

describe("skymock clouds-yaml and skymock env", () => {
  it("env prints the exports of the seed's admin for the port given, and they log in to a server on that port", async () => {
    const server = await start();
    const port = new URL(server.url).port;
    const res = await runCli(["env", "--port", port]);
    expect(res.code).toBe(0);
    const env: Record<string, string> = {};
    for (const line of res.stdout.trimEnd().split("\n")) {
      const m = /^export (OS_\w+)=(\S+)$/.exec(line);
      expect(m, line).not.toBeNull();
      env[m![1]] = m![2];
    }
    expect(env).toEqual(adminEnv(server.url));
    const issued = await issueToken(server.url, env.OS_USERNAME, env.OS_PASSWORD, { project: { name: env.OS_PROJECT_NAME, domain: { name: env.OS_PROJECT_DOMAIN_NAME } } });
    expect(issued.status).toBe(201);
  });

  it("clouds-yaml --seed two-tenants --user alt --url: that user's clouds.yaml at that URL, the same as a server's banner prints for admin", async () => {
    const [alt, admin] = await Promise.all([
      runCli(["clouds-yaml", "--seed", "two-tenants", "--user", "alt", "--url", "https://cloud.example:8443/", "--region", "RegionTwo"]),
      runCli(["clouds-yaml", "--host", "0.0.0.0", "--port", "8480"], { SKYMOCK_SEED: "two-tenants" }),
    ]);
    expect(alt.code).toBe(0);
    expect(load(alt.stdout)).toEqual({
      clouds: {
        skymock: {
          auth: {
            auth_url: "https://cloud.example:8443/identity",
            username: "alt",
            password: "alt",
            project_name: "alt",
            user_domain_name: "Default",
            project_domain_name: "Default",
          },
          region_name: "RegionTwo",
          interface: "public",
          identity_api_version: 3,
        },
      },
    });
    expect(admin.code).toBe(0);
    expect((load(admin.stdout) as any).clouds.skymock.auth).toMatchObject({ auth_url: "http://localhost:8480/identity", username: "admin" });
  });

  it("an unknown user: one line naming the seed's users, exit code 1; no server is needed for any of it", async () => {
    const res = await runCli(["env", "--user", "nobody", "--seed", "two-tenants"]);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe("skymock: the seed world two-tenants has no user nobody to log in as (its users: admin, demo, masakari, alt)\n");
    expect(res.stdout).toBe("");
  });
});

describe("skymock start under npm (npx skymock start)", () => {
  /**
   * Runs `skymock start` under a stand-in for npm's `sh -c`: a node process that starts it and stays; the
   * emulator writes to our pipes directly. Resolves with both pids and the URL.
   */
  async function underStandIn(env: Record<string, string>) {
    const script = `const c = require("node:child_process").spawn(process.execPath, ["bin/skymock.js", "start", "--port", "0"], { stdio: "inherit" }); console.log("child " + c.pid); setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ["-e", script], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    parent.stdout.on("data", (d) => (out += d));
    for (let i = 0; i < 500 && !/listening on (\S+)/.test(out); i++) await new Promise((r) => setTimeout(r, 20));
    const url = /listening on (\S+)/.exec(out)?.[1];
    const pid = Number(/child (\d+)/.exec(out)?.[1]);
    expect(url, out).toBeDefined();
    return { parent, pid, url: url!, output: () => out };
  }
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const withoutNpm = Object.fromEntries(Object.entries(cleanEnv).filter(([k]) => !k.startsWith("npm_")));

  it("stops once npm's shell is gone (npm set npm_command): port closed within a second or so", async () => {
    const { parent, pid, url, output } = await underStandIn({ ...withoutNpm, npm_command: "exec", npm_lifecycle_event: "npx" });
    expect((await fetch(`${url}/_emulator/health`)).status).toBe(200);
    parent.kill("SIGKILL");
    for (let i = 0; i < 150 && alive(pid); i++) await new Promise((r) => setTimeout(r, 20));
    expect(alive(pid), output()).toBe(false);
    expect(output()).toContain("skymock: the npm process that started it is gone, stopping");
    await expect(fetch(`${url}/_emulator/health`)).rejects.toThrow();
  });

  it("stops when npm was already gone before it finished starting (a SIGTERM to npm start during start-up)", async () => {
    // the stand-in starts the emulator and ends at once: the emulator is orphaned before its code even loads
    const script = `const c = require("node:child_process").spawn(process.execPath, ["bin/skymock.js", "start", "--port", "0"], { stdio: "inherit" }); console.log("child " + c.pid); process.exit(0);`;
    const parent = spawn(process.execPath, ["-e", script], { cwd: ROOT, env: { ...withoutNpm, npm_command: "run-script", npm_lifecycle_event: "start" }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    parent.stdout.on("data", (d) => (out += d));
    for (let i = 0; i < 500 && !/child (\d+)/.test(out); i++) await new Promise((r) => setTimeout(r, 20));
    const pid = Number(/child (\d+)/.exec(out)?.[1]);
    for (let i = 0; i < 1000 && alive(pid); i++) await new Promise((r) => setTimeout(r, 20));
    expect(alive(pid), out).toBe(false);
    expect(out).toContain("skymock: the npm process that started it is gone, stopping");
  });

  it("outside npm it outlives its parent (nohup skymock start &)", async () => {
    const { parent, pid, url } = await underStandIn(withoutNpm);
    try {
      parent.kill("SIGKILL");
      await new Promise((r) => setTimeout(r, 1200));
      expect(alive(pid)).toBe(true);
      expect((await fetch(`${url}/_emulator/health`)).status).toBe(200);
    } finally {
      if (alive(pid)) process.kill(pid, "SIGTERM");
    }
  });
});
