// The compute tests' harness: a fresh default world (or a variant of it) with admin and demo tokens, calls
// below /compute/v2.1 at a chosen microversion, the seed's projects, users and networks, server creation,
// the events journal, and a fingerprint of the state a rejected request must leave alone.

import { readFileSync } from "node:fs";
import { CORE_SCHEMA, load } from "js-yaml";
import { call, login, testEmulator, type Call } from "./emulator.js";
import { expectRefused } from "./refused.js";

export const CIRROS = "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11";
/** DEFAULT_COMPUTE_OPTIONS */
export const BUILD_MS = 5000;
export const ACTION_MS = 2000;

/** The default seed world as data, to build variants of (one small host, say). */
export function defaultWorld(): Record<string, any> {
  return load(readFileSync(new URL("../../fixtures/default.yaml", import.meta.url), "utf8"), { schema: CORE_SCHEMA }) as Record<string, any>;
}

export interface ApiOptions {
  /** a token; admin's when absent, none when null */
  token?: string | null;
  body?: unknown;
  raw?: string;
  /** microversion (e.g. "2.53"): sent as OpenStack-API-Version: compute <v> */
  version?: string;
  headers?: Record<string, string>;
}

export interface CreateOptions extends ApiOptions {
  /** `OS-SCH-HNT:scheduler_hints` (a server group: `{ group }`) */
  hints?: Record<string, unknown>;
}

export interface ComputeApi {
  emu: ReturnType<typeof testEmulator>;
  /** admin on project admin */
  admin: string;
  /** demo, member on project demo */
  demo: string;
  adminProject: string;
  demoProject: string;
  adminUser: string;
  demoUser: string;
  /** the seed's `private` and `public` network ids */
  privateNet: string;
  publicNet: string;
  /** a call below /compute/v2.1 */
  api(method: string, path: string, options?: ApiOptions): Promise<Call>;
  /** a call below /networking/v2.0 */
  net(method: string, path: string, options?: ApiOptions): Promise<Call>;
  /** compute and networking state as JSON: unchanged by a rejected request */
  fingerprint(): string;
  /** events of a type (or `compute.*`) from the control API */
  events(type: string): Promise<Array<{ type: string; payload: any }>>;
  /** moves the frozen virtual clock (builds and actions finish) */
  advance(ms: number): void;
  /** POST /servers as demo on `private` with m1.tiny and cirros unless told otherwise; expects 202 */
  create(server?: Record<string, unknown>, options?: CreateOptions): Promise<{ id: string; links: Array<{ rel: string; href: string }>; adminPass: string }>;
  /** GET /servers/{id} (as admin unless told otherwise) */
  show(id: string, options?: ApiOptions): Promise<Record<string, any>>;
  /** a created server, built: ACTIVE */
  active(server?: Record<string, unknown>, options?: CreateOptions): Promise<Record<string, any>>;
  /** the server's ports, as admin sees them */
  ports(serverId: string): Promise<Array<Record<string, any>>>;
  /** a request that must fail with this status and leave the state as it was */
  refused(status: number, method: string, path: string, options?: ApiOptions): Promise<Call>;
}

export async function computeApi(seed?: Record<string, unknown>): Promise<ComputeApi> {
  const emu = testEmulator(seed ? { seed } : {});
  const admin = await login(emu);
  const demo = await login(emu, "demo");
  const request = (method: string, path: string, options: ApiOptions) => {
    const token = options.token === null ? undefined : (options.token ?? admin);
    const headers = { ...options.headers };
    if (options.version) headers["OpenStack-API-Version"] = `compute ${options.version}`;
    return call(emu, method, path, { token, body: options.body, raw: options.raw, headers });
  };
  const api: ComputeApi["api"] = (method, path, options = {}) => request(method, `/compute/v2.1${path}`, options);
  const net: ComputeApi["net"] = (method, path, options = {}) => request(method, `/networking/v2.0${path}`, options);
  const whoami = async (token: string) =>
    (await call(emu, "GET", "/identity/v3/auth/tokens", { token: admin, headers: { "X-Subject-Token": token } })).body.token;
  const networkId = async (name: string) => (await net("GET", `/networks?name=${name}`)).body.networks[0]?.id as string;
  const [a, d] = [await whoami(admin), await whoami(demo)];

  const t: ComputeApi = {
    emu,
    admin,
    demo,
    adminProject: a.project.id,
    demoProject: d.project.id,
    adminUser: a.user.id,
    demoUser: d.user.id,
    privateNet: await networkId("private"),
    publicNet: await networkId("public"),
    api,
    net,
    fingerprint: () => JSON.stringify([emu.kernel.store.state.compute, emu.kernel.store.state.networking]),
    events: async (type) => (await call(emu, "GET", `/_emulator/events?type=${encodeURIComponent(type)}`)).body.events,
    advance: (ms) => emu.clock.advance(ms),
    async create(server = {}, options = {}) {
      const body: Record<string, unknown> = {
        server: { name: "vm", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }], ...server },
      };
      if (options.hints) body["OS-SCH-HNT:scheduler_hints"] = options.hints;
      const res = await api("POST", "/servers", { ...options, token: options.token ?? demo, body });
      if (res.status !== 202) throw new Error(`create failed: ${res.status} ${res.text}`);
      return res.body.server;
    },
    async show(id, options = {}) {
      const res = await api("GET", `/servers/${id}`, options);
      if (res.status !== 200) throw new Error(`show failed: ${res.status} ${res.text}`);
      return res.body.server;
    },
    async active(server = {}, options = {}) {
      const created = await t.create(server, options);
      t.advance(BUILD_MS);
      return t.show(created.id);
    },
    async ports(serverId) {
      return (await net("GET", `/ports?device_id=${serverId}`)).body.ports;
    },
    refused: (status, method, path, options = {}) => expectRefused(t.fingerprint, status, () => api(method, path, options)),
  };
  return t;
}

/** The Nova envelope's fault name, code and message. */
export function fault(res: Call): { name: string; code: number; message: string } {
  const [name] = Object.keys(res.body ?? {});
  return { name, ...res.body?.[name] };
}
