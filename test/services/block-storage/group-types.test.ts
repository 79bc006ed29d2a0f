// Group types (3.11+) and their group specs: admins create, update, delete and set specs; members see the
// public ones without their specs; before 3.11 the routes are not there.

import { beforeEach, describe, expect, it } from "vitest";
import { bs, world, type World } from "./setup.js";

let w: World;
beforeEach(async () => {
  w = await world();
});

const V = "3.11";
const api = (method: string, path: string, options: { token?: string; body?: unknown; version?: string } = {}) =>
  bs(w, method, path, { token: w.admin, version: V, ...options });
const create = async (group_type: Record<string, unknown>) => {
  const res = await api("POST", "/group_types", { body: { group_type } });
  expect(res.status, res.text).toBe(202);
  return res.body.group_type;
};

describe("group types", () => {
  it("creates (202), shows, lists and updates a type; members see public ones without specs", async () => {
    const t = await create({ name: " grp ", description: "d", group_specs: { consistent_group_snapshot_enabled: "<is> True" } });
    expect(t).toEqual({ id: t.id, name: "grp", description: "d", is_public: true, group_specs: { consistent_group_snapshot_enabled: "<is> True" } });
    const hidden = await create({ name: "private", is_public: false });
    expect((await api("GET", `/group_types/${t.id}`)).body.group_type).toEqual(t);
    expect((await api("GET", `/group_types/${t.id}`, { token: w.demo })).body.group_type).toEqual({ id: t.id, name: "grp", description: "d", is_public: true });
    expect((await api("GET", `/group_types/${hidden.id}`, { token: w.demo })).status).toBe(404);
    expect((await api("GET", "/group_types", { token: w.demo })).body.group_types.map((x: any) => x.name)).toEqual(["grp"]);
    expect((await api("GET", "/group_types?is_public=None")).body.group_types.map((x: any) => x.name)).toEqual(["grp", "private"]);
    expect((await api("GET", "/group_types?is_public=false")).body.group_types.map((x: any) => x.name)).toEqual(["private"]);

    const updated = await api("PUT", `/group_types/${t.id}`, { body: { group_type: { name: "renamed", is_public: false } } });
    expect(updated.status).toBe(200);
    expect(updated.body.group_type).toMatchObject({ name: "renamed", is_public: false, description: "d" });
    expect((await api("DELETE", `/group_types/${t.id}`)).status).toBe(202);
    expect((await api("GET", `/group_types/${t.id}`)).status).toBe(404);
  });

  it("refuses a duplicate name (409), an empty update or name (400), members' writes (403), before 3.11 (404)", async () => {
    const t = await create({ name: "grp" });
    const dup = await api("POST", "/group_types", { body: { group_type: { name: "grp" } } });
    expect(dup.status).toBe(409);
    expect(dup.body.conflictingRequest.message).toBe("Group Type grp already exists.");
    expect((await api("PUT", `/group_types/${t.id}`, { body: { group_type: {} } })).body.badRequest.message).toBe("Specify group type name, description or a combination thereof.");
    expect((await api("PUT", `/group_types/${t.id}`, { body: { group_type: { name: "  " } } })).body.badRequest.message).toBe("Group type name can not be empty.");
    expect((await api("POST", "/group_types", { body: { group_type: { name: "x", extra: 1 } } })).status).toBe(400);
    expect((await api("POST", "/group_types", { token: w.demo, body: { group_type: { name: "x" } } })).status).toBe(403);
    expect((await api("GET", "/group_types", { version: "3.10" })).status).toBe(404);
    expect((await api("GET", "/group_types/default")).body.itemNotFound.message).toBe("Default group type can not be found.");
    expect((await api("DELETE", "/group_types/nope")).body.itemNotFound.message).toBe("Group type nope could not be found.");
    expect((await api("GET", "/group_types")).body.group_types).toEqual([expect.objectContaining({ name: "grp", group_specs: {} })]);
  });
});

describe("group specs", () => {
  it("sets (202), lists, shows, updates one key and deletes it (202)", async () => {
    const t = await create({ name: "grp" });
    const base = `/group_types/${t.id}/group_specs`;
    const set = await api("POST", base, { body: { group_specs: { a: "1", b: "2" } } });
    expect(set.status).toBe(202);
    expect(set.body).toEqual({ group_specs: { a: "1", b: "2" } });
    expect((await api("GET", base)).body).toEqual({ group_specs: { a: "1", b: "2" } });
    expect((await api("GET", `${base}/a`)).body).toEqual({ a: "1" });
    const put = await api("PUT", `${base}/a`, { body: { a: "9" } });
    expect([put.status, put.body]).toEqual([200, { a: "9" }]);
    expect((await api("PUT", `${base}/a`, { body: { b: "9" } })).body.badRequest.message).toBe("Request body and URI mismatch");
    expect((await api("DELETE", `${base}/a`)).status).toBe(202);
    expect((await api("GET", `${base}/a`)).status).toBe(404);
    expect((await api("DELETE", `${base}/a`)).body.itemNotFound.message).toBe(`Group Type ${t.id} has no specs with key a.`);
    expect((await api("GET", base, { token: w.demo })).status).toBe(403);
    expect((await api("GET", base)).body).toEqual({ group_specs: { b: "2" } });
  });
});
