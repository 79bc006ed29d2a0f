// Runs the unmodified `openstack` CLI (Debian's python3-openstackclient) against an emulator.

import { execFile, execFileSync } from "node:child_process";
import { afterAll, beforeAll } from "vitest";
import { startServerProcess, type ServerProcess } from "./server-process.js";

export function hasOpenstackCli(): boolean {
  try {
    execFileSync("openstack", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Whether the masakari client plugin (Debian python3-masakariclient) gives the CLI its `segment` commands. */
export function hasMasakariClient(): boolean {
  try {
    execFileSync("openstack", ["segment", "list", "--help"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

/** Credentials of the default seed world's admin, as the README tells users to export them. */
export function adminEnv(url: string): Record<string, string> {
  return {
    OS_AUTH_URL: `${url}/identity`,
    OS_IDENTITY_API_VERSION: "3",
    OS_USERNAME: "admin",
    OS_PASSWORD: "admin",
    OS_PROJECT_NAME: "admin",
    OS_USER_DOMAIN_NAME: "Default",
    OS_PROJECT_DOMAIN_NAME: "Default",
    OS_REGION_NAME: "RegionOne",
    OS_INTERFACE: "public",
  };
}

export function openstack(args: string[], env: Record<string, string>): Promise<CliResult> {
  // a clean environment: no OS_* from the developer's shell, no clouds.yaml
  const base: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: "/nonexistent", LANG: "C.UTF-8" };
  return new Promise((resolve) => {
    execFile("openstack", args, { env: { ...base, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      const code = error ? ((error as { code?: number }).code ?? 1) : 0;
      resolve({ code: typeof code === "number" ? code : 1, stdout, stderr, json });
    });
  });
}

/** POST /v3/auth/tokens with the OS_* variables a user was given (banner, env command, osEnvironment()). */
export function loginWithEnvironment(env: Record<string, string>): Promise<Response> {
  return fetch(`${env.OS_AUTH_URL}/v3/auth/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      auth: {
        identity: { methods: ["password"], password: { user: { name: env.OS_USERNAME, domain: { name: env.OS_USER_DOMAIN_NAME }, password: env.OS_PASSWORD } } },
        scope: { project: { name: env.OS_PROJECT_NAME, domain: { name: env.OS_PROJECT_DOMAIN_NAME } } },
      },
    }),
  });
}

export interface CliSession {
  server: ServerProcess;
  admin: Record<string, string>;
  demo: Record<string, string>;
  run(args: string[], env?: Record<string, string>): Promise<CliResult>;
  /** the parsed `-f json` output, as loosely typed as the tests read it */
  ok(args: string[], env?: Record<string, string>): Promise<any>;
}

/**
 * A real emulator process for a describe block (started before its tests, stopped after) and the CLI
 * against it as `demo` (default) or `admin`; `ok` fails the test with the CLI's stderr and the server's
 * last output, and answers the parsed `-f json` output (or the text).
 */
export function cliSession(processArgs: string[]): CliSession {
  const session: CliSession = {
    server: undefined as unknown as ServerProcess,
    admin: {} as Record<string, string>,
    demo: {} as Record<string, string>,
    run: (args: string[], env = session.demo) => openstack(args, env),
    ok: async (args: string[], env = session.demo) => {
      const res = await openstack(args, env);
      if (res.code !== 0) throw new Error(`openstack ${args.join(" ")} failed (${res.code}):\n${res.stderr}\n${session.server.output().slice(-2000)}`);
      return res.json ?? res.stdout;
    },
  };
  beforeAll(async () => {
    session.server = await startServerProcess(processArgs);
    session.admin = adminEnv(session.server.url);
    session.demo = { ...session.admin, OS_USERNAME: "demo", OS_PASSWORD: "demo", OS_PROJECT_NAME: "demo" };
  });
  afterAll(async () => {
    await session.server?.stop();
  });
  return session;
}
