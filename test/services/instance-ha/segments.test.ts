// Failover segments through the HTTP API: create (201) with every field rule, `enabled` only from 1.2,
// duplicate names (409), list filters, sort and limit/marker (uuid or integer id), show, update, delete
// (204, its hosts with it), and 409 while a notification of its hosts is in progress. Refusals leave the
// state unchanged.

import { describe, expect, it } from "vitest";
import { fault } from "../../helpers/compute.js";
import { haApi } from "./setup.js";

const seg = (fields: Record<string, unknown>) => ({ segment: { name: "s", recovery_method: "auto", service_type: "COMPUTE", ...fields } });

describe("create", () => {
  it("answers 201 with Masakari's record; `enabled` shows from 1.2", async () => {
    const t = await haApi();
    const res = await t.api("POST", "/segments", { body: seg({ name: "seg-a", description: "rack A" }) });
    expect(res.status, res.text).toBe(201);
    expect(res.body.segment).toEqual({
      id: 1,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "seg-a",
      description: "rack A",
      recovery_method: "auto",
      service_type: "COMPUTE",
      created_at: "2030-01-01T00:00:00.000000",
      updated_at: null,
      deleted: false,
      deleted_at: null,
    });
    const shown = await t.api("GET", `/segments/${res.body.segment.uuid}`, { version: "1.2" });
    expect(shown.body.segment).toMatchObject({ enabled: true, description: "rack A" });
    const second = await t.api("POST", "/segments", { version: "1.2", body: seg({ name: "seg-b", enabled: false, recovery_method: "rh_priority" }) });
    expect(second.body.segment).toMatchObject({ id: 2, enabled: false, recovery_method: "rh_priority", description: null });
    expect(await t.events("instance-ha.segment.created")).toHaveLength(2);
  });

  it.each(["auto", "reserved_host", "auto_priority", "rh_priority"])("takes recovery_method %s", async (method) => {
    const t = await haApi();
    expect((await t.api("POST", "/segments", { body: seg({ recovery_method: method }) })).status).toBe(201);
  });

  it("accepts enabled as Masakari's boolean strings at 1.2", async () => {
    const t = await haApi();
    const res = await t.api("POST", "/segments", { version: "1.2", body: seg({ enabled: "False" }) });
    expect(res.status, res.text).toBe(201);
    expect(res.body.segment.enabled).toBe(false);
  });

  it.each([
    ["a missing name", { segment: { recovery_method: "auto", service_type: "COMPUTE" } }],
    ["a missing recovery_method", { segment: { name: "x", service_type: "COMPUTE" } }],
    ["a missing service_type", { segment: { name: "x", recovery_method: "auto" } }],
    ["an unknown recovery_method", seg({ recovery_method: "manual" })],
    ["an empty name", seg({ name: "" })],
    ["a name with a leading blank", seg({ name: " x" })],
    ["a 256-character name", seg({ name: "x".repeat(256) })],
    ["a 256-character description", seg({ description: "d".repeat(256) })],
    ["an unknown field", seg({ color: "red" })],
    ["enabled before 1.2", seg({ enabled: true })],
    ["a numeric name", seg({ name: 5 })],
    ["no segment key", { name: "x" }],
  ])("refuses %s with 400", async (_, body) => {
    const t = await haApi();
    const res = await t.refused(400, "POST", "/segments", { body });
    expect(fault(res).name).toBe("badRequest");
  });

  it("refuses enabled that is not a boolean at 1.2", async () => {
    const t = await haApi();
    await t.refused(400, "POST", "/segments", { version: "1.2", body: seg({ enabled: "maybe" }) });
  });

  it("refuses a duplicate name with 409", async () => {
    const t = await haApi();
    await t.segment({ name: "dup" });
    const res = await t.refused(409, "POST", "/segments", { body: seg({ name: "dup" }) });
    expect(fault(res)).toEqual({ name: "conflictingRequest", code: 409, message: "Failover segment with name dup already exists." });
  });
});

describe("list", () => {
  async function three() {
    const t = await haApi();
    const a = await t.segment({ name: "a", recovery_method: "auto" });
    t.advance(1000);
    const b = await t.segment({ name: "b", recovery_method: "reserved_host", enabled: false });
    t.advance(1000);
    const c = await t.segment({ name: "c", recovery_method: "auto", service_type: "OTHER" });
    return { t, a, b, c };
  }
  const names = (res: { body: any }) => res.body.segments.map((s: any) => s.name);

  it("lists newest first by default", async () => {
    const { t } = await three();
    const res = await t.api("GET", "/segments");
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(["c", "b", "a"]);
  });

  it("filters by recovery_method, service_type and (1.2) enabled", async () => {
    const { t } = await three();
    expect(names(await t.api("GET", "/segments?recovery_method=auto"))).toEqual(["c", "a"]);
    expect(names(await t.api("GET", "/segments?service_type=OTHER"))).toEqual(["c"]);
    expect(names(await t.api("GET", "/segments?enabled=False", { version: "1.2" }))).toEqual(["b"]);
    expect(names(await t.api("GET", "/segments?enabled=true", { version: "1.2" }))).toEqual(["c", "a"]);
    expect((await t.api("GET", "/segments?enabled=perhaps", { version: "1.2" })).status).toBe(400);
  });

  it("sorts by repeated sort_key/sort_dir", async () => {
    const { t } = await three();
    expect(names(await t.api("GET", "/segments?sort_key=name&sort_dir=asc"))).toEqual(["a", "b", "c"]);
    expect(names(await t.api("GET", "/segments?sort_key=created_at&sort_dir=asc"))).toEqual(["a", "b", "c"]);
    expect(names(await t.api("GET", "/segments?sort_dir=asc"))).toEqual(["a", "b", "c"]);
    expect(names(await t.api("GET", "/segments?sort_key=recovery_method&sort_key=name&sort_dir=asc&sort_dir=desc"))).toEqual(["c", "a", "b"]);
    expect((await t.api("GET", "/segments?sort_key=color")).status).toBe(400);
    expect((await t.api("GET", "/segments?sort_key=name&sort_dir=up")).status).toBe(400);
  });

  it("pages with limit and a marker given as the uuid or as the integer id (the SDK's)", async () => {
    const { t, b } = await three();
    expect(names(await t.api("GET", "/segments?limit=2"))).toEqual(["c", "b"]);
    expect(names(await t.api("GET", `/segments?limit=2&marker=${b.uuid}`))).toEqual(["a"]);
    expect(names(await t.api("GET", `/segments?limit=2&marker=${b.id}`))).toEqual(["a"]);
    expect(names(await t.api("GET", `/segments?limit=2&marker=1`))).toEqual([]);
    expect(names(await t.api("GET", `/segments?sort_key=name&sort_dir=asc&limit=1&marker=${b.id}`))).toEqual(["c"]);
    expect(names(await t.api("GET", "/segments?limit=0"))).toEqual([]);
  });

  it("refuses a bad limit or an unknown marker with 400", async () => {
    const { t } = await three();
    for (const q of ["limit=x", "limit=-1", "marker=nope", "marker=99"]) {
      const res = await t.api("GET", `/segments?${q}`);
      expect(res.status, q).toBe(400);
      expect(fault(res).name).toBe("badRequest");
    }
  });
});

describe("show, update, delete", () => {
  it("shows a segment; 404 itemNotFound for an unknown or non-uuid id", async () => {
    const t = await haApi();
    const s = await t.segment();
    expect((await t.api("GET", `/segments/${s.uuid}`)).body.segment.name).toBe("seg-1");
    const res = await t.api("GET", "/segments/not-a-uuid");
    expect(res.status).toBe(404);
    expect(fault(res)).toEqual({ name: "itemNotFound", code: 404, message: "No failover segment with id not-a-uuid." });
  });

  it("updates the fields given (200) and stamps updated_at", async () => {
    const t = await haApi();
    const s = await t.segment();
    t.advance(5000);
    const res = await t.api("PUT", `/segments/${s.uuid}`, {
      version: "1.2",
      body: { segment: { name: "renamed", enabled: false, recovery_method: "auto_priority", description: null } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.segment).toMatchObject({ name: "renamed", enabled: false, recovery_method: "auto_priority", updated_at: "2030-01-01T00:00:05.000000" });
    // the old name is free again
    expect((await t.api("POST", "/segments", { body: seg({ name: "seg-1" }) })).status).toBe(201);
  });

  it("refuses an empty update, an unknown field, a taken name and an unknown segment", async () => {
    const t = await haApi();
    const s = await t.segment();
    await t.segment({ name: "other" });
    await t.refused(400, "PUT", `/segments/${s.uuid}`, { body: { segment: {} } });
    await t.refused(400, "PUT", `/segments/${s.uuid}`, { body: { segment: { color: "red" } } });
    await t.refused(400, "PUT", `/segments/${s.uuid}`, { body: { segment: { enabled: false } } });
    await t.refused(409, "PUT", `/segments/${s.uuid}`, { body: { segment: { name: "other" } } });
    await t.refused(404, "PUT", "/segments/00000000-0000-4000-8000-000000000000", { body: { segment: { name: "z" } } });
  });

  it("deletes (204) with its hosts; the name and the host are free again", async () => {
    const t = await haApi();
    const s = await t.segment();
    await t.host(s.uuid);
    const res = await t.api("DELETE", `/segments/${s.uuid}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await t.api("GET", `/segments/${s.uuid}`)).status).toBe(404);
    const again = await t.segment();
    expect((await t.host(again.uuid)).name).toBe("compute-1");
    await t.refused(404, "DELETE", `/segments/${s.uuid}`);
    expect((await t.events("instance-ha.host.deleted")).map((e) => e.payload.name)).toEqual(["compute-1"]);
    expect(await t.events("instance-ha.segment.deleted")).toHaveLength(1);
  });

  it("refuses update and delete with 409 FailoverSegmentInUse while a notification of its hosts is new", async () => {
    const t = await haApi();
    const s = await t.segment();
    await t.host(s.uuid);
    expect((await t.notify()).status).toBe(202);
    const update = await t.refused(409, "PUT", `/segments/${s.uuid}`, { body: { segment: { name: "x" } } });
    expect(fault(update).message).toBe(`Failover segment ${s.uuid} can't be updated as it is in-use to process notifications.`);
    const del = await t.refused(409, "DELETE", `/segments/${s.uuid}`);
    expect(fault(del).message).toBe(`Failover segment (${s.uuid}) can't be deleted as it is in-use to process notifications.`);
  });
});
