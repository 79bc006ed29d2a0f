// Runs the unmodified `openstack` CLI (Debian's python3-openstackclient) against an emulator.

import { execFile, execFileSync } from "node:child_process";

export function hasOpenstackCli(): boolean {
  try {
    execFileSync("openstack", ["--version"], { stdio: "ignore" });
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
