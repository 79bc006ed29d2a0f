// Volume transfers at /os-volume-transfer and /volume-transfers: create (the auth key shown once, the volume
// awaiting-transfer), list, detail, show, accept by another project (the volume, its snapshots and their
// quota usage move), delete (the volume available again), and the refusals.

import { beforeEach, describe, expect, it } from "vitest";
import { advance, availableVolume, bs, createVolume, world, type World } from "./setup.js";

let w: World;
beforeEach(async () => {
  w = await world();
});

const statusOf = async (id: string, token = w.admin) => (await bs(w, "GET", `/volumes/${id}`, { token })).body.volume.status;
const usage = async (token: string) => (await bs(w, "GET", "/limits", { token })).body.limits.absolute;

describe.each(["/os-volume-transfer", "/volume-transfers"])("transfers at %s", (base) => {
  const create = (body: unknown, options: { token?: string; version?: string } = {}) => bs(w, "POST", base, { body, ...options });

  it("creates a transfer (202, the auth key shown only then); the volume waits in awaiting-transfer", async () => {
    const v = await availableVolume(w);
    const res = await create({ transfer: { volume_id: v.id, name: "  gift  " } });
    expect(res.status).toBe(202);
    const t = res.body.transfer;
    expect(Object.keys(t).sort()).toEqual(["auth_key", "created_at", "id", "links", "name", "volume_id"]);
    expect(t).toMatchObject({ volume_id: v.id, name: "gift" });
    expect(t.auth_key).toMatch(/^[0-9a-f]{16}$/);
    expect(t.links[0].href).toContain(`/os-volume-transfer/${t.id}`);
    expect(await statusOf(v.id, w.demo)).toBe("awaiting-transfer");

    const shown = (await bs(w, "GET", `${base}/${t.id}`)).body.transfer;
    expect(shown).toEqual({ id: t.id, created_at: t.created_at, name: "gift", volume_id: v.id, links: t.links });
    expect((await bs(w, "GET", base)).body.transfers).toEqual([{ id: t.id, volume_id: v.id, name: "gift", links: t.links }]);
    expect((await bs(w, "GET", `${base}/detail`)).body.transfers).toEqual([shown]);
    // another project sees none of it
    expect((await bs(w, "GET", `${base}/${t.id}`, { token: w.admin })).status).toBe(200);
    expect((await bs(w, "GET", base, { token: w.admin })).body.transfers).toEqual([]);
    expect((await bs(w, "GET", `${base}?all_tenants=1`, { token: w.admin })).body.transfers).toHaveLength(1);
  });

  it("shows no_snapshots from 3.55 and the history fields from 3.57", async () => {
    const v = await availableVolume(w);
    const t = (await create({ transfer: { volume_id: v.id } }, { version: "3.57" })).body.transfer;
    expect(t).toMatchObject({ name: null, no_snapshots: false, destination_project_id: null, source_project_id: w.demoProject, accepted: false });
    expect((await bs(w, "GET", `${base}/${t.id}`, { version: "3.55" })).body.transfer).not.toHaveProperty("accepted");
    expect((await bs(w, "GET", `${base}/${t.id}`, { version: "3.55" })).body.transfer.no_snapshots).toBe(false);
  });

  it("accepting with the key moves the volume, its snapshots and their quota usage to the accepting project", async () => {
    const v = await availableVolume(w, { size: 2 });
    await bs(w, "POST", "/snapshots", { body: { snapshot: { volume_id: v.id } } });
    await advance(w, 2);
    const before = await usage(w.demo);
    const t = (await create({ transfer: { volume_id: v.id } })).body.transfer;
    const wrong = await bs(w, "POST", `${base}/${t.id}/accept`, { token: w.admin, body: { accept: { auth_key: "0000000000000000" } } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.badRequest.message).toBe(`Invalid auth key: Attempt to transfer ${t.id} with invalid auth key.`);
    expect(await statusOf(v.id)).toBe("awaiting-transfer");

    const res = await bs(w, "POST", `${base}/${t.id}/accept`, { token: w.admin, body: { accept: { auth_key: t.auth_key } } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ transfer: { id: t.id, volume_id: v.id, name: null, links: t.links } });
    expect((await bs(w, "GET", `/volumes/${v.id}`)).status).toBe(404);
    const moved = (await bs(w, "GET", `/volumes/${v.id}`, { token: w.admin })).body.volume;
    expect(moved.status).toBe("available");
    expect((await bs(w, "GET", "/snapshots", { token: w.admin })).body.snapshots.map((s: any) => s.volume_id)).toEqual([v.id]);
    expect((await bs(w, "GET", "/snapshots")).body.snapshots).toEqual([]);
    const after = await usage(w.demo);
    expect(before.totalVolumesUsed - after.totalVolumesUsed).toBe(1);
    expect(before.totalGigabytesUsed - after.totalGigabytesUsed).toBe(4);
    expect(before.totalSnapshotsUsed - after.totalSnapshotsUsed).toBe(1);
    // the transfer is gone
    expect((await bs(w, "GET", `${base}/${t.id}`)).status).toBe(404);
    expect((await bs(w, "POST", `${base}/${t.id}/accept`, { token: w.admin, body: { accept: { auth_key: t.auth_key } } })).status).toBe(404);
  });

  it("deleting a transfer makes the volume available again (202); an unknown one is 404", async () => {
    const v = await availableVolume(w);
    const t = (await create({ transfer: { volume_id: v.id } })).body.transfer;
    expect((await bs(w, "DELETE", `${base}/${t.id}`, { token: w.admin })).status).toBe(202);
    expect(await statusOf(v.id)).toBe("available");
    const gone = await bs(w, "DELETE", `${base}/${t.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.itemNotFound.message).toBe(`Transfer ${t.id} could not be found.`);
  });

  it("refuses a volume not available (409, Cinder's 400), another project's volume, a bad body; nothing changes", async () => {
    const creating = await createVolume(w);
    const busy = await create({ transfer: { volume_id: creating.id } });
    expect(busy.status).toBe(409);
    expect(busy.body.conflictingRequest.message).toBe("Invalid volume: status must be available");
    expect(await statusOf(creating.id)).toBe("creating");
    const theirs = await availableVolume(w, {}, w.admin);
    expect((await create({ transfer: { volume_id: theirs.id } })).status).toBe(404);
    const v = await availableVolume(w);
    expect((await create({ transfer: { volume_id: "not-a-uuid" } })).status).toBe(400);
    expect((await create({ transfer: { volume_id: v.id, extra: 1 } })).status).toBe(400);
    expect((await create({ transfer: {} })).status).toBe(400);
    expect((await bs(w, "POST", `${base}/x/accept`, { body: { accept: {} } })).status).toBe(400);
    expect(await statusOf(v.id)).toBe("available");
    expect((await bs(w, "GET", base)).body.transfers).toEqual([]);
    // a volume already offered cannot be offered twice, nor deleted
    await create({ transfer: { volume_id: v.id } });
    expect((await create({ transfer: { volume_id: v.id } })).status).toBe(409);
    expect((await bs(w, "DELETE", `/volumes/${v.id}`)).status).toBe(409);
  });

  it("refuses what the accepting project's quota cannot hold (413), leaving the transfer pending", async () => {
    const v = await availableVolume(w, { size: 5 });
    const t = (await create({ transfer: { volume_id: v.id } })).body.transfer;
    const project = await adminProjectId();
    expect((await bs(w, "PUT", `/os-quota-sets/${project}`, { token: w.admin, body: { quota_set: { gigabytes: 4 } } })).status).toBe(200);
    const res = await bs(w, "POST", `${base}/${t.id}/accept`, { token: w.admin, body: { accept: { auth_key: t.auth_key } } });
    expect(res.status).toBe(413);
    expect(await statusOf(v.id)).toBe("awaiting-transfer");
    expect((await bs(w, "GET", `${base}/${t.id}`)).status).toBe(200);
  });
});

async function adminProjectId(): Promise<string> {
  const { call } = await import("../../helpers/emulator.js");
  const me = await call(w.emu, "GET", "/identity/v3/auth/tokens", { token: w.admin, headers: { "X-Subject-Token": w.admin } });
  return me.body.token.project.id;
}

it("profile upstream: a volume not available is Cinder's 400", async () => {
  w = await world({ profile: "upstream" });
  const creating = await createVolume(w);
  const res = await bs(w, "POST", "/volume-transfers", { body: { transfer: { volume_id: creating.id } } });
  expect(res.status).toBe(400);
  expect(res.body.badRequest.message).toBe("Invalid volume: status must be available");
});

it("takes no_snapshots from 3.55 at /volume-transfers only; the snapshots then stay with the donor", async () => {
  const v = await availableVolume(w);
  await bs(w, "POST", "/snapshots", { body: { snapshot: { volume_id: v.id } } });
  await advance(w, 2);
  expect((await bs(w, "POST", "/volume-transfers", { body: { transfer: { volume_id: v.id, no_snapshots: true } } })).status).toBe(400);
  expect((await bs(w, "POST", "/os-volume-transfer", { version: "3.55", body: { transfer: { volume_id: v.id, no_snapshots: true } } })).status).toBe(400);
  const t = (await bs(w, "POST", "/volume-transfers", { version: "3.55", body: { transfer: { volume_id: v.id, no_snapshots: true } } })).body.transfer;
  expect(t.no_snapshots).toBe(true);
  expect((await bs(w, "POST", `/volume-transfers/${t.id}/accept`, { token: w.admin, body: { accept: { auth_key: t.auth_key } } })).status).toBe(202);
  expect((await bs(w, "GET", "/snapshots")).body.snapshots.map((s: any) => s.volume_id)).toEqual([v.id]);
});

it("a project reset drops its pending transfers with its volumes", async () => {
  const { call } = await import("../../helpers/emulator.js");
  const v = await availableVolume(w);
  const t = (await bs(w, "POST", "/volume-transfers", { body: { transfer: { volume_id: v.id } } })).body.transfer;
  expect((await call(w.emu, "POST", `/_emulator/reset?project=${w.demoProject}`)).status).toBeLessThan(300);
  expect((await bs(w, "GET", `/volume-transfers/${t.id}`, { token: w.admin })).status).toBe(404);
  expect((await bs(w, "GET", "/volume-transfers?all_tenants=1", { token: w.admin })).body.transfers).toEqual([]);
});
