// Volume actions over HTTP: extend (and its microversion rule), retype (migration policy), the attach
// handshake (reserve, attach, begin/roll detaching, detach), connections, flags, and the admin reset and
// force delete; every wrong state refused with the spec's 409 (Cinder's message) and the state unchanged
// (profiles.test.ts has Cinder's own 400 under --profile upstream).

import { beforeEach, describe, expect, it } from "vitest";
import { CIRROS } from "../../helpers/compute.js";
import { call } from "../../helpers/emulator.js";
import { advance, availableVolume, bs, createVolume, exported, world, type World } from "./setup.js";

const SERVER = "11111111-2222-3333-4444-555555555555";

let w: World;
beforeEach(async () => {
  w = await world();
});

const act = (id: string, body: unknown, options: { token?: string; version?: string } = {}) => bs(w, "POST", `/volumes/${id}/action`, { body, ...options });
const statusOf = async (id: string) => (await bs(w, "GET", `/volumes/${id}`, { token: w.admin })).body.volume.status;

/** The request is refused with `status`, in Cinder's envelope, and nothing changes. */
async function refused(id: string, body: unknown, status: number, message?: string | RegExp, options: { token?: string; version?: string } = {}) {
  const before = exported(w);
  const res = await act(id, body, options);
  expect(res.status).toBe(status);
  const [fault] = Object.keys(res.body);
  expect(res.body[fault!].code).toBe(status);
  if (message !== undefined) expect(res.body[fault!].message).toMatch(message);
  expect(exported(w)).toBe(before);
}

async function attached(): Promise<any> {
  const v = await availableVolume(w);
  expect((await act(v.id, { "os-attach": { instance_uuid: SERVER, mountpoint: "/dev/vdb" } })).status).toBe(202);
  return v;
}

describe("os-extend", () => {
  it("extends: extending, then available at the new size", async () => {
    const v = await availableVolume(w);
    expect((await act(v.id, { "os-extend": { new_size: 3 } })).status).toBe(202);
    expect(await statusOf(v.id)).toBe("extending");
    await advance(w, 2);
    const shown = (await bs(w, "GET", `/volumes/${v.id}`)).body.volume;
    expect(shown).toMatchObject({ status: "available", size: 3 });
  });

  it("refuses a size that does not grow", async () => {
    const v = await availableVolume(w, { size: 2 });
    await refused(v.id, { "os-extend": { new_size: 2 } }, 400, "Invalid input received: New size for extend must be greater than current size. (current: 2, extended: 2).");
  });

  it("refuses an in-use volume before 3.42 and extends it from 3.42, back to in-use", async () => {
    const v = await attached();
    await refused(v.id, { "os-extend": { new_size: 2 } }, 409, /^Invalid volume: Volume .* status must be 'available' to extend, currently in-use\.$/);
    expect((await act(v.id, { "os-extend": { new_size: 2 } }, { version: "3.42" })).status).toBe(202);
    await advance(w, 2);
    expect((await bs(w, "GET", `/volumes/${v.id}`)).body.volume).toMatchObject({ status: "in-use", size: 2 });
  });

  it("refuses a volume still creating, and a body without new_size", async () => {
    const v = await createVolume(w);
    await refused(v.id, { "os-extend": { new_size: 5 } }, 409, /status must be 'available' to extend, currently creating/);
    await refused(v.id, { "os-extend": {} }, 400);
  });

  it("counts the new gigabytes against the quota", async () => {
    const v = await availableVolume(w);
    await bs(w, "PUT", `/os-quota-sets/${w.demoProject}`, { token: w.admin, body: { quota_set: { gigabytes: 2 } } });
    await refused(v.id, { "os-extend": { new_size: 3 } }, 413, /^VolumeSizeExceedsAvailableQuota: Requested volume or snapshot exceeds allowed gigabytes quota\. Requested 2G, quota is 2G and 1G has been consumed\.$/);
  });
});

describe("os-retype", () => {
  it("changes the type on the same backend with migration_policy never", async () => {
    const v = await availableVolume(w);
    expect((await act(v.id, { "os-retype": { new_type: "lvmdriver-1" } })).status).toBe(202);
    expect(await statusOf(v.id)).toBe("retyping");
    await advance(w, 2);
    expect((await bs(w, "GET", `/volumes/${v.id}`)).body.volume).toMatchObject({ status: "available", volume_type: "lvmdriver-1" });
  });

  it("changes only the type to one on another backend with never: the data stays on its backend", async () => {
    const v = await availableVolume(w);
    expect((await act(v.id, { "os-retype": { new_type: "ssd", migration_policy: "never" } })).status).toBe(202);
    expect(await statusOf(v.id)).toBe("retyping");
    await advance(w, 2);
    const shown = (await bs(w, "GET", `/volumes/${v.id}`, { token: w.admin })).body.volume;
    expect(shown).toMatchObject({ status: "available", volume_type: "ssd", "os-vol-host-attr:host": "skymock@lvmdriver-1#lvmdriver-1" });
  });

  it("migrates to another backend with on-demand (the type given by id, as the CLI does)", async () => {
    const v = await availableVolume(w);
    const ssd = (await bs(w, "GET", "/types")).body.volume_types.find((t: any) => t.name === "ssd");
    expect((await act(v.id, { "os-retype": { new_type: ssd.id, migration_policy: "on-demand" } })).status).toBe(202);
    await advance(w, 2);
    const shown = (await bs(w, "GET", `/volumes/${v.id}`, { token: w.admin })).body.volume;
    expect(shown).toMatchObject({ volume_type: "ssd", "os-vol-host-attr:host": "skymock@ssd#ssd" });
  });

  it("returns an in-use volume to in-use", async () => {
    const v = await attached();
    expect((await act(v.id, { "os-retype": { new_type: "lvmdriver-1" } })).status).toBe(202);
    await advance(w, 2);
    expect(await statusOf(v.id)).toBe("in-use");
  });

  it("refuses the same type, an unknown type, a bad policy (400) and a volume still creating (409)", async () => {
    const v = await availableVolume(w);
    await refused(v.id, { "os-retype": { new_type: "__DEFAULT__" } }, 400, /^Invalid volume: Retype needs volume to be in available or in-use state/);
    await refused(v.id, { "os-retype": { new_type: "gold" } }, 400, "Invalid input received: Invalid volume_type passed: gold.");
    await refused(v.id, { "os-retype": { new_type: "ssd", migration_policy: "sometimes" } }, 400);
    const creating = await createVolume(w);
    await refused(creating.id, { "os-retype": { new_type: "lvmdriver-1" } }, 409, /^Invalid volume: Retype needs volume to be in available or in-use state/);
  });
});

describe("attach handshake", () => {
  it("reserve -> attaching, unreserve -> available", async () => {
    const v = await availableVolume(w);
    expect((await act(v.id, { "os-reserve": null })).status).toBe(202);
    expect(await statusOf(v.id)).toBe("attaching");
    await refused(v.id, { "os-reserve": null }, 409, "Invalid volume: Volume status must be available to reserve, but the status is attaching.");
    expect((await act(v.id, { "os-unreserve": null })).status).toBe(202);
    expect(await statusOf(v.id)).toBe("available");
  });

  it("attach -> in-use with the attachment listed; begin/roll detaching; detach -> available", async () => {
    const v = await availableVolume(w);
    await act(v.id, { "os-reserve": null });
    expect((await act(v.id, { "os-attach": { instance_uuid: SERVER, mountpoint: "/dev/vdb" } })).status).toBe(202);
    const shown = (await bs(w, "GET", `/volumes/${v.id}`)).body.volume;
    expect(shown.status).toBe("in-use");
    expect(shown.attachments).toEqual([
      { id: v.id, attachment_id: expect.any(String), volume_id: v.id, server_id: SERVER, host_name: null, device: "/dev/vdb", attached_at: "2030-01-01T00:00:02.000000" },
    ]);
    expect((await act(v.id, { "os-begin_detaching": null })).status).toBe(202);
    expect(await statusOf(v.id)).toBe("detaching");
    expect((await act(v.id, { "os-roll_detaching": null })).status).toBe(202);
    expect(await statusOf(v.id)).toBe("in-use");
    expect((await act(v.id, { "os-detach": { attachment_id: shown.attachments[0].attachment_id } })).status).toBe(202);
    const after = (await bs(w, "GET", `/volumes/${v.id}`)).body.volume;
    expect(after).toMatchObject({ status: "available", attachments: [] });
  });

  it("refuses to attach an attached volume (not multiattach) and to detach one that is not attached", async () => {
    const v = await attached();
    await refused(v.id, { "os-attach": { instance_uuid: SERVER, mountpoint: "/dev/vdc" } }, 409, /^Invalid volume: Volume status must be available or attaching to attach, but the status is in-use\.$/);
    const free = await availableVolume(w);
    await refused(free.id, { "os-detach": null }, 409, /must be in-use or detaching to detach/);
    await refused(free.id, { "os-begin_detaching": null }, 409, "Invalid volume: Unable to detach volume. Volume status must be 'in-use' and attach_status must be 'attached' to detach.");
    await refused(v.id, { "os-detach": { attachment_id: "nope" } }, 404);
  });

  it("refuses an attach naming no target", async () => {
    const v = await availableVolume(w);
    await refused(v.id, { "os-attach": { mountpoint: "/dev/vdb" } }, 400);
  });

  it("initializes a connection (200, an iSCSI target) and terminates it (202)", async () => {
    const v = await availableVolume(w);
    const res = await act(v.id, { "os-initialize_connection": { connector: { initiator: "iqn.1993-08.org.debian:01:abc", host: "compute-1" } } });
    expect(res.status).toBe(200);
    expect(res.body.connection_info).toMatchObject({ driver_volume_type: "iscsi", data: { target_iqn: `iqn.2010-10.org.openstack:volume-${v.id}`, target_lun: 1, volume_id: v.id, access_mode: "rw" } });
    expect((await act(v.id, { "os-terminate_connection": { connector: {} } })).status).toBe(202);
    const creating = await createVolume(w);
    await refused(creating.id, { "os-initialize_connection": { connector: {} } }, 409);
  });
});

describe("flags", () => {
  it("os-set_bootable answers 200 and sets bootable", async () => {
    const v = await availableVolume(w);
    const res = await act(v.id, { "os-set_bootable": { bootable: true } });
    expect(res.status).toBe(200);
    expect((await bs(w, "GET", `/volumes/${v.id}`)).body.volume.bootable).toBe("true");
  });

  it("os-update_readonly_flag needs an available volume; a read-only volume attaches only ro", async () => {
    const v = await availableVolume(w);
    expect((await act(v.id, { "os-update_readonly_flag": { readonly: true } })).status).toBe(202);
    await refused(v.id, { "os-attach": { instance_uuid: SERVER, mountpoint: "/dev/vdb" } }, 409, /Invalid attaching mode 'rw'/);
    expect((await act(v.id, { "os-attach": { instance_uuid: SERVER, mountpoint: "/dev/vdb", mode: "ro" } })).status).toBe(202);
    await refused(v.id, { "os-update_readonly_flag": { readonly: false } }, 409, /status must be available to update readonly flag, but current status is: in-use\.$/);
  });
});

describe("admin actions", () => {
  it("os-reset_status: admins only; a valid status; detached drops the attachments", async () => {
    const v = await attached();
    await refused(v.id, { "os-reset_status": { status: "error" } }, 403, "Policy doesn't allow volume_extension:volume_admin_actions:reset_status to be performed.");
    await refused(v.id, { "os-reset_status": { status: "sleeping" } }, 400, "Invalid input received: Must specify a valid status", { token: w.admin });
    expect((await act(v.id, { "os-reset_status": { status: "available", attach_status: "detached" } }, { token: w.admin })).status).toBe(202);
    expect((await bs(w, "GET", `/volumes/${v.id}`)).body.volume).toMatchObject({ status: "available", attachments: [] });
  });

  it("a reset to a timed status does not move on by itself", async () => {
    const v = await availableVolume(w);
    await act(v.id, { "os-reset_status": { status: "creating" } }, { token: w.admin });
    await advance(w, 10);
    expect(await statusOf(v.id)).toBe("creating");
  });

  it("os-force_delete: admins only; deletes from any status but not while attached", async () => {
    const v = await createVolume(w);
    await refused(v.id, { "os-force_delete": null }, 403);
    expect((await act(v.id, { "os-force_delete": null }, { token: w.admin })).status).toBe(202);
    expect(await statusOf(v.id)).toBe("deleting");
    await advance(w, 2);
    expect((await bs(w, "GET", `/volumes/${v.id}`, { token: w.admin })).status).toBe(404);
    const a = await attached();
    await refused(a.id, { "os-force_delete": {} }, 409, /must not be migrating, attached/, { token: w.admin });
    // Cinder reads no body: an empty string (as some clients send) is a force delete too
    const other = await availableVolume(w);
    expect((await act(other.id, { "os-force_delete": "" }, { token: w.admin })).status).toBe(202);
  });
});

describe("image metadata actions", () => {
  const shown = async (id: string) => (await bs(w, "GET", `/volumes/${id}`)).body.volume;

  it("os-set_image_metadata merges keys and answers the whole set; os-show_image_metadata shows it", async () => {
    const v = await availableVolume(w, { imageRef: CIRROS });
    const res = await act(v.id, { "os-set_image_metadata": { metadata: { hw_rng_model: "virtio", "os:type": "linux" } } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.metadata).toMatchObject({ image_name: "cirros", hw_rng_model: "virtio", "os:type": "linux" });
    expect((await shown(v.id)).volume_image_metadata).toEqual(res.body.metadata);
    const show = await act(v.id, { "os-show_image_metadata": {} });
    expect(show.status).toBe(200);
    expect(show.body).toEqual({ metadata: res.body.metadata });
    // a volume from no image starts a set of its own
    const blank = await availableVolume(w);
    expect((await act(blank.id, { "os-show_image_metadata": null })).body).toEqual({ metadata: {} });
    expect((await act(blank.id, { "os-set_image_metadata": { metadata: { a: "1" } } })).body).toEqual({ metadata: { a: "1" } });
    expect((await shown(blank.id)).volume_image_metadata).toEqual({ a: "1" });
  });

  it("os-unset_image_metadata removes one key (200, no body); an absent key is 404; the last one gone, none is shown", async () => {
    const v = await availableVolume(w);
    await act(v.id, { "os-set_image_metadata": { metadata: { a: "1", b: "2" } } });
    const res = await act(v.id, { "os-unset_image_metadata": { key: "a" } });
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect((await shown(v.id)).volume_image_metadata).toEqual({ b: "2" });
    await refused(v.id, { "os-unset_image_metadata": { key: "a" } }, 404, `Glance metadata for volume/snapshot ${v.id} cannot be found.`);
    await act(v.id, { "os-unset_image_metadata": { key: "b" } });
    expect(await shown(v.id)).not.toHaveProperty("volume_image_metadata");
  });

  it("refuses a bad key or body, another project's volume, and a volume uploading; nothing changes", async () => {
    const v = await availableVolume(w);
    await refused(v.id, { "os-set_image_metadata": { metadata: { "bad*key": "1" } } }, 400);
    await refused(v.id, { "os-set_image_metadata": { metadata: { a: 1 } } }, 400);
    await refused(v.id, { "os-set_image_metadata": {} }, 400);
    await refused(v.id, { "os-unset_image_metadata": { key: "" } }, 400);
    const theirs = await availableVolume(w, {}, w.admin);
    await refused(theirs.id, { "os-set_image_metadata": { metadata: { a: "1" } } }, 404);
    await refused(theirs.id, { "os-show_image_metadata": {} }, 404);
    expect((await act(v.id, { "os-reset_status": { status: "uploading" } }, { token: w.admin })).status).toBe(202);
    await refused(v.id, { "os-set_image_metadata": { metadata: { a: "1" } } }, 409, "Invalid volume: Updating volume metadata is not allowed for volumes in uploading status.");
  });
});

describe("os-force_detach", () => {
  it("admins only; drops the attachment whatever the status", async () => {
    const v = await attached();
    await refused(v.id, { "os-force_detach": null }, 403);
    await act(v.id, { "os-begin_detaching": null });
    expect((await act(v.id, { "os-force_detach": {} }, { token: w.admin })).status).toBe(202);
    expect((await bs(w, "GET", `/volumes/${v.id}`)).body.volume).toMatchObject({ status: "available", attachments: [] });
    await refused(v.id, { "os-force_detach": { attachment_id: "nope" } }, 404, undefined, { token: w.admin });
  });
});

describe("dispatch", () => {
  it("refuses an unknown action, two actions at once and another project's volume", async () => {
    const v = await availableVolume(w);
    await refused(v.id, { "os-dance": null }, 400, "There is no such action: os-dance");
    await refused(v.id, { "os-reserve": null, "os-unreserve": null }, 400);
    const theirs = await availableVolume(w, {}, w.admin);
    await refused(theirs.id, { "os-reserve": null }, 404, `Volume ${theirs.id} could not be found.`);
  });
});

describe("os-volume_upload_image", () => {
  it("uploads: the volume uploading, a queued private image, then available and an active image", async () => {
    const v = await availableVolume(w, { size: 2 });
    const res = await act(v.id, { "os-volume_upload_image": { image_name: "from-vol", disk_format: "qcow2" } });
    expect(res.status).toBe(202);
    const answer = res.body["os-volume_upload_image"];
    expect(answer).toMatchObject({ id: v.id, status: "uploading", image_name: "from-vol", disk_format: "qcow2", container_format: "bare", size: 2 });
    expect(await statusOf(v.id)).toBe("uploading");
    const image = async () => (await call(w.emu, "GET", `/image/v2/images/${answer.image_id}`, { token: w.demo })).body;
    expect((await image()).status).toBe("queued");
    await advance(w, 2);
    expect(await statusOf(v.id)).toBe("available");
    expect(await image()).toMatchObject({ status: "active", name: "from-vol", visibility: "private", size: 2 * 1024 ** 3 });
  });

  it("refuses an in-use volume without force, and a public image from a member, changing nothing", async () => {
    const v = await attached();
    await refused(v.id, { "os-volume_upload_image": { image_name: "x" } }, 409, /status must be available$/);
    const free = await availableVolume(w);
    await refused(free.id, { "os-volume_upload_image": { image_name: "x", visibility: "public" } }, 403);
    expect((await act(v.id, { "os-volume_upload_image": { image_name: "x", force: true } })).status).toBe(202);
    await advance(w, 2);
    expect(await statusOf(v.id)).toBe("in-use");
  });
});

describe("os-reimage (3.68)", () => {
  const reimage = (imageId: string, extra: Record<string, unknown> = {}) => ({ "os-reimage": { image_id: imageId, ...extra } });

  it("replaces a blank volume's data with an image: downloading, then available, bootable, with the image's properties", async () => {
    const v = await availableVolume(w);
    expect(v.bootable).toBe("false");
    expect(v).not.toHaveProperty("volume_image_metadata");
    const res = await act(v.id, reimage(CIRROS), { version: "3.68" });
    expect(res.status, res.text).toBe(202);
    expect(res.text).toBe("");
    expect(await statusOf(v.id)).toBe("downloading");
    await advance(w, 2);
    const shown = (await bs(w, "GET", `/volumes/${v.id}`)).body.volume;
    expect(shown).toMatchObject({ status: "available", bootable: "true", volume_image_metadata: { image_id: CIRROS, image_name: "cirros" } });
  });

  it("is not there below 3.68 (404) and refuses bad bodies, unknown images, wrong states and small volumes, changing nothing", async () => {
    const v = await availableVolume(w);
    await refused(v.id, reimage(CIRROS), 404, undefined, { version: "3.67" });
    await refused(v.id, reimage("not-a-uuid"), 400, undefined, { version: "3.68" });
    await refused(v.id, reimage(CIRROS, { reimage_reserved: "maybe" }), 400, undefined, { version: "3.68" });
    await refused(v.id, reimage(CIRROS, { extra: 1 }), 400, undefined, { version: "3.68" });
    await refused(v.id, { "os-reimage": {} }, 400, undefined, { version: "3.68" });
    await refused(v.id, reimage("00000000-0000-4000-8000-000000000000"), 404, "Image 00000000-0000-4000-8000-000000000000 could not be found.", { version: "3.68" });
    await refused("00000000-0000-4000-8000-000000000001", reimage(CIRROS), 404, undefined, { version: "3.68" });
    // reserved only with reimage_reserved
    expect((await act(v.id, { "os-reserve": null })).status).toBe(202);
    await refused(v.id, reimage(CIRROS), 409, `Volume ${v.id} status must be available or error, but current status is attaching.`, { version: "3.68" });
  });

  it("reimages a reserved volume when reimage_reserved is true and leaves it reserved", async () => {
    const v = await availableVolume(w);
    const att = await bs(w, "POST", "/attachments", { version: "3.27", body: { attachment: { volume_uuid: v.id, instance_uuid: SERVER } } });
    expect(att.status, att.text).toBe(200);
    expect(await statusOf(v.id)).toBe("reserved");
    await refused(v.id, reimage(CIRROS), 409, /must be available or error, but current status is reserved/, { version: "3.68" });
    expect((await act(v.id, reimage(CIRROS, { reimage_reserved: true }), { version: "3.68" })).status).toBe(202);
    await advance(w, 2);
    expect(await statusOf(v.id)).toBe("reserved");
  });
});
