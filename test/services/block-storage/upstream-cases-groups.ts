// Conformance cases for group types and their group specs (tempest's group_types client, at 3.11).

import type { World } from "./setup.js";
import { del, get, post, put, type Case } from "./upstream-cases.js";

const V = "3.11";
let named = 0;

async function groupType(w: World): Promise<any> {
  const res = await post(w, "/group_types", { group_type: { name: `group-type-${++named}`, group_specs: { a: "b" } } }, w.admin, V);
  if (res.status !== 202) throw new Error(`group type: ${res.status} ${res.text}`);
  return res.body.group_type;
}

export const GROUP_CASES: Case[] = [
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
