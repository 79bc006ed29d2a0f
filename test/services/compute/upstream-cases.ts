// The shape of one compute conformance case (upstream-schemas.test.ts): the tempest schema a compute client
// method validates with at the microversion sent, the call it checks, and how to reach it through the HTTP
// API; the world the cases run in (either profile) and the set-ups they share (an ACTIVE server, a volume).

import { call, login, testEmulator, type Call } from "../../helpers/emulator.js";
import { CIRROS } from "../../helpers/compute.js";

export { CIRROS };
export type Profile = "spec" | "upstream";

export interface Case {
  /** tempest's module under api_schema/response/compute and the schema's name: `v2_57/servers.get_server` */
  schema: string;
  /** what is checked, for the test's name: `GET /servers/{id}` */
  call: string;
  /** the microversion sent; none means 2.1, as tempest's tests send none unless they need one */
  version?: string;
  /** who calls: the demo project's member (tempest's primary credentials) or an admin */
  as: "demo" | "admin";
  /** the profiles the case runs in (both unless told); a case kept out of one says why in `departure` */
  profiles?: Profile[];
  run: (w: World, token: string, version?: string) => Promise<Call>;
}

export interface World {
  emu: ReturnType<typeof testEmulator>;
  admin: string;
  demo: string;
  demoProject: string;
  privateNet: string;
}

export async function world(profile: Profile): Promise<World> {
  const emu = testEmulator({ profile });
  const admin = await login(emu);
  const demo = await login(emu, "demo");
  const me = await call(emu, "GET", "/identity/v3/auth/tokens", { token: admin, headers: { "X-Subject-Token": demo } });
  const nets = await call(emu, "GET", "/networking/v2.0/networks?name=private", { token: admin });
  return { emu, admin, demo, demoProject: me.body.token.project.id, privateNet: nets.body.networks[0].id };
}

export const tokenOf = (w: World, as: Case["as"]) => (as === "admin" ? w.admin : w.demo);
export const advance = (w: World, seconds: number) => w.emu.clock.advance(seconds * 1000);

/** A call below /compute/v2.1 at a microversion (none: 2.1). */
export function nova(w: World, method: string, path: string, token: string, version?: string, body?: unknown): Promise<Call> {
  const headers: Record<string, string> = version ? { "OpenStack-API-Version": `compute ${version}` } : {};
  return call(w.emu, method, `/compute/v2.1${path}`, { token, body, headers });
}

export const get = (w: World, path: string, token: string, version?: string) => nova(w, "GET", path, token, version);
export const post = (w: World, path: string, body: unknown, token: string, version?: string) => nova(w, "POST", path, token, version, body);
export const put = (w: World, path: string, body: unknown, token: string, version?: string) => nova(w, "PUT", path, token, version, body);
export const del = (w: World, path: string, token: string, version?: string) => nova(w, "DELETE", path, token, version);
export const act = (w: World, id: string, body: unknown, token: string, version?: string) => post(w, `/servers/${id}/action`, body, token, version);

/** An ACTIVE server of `token`'s project on `private`, with metadata; its id. */
export async function server(w: World, token: string, extra: Record<string, unknown> = {}): Promise<string> {
  const body = { server: { name: "vm", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: w.privateNet }], metadata: { k: "v" }, ...extra } };
  const res = await post(w, "/servers", body, token);
  if (res.status !== 202) throw new Error(`create server: ${res.status} ${res.text}`);
  advance(w, 10);
  return res.body.server.id;
}

/** An available volume of `token`'s project, from block storage; its id. */
export async function volume(w: World, token: string): Promise<string> {
  const res = await call(w.emu, "POST", "/volume/v3/volumes", { token, body: { volume: { size: 1 } } });
  if (res.status !== 202) throw new Error(`create volume: ${res.status} ${res.text}`);
  advance(w, 5);
  return res.body.volume.id;
}

/** A server with a volume attached; [server, volume]. */
export async function attached(w: World, token: string): Promise<[string, string]> {
  const id = await server(w, token);
  const v = await volume(w, token);
  const res = await post(w, `/servers/${id}/os-volume_attachments`, { volumeAttachment: { volumeId: v } }, token);
  if (res.status !== 200) throw new Error(`attach: ${res.status} ${res.text}`);
  advance(w, 5);
  return [id, v];
}

// Each tempest compute client's schema_versions_info: [the first microversion of a range, its module]
const RANGES: Record<string, [number, string][]> = {
  servers: [[1, "v2_1"], [3, "v2_3"], [6, "v2_6"], [8, "v2_8"], [9, "v2_9"], [16, "v2_16"], [19, "v2_19"], [26, "v2_26"], [45, "v2_45"],
    [47, "v2_47"], [48, "v2_48"], [51, "v2_51"], [54, "v2_54"], [57, "v2_57"], [58, "v2_58"], [62, "v2_62"], [63, "v2_63"], [70, "v2_70"],
    [71, "v2_71"], [73, "v2_73"], [75, "v2_75"], [79, "v2_79"], [80, "v2_80"], [84, "v2_84"], [89, "v2_89"], [96, "v2_96"]],
  flavors: [[1, "v2_1"], [55, "v2_55"], [61, "v2_61"]],
  hypervisors: [[1, "v2_1"], [28, "v2_28"], [33, "v2_33"], [53, "v2_53"]],
  images: [[1, "v2_1"], [45, "v2_45"]],
  interfaces: [[1, "v2_1"], [70, "v2_70"]],
  keypairs: [[1, "v2_1"], [2, "v2_2"]],
  limits: [[1, "v2_1"], [36, "v2_36"], [39, "v2_39"], [57, "v2_57"]],
  migrations: [[1, "v2_1"], [23, "v2_23"], [59, "v2_59"]],
  quota_classes: [[1, "v2_1"], [50, "v2_50"], [57, "v2_57"]],
  quotas: [[1, "v2_1"], [36, "v2_36"], [57, "v2_57"]],
  server_groups: [[1, "v2_1"], [13, "v2_13"], [64, "v2_64"]],
  services: [[1, "v2_1"], [11, "v2_11"], [53, "v2_53"]],
  aggregates: [[1, "v2_1"], [41, "v2_41"]],
};

/** The module tempest's client for `base` validates with at `version` (none: 2.1): `v2_57/servers`. */
export function moduleAt(base: string, version?: string): string {
  const minor = version ? Number(version.split(".")[1]) : 1;
  const ranges = RANGES[base] ?? [[1, "v2_1"]];
  const found = ranges.filter(([from]) => from <= minor).at(-1)!;
  return `${found[1]}/${base}`;
}

/** Every microversion where one of `base`'s ranges starts. */
export const rangeStarts = (base: string): string[] => (RANGES[base] ?? [[1, "v2_1"]]).map(([m]) => `2.${m}`);
