// Object storage tests' setup: an in-process emulator on a frozen clock, the demo and admin tokens with
// their accounts' paths, and a raw HTTP helper that sends bytes (not JSON) and reads text.

import { call, passwordAuth, testEmulator } from "../../helpers/emulator.js";
import type { Emulator } from "../../../src/app.js";
import type { EmulatorOptions } from "../../../src/api.js";

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export interface SwiftTest {
  emu: Emulator;
  demo: { token: string; project: string; account: string };
  admin: { token: string; project: string; account: string };
  /** a request below /object-store; `path` is relative to the demo account unless it starts with `/` */
  req(method: string, path: string, options?: { token?: string | null; headers?: Record<string, string>; body?: string | Uint8Array | ReadableStream<Uint8Array> }): Promise<Answer>;
  advance(ms: number): void;
  /** the slice's state, to prove a refusal changed nothing */
  snapshot(): string;
}

async function scoped(emu: Emulator, user: string) {
  const res = await call(emu, "POST", "/identity/v3/auth/tokens", { body: passwordAuth(user, user, { project: { name: user, domain: { name: "Default" } } }) });
  const project = res.body.token.project.id as string;
  return { token: res.headers.get("x-subject-token")!, project, account: `/v1/AUTH_${project}` };
}

export async function swiftTest(options: EmulatorOptions = {}): Promise<SwiftTest> {
  const emu = testEmulator(options);
  const demo = await scoped(emu, "demo");
  const admin = await scoped(emu, "admin");
  return {
    emu,
    demo,
    admin,
    async req(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const token = options.token === undefined ? demo.token : options.token;
      if (token) headers["X-Auth-Token"] = token;
      // bytes, not a string: fetch would add its own text/plain Content-Type, which no Swift client sends
      const body = typeof options.body === "string" ? new TextEncoder().encode(options.body) : options.body;
      if (typeof body === "string" || body instanceof Uint8Array) headers["Content-Length"] ??= String(typeof body === "string" ? Buffer.byteLength(body) : body.length);
      const full = path.startsWith("/") ? `/object-store${path}` : `/object-store${demo.account}${path === "" ? "" : `/${path}`}`;
      const res = await emu.app.request(`http://localhost${full}`, { method, headers, body, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);
      const text = await res.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: res.status, headers: res.headers, text, json };
    },
    advance(ms) {
      emu.kernel.clock.advance(ms);
    },
    snapshot: () => JSON.stringify(emu.kernel.slice("object-storage")),
  };
}
