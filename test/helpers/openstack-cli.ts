// The real-client tests' preamble: the unmodified clients (Debian's `openstack` with its masakari plugin,
// `swift`, `aws`, boto3) found or skipped with the reason, an emulator for a describe block (a `skymock
// start` process or one made in this process), and the clients run against it in a clean environment.

import { execFile, execFileSync } from "node:child_process";
import { afterAll, beforeAll } from "vitest";
import type { Emulator } from "../../src/app.js";
import { startServerProcess } from "./server-process.js";
import { interpreterOf, runInRunner, type Program } from "./client-runner.js";

/** Each client the tests drive: what answers when it is installed, and the Debian package that installs it. */
const CLIENTS = {
  openstack: { what: "the openstack CLI", debian: "python3-openstackclient", probes: [["openstack", "--version"]] },
  masakari: { what: "the openstack CLI's masakari plugin", debian: "python3-masakariclient", probes: [["openstack", "segment", "list", "--help"]] },
  swift: { what: "the swift CLI", debian: "python3-swiftclient", probes: [["swift", "--version"]] },
  // Debian's awscli, not a copy some other tool put first on PATH
  aws: { what: "the aws CLI", debian: "awscli", probes: [["/usr/bin/aws", "--version"], ["aws", "--version"]] },
  // the command is the Python that imports it
  boto3: { what: "boto3", debian: "python3-boto3", probes: [["/usr/bin/python3", "-c", "import boto3"]] },
};
export type Client = keyof typeof CLIENTS;

const found = new Map<Client, string | undefined>();
/** The command that runs `client` here (the first probe that exits 0), or undefined when it is not installed. */
export function clientCommand(client: Client): string | undefined {
  if (!found.has(client)) {
    const probe = CLIENTS[client].probes.find(([command, ...args]) => {
      try {
        execFileSync(command, args, { stdio: "ignore" });
        return true;
      } catch {
        return false;
      }
    });
    found.set(client, probe?.[0]);
  }
  return found.get(client);
}

export const hasOpenstackCli = (): boolean => clientCommand("openstack") !== undefined;

/**
 * Undefined when every client `file` drives is installed; else why its tests are skipped (also printed).
 * In CI a missing client throws instead: .ci/run installs them all.
 */
export function clientSkipReason(file: string, ...clients: Client[]): string | undefined {
  const missing = clients.filter((c) => clientCommand(c) === undefined).map((c) => CLIENTS[c]);
  if (missing.length === 0) return undefined;
  const reason = `not installed: ${missing.map((c) => `${c.what} (Debian: ${c.debian})`).join(", ")}`;
  if (process.env.CI) throw new Error(`${file}: ${reason}, and CI must run this test (see .ci/run)`);
  console.warn(`${file} skipped: ${reason}`);
  return reason;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

/**
 * `command args` run to its end in a clean environment: `env` over a bare PATH, HOME and LANG, so no OS_*,
 * AWS_* or clouds.yaml of the developer's reaches it. Answers the exit code, the output and the output
 * parsed as JSON where it is JSON.
 */
export function runClient(command: string, args: string[], env: Record<string, string>, options: { cwd?: string; timeout?: number } = {}): Promise<CliResult> {
  const { cwd, timeout = 60_000 } = options;
  return new Promise((resolve) => {
    execFile(command, args, { env: { ...cleanBase(), ...env }, cwd, timeout, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? ((error as { code?: number }).code ?? 1) : 0;
      resolve({ code: typeof code === "number" ? code : 1, stdout, stderr, json: jsonOf(stdout) });
    });
  });
}

const cleanBase = (): Record<string, string> => ({ PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: "/nonexistent", LANG: "C.UTF-8" });

function jsonOf(stdout: string): unknown {
  try {
    return JSON.parse(stdout);
  } catch {
    return undefined;
  }
}

const interpreters = new Map<string, string | undefined>();

/**
 * A Python CLI (`openstack`, `swift`, `aws`; `command` is what runs it here): its own entry point run in a
 * long-lived Python process (client-runner.ts), or a process per command when SKYMOCK_CLI_PROCESS=1 or
 * the command is not a Python script.
 */
export async function runPythonCli(
  program: Program,
  command: string,
  args: string[],
  env: Record<string, string>,
  options: { cwd?: string; timeout?: number } = {},
): Promise<CliResult> {
  if (!interpreters.has(command)) interpreters.set(command, interpreterOf(command));
  const python = interpreters.get(command);
  if (process.env.SKYMOCK_CLI_PROCESS === "1" || python === undefined) return runClient(command, args, env, options);
  const result = await runInRunner(program, python, args, env, cleanBase(), options.timeout ?? 60_000, options.cwd);
  return { ...result, json: jsonOf(result.stdout) };
}

/** The openstack CLI (see runPythonCli). */
export function openstack(args: string[], env: Record<string, string>): Promise<CliResult> {
  return runPythonCli("openstack", "openstack", args, env);
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

/** The emulator the clients talk to. */
export interface CliServer {
  url: string;
  /** what the process printed (nothing for one in this process) */
  output(): string;
  stop(): Promise<void>;
}

export interface CliSession {
  server: CliServer;
  admin: Record<string, string>;
  demo: Record<string, string>;
  /** `openstack args` as `env`, by default the session's user */
  run(args: string[], env?: Record<string, string>): Promise<CliResult>;
  /** the same, failing the test unless it exits 0; the parsed `-f json` output (as loosely typed as the tests read it), or the text */
  ok(args: string[], env?: Record<string, string>): Promise<any>;
  /** `result` if it exited 0; else fails the test with `label`, the client's stderr and the emulator's last output */
  passed(label: string, result: CliResult): CliResult;
}

/**
 * An emulator for a describe block (started before its tests, stopped after) and the openstack CLI against
 * it as `demo` (or `as: "admin"`). `target` is either the flags of a `skymock start` process (the built
 * command, as users start it) or a function making an emulator in this process (today's source), which
 * listens on a free loopback port.
 */
export function cliSession(target: string[] | (() => Emulator), options: { as?: "admin" | "demo" } = {}): CliSession {
  const session: CliSession = {
    server: undefined as unknown as CliServer,
    admin: {},
    demo: {},
    run: (args, env = session[options.as ?? "demo"]) => openstack(args, env),
    ok: async (args, env) => {
      const res = session.passed(`openstack ${args.join(" ")}`, await session.run(args, env));
      return res.json ?? res.stdout;
    },
    passed: (label, result) => {
      if (result.code !== 0) throw new Error(`${label} failed (${result.code}):\n${result.stderr}\n${session.server.output().slice(-2000)}`);
      return result;
    },
  };
  beforeAll(async () => {
    session.server = Array.isArray(target) ? await startServerProcess(target) : await listening(target());
    session.admin = adminEnv(session.server.url);
    session.demo = { ...session.admin, OS_USERNAME: "demo", OS_PASSWORD: "demo", OS_PROJECT_NAME: "demo" };
  });
  afterAll(async () => {
    await session.server?.stop();
  });
  return session;
}

async function listening(emu: Emulator): Promise<CliServer> {
  const url = await emu.listen(0);
  return { url, output: () => "", stop: () => emu.close() };
}
