// The shape of one conformance case (upstream-schemas.test.ts): the tempest schema a client method validates
// with, the call it checks, and how to reach that call through the HTTP API; plus the small set-ups cases
// share (an available volume, a snapshot, a backup, a type, a QoS spec).

import type { Call } from "../../helpers/emulator.js";
import { advance, availableVolume, bs, type World } from "./setup.js";

export interface Case {
  /** tempest's module under api_schema/response/volume and the schema's name: `v3_61/volumes.show_volume` */
  schema: string;
  /** what is checked, for the test's name: `GET /volumes/{id}` */
  call: string;
  /** the microversion sent; none means 3.0, as tempest's tests send none unless they need one */
  version?: string;
  /** who calls: the project's member (tempest's primary credentials) or an admin */
  as: "demo" | "admin";
  run: (w: World, token: string, version?: string) => Promise<Call>;
}

export const SERVER = "11111111-2222-3333-4444-555555555555";

/** The admin's and the member's token of the world, by the case's `as`. */
export const tokenOf = (w: World, as: Case["as"]) => (as === "admin" ? w.admin : w.demo);

export const post = (w: World, path: string, body: unknown, token: string, version?: string) => bs(w, "POST", path, { body, token, version });
export const put = (w: World, path: string, body: unknown, token: string, version?: string) => bs(w, "PUT", path, { body, token, version });
export const get = (w: World, path: string, token: string, version?: string) => bs(w, "GET", path, { token, version });
export const del = (w: World, path: string, token: string, version?: string) => bs(w, "DELETE", path, { token, version });
export const act = (w: World, id: string, body: unknown, token: string, version?: string) => post(w, `/volumes/${id}/action`, body, token, version);

/** A volume owned by `token`'s project, available, with a metadata key. */
export const volume = (w: World, token: string) => availableVolume(w, { name: "v", metadata: { k: "v" } }, token);

export async function snapshot(w: World, token: string): Promise<any> {
  const v = await volume(w, token);
  const res = await post(w, "/snapshots", { snapshot: { volume_id: v.id, name: "s", metadata: { k: "v" } } }, token);
  if (res.status !== 202) throw new Error(`snapshot: ${res.status} ${res.text}`);
  await advance(w, 2);
  return res.body.snapshot;
}

export async function backup(w: World, token: string): Promise<any> {
  const v = await volume(w, token);
  const res = await post(w, "/backups", { backup: { volume_id: v.id, name: "b" } }, token);
  if (res.status !== 202) throw new Error(`backup: ${res.status} ${res.text}`);
  await advance(w, 30);
  return res.body.backup;
}

let named = 0;
const unique = (prefix: string) => `${prefix}-${++named}`;

export async function volumeType(w: World, extra: Record<string, unknown> = {}): Promise<any> {
  const res = await post(w, "/types", { volume_type: { name: unique("type"), extra_specs: { a: "b" }, ...extra } }, w.admin);
  if (res.status !== 200) throw new Error(`type: ${res.status} ${res.text}`);
  return res.body.volume_type;
}

export async function qosSpec(w: World): Promise<any> {
  const res = await post(w, "/qos-specs", { qos_specs: { name: unique("qos"), read_iops_sec: "100" } }, w.admin);
  if (res.status !== 200) throw new Error(`qos: ${res.status} ${res.text}`);
  return res.body.qos_specs;
}
