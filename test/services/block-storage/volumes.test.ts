// Volumes over HTTP: create (blank, clone, from an image), the creating -> available step, show, list and
// detail with filters and paging, update, delete and its refusals (state unchanged), both path forms.

import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { advance, availableVolume, bs, createVolume, exported, world, type World } from "./setup.js";

const CIRROS = "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11";

let w: World;
beforeEach(async () => {
  w = await world();
});

describe("create", () => {
  it("answers 202 with the volume creating, and it becomes available after 2 virtual seconds", async () => {
    const v = await createVolume(w, { name: "data", description: "d", metadata: { k: "v" } });
    expect(v).toMatchObject({ name: "data", description: "d", status: "creating", size: 1, volume_type: "__DEFAULT__", availability_zone: "nova", metadata: { k: "v" }, bootable: "false", encrypted: false, attachments: [], multiattach: false });
    expect(v.created_at).toBe("2030-01-01T00:00:00.000000");
    // Cinder's extensions add the project (and for admins the host) to GETs only, not to the create answer
    expect(v).not.toHaveProperty("os-vol-tenant-attr:tenant_id");
    expect(v).not.toHaveProperty("os-vol-host-attr:host");
    await advance(w, 1.9);
    const creating = (await bs(w, "GET", `/volumes/${v.id}`)).body.volume;
    expect(creating.status).toBe("creating");
    expect(creating["os-vol-tenant-attr:tenant_id"]).toBe(w.demoProject);
    await advance(w, 0.1);
    const shown = (await bs(w, "GET", `/volumes/${v.id}`)).body.volume;
    expect(shown.status).toBe("available");
    expect(shown.updated_at).toBe("2030-01-01T00:00:02.000000");
  });

  it("serves the project-qualified path as well, with links naming the project", async () => {
    const res = await call(w.emu, "POST", `/volume/v3/${w.demoProject}/volumes`, { token: w.demo, body: { volume: { size: "2" } } });
    expect(res.status).toBe(202);
    expect(res.body.volume.size).toBe(2);
    expect(res.body.volume.links[0].href).toBe(`http://localhost/volume/v3/${w.demoProject}/volumes/${res.body.volume.id}`);
    expect((await call(w.emu, "GET", `/volume/v3/${w.demoProject}/volumes/${res.body.volume.id}`, { token: w.demo })).status).toBe(200);
  });

  it("accepts the body cinderclient sends: every key, null where unset", async () => {
    const body = { volume: { size: 1, consistencygroup_id: null, snapshot_id: null, name: "cli", description: null, volume_type: null, availability_zone: null, metadata: {}, imageRef: null, source_volid: null, backup_id: null } };
    const res = await bs(w, "POST", "/volumes", { body });
    expect(res.status).toBe(202);
    expect(res.body.volume.name).toBe("cli");
  });

  it("takes a type by name or id", async () => {
    const types = (await bs(w, "GET", "/types")).body.volume_types;
    const ssd = types.find((t: any) => t.name === "ssd");
    expect((await createVolume(w, { volume_type: "ssd" })).volume_type).toBe("ssd");
    expect((await createVolume(w, { volume_type: ssd.id })).volume_type).toBe("ssd");
  });

  it("from an image is bootable and carries the image's metadata (shown by GETs, not in the create answer)", async () => {
    const v = await createVolume(w, { imageRef: CIRROS, size: 1 });
    expect(v.bootable).toBe("true");
    expect(v).not.toHaveProperty("volume_image_metadata");
    const shown = (await bs(w, "GET", `/volumes/${v.id}`)).body.volume;
    expect(shown.volume_image_metadata).toMatchObject({ image_id: CIRROS, image_name: "cirros", disk_format: "qcow2" });
  });

  it("clones a volume: the size defaults to the source's and may not be smaller", async () => {
    const source = await availableVolume(w, { size: 3, volume_type: "ssd" });
    const clone = await createVolume(w, { source_volid: source.id, size: null });
    expect(clone).toMatchObject({ size: 3, source_volid: source.id, volume_type: "ssd" });
    const before = exported(w);
    const res = await bs(w, "POST", "/volumes", { body: { volume: { source_volid: source.id, size: 2 } } });
    expect(res.status).toBe(400);
    expect(res.body.badRequest.message).toMatch(/^Invalid input received: Volume size '2'GB cannot be smaller/);
    expect(exported(w)).toBe(before);
  });

  it.each([
    ["a size below 1", { size: 0 }, 400, "badRequest"],
    ["a size that is no integer", { size: "big" }, 400, "badRequest"],
    ["no size and no source", { size: null }, 400, "badRequest"],
    ["an unknown zone", { availability_zone: "mars" }, 400, "badRequest"],
    ["an unknown type", { volume_type: "gold" }, 404, "itemNotFound"],
    ["an unknown image", { imageRef: "00000000-0000-0000-0000-000000000000" }, 404, "itemNotFound"],
    ["an unknown source volume", { source_volid: "00000000-0000-0000-0000-000000000000" }, 404, "itemNotFound"],
    ["an unknown snapshot", { snapshot_id: "00000000-0000-0000-0000-000000000000" }, 404, "itemNotFound"],
    ["two sources", { imageRef: CIRROS, source_volid: "x" }, 400, "badRequest"],
  ])("refuses %s, changing nothing", async (_what, volume, status, fault) => {
    const before = exported(w);
    const res = await bs(w, "POST", "/volumes", { body: { volume: { size: 1, ...volume } } });
    expect(res.status).toBe(status);
    expect(Object.keys(res.body)).toEqual([fault]);
    expect(res.body[fault].code).toBe(status);
    expect(exported(w)).toBe(before);
  });

  it("names the zone in Cinder's words", async () => {
    const res = await bs(w, "POST", "/volumes", { body: { volume: { size: 1, availability_zone: "mars" } } });
    expect(res.body.badRequest.message).toBe("Availability zone 'mars' is invalid.");
  });

  it("hides another project's source volume as if it did not exist", async () => {
    const mine = await availableVolume(w, {}, w.admin);
    const res = await bs(w, "POST", "/volumes", { body: { volume: { size: 1, source_volid: mine.id } } });
    expect(res.status).toBe(404);
    expect(res.body.itemNotFound.message).toBe(`Volume ${mine.id} could not be found.`);
  });
});

describe("show and lists", () => {
  it("shows admins the host and migration fields", async () => {
    const v = await createVolume(w);
    const shown = (await bs(w, "GET", `/volumes/${v.id}`, { token: w.admin })).body.volume;
    expect(shown["os-vol-host-attr:host"]).toBe("skymock@lvmdriver-1#lvmdriver-1");
    expect(shown).toHaveProperty("migration_status", null);
  });

  it("404s another project's volume and an unknown one alike", async () => {
    const v = await createVolume(w, {}, w.admin);
    const res = await bs(w, "GET", `/volumes/${v.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ itemNotFound: { code: 404, message: `Volume ${v.id} could not be found.` } });
  });

  it("lists summaries and details, newest first, only the caller's project", async () => {
    const a = await createVolume(w, { name: "a" });
    const b = await createVolume(w, { name: "b" });
    await createVolume(w, { name: "theirs" }, w.admin);
    const list = (await bs(w, "GET", "/volumes")).body.volumes;
    expect(list.map((v: any) => v.name)).toEqual(["b", "a"]);
    expect(Object.keys(list[0]).sort()).toEqual(["id", "links", "name"]);
    const detail = (await bs(w, "GET", "/volumes/detail")).body.volumes;
    expect(detail.map((v: any) => v.id)).toEqual([b.id, a.id]);
    expect(detail[0].status).toBe("creating");
  });

  it("ignores all_tenants from a user (the CLI sends it on every lookup) and honours it for admins", async () => {
    await createVolume(w, { name: "demo-vol" });
    await createVolume(w, { name: "admin-vol" }, w.admin);
    const user = (await bs(w, "GET", "/volumes/detail?all_tenants=1&name=admin-vol")).body.volumes;
    expect(user).toEqual([]);
    const admin = (await bs(w, "GET", "/volumes/detail?all_tenants=True", { token: w.admin })).body.volumes;
    expect(admin.map((v: any) => v.name).sort()).toEqual(["admin-vol", "demo-vol"]);
    const own = (await bs(w, "GET", "/volumes/detail", { token: w.admin })).body.volumes;
    expect(own.map((v: any) => v.name)).toEqual(["admin-vol"]);
  });

  it("filters on name, status, bootable, zone and metadata", async () => {
    await createVolume(w, { name: "boot", imageRef: CIRROS });
    await advance(w, 2);
    await createVolume(w, { name: "tagged", metadata: { env: "prod", team: "a" } });
    const names = async (q: string) => (await bs(w, "GET", `/volumes/detail?${q}`)).body.volumes.map((v: any) => v.name);
    expect(await names("name=boot")).toEqual(["boot"]);
    expect(await names("status=creating")).toEqual(["tagged"]);
    expect(await names("bootable=true")).toEqual(["boot"]);
    expect(await names("availability_zone=nova")).toEqual(["tagged", "boot"]);
    expect(await names(`metadata=${encodeURIComponent("{'env': 'prod'}")}`)).toEqual(["tagged"]);
    expect(await names(`metadata=${encodeURIComponent('{"env":"dev"}')}`)).toEqual([]);
  });

  it("pages with limit and marker, with volumes_links while pages are full", async () => {
    const ids: string[] = [];
    for (const name of ["v1", "v2", "v3"]) ids.push((await createVolume(w, { name })).id);
    const first = await bs(w, "GET", "/volumes?limit=2");
    expect(first.body.volumes.map((v: any) => v.name)).toEqual(["v3", "v2"]);
    const next = new URL(first.body.volumes_links[0].href);
    expect(next.searchParams.get("marker")).toBe(ids[1]);
    const second = await bs(w, "GET", `/volumes?limit=2&marker=${ids[1]}`);
    expect(second.body.volumes.map((v: any) => v.name)).toEqual(["v1"]);
    expect(second.body).not.toHaveProperty("volumes_links");
  });

  it("sorts by the keys asked for", async () => {
    for (const [name, size] of [["b", 2], ["a", 3], ["c", 1]] as const) await createVolume(w, { name, size });
    const names = async (q: string) => (await bs(w, "GET", `/volumes/detail?${q}`)).body.volumes.map((v: any) => v.name);
    expect(await names("sort=name:asc")).toEqual(["a", "b", "c"]);
    expect(await names("sort_key=size&sort_dir=desc")).toEqual(["a", "b", "c"]);
    expect(await names("sort=created_at:asc")).toEqual(["b", "a", "c"]);
    expect((await bs(w, "GET", "/volumes?sort=colour:asc")).status).toBe(400);
  });

  it("404s a marker it does not list, another project's included", async () => {
    const theirs = await createVolume(w, {}, w.admin);
    const res = await bs(w, "GET", `/volumes?marker=${theirs.id}`);
    expect(res.status).toBe(404);
    expect(res.body.itemNotFound.message).toBe(`Marker ${theirs.id} could not be found.`);
  });

  it("counts with with_count from 3.45", async () => {
    await createVolume(w);
    await createVolume(w);
    expect((await bs(w, "GET", "/volumes?limit=1&with_count=true", { version: "3.45" })).body.count).toBe(2);
    expect((await bs(w, "GET", "/volumes?limit=1&with_count=true")).body).not.toHaveProperty("count");
  });

  it("refuses a limit that is no non-negative integer", async () => {
    expect((await bs(w, "GET", "/volumes?limit=x")).status).toBe(400);
    expect((await bs(w, "GET", "/volumes?limit=-1")).status).toBe(400);
  });
});

describe("update", () => {
  it("changes name, description and metadata, and takes the v1 names the CLI sends", async () => {
    const v = await createVolume(w, { name: "old", metadata: { a: "1" } });
    const res = await bs(w, "PUT", `/volumes/${v.id}`, { body: { volume: { name: "new", description: "desc", metadata: { b: "2" } } } });
    expect(res.status).toBe(200);
    expect(res.body.volume).toMatchObject({ name: "new", description: "desc", metadata: { b: "2" } });
    const cli = await bs(w, "PUT", `/volumes/${v.id}`, { body: { volume: { display_name: "cli-name", display_description: "cli-desc" } } });
    expect(cli.body.volume).toMatchObject({ name: "cli-name", description: "cli-desc" });
  });

  it("refuses another project's volume and a bad body, changing nothing", async () => {
    const v = await createVolume(w, {}, w.admin);
    const before = exported(w);
    expect((await bs(w, "PUT", `/volumes/${v.id}`, { body: { volume: { name: "x" } } })).status).toBe(404);
    expect((await bs(w, "PUT", `/volumes/${v.id}`, { token: w.admin, body: { volume: { name: 5 } } })).status).toBe(400);
    expect(exported(w)).toBe(before);
  });
});

describe("delete", () => {
  it("answers 202, the volume is deleting, then gone after 2 virtual seconds", async () => {
    const v = await availableVolume(w);
    const res = await bs(w, "DELETE", `/volumes/${v.id}`);
    expect(res.status).toBe(202);
    expect((await bs(w, "GET", `/volumes/${v.id}`)).body.volume.status).toBe("deleting");
    await advance(w, 2);
    expect((await bs(w, "GET", `/volumes/${v.id}`)).status).toBe(404);
  });

  it.each(["creating", "in-use"])("refuses a volume %s with Cinder's message, changing nothing", async (status) => {
    const v = status === "creating" ? await createVolume(w) : await availableVolume(w);
    if (status === "in-use") {
      await bs(w, "POST", `/volumes/${v.id}/action`, { body: { "os-attach": { instance_uuid: "11111111-1111-1111-1111-111111111111", mountpoint: "/dev/vdb" } } });
    }
    const before = exported(w);
    const res = await bs(w, "DELETE", `/volumes/${v.id}`);
    expect(res.status).toBe(409);
    expect(res.body.conflictingRequest.message).toBe(
      "Invalid volume: Volume status must be available, error, error_restoring, error_extending or error_managing and must not be migrating, attached, belong to a group, have snapshots, awaiting a transfer, or be disassociated from snapshots after volume transfer.",
    );
    expect(exported(w)).toBe(before);
  });

  it("404s another project's volume", async () => {
    const v = await availableVolume(w, {}, w.admin);
    const before = exported(w);
    expect((await bs(w, "DELETE", `/volumes/${v.id}`)).status).toBe(404);
    expect(exported(w)).toBe(before);
  });

  it("gives the quota back once the volume is gone", async () => {
    const v = await availableVolume(w, { size: 5 });
    const usage = async () => (await bs(w, "GET", `/os-quota-sets/${w.demoProject}?usage=true`)).body.quota_set;
    expect((await usage()).gigabytes.in_use).toBe(5);
    await bs(w, "DELETE", `/volumes/${v.id}`);
    expect((await usage()).gigabytes.in_use).toBe(5);
    await advance(w, 2);
    expect((await usage()).gigabytes.in_use).toBe(0);
    expect((await usage()).volumes.in_use).toBe(0);
  });
});
