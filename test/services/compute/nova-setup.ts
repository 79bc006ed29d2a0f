// Shared by the flavors, images, keypairs, zones, server groups, hosts, quotas, seed and host-failure tests:
// a fresh default world with admin and demo tokens, calls below /compute/v2.1 at a chosen microversion, the
// project and user ids, a fingerprint of the compute slice, and the events journal.

import { call, login, testEmulator, type Call } from "../../helpers/emulator.js";

export const CIRROS = "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11";

export interface Nova {
  emu: ReturnType<typeof testEmulator>;
  /** admin on project admin */
  admin: string;
  /** demo, member on project demo */
  demo: string;
  adminProject: string;
  demoProject: string;
  adminUser: string;
  demoUser: string;
  /** a call below /compute/v2.1, as admin unless another token (or none: null) is given; `mv` e.g. "2.53" */
  api(method: string, path: string, options?: { token?: string | null; body?: unknown; raw?: string; mv?: string; headers?: Record<string, string> }): Promise<Call>;
  /** the compute slice as JSON: equal before and after a request that changed nothing */
  fingerprint(): string;
  /** events of a type (or `compute.*`) from the control API */
  events(type: string): Promise<Array<{ type: string; payload: any }>>;
  /** POST /servers on demo's `private` network (202 expected); returns the server id */
  boot(name: string, options?: { token?: string; flavorRef?: string; group?: string; zone?: string }): Promise<string>;
  /** moves the virtual clock (builds finish) */
  advance(by: string): Promise<void>;
}

export async function novaApi(): Promise<Nova> {
  const emu = testEmulator();
  const admin = await login(emu);
  const demo = await login(emu, "demo");
  const whoami = async (token: string) => (await call(emu, "GET", "/identity/v3/auth/tokens", { token: admin, headers: { "X-Subject-Token": token } })).body.token;
  const a = await whoami(admin);
  const d = await whoami(demo);
  const net = (await call(emu, "GET", "/networking/v2.0/networks?name=private", { token: admin })).body.networks[0].id;
  return {
    emu,
    admin,
    demo,
    adminProject: a.project.id,
    demoProject: d.project.id,
    adminUser: a.user.id,
    demoUser: d.user.id,
    api: (method, path, options = {}) => {
      const token = options.token === null ? undefined : (options.token ?? admin);
      const headers = { ...(options.mv ? { "X-OpenStack-Nova-API-Version": options.mv } : {}), ...options.headers };
      return call(emu, method, `/compute/v2.1${path}`, { token, body: options.body, raw: options.raw, headers });
    },
    fingerprint: () => JSON.stringify(emu.kernel.store.state.compute),
    events: async (type) => (await call(emu, "GET", `/_emulator/events?type=${encodeURIComponent(type)}`)).body.events,
    boot: async (name, options = {}) => {
      const server: Record<string, unknown> = { name, flavorRef: options.flavorRef ?? "1", imageRef: CIRROS, networks: [{ uuid: net }] };
      if (options.zone) server.availability_zone = options.zone;
      const body = options.group ? { server, "OS-SCH-HNT:scheduler_hints": { group: options.group } } : { server };
      const res = await call(emu, "POST", "/compute/v2.1/servers", { token: options.token ?? demo, body });
      if (res.status !== 202) throw new Error(`boot ${name} failed: ${res.status} ${res.text}`);
      return res.body.server.id;
    },
    advance: async (by) => {
      await call(emu, "POST", "/_emulator/clock/advance", { body: { by } });
    },
  };
}

/** The Nova fault of a failed call: {name, code, message}. */
export function novaFault(res: Call): { name: string; code: number; message: string } {
  const [name, body] = Object.entries(res.body ?? {})[0] ?? ["", {}];
  return { name, ...(body as { code: number; message: string }) };
}
