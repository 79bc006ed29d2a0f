// Test helpers: an in-process emulator on a frozen clock, driven through app.request() as a user's HTTP
// client would drive it, plus logins with the default seed world's users.

import { createEmulator, type Emulator } from "../../src/app.js";
import type { EmulatorOptions } from "../../src/config.js";

export const START = Date.parse("2030-01-01T00:00:00Z");

export function testEmulator(options: EmulatorOptions = {}): Emulator {
  return createEmulator({ frozenClock: true, startTime: START, randomSeed: 42, ...options });
}

export interface Call {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** One HTTP call through the app; JSON bodies are sent and parsed. */
export async function call(
  emu: Emulator,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
): Promise<Call> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers["X-Auth-Token"] = options.token;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers["Content-Type"]) headers["Content-Type"] = "application/json";
  const res = await emu.app.request(`http://localhost${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

export function passwordAuth(user: string, password: string, scope?: unknown) {
  return {
    auth: {
      identity: { methods: ["password"], password: { user: { name: user, domain: { name: "Default" }, password } } },
      ...(scope === undefined ? {} : { scope }),
    },
  };
}

/** A project-scoped token for a seed user (admin/admin on project admin, demo/demo on project demo). */
export async function login(emu: Emulator, user = "admin", project = user, password = user): Promise<string> {
  const res = await call(emu, "POST", "/identity/v3/auth/tokens", {
    body: passwordAuth(user, password, { project: { name: project, domain: { name: "Default" } } }),
  });
  if (res.status !== 201) throw new Error(`login ${user}/${project} failed: ${res.status} ${res.text}`);
  return res.headers.get("x-subject-token")!;
}
