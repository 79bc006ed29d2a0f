// Shared by the networks, subnets and quotas tests: a fresh default world (the `spec` profile unless told
// otherwise) with admin and demo tokens, calls below /networking (as admin unless told otherwise), the
// project ids, and a fingerprint of the networking slice to show that a rejected request changed nothing.

import { call, login, testEmulator, type Call } from "../../helpers/emulator.js";

export interface NetApi {
  emu: ReturnType<typeof testEmulator>;
  /** admin on project admin */
  admin: string;
  /** demo, member on project demo */
  demo: string;
  adminProject: string;
  demoProject: string;
  /** a call below /networking, as admin unless another token (or none: null) is given */
  api(method: string, path: string, options?: { token?: string | null; body?: unknown; raw?: string }): Promise<Call>;
  /** the networking slice as JSON: equal before and after a request that changed nothing */
  fingerprint(): string;
  /** POST a network (201 expected) and return it */
  network(body?: Record<string, unknown>, token?: string): Promise<any>;
  /** POST a subnet (201 expected) and return it */
  subnet(body: Record<string, unknown>, token?: string): Promise<any>;
}

export async function netApi(options: { profile?: "spec" | "upstream" } = {}): Promise<NetApi> {
  const emu = testEmulator(options);
  const admin = await login(emu);
  const demo = await login(emu, "demo");
  const api: NetApi["api"] = (method, path, options = {}) => {
    const token = options.token === null ? undefined : (options.token ?? admin);
    return call(emu, method, `/networking${path}`, { token, body: options.body, raw: options.raw });
  };
  const projectOf = async (token: string) => {
    const res = await call(emu, "GET", "/identity/v3/auth/tokens", { token: admin, headers: { "X-Subject-Token": token } });
    return res.body.token.project.id as string;
  };
  const created = async (res: Call, key: string) => {
    if (res.status !== 201) throw new Error(`create ${key} failed: ${res.status} ${res.text}`);
    return res.body[key];
  };
  return {
    emu,
    admin,
    demo,
    adminProject: await projectOf(admin),
    demoProject: await projectOf(demo),
    api,
    fingerprint: () => JSON.stringify(emu.kernel.store.state.networking),
    network: async (body = {}, token = admin) => created(await api("POST", "/v2.0/networks", { token, body: { network: body } }), "network"),
    subnet: async (body, token = admin) => created(await api("POST", "/v2.0/subnets", { token, body: { subnet: { ip_version: 4, ...body } } }), "subnet"),
  };
}

/** The NeutronError envelope of a failed call. */
export function neutronError(res: Call): { type: string; message: string; detail: string } {
  return res.body?.NeutronError;
}
