// Hosts of a segment through the HTTP API: create (201; the name must be a nova-compute host, unique
// across segments; booleans as Masakari's strings), list filters and paging, show (404 under another
// segment), update, delete (204), and 409 HostInUse while the segment has a notification in progress.

import { describe, expect, it } from "vitest";
import { fault } from "../../helpers/compute.js";
import { haApi } from "./setup.js";

const host = (fields: Record<string, unknown>) => ({ host: { name: "compute-1", type: "COMPUTE", control_attributes: "SSH", ...fields } });

describe("create", () => {
  it("answers 201 with the host and its segment; the CLI's string booleans are taken", async () => {
    const t = await haApi();
    const s = await t.segment();
    const res = await t.api("POST", `/segments/${s.uuid}/hosts`, { body: host({ reserved: "True", on_maintenance: "False" }) });
    expect(res.status, res.text).toBe(201);
    expect(res.body.host).toEqual({
      id: 1,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "compute-1",
      type: "COMPUTE",
      control_attributes: "SSH",
      reserved: true,
      on_maintenance: false,
      failover_segment_id: s.uuid,
      failover_segment: expect.objectContaining({ uuid: s.uuid, name: "seg-1" }),
      created_at: "2030-01-01T00:00:00.000000",
      updated_at: null,
      deleted: false,
      deleted_at: null,
    });
    expect(await t.events("instance-ha.host.created")).toEqual([
      expect.objectContaining({ payload: { id: res.body.host.uuid, name: "compute-1", segmentId: s.uuid } }),
    ]);
  });

  it("refuses a name that is no nova-compute host with 400", async () => {
    const t = await haApi();
    const s = await t.segment();
    const res = await t.refused(400, "POST", `/segments/${s.uuid}/hosts`, { body: host({ name: "compute-99" }) });
    expect(fault(res)).toEqual({ name: "badRequest", code: 400, message: "Compute service with name compute-99 could not be found." });
  });

  it("refuses a host already in a segment (this or another) with 409 HostExists", async () => {
    const t = await haApi();
    const s = await t.segment();
    const other = await t.segment({ name: "seg-2" });
    await t.host(s.uuid);
    for (const id of [s.uuid, other.uuid]) {
      const res = await t.refused(409, "POST", `/segments/${id}/hosts`, { body: host({}) });
      expect(fault(res).message).toBe("Host with name compute-1 already exists.");
    }
  });

  it.each([
    ["a missing name", { host: { type: "COMPUTE", control_attributes: "SSH" } }],
    ["a missing type", { host: { name: "compute-1", control_attributes: "SSH" } }],
    ["missing control_attributes", { host: { name: "compute-1", type: "COMPUTE" } }],
    ["reserved that is no boolean", host({ reserved: "maybe" })],
    ["on_maintenance as a number", host({ on_maintenance: 2 })],
    ["an unknown field", host({ failover_segment_id: "x" })],
    ["an empty type", host({ type: "" })],
  ])("refuses %s with 400", async (_, body) => {
    const t = await haApi();
    const s = await t.segment();
    await t.refused(400, "POST", `/segments/${s.uuid}/hosts`, { body });
  });

  it("refuses a host of an unknown segment with 404", async () => {
    const t = await haApi();
    const res = await t.refused(404, "POST", "/segments/nope/hosts", { body: host({}) });
    expect(fault(res).message).toBe("No failover segment with id nope.");
  });
});

describe("list and show", () => {
  async function world() {
    const t = await haApi();
    const s = await t.segment();
    const other = await t.segment({ name: "seg-2" });
    const h1 = await t.host(s.uuid);
    const h2 = await t.host(s.uuid, { name: "compute-2", reserved: true });
    const h3 = await t.host(other.uuid, { name: "compute-3", on_maintenance: true, type: "OTHER" });
    return { t, s, other, h1, h2, h3 };
  }
  const names = (res: { body: any }) => res.body.hosts.map((h: any) => h.name);

  it("lists the segment's hosts only, newest first, with filters", async () => {
    const { t, s, other } = await world();
    expect(names(await t.api("GET", `/segments/${s.uuid}/hosts`))).toEqual(["compute-2", "compute-1"]);
    expect(names(await t.api("GET", `/segments/${other.uuid}/hosts`))).toEqual(["compute-3"]);
    expect(names(await t.api("GET", `/segments/${s.uuid}/hosts?reserved=True`))).toEqual(["compute-2"]);
    expect(names(await t.api("GET", `/segments/${s.uuid}/hosts?reserved=False&on_maintenance=false`))).toEqual(["compute-1"]);
    expect(names(await t.api("GET", `/segments/${other.uuid}/hosts?type=OTHER&on_maintenance=True`))).toEqual(["compute-3"]);
    expect(names(await t.api("GET", `/segments/${s.uuid}/hosts?control_attributes=TLS`))).toEqual([]);
    expect((await t.api("GET", `/segments/${s.uuid}/hosts?reserved=sometimes`)).status).toBe(400);
    expect((await t.api("GET", "/segments/nope/hosts")).status).toBe(404);
  });

  it("sorts and pages (marker as uuid or integer id)", async () => {
    const { t, s, h2 } = await world();
    expect(names(await t.api("GET", `/segments/${s.uuid}/hosts?sort_key=name&sort_dir=asc`))).toEqual(["compute-1", "compute-2"]);
    expect(names(await t.api("GET", `/segments/${s.uuid}/hosts?limit=1`))).toEqual(["compute-2"]);
    expect(names(await t.api("GET", `/segments/${s.uuid}/hosts?limit=1&marker=${h2.id}`))).toEqual(["compute-1"]);
    expect(names(await t.api("GET", `/segments/${s.uuid}/hosts?limit=1&marker=${h2.uuid}`))).toEqual(["compute-1"]);
    expect((await t.api("GET", `/segments/${s.uuid}/hosts?marker=77`)).status).toBe(400);
  });

  it("shows a host; 404 for an unknown one or one under another segment", async () => {
    const { t, s, other, h1 } = await world();
    expect((await t.api("GET", `/segments/${s.uuid}/hosts/${h1.uuid}`)).body.host.name).toBe("compute-1");
    const missing = await t.api("GET", `/segments/${s.uuid}/hosts/not-a-host`);
    expect(fault(missing)).toEqual({ name: "itemNotFound", code: 404, message: "No host with id not-a-host." });
    const elsewhere = await t.api("GET", `/segments/${other.uuid}/hosts/${h1.uuid}`);
    expect(elsewhere.status).toBe(404);
    expect(fault(elsewhere).message).toBe(`Host '${h1.uuid}' under failover_segment '${other.uuid}' could not be found.`);
  });
});

describe("update and delete", () => {
  it("updates the fields given; a new name must be a free compute host", async () => {
    const t = await haApi();
    const s = await t.segment();
    const h = await t.host(s.uuid);
    await t.host(s.uuid, { name: "compute-2" });
    t.advance(2000);
    const res = await t.api("PUT", `/segments/${s.uuid}/hosts/${h.uuid}`, { body: { host: { on_maintenance: "True", name: "compute-3", control_attributes: "TLS" } } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.host).toMatchObject({ name: "compute-3", on_maintenance: true, control_attributes: "TLS", updated_at: "2030-01-01T00:00:02.000000" });
    await t.refused(400, "PUT", `/segments/${s.uuid}/hosts/${h.uuid}`, { body: { host: { name: "compute-42" } } });
    await t.refused(409, "PUT", `/segments/${s.uuid}/hosts/${h.uuid}`, { body: { host: { name: "compute-2" } } });
    await t.refused(400, "PUT", `/segments/${s.uuid}/hosts/${h.uuid}`, { body: { host: {} } });
    await t.refused(404, "PUT", `/segments/${s.uuid}/hosts/nope`, { body: { host: { reserved: true } } });
    // compute-1 is free again after the rename
    expect((await t.host(s.uuid)).name).toBe("compute-1");
  });

  it("deletes (204); a second delete is 404", async () => {
    const t = await haApi();
    const s = await t.segment();
    const h = await t.host(s.uuid);
    expect((await t.api("DELETE", `/segments/${s.uuid}/hosts/${h.uuid}`)).status).toBe(204);
    expect((await t.api("GET", `/segments/${s.uuid}/hosts`)).body.hosts).toEqual([]);
    await t.refused(404, "DELETE", `/segments/${s.uuid}/hosts/${h.uuid}`);
  });

  it("refuses update and delete with 409 HostInUse while a notification of the segment is new", async () => {
    const t = await haApi();
    const s = await t.segment();
    await t.host(s.uuid);
    const spare = await t.host(s.uuid, { name: "compute-2", reserved: true });
    expect((await t.notify()).status).toBe(202);
    const update = await t.refused(409, "PUT", `/segments/${s.uuid}/hosts/${spare.uuid}`, { body: { host: { reserved: false } } });
    expect(fault(update)).toEqual({ name: "conflictingRequest", code: 409, message: `Host ${spare.uuid} can't be updated as it is in-use to process notifications.` });
    const del = await t.refused(409, "DELETE", `/segments/${s.uuid}/hosts/${spare.uuid}`);
    expect(fault(del).message).toBe(`Host ${spare.uuid} can't be deleted as it is in-use to process notifications.`);
  });
});
