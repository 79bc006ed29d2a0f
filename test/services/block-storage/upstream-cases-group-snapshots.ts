// Conformance cases for group snapshots and groups from a source (tempest's group_snapshots and groups
// clients, 3.14 on; 3.29 pages the lists), and user messages (its messages client, 3.3 on).

import { advance, type World } from "./setup.js";
import { call } from "../../helpers/emulator.js";
import { del, get, post, type Case } from "./upstream-cases.js";
import { group } from "./upstream-cases-groups.js";

/** An available group snapshot of an available group with one volume, as `token`. */
async function groupSnapshot(w: World, token: string, v: string | undefined): Promise<any> {
  const g = await group(w, token);
  await post(w, "/volumes", { volume: { size: 1, group_id: g.id } }, token, v);
  await advance(w, 2);
  const res = await post(w, "/group_snapshots", { group_snapshot: { group_id: g.id, name: "gs" } }, token, v);
  if (res.status !== 202) throw new Error(`group snapshot: ${res.status} ${res.text}`);
  await advance(w, 2);
  return res.body.group_snapshot;
}

const cases = (as: Case["as"], version: string): Case[] => [
  { schema: "group_snapshots.create_group_snapshot", call: "POST /group_snapshots", version, as, run: async (w, t, v) => post(w, "/group_snapshots", { group_snapshot: { group_id: (await group(w, t)).id, name: "gs" } }, t, v) },
  { schema: "group_snapshots.show_group_snapshot", call: "GET /group_snapshots/{id}", version, as, run: async (w, t, v) => get(w, `/group_snapshots/${(await groupSnapshot(w, t, v)).id}`, t, v) },
  { schema: "group_snapshots.list_group_snapshots_no_detail", call: "GET /group_snapshots", version, as, run: async (w, t, v) => (await groupSnapshot(w, t, v), get(w, "/group_snapshots", t, v)) },
  { schema: "group_snapshots.list_group_snapshots_with_detail", call: "GET /group_snapshots/detail", version, as, run: async (w, t, v) => (await groupSnapshot(w, t, v), get(w, "/group_snapshots/detail", t, v)) },
  { schema: "group_snapshots.delete_group_snapshot", call: "DELETE /group_snapshots/{id}", version, as, run: async (w, t, v) => del(w, `/group_snapshots/${(await groupSnapshot(w, t, v)).id}`, t, v) },
  {
    schema: "groups.create_group_from_source",
    call: "POST /groups/action create-from-src (group snapshot)",
    version,
    as,
    run: async (w, t, v) => post(w, "/groups/action", { "create-from-src": { group_snapshot_id: (await groupSnapshot(w, t, v)).id, name: "copy" } }, t, v),
  },
  {
    schema: "groups.create_group_from_source",
    call: "POST /groups/action create-from-src (group)",
    version,
    as,
    run: async (w, t, v) => {
      const g = await group(w, t);
      await post(w, "/volumes", { volume: { size: 1, group_id: g.id } }, t, v);
      await advance(w, 2);
      return post(w, "/groups/action", { "create-from-src": { source_group_id: g.id, name: "copy" } }, t, v);
    },
  },
];

export const GROUP_SNAPSHOT_CASES: Case[] = [
  ...cases("demo", "3.14"),
  ...cases("demo", "3.29"),
  ...cases("admin", "3.29"),
  {
    schema: "group_snapshots.reset_group_snapshot_status",
    call: "POST /group_snapshots/{id}/action reset_status",
    version: "3.19",
    as: "admin",
    run: async (w, t, v) => post(w, `/group_snapshots/${(await groupSnapshot(w, t, v)).id}/action`, { reset_status: { status: "error" } }, t, v),
  },
];

/** A user message of the demo project: a volume create failed by a fault rule. */
async function message(w: World, v: string | undefined): Promise<any> {
  await call(w.emu, "POST", "/_emulator/faults", { body: { operation: "block-storage.volume.creating", effect: { type: "error", status: 500 }, times: 1 } });
  await post(w, "/volumes", { volume: { size: 1 } }, w.demo, v);
  await advance(w, 2);
  return (await get(w, "/messages", w.demo, v)).body.messages[0];
}

const messageCases = (as: Case["as"], version: string): Case[] => [
  { schema: "messages.show_message", call: "GET /messages/{id}", version, as, run: async (w, t, v) => get(w, `/messages/${(await message(w, v)).id}`, t, v) },
  { schema: "messages.list_messages", call: "GET /messages", version, as, run: async (w, t, v) => (await message(w, v), get(w, "/messages", t, v)) },
  { schema: "messages.delete_message", call: "DELETE /messages/{id}", version, as, run: async (w, t, v) => del(w, `/messages/${(await message(w, v)).id}`, t, v) },
];

export const MESSAGE_CASES: Case[] = [...messageCases("demo", "3.3"), ...messageCases("demo", "3.5"), ...messageCases("admin", "3.5")];
