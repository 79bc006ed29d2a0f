// Shared by the servers, server-lifecycle and microversions tests: a fresh default world (or a variant of
// it) with admin and demo tokens, calls below /compute/v2.1 at a chosen microversion, the seed's network
// and image ids, server creation, and a fingerprint of the state a rejected request must leave alone.

import { readFileSync } from "node:fs";
import { CORE_SCHEMA, load } from "js-yaml";
import { expect } from "vitest";
import { call, login, testEmulator, type Call } from "../../helpers/emulator.js";

export const CIRROS = "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11";
/** DEFAULT_COMPUTE_OPTIONS */
export const BUILD_MS = 5000;
export const ACTION_MS = 2000;

/** The default seed world as data, to build variants of (one small host, say). */
export function defaultWorld(): Record<string, any> {
  return load(readFileSync(new URL("../../../fixtures/default.yaml", import.meta.url), "utf8"), { schema: CORE_SCHEMA }) as Record<string, any>;
}

export interface ApiOptions {
  /** a token; admin's when absent, none when null */
  token?: string | null;
  body?: unknown;
  raw?: string;
  /** microversion: sent as OpenStack-API-Version: compute <v> */
  version?: string;
  headers?: Record<string, string>;
}

export type ComputeApi = Awaited<ReturnType<typeof computeApi>>;

export async function computeApi(seed?: Record<string, unknown>) {
  const emu = testEmulator(seed ? { seed } : {});
  const admin = await login(emu);
  const demo = await login(emu, "demo");
  const api = (method: string, path: string, options: ApiOptions = {}): Promise<Call> => {
    const token = options.token === null ? undefined : (options.token ?? admin);
    const headers = { ...options.headers };
    if (options.version) headers["OpenStack-API-Version"] = `compute ${options.version}`;
    return call(emu, method, `/compute/v2.1${path}`, { token, body: options.body, raw: options.raw, headers });
  };
  const net = (method: string, path: string, options: ApiOptions = {}) =>
    call(emu, method, `/networking/v2.0${path}`, { token: options.token === null ? undefined : (options.token ?? admin), body: options.body });
  const projectOf = async (token: string) =>
    (await call(emu, "GET", "/identity/v3/auth/tokens", { token: admin, headers: { "X-Subject-Token": token } })).body.token.project.id as string;
  const networkId = async (name: string) => (await net("GET", `/networks?name=${name}`)).body.networks[0]?.id as string;

  const t = {
    emu,
    admin,
    demo,
    adminProject: await projectOf(admin),
    demoProject: await projectOf(demo),
    privateNet: await networkId("private"),
    publicNet: await networkId("public"),
    api,
    net,
    /** compute and networking state as JSON: unchanged by a rejected request */
    fingerprint: () => JSON.stringify([emu.kernel.store.state.compute, emu.kernel.store.state.networking]),
    advance: (ms: number) => emu.clock.advance(ms),
    /** POST /servers as demo on `private` with m1.tiny and cirros unless told otherwise; expects 202 */
    async create(server: Record<string, unknown> = {}, options: ApiOptions & { hints?: Record<string, unknown> } = {}) {
      const body: Record<string, unknown> = {
        server: { name: "vm", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }], ...server },
      };
      if (options.hints) body["OS-SCH-HNT:scheduler_hints"] = options.hints;
      const res = await api("POST", "/servers", { token: options.token ?? demo, body, version: options.version });
      if (res.status !== 202) throw new Error(`create failed: ${res.status} ${res.text}`);
      return res.body.server as { id: string; links: Array<{ rel: string; href: string }>; adminPass: string };
    },
    /** GET /servers/{id} (as admin unless told otherwise) */
    async show(id: string, options: ApiOptions = {}) {
      const res = await api("GET", `/servers/${id}`, options);
      if (res.status !== 200) throw new Error(`show failed: ${res.status} ${res.text}`);
      return res.body.server as Record<string, any>;
    },
    /** a created server, built: ACTIVE */
    async active(server: Record<string, unknown> = {}, options: ApiOptions & { hints?: Record<string, unknown> } = {}) {
      const created = await t.create(server, options);
      t.advance(BUILD_MS);
      return t.show(created.id);
    },
    /** the server's ports, as admin sees them */
    async ports(serverId: string) {
      return (await net("GET", `/ports?device_id=${serverId}`)).body.ports as Array<Record<string, any>>;
    },
    /** a request that must fail with this status and leave the state as it was */
    async refused(status: number, method: string, path: string, options: ApiOptions = {}) {
      const before = t.fingerprint();
      const res = await api(method, path, options);
      expect(res.status, res.text).toBe(status);
      expect(t.fingerprint()).toBe(before);
      return res;
    },
  };
  return t;
}

/** The Nova envelope's fault name and message. */
export function fault(res: Call): { name: string; code: number; message: string } {
  const [name] = Object.keys(res.body ?? {});
  return { name, ...res.body?.[name] };
}
