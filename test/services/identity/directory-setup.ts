// Shared by the directory tests: a fresh default world with admin and demo tokens, calls below /identity,
// and a fingerprint of the identity slice to show a rejected request changed nothing.

import { call, login, passwordAuth, testEmulator, type Call } from "../../helpers/emulator.js";
import { issue, passwordById } from "./identity-helpers.js";

export interface Directory {
  emu: ReturnType<typeof testEmulator>;
  /** admin on project admin */
  admin: string;
  /** demo, member on project demo */
  demo: string;
  /** a call below /identity, as admin unless another token (or none: null) is given */
  api(method: string, path: string, options?: { token?: string | null; body?: unknown; raw?: string }): Promise<Call>;
  /** the identity slice without tokens, as JSON: equal before and after a request that changed nothing */
  fingerprint(): string;
  /** POST /v3/auth/tokens: a user of the Default domain by name, or any user by id */
  auth(user: string | { id: string }, password: string, scope?: unknown): Promise<Call>;
  /** the id of a seed resource by name, through the API */
  idOf(kind: "users" | "projects" | "roles" | "domains", name: string): Promise<string>;
}

export async function directory(options: Parameters<typeof testEmulator>[0] = {}): Promise<Directory> {
  const emu = testEmulator(options);
  const admin = await login(emu);
  const demo = await login(emu, "demo");
  const api: Directory["api"] = (method, path, options = {}) => {
    const token = options.token === null ? undefined : (options.token ?? admin);
    return call(emu, method, `/identity${path}`, { token, body: options.body, raw: options.raw });
  };
  return {
    emu,
    admin,
    demo,
    api,
    fingerprint: () => {
      const { tokens: _tokens, ...rest } = emu.kernel.store.state.identity as Record<string, unknown>;
      return JSON.stringify(rest);
    },
    auth: (user, password, scope) =>
      issue(emu, typeof user === "string" ? passwordAuth(user, password, scope) : passwordById(user.id, password, scope)),
    idOf: async (kind, name) => {
      const res = await api("GET", `/v3/${kind}?name=${encodeURIComponent(name)}`);
      const [row] = res.body[kind];
      if (!row) throw new Error(`no ${kind} named ${name}`);
      return row.id;
    },
  };
}

export const HEX_ID = /^[0-9a-f]{32}$/;
