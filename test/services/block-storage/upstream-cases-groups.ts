// Conformance cases for group types and their group specs (tempest's group_types client, at 3.11).

import { advance, type World } from "./setup.js";
import { del, get, post, put, type Case } from "./upstream-cases.js";

const V = "3.11";
let named = 0;

async function groupType(w: World): Promise<any> {
  const res = await post(w, "/group_types", { group_type: { name: `group-type-${++named}`, group_specs: { a: "b" } } }, w.admin, V);
  if (res.status !== 202) throw new Error(`group type: ${res.status} ${res.text}`);
  return res.body.group_type;
}

/** An available group of the caller's project, of a public group type and the default volume type. */
export async function group(w: World, token: string): Promise<any> {
  const type = await groupType(w);
  const res = await post(w, "/groups", { group: { name: "g", group_type: type.id, volume_types: ["__DEFAULT__"] } }, token, G);
  if (res.status !== 202) throw new Error(`group: ${res.status} ${res.text}`);
  await advance(w, 2);
  return res.body.group;
}

const G = "3.13";
const groupCases = (as: Case["as"], version: string): Case[] => [
  { schema: "groups.create_group", call: "POST /groups", version, as, run: async (w, t, v) => post(w, "/groups", { group: { name: "g", group_type: (await groupType(w)).id, volume_types: ["__DEFAULT__"] } }, t, v) },
  { schema: "groups.show_group", call: "GET /groups/{id}", version, as, run: async (w, t, v) => get(w, `/groups/${(await group(w, t)).id}`, t, v) },
  { schema: "groups.list_groups_no_detail", call: "GET /groups", version, as, run: async (w, t, v) => (await group(w, t), get(w, "/groups", t, v)) },
  { schema: "groups.list_groups_with_detail", call: "GET /groups/detail", version, as, run: async (w, t, v) => (await group(w, t), get(w, "/groups/detail", t, v)) },
  { schema: "groups.update_group", call: "PUT /groups/{id}", version, as, run: async (w, t, v) => put(w, `/groups/${(await group(w, t)).id}`, { group: { name: "new" } }, t, v) },
  { schema: "groups.delete_group", call: "POST /groups/{id}/action delete", version, as, run: async (w, t, v) => post(w, `/groups/${(await group(w, t)).id}/action`, { delete: { "delete-volumes": true } }, t, v) },
];

export const GROUP_CASES: Case[] = [
  ...groupCases("demo", G),
  ...groupCases("demo", "3.14"),
  ...groupCases("admin", "3.38"),
  {
    schema: "groups.reset_group_status",
    call: "POST /groups/{id}/action reset_status",
    version: "3.20",
    as: "admin",
    run: async (w, t, v) => post(w, `/groups/${(await group(w, t)).id}/action`, { reset_status: { status: "error" } }, t, v),
  },
  {
    schema: "groups.show_group",
    call: "GET /groups/{id}?list_volume=true",
    version: "3.25",
    as: "demo",
    run: async (w, t, v) => {
      const g = await group(w, t);
      await post(w, "/volumes", { volume: { size: 1, group_id: g.id } }, t, v);
      return get(w, `/groups/${g.id}?list_volume=true`, t, v);
    },
  },
  { schema: "group_types.create_group_type", call: "POST /group_types", version: V, as: "admin", run: (w, t, v) => post(w, "/group_types", { group_type: { name: "g", description: "d" } }, t, v) },
  { schema: "group_types.show_group_type", call: "GET /group_types/{id}", version: V, as: "admin", run: async (w, t, v) => get(w, `/group_types/${(await groupType(w)).id}`, t, v) },
  { schema: "group_types.show_group_type", call: "GET /group_types/{id}", version: V, as: "demo", run: async (w, t, v) => get(w, `/group_types/${(await groupType(w)).id}`, t, v) },
  { schema: "group_types.list_group_types", call: "GET /group_types", version: V, as: "admin", run: async (w, t, v) => (await groupType(w), get(w, "/group_types", t, v)) },
  { schema: "group_types.list_group_types", call: "GET /group_types", version: V, as: "demo", run: async (w, t, v) => (await groupType(w), get(w, "/group_types", t, v)) },
  {
    schema: "group_types.update_group_type",
    call: "PUT /group_types/{id}",
    version: V,
    as: "admin",
    run: async (w, t, v) => put(w, `/group_types/${(await groupType(w)).id}`, { group_type: { description: "new" } }, t, v),
  },
  { schema: "group_types.delete_group_type", call: "DELETE /group_types/{id}", version: V, as: "admin", run: async (w, t, v) => del(w, `/group_types/${(await groupType(w)).id}`, t, v) },
  {
    schema: "group_types.create_or_update_group_type_specs",
    call: "POST /group_types/{id}/group_specs",
    version: V,
    as: "admin",
    run: async (w, t, v) => post(w, `/group_types/${(await groupType(w)).id}/group_specs`, { group_specs: { c: "d" } }, t, v),
  },
  { schema: "group_types.list_group_type_specs", call: "GET /group_types/{id}/group_specs", version: V, as: "admin", run: async (w, t, v) => get(w, `/group_types/${(await groupType(w)).id}/group_specs`, t, v) },
  {
    schema: "group_types.show_group_type_specs_item",
    call: "GET /group_types/{id}/group_specs/{key}",
    version: V,
    as: "admin",
    run: async (w, t, v) => get(w, `/group_types/${(await groupType(w)).id}/group_specs/a`, t, v),
  },
  {
    schema: "group_types.update_group_type_specs_item",
    call: "PUT /group_types/{id}/group_specs/{key}",
    version: V,
    as: "admin",
    run: async (w, t, v) => put(w, `/group_types/${(await groupType(w)).id}/group_specs/a`, { a: "z" }, t, v),
  },

  {
    schema: "group_types.delete_group_type_specs_item",
    call: "DELETE /group_types/{id}/group_specs/{key}",
    version: V,
    as: "admin",
    run: async (w, t, v) => del(w, `/group_types/${(await groupType(w)).id}/group_specs/a`, t, v),
  },
];
