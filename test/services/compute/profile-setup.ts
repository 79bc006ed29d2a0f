// The compute-apis tests' harness: a default-world emulator in the `spec` or `upstream` profile (every
// service is made with it), admin and demo tokens, calls below /compute/v2.1 at a microversion, and the
// state a refusal must keep.

import { call, login, testEmulator, type Call } from "../../helpers/emulator.js";
import { expectRefused } from "../../helpers/refused.js";
import { CIRROS } from "../../helpers/compute.js";

export { CIRROS };
export type Profile = "spec" | "upstream";

export interface Options {
  token?: string | null;
  body?: unknown;
  version?: string;
}

export interface ProfileApi {
  emu: ReturnType<typeof testEmulator>;
  admin: string;
  demo: string;
  demoProject: string;
  adminProject: string;
  privateNet: string;
  api(method: string, path: string, options?: Options): Promise<Call>;
  net(method: string, path: string, options?: Options): Promise<Call>;
  refused(status: number, method: string, path: string, options?: Options): Promise<Call>;
  fingerprint(): string;
}

export async function profileApi(profile: Profile = "spec", seed?: Record<string, unknown>): Promise<ProfileApi> {
  const emu = testEmulator({ profile, ...(seed ? { seed } : {}) });
  const admin = await login(emu);
  const demo = await login(emu, "demo");
  const request = (prefix: string) => (method: string, path: string, o: Options = {}) =>
    call(emu, method, `${prefix}${path}`, {
      token: o.token === null ? undefined : (o.token ?? admin),
      body: o.body,
      headers: o.version ? { "OpenStack-API-Version": `compute ${o.version}` } : {},
    });
  const api = request("/compute/v2.1");
  const net = request("/networking/v2.0");
  const projectOf = async (token: string) =>
    (await call(emu, "GET", "/identity/v3/auth/tokens", { token: admin, headers: { "X-Subject-Token": token } })).body.token.project.id as string;
  const fingerprint = () => JSON.stringify([emu.kernel.store.state.compute, emu.kernel.store.state.networking]);
  return {
    emu,
    admin,
    demo,
    demoProject: await projectOf(demo),
    adminProject: await projectOf(admin),
    privateNet: (await net("GET", "/networks?name=private")).body.networks[0].id,
    api,
    net,
    fingerprint,
    refused: (status, method, path, o = {}) => expectRefused(fingerprint, status, () => api(method, path, o)),
  };
}

/** The Nova envelope's fault name and message. */
export function fault(res: Call): { name: string; code: number; message: string } {
  const [name] = Object.keys(res.body ?? {});
  return { name, ...res.body?.[name] };
}
