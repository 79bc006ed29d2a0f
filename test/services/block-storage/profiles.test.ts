// Where the spec's contract and Cinder differ, through HTTP in both profiles: a request that conflicts with
// a resource's state (the spec's 409 conflictingRequest, Cinder's 400 InvalidVolume and kin, with the same
// message; Cinder's own 409s stay), os-retype with migration_policy never to another backend (the spec
// changes only the type; Cinder's scheduler fails it), and a path naming another project than the token's
// (the spec's scope mismatch, 403; Cinder's 400 `Malformed request url`). Each refusal changes nothing.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { advance, availableVolume, bs, createVolume, exported, world, type World } from "./setup.js";

const SERVER = "11111111-2222-3333-4444-555555555555";
type Profile = "spec" | "upstream";
const PROFILES: Profile[] = ["spec", "upstream"];

const act = (w: World, id: string, body: unknown, token?: string) => bs(w, "POST", `/volumes/${id}/action`, { body, token });
const statusOf = async (w: World, id: string) => (await bs(w, "GET", `/volumes/${id}`, { token: w.admin })).body.volume.status;

/** Sends the request; expects the profile's answer to a state conflict, Cinder's message, and no change. */
async function conflict(w: World, profile: Profile, send: () => ReturnType<typeof bs>, message: string | RegExp) {
  const before = exported(w);
  const res = await send();
  const [status, fault] = profile === "spec" ? [409, "conflictingRequest"] : [400, "badRequest"];
  expect(res.status, res.text).toBe(status);
  expect(Object.keys(res.body)).toEqual([fault]);
  expect(res.body[fault].code).toBe(status);
  expect(res.body[fault].message).toMatch(message);
  expect(exported(w)).toBe(before);
}

async function attached(w: World): Promise<any> {
  const v = await availableVolume(w);
  expect((await act(w, v.id, { "os-attach": { instance_uuid: SERVER, mountpoint: "/dev/vdb" } })).status).toBe(202);
  return v;
}

describe.each(PROFILES)("state conflicts, profile %s", (profile) => {
  const make = () => world({ profile });

  it("volume actions in the wrong state: extend while extending, reserve while attaching, attach an attached volume", async () => {
    const w = await make();
    const v = await availableVolume(w);
    expect((await act(w, v.id, { "os-extend": { new_size: 2 } })).status).toBe(202);
    await conflict(w, profile, () => act(w, v.id, { "os-extend": { new_size: 3 } }), /status must be 'available' to extend, currently extending/);
    const r = await availableVolume(w);
    expect((await act(w, r.id, { "os-reserve": null })).status).toBe(202);
    await conflict(w, profile, () => act(w, r.id, { "os-reserve": null }), "Invalid volume: Volume status must be available to reserve, but the status is attaching.");
    const a = await attached(w);
    await conflict(w, profile, () => act(w, a.id, { "os-attach": { instance_uuid: SERVER, mountpoint: "/dev/vdc" } }), /to attach, but the status is in-use\.$/);
    await conflict(w, profile, () => act(w, a.id, { "os-update_readonly_flag": { readonly: true } }), /status must be available to update readonly flag, but current status is: in-use\.$/);
  });

  it("deletes refused: in-use, creating, with snapshots", async () => {
    const w = await make();
    const deleteRefused = /^Invalid volume: Volume status must be available, error, .* must not be migrating, attached, .* have snapshots/;
    const a = await attached(w);
    await conflict(w, profile, () => bs(w, "DELETE", `/volumes/${a.id}`), deleteRefused);
    const creating = await createVolume(w);
    await conflict(w, profile, () => bs(w, "DELETE", `/volumes/${creating.id}`), deleteRefused);
    const v = await availableVolume(w);
    expect((await bs(w, "POST", "/snapshots", { body: { snapshot: { volume_id: v.id } } })).status).toBe(202);
    await conflict(w, profile, () => bs(w, "DELETE", `/volumes/${v.id}`), deleteRefused);
  });

  it("snapshots, backups, restores and attachments in the wrong state", async () => {
    const w = await make();
    const v = await availableVolume(w);
    const snap = (await bs(w, "POST", "/snapshots", { body: { snapshot: { volume_id: v.id } } })).body.snapshot;
    await conflict(w, profile, () => bs(w, "DELETE", `/snapshots/${snap.id}`), "Invalid snapshot: Snapshot status must be available or error and must not be part of a group.");
    await advance(w, 2);
    const backup = (await bs(w, "POST", "/backups", { body: { backup: { volume_id: v.id } } })).body.backup;
    await conflict(w, profile, () => bs(w, "DELETE", `/backups/${backup.id}`), "Invalid backup: Backup status must be available or error");
    await conflict(w, profile, () => bs(w, "POST", `/backups/${backup.id}/restore`, { body: { restore: {} } }), "Invalid backup: Backup status must be available");
    const reserved = await availableVolume(w);
    expect((await bs(w, "POST", "/attachments", { version: "3.27", body: { attachment: { volume_uuid: reserved.id } } })).status).toBe(200);
    await conflict(
      w,
      profile,
      () => bs(w, "POST", "/attachments", { version: "3.27", body: { attachment: { volume_uuid: reserved.id } } }),
      "Invalid volume: Volume status must be available to reserve, but the status is reserved.",
    );
  });

  it("a volume type in use is not deleted; a duplicate name is Cinder's own 409 in both profiles", async () => {
    const w = await make();
    await availableVolume(w, { volume_type: "ssd" });
    const ssd = (await bs(w, "GET", "/types")).body.volume_types.find((t: any) => t.name === "ssd");
    await conflict(w, profile, () => bs(w, "DELETE", `/types/${ssd.id}`, { token: w.admin }), `Volume Type ${ssd.id} deletion is not allowed with volumes present with the type.`);
    const dup = await bs(w, "POST", "/types", { token: w.admin, body: { volume_type: { name: "ssd" } } });
    expect(dup.status).toBe(409);
    expect(dup.body.conflictingRequest.message).toBe("Volume Type ssd already exists.");
  });

  it("bad input stays 400 in both profiles: a size that does not grow, the same type", async () => {
    const w = await make();
    const v = await availableVolume(w, { size: 2 });
    const res = await act(w, v.id, { "os-extend": { new_size: 2 } });
    expect(res.status).toBe(400);
    expect(res.body.badRequest.message).toMatch(/^Invalid input received: New size for extend must be greater/);
    expect((await act(w, v.id, { "os-retype": { new_type: "__DEFAULT__" } })).status).toBe(400);
  });
});

describe("os-retype with migration_policy never to a type on another backend", () => {
  it("spec: accepted, and only the type changes (the data stays on its backend)", async () => {
    const w = await world();
    const v = await availableVolume(w);
    expect((await act(w, v.id, { "os-retype": { new_type: "ssd", migration_policy: "never" } })).status).toBe(202);
    expect(await statusOf(w, v.id)).toBe("retyping");
    await advance(w, 2);
    const shown = (await bs(w, "GET", `/volumes/${v.id}`, { token: w.admin })).body.volume;
    expect(shown).toMatchObject({ status: "available", volume_type: "ssd", "os-vol-host-attr:host": "skymock@lvmdriver-1#lvmdriver-1" });
  });

  it("upstream: accepted as Cinder's API does, then the scheduler finds no backend: back to available, type unchanged", async () => {
    const w = await world({ profile: "upstream" });
    const v = await availableVolume(w);
    expect((await act(w, v.id, { "os-retype": { new_type: "ssd", migration_policy: "never" } })).status).toBe(202);
    expect(await statusOf(w, v.id)).toBe("retyping");
    await advance(w, 2);
    const shown = (await bs(w, "GET", `/volumes/${v.id}`, { token: w.admin })).body.volume;
    expect(shown).toMatchObject({ status: "available", volume_type: "__DEFAULT__", "os-vol-host-attr:host": "skymock@lvmdriver-1#lvmdriver-1" });
    expect((await act(w, v.id, { "os-retype": { new_type: "ssd", migration_policy: "on-demand" } })).status).toBe(202);
    await advance(w, 2);
    expect((await bs(w, "GET", `/volumes/${v.id}`, { token: w.admin })).body.volume).toMatchObject({ volume_type: "ssd", "os-vol-host-attr:host": "skymock@ssd#ssd" });
  });
});

describe.each(PROFILES)("a path naming another project than the token's, profile %s", (profile) => {
  const [status, fault, message] =
    profile === "spec" ? [403, "forbidden", /^Scope mismatch: the token is scoped to project \w+, not to project \w+, which the URL names/] : [400, "badRequest", /^Malformed request url$/];

  async function setup() {
    const w = await world({ profile });
    const me = await call(w.emu, "GET", "/identity/v3/auth/tokens", { token: w.admin, headers: { "X-Subject-Token": w.admin } });
    return { w, adminProject: me.body.token.project.id as string };
  }

  async function refused(w: World, method: string, path: string, token: string, body?: unknown) {
    const before = exported(w);
    const res = await call(w.emu, method, `/volume/v3${path}`, { token, body });
    expect(res.status, res.text).toBe(status);
    expect(res.body[fault].message).toMatch(message);
    expect(exported(w)).toBe(before);
  }

  it("refuses a member creating, listing or acting in another project's path, changing nothing", async () => {
    const { w, adminProject } = await setup();
    await refused(w, "POST", `/${adminProject}/volumes`, w.demo, { volume: { size: 1 } });
    await refused(w, "GET", `/${adminProject}/volumes/detail`, w.demo);
    const mine = await availableVolume(w);
    await refused(w, "POST", `/${adminProject}/volumes/${mine.id}/action`, w.demo, { "os-extend": { new_size: 2 } });
    await refused(w, "DELETE", `/${adminProject}/volumes/${mine.id}`, w.demo);
    await refused(w, "GET", `/nonexistent/volumes`, w.demo);
  });

  it("refuses an admin too (Cinder compares the path with the token's project for everyone)", async () => {
    const { w } = await setup();
    await refused(w, "POST", `/${w.demoProject}/volumes`, w.admin, { volume: { size: 1 } });
    await refused(w, "GET", `/${w.demoProject}/os-quota-sets/${w.demoProject}`, w.admin);
  });

  it("refuses before the policy and the body: an admin-only route, a bad body, a path named like a prototype key", async () => {
    const { w, adminProject } = await setup();
    await refused(w, "PUT", `/${adminProject}/os-quota-sets/${w.demoProject}`, w.demo, { quota_set: { volumes: 100 } });
    await refused(w, "PUT", `/${adminProject}/os-quota-sets/${w.demoProject}`, w.demo, { quota_set: { volumes: "many" } });
    await refused(w, "POST", `/${adminProject}/volumes`, w.demo, { volume: { size: -1 } });
    for (const project of ["__proto__", "constructor", "0"]) {
      await refused(w, "GET", `/${project}/volumes/detail`, w.demo);
      await refused(w, "GET", `/${project}/os-quota-sets/${w.demoProject}/defaults`, w.admin);
      await refused(w, "GET", `/${project}/limits`, w.admin);
    }
  });

  it("serves the token's own project path and the project-less path, both acting in the token's project", async () => {
    const { w, adminProject } = await setup();
    const own = await call(w.emu, "POST", `/volume/v3/${w.demoProject}/volumes`, { token: w.demo, body: { volume: { size: 1 } } });
    expect(own.status).toBe(202);
    expect(own.body.volume.links[0].href).toBe(`http://localhost/volume/v3/${w.demoProject}/volumes/${own.body.volume.id}`);
    const bare = await call(w.emu, "POST", "/volume/v3/volumes", { token: w.demo, body: { volume: { size: 1 } } });
    expect(bare.status).toBe(202);
    expect(bare.body.volume.links).toEqual([
      { rel: "self", href: `http://localhost/volume/v3/volumes/${bare.body.volume.id}` },
      { rel: "bookmark", href: `http://localhost/volume/volumes/${bare.body.volume.id}` },
    ]);
    const tenants = async (id: string) => (await bs(w, "GET", `/volumes/${id}`, { token: w.admin })).body.volume["os-vol-tenant-attr:tenant_id"];
    expect(await tenants(own.body.volume.id)).toBe(w.demoProject);
    expect(await tenants(bare.body.volume.id)).toBe(w.demoProject);
    // an admin reaches another project's volume by id through its own path; the links it gets are followable
    const shown = await call(w.emu, "GET", `/volume/v3/${adminProject}/volumes/${own.body.volume.id}`, { token: w.admin });
    expect(shown.status).toBe(200);
    const self = new URL(shown.body.volume.links[0].href);
    expect((await call(w.emu, "GET", self.pathname, { token: w.admin })).status).toBe(200);
  });
});
