// Conformance cases for volume transfers: tempest's base client at /os-volume-transfer (no microversion) and
// its 3.55 and 3.57 clients at /volume-transfers, each call with the body tempest's client sends.

import type { World } from "./setup.js";
import { del, get, post, volume, type Case } from "./upstream-cases.js";

async function transfer(w: World, t: string, base: string, version?: string): Promise<any> {
  const v = await volume(w, t);
  const res = await post(w, base, { transfer: { volume_id: v.id, name: "t" } }, t, version);
  if (res.status !== 202) throw new Error(`transfer: ${res.status} ${res.text}`);
  return res.body.transfer;
}

const CLIENTS: Array<[module: string, base: string, version?: string]> = [
  ["transfers", "/os-volume-transfer"],
  ["v3_55/transfers", "/volume-transfers", "3.55"],
  ["v3_57/transfers", "/volume-transfers", "3.57"],
];

export const TRANSFER_CASES: Case[] = CLIENTS.flatMap(([module, base, version]): Case[] => [
  {
    schema: `${module}.create_volume_transfer`,
    call: `POST ${base}`,
    version,
    as: "demo",
    run: async (w, t, v) => post(w, base, { transfer: { volume_id: (await volume(w, t)).id, name: "t" } }, t, v),
  },
  { schema: `${module}.show_volume_transfer`, call: `GET ${base}/{id}`, version, as: "demo", run: async (w, t, v) => get(w, `${base}/${(await transfer(w, t, base, v)).id}`, t, v) },
  { schema: `${module}.list_volume_transfers_no_detail`, call: `GET ${base}`, version, as: "demo", run: async (w, t, v) => (await transfer(w, t, base, v), get(w, base, t, v)) },
  { schema: `${module}.list_volume_transfers_with_detail`, call: `GET ${base}/detail`, version, as: "demo", run: async (w, t, v) => (await transfer(w, t, base, v), get(w, `${base}/detail`, t, v)) },
  { schema: `${module}.delete_volume_transfer`, call: `DELETE ${base}/{id}`, version, as: "demo", run: async (w, t, v) => del(w, `${base}/${(await transfer(w, t, base, v)).id}`, t, v) },
  {
    schema: `${module}.accept_volume_transfer`,
    call: `POST ${base}/{id}/accept`,
    version,
    as: "admin",
    run: async (w, t, v) => {
      const made = await transfer(w, w.demo, base, v);
      return post(w, `${base}/${made.id}/accept`, { accept: { auth_key: made.auth_key } }, t, v);
    },
  },
]);
