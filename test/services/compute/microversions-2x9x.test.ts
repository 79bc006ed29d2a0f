// The microversions from 2.88 to 2.96 (Nova 2024.2's maximum), each through HTTP at the version before and
// the version that changes it: hypervisors without statistics (2.88), volume attachments by attachment and
// BDM (2.89), a settable hostname (2.90, FQDN from 2.94), unshelve to a host or unpinned (2.91), key pairs
// imported only (2.92), volume-backed rebuild (2.93), evacuation that stops (2.95), pinned zones (2.96).

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, BUILD_MS, CIRROS, actionApi, fault, type ActionApi } from "./server-actions-setup.js";

/** an OpenSSH ed25519 public key: 32 bytes of key after the type, each length-prefixed */
function sshKey(): string {
  const str = (b: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, b.length]), b]);
  return `ssh-ed25519 ${Buffer.concat([str(Buffer.from("ssh-ed25519")), str(Buffer.alloc(32, 7))]).toString("base64")} me@laptop`;
}
const SSH_KEY = sshKey();
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function volume(t: ActionApi, body: Record<string, unknown> = {}): Promise<string> {
  const res = await call(t.emu, "POST", "/volume/v3/volumes", { token: t.demo, body: { volume: { size: 1, ...body } } });
  expect(res.status, res.text).toBe(202);
  t.advance(ACTION_MS);
  return res.body.volume.id;
}

describe("2.88 hypervisors", () => {
  it("drops the statistics from the detail and adds uptime; statistics and uptime APIs are 404 from 2.88", async () => {
    const t = await actionApi();
    const [before] = (await t.api("GET", "/os-hypervisors/detail", { version: "2.87" })).body.hypervisors;
    expect(before).toHaveProperty("vcpus");
    expect(before).toHaveProperty("cpu_info");
    expect(before).not.toHaveProperty("uptime");
    const [after] = (await t.api("GET", "/os-hypervisors/detail", { version: "2.88" })).body.hypervisors;
    expect(Object.keys(after).sort()).toEqual(["host_ip", "hypervisor_hostname", "hypervisor_type", "hypervisor_version", "id", "service", "state", "status", "uptime"]);
    expect(after.uptime).toMatch(/ up /);
    const shown = (await t.api("GET", `/os-hypervisors/${after.id}`, { version: "2.88" })).body.hypervisor;
    expect(shown).not.toHaveProperty("memory_mb");
    expect(shown.uptime).toBe(after.uptime);

    expect((await t.api("GET", "/os-hypervisors/statistics", { version: "2.87" })).status).toBe(200);
    await t.refused(404, "GET", "/os-hypervisors/statistics", { version: "2.88" });
    const at287 = (await t.api("GET", "/os-hypervisors", { version: "2.87" })).body.hypervisors[0].id;
    expect((await t.api("GET", `/os-hypervisors/${at287}/uptime`, { version: "2.87" })).status).toBe(200);
    await t.refused(404, "GET", `/os-hypervisors/${after.id}/uptime`, { version: "2.88" });
  });

  it("shows a null uptime for a host that is down", async () => {
    const t = await actionApi();
    await call(t.emu, "POST", "/_emulator/compute/hosts/compute-1/fail");
    const rows = (await t.api("GET", "/os-hypervisors/detail", { version: "2.88" })).body.hypervisors;
    const down = rows.find((h: any) => h.hypervisor_hostname === "compute-1");
    expect(down).toMatchObject({ state: "down", uptime: null });
  });
});

describe("2.89 volume attachments", () => {
  it("answers with attachment_id and bdm_uuid instead of id; the attach answer keeps 2.79's shape", async () => {
    const t = await actionApi();
    const server = await t.active();
    const v = await volume(t);
    const attached = await t.api("POST", `/servers/${server.id}/os-volume_attachments`, { token: t.demo, version: "2.89", body: { volumeAttachment: { volumeId: v } } });
    expect(attached.status, attached.text).toBe(200);
    expect(Object.keys(attached.body.volumeAttachment).sort()).toEqual(["delete_on_termination", "device", "id", "serverId", "tag", "volumeId"]);

    const old = (await t.api("GET", `/servers/${server.id}/os-volume_attachments/${v}`, { token: t.demo, version: "2.88" })).body.volumeAttachment;
    expect(old.id).toBe(v);
    const shown = (await t.api("GET", `/servers/${server.id}/os-volume_attachments/${v}`, { token: t.demo, version: "2.89" })).body.volumeAttachment;
    expect(shown).not.toHaveProperty("id");
    expect(shown).toMatchObject({ volumeId: v, serverId: server.id, bdm_uuid: expect.stringMatching(UUID_RE) });
    // the attachment is block storage's own record of it
    const cinder = (await call(t.emu, "GET", `/volume/v3/volumes/${v}`, { token: t.admin })).body.volume;
    expect(shown.attachment_id).toBe(cinder.attachments[0].attachment_id);
    const [listed] = (await t.api("GET", `/servers/${server.id}/os-volume_attachments`, { token: t.demo, version: "2.89" })).body.volumeAttachments;
    expect(listed).toEqual(shown);
  });
});

describe("2.90 and 2.94 hostname", () => {
  it("takes a hostname on create, update and rebuild from 2.90, shown to everyone; refused before", async () => {
    const t = await actionApi();
    const body = (server: Record<string, unknown>) => ({ server: { name: "My Server", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }], ...server } });
    await t.refused(400, "POST", "/servers", { token: t.demo, version: "2.89", body: body({ hostname: "web-1" }) });
    const created = await t.api("POST", "/servers", { token: t.demo, version: "2.90", body: body({ hostname: "web-1" }) });
    expect(created.status, created.text).toBe(202);
    t.advance(BUILD_MS);
    const id = created.body.server.id;
    const asDemo = (version: string) => t.show(id, { token: t.demo, version });
    expect(await asDemo("2.89")).not.toHaveProperty("OS-EXT-SRV-ATTR:hostname");
    expect((await asDemo("2.90"))["OS-EXT-SRV-ATTR:hostname"]).toBe("web-1");
    // a rename keeps the hostname, as in Nova
    await t.api("PUT", `/servers/${id}`, { token: t.demo, version: "2.90", body: { server: { name: "renamed" } } });
    expect((await asDemo("2.90"))["OS-EXT-SRV-ATTR:hostname"]).toBe("web-1");
    const updated = await t.api("PUT", `/servers/${id}`, { token: t.demo, version: "2.90", body: { server: { hostname: "web-2" } } });
    expect(updated.body.server["OS-EXT-SRV-ATTR:hostname"]).toBe("web-2");
    await t.ok(id, { rebuild: { imageRef: CIRROS, hostname: "web-3" } }, 202, { version: "2.90" });
    expect((await asDemo("2.90"))["OS-EXT-SRV-ATTR:hostname"]).toBe("web-3");
    await t.refuse(id, { rebuild: { imageRef: CIRROS, hostname: "web-4" } }, 400, { version: "2.89" });
  });

  it("takes one DNS label at 2.90-2.93 and an FQDN from 2.94; one hostname for several servers is 400", async () => {
    const t = await actionApi();
    const server = await t.active();
    const put = (hostname: unknown, version: string) => t.api("PUT", `/servers/${server.id}`, { token: t.demo, version, body: { server: { hostname } } });
    for (const bad of ["web.example.com", "a", "-web", "web_1", 5]) {
      const res = await t.refused(400, "PUT", `/servers/${server.id}`, { token: t.demo, version: "2.93", body: { server: { hostname: bad } } });
      expect(fault(res).message).toContain("Invalid input for field/attribute hostname");
    }
    expect((await put("web.example.com", "2.94")).body.server["OS-EXT-SRV-ATTR:hostname"]).toBe("web.example.com");
    await t.refused(400, "PUT", `/servers/${server.id}`, { token: t.demo, version: "2.94", body: { server: { hostname: "web/1" } } });
    await t.refused(400, "PUT", `/servers/${server.id}`, { token: t.demo, version: "2.94", body: { server: { hostname: "x".repeat(256) } } });
    const multi = { server: { name: "many", hostname: "same", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }], min_count: 2 } };
    expect(fault(await t.refused(400, "POST", "/servers", { token: t.demo, version: "2.90", body: multi })).message).toBe(
      "Unable to allocate a single hostname to multiple instances",
    );
  });
});

describe("2.91 unshelve", () => {
  async function offloaded(t: ActionApi, server: Record<string, unknown> = {}) {
    const made = await t.active(server, { version: "2.96" });
    await t.ok(made.id, { shelve: null });
    t.advance(ACTION_MS * 3);
    expect((await t.show(made.id)).status).toBe("SHELVED_OFFLOADED");
    return made.id as string;
  }

  it("unpins with a null zone and unshelves to a host (admin), only from 2.91", async () => {
    const t = await actionApi();
    const id = await offloaded(t, { availability_zone: "nova" });
    expect((await t.show(id, { version: "2.96" })).pinned_availability_zone).toBe("nova");
    await t.refuse(id, { unshelve: { availability_zone: null } }, 400, { version: "2.90" });
    await t.refuse(id, { unshelve: { host: "compute-3" } }, 400, { version: "2.90" });
    await t.refuse(id, { unshelve: { host: "compute-3" } }, 403, { version: "2.91" });
    await t.refuse(id, { unshelve: { host: "nowhere" } }, 400, { version: "2.91", token: t.admin });
    await t.ok(id, { unshelve: { availability_zone: null, host: "compute-3" } }, 202, { version: "2.91", token: t.admin });
    t.advance(ACTION_MS);
    const shown = await t.show(id, { version: "2.96" });
    expect(shown).toMatchObject({ status: "ACTIVE", "OS-EXT-SRV-ATTR:host": "compute-3", pinned_availability_zone: null });
  });

  it("refuses a host outside the pinned zone (409) and a host or zone for a server only SHELVED (409)", async () => {
    const t = await actionApi();
    const agg = (await t.api("POST", "/os-aggregates", { body: { aggregate: { name: "east", availability_zone: "east" } } })).body.aggregate;
    await t.api("POST", `/os-aggregates/${agg.id}/action`, { body: { add_host: { host: "compute-3" } } });
    const id = await offloaded(t, { availability_zone: "nova" });
    const conflict = await t.refuse(id, { unshelve: { host: "compute-3" } }, 409, { version: "2.91", token: t.admin });
    expect(fault(conflict).message).toBe('Host "compute-3" is not in the availability zone "nova".');
    await t.ok(id, { unshelve: { availability_zone: "east", host: "compute-3" } }, 202, { version: "2.91", token: t.admin });
    t.advance(ACTION_MS);
    expect(await t.show(id, { version: "2.96" })).toMatchObject({ "OS-EXT-SRV-ATTR:host": "compute-3", pinned_availability_zone: "east" });
  });
});

describe("2.92 key pairs", () => {
  it("needs a public key (no generation) and allows '@' and '.' in names from 2.92", async () => {
    const t = await actionApi();
    const create = (keypair: Record<string, unknown>, version: string) => t.api("POST", "/os-keypairs", { token: t.demo, version, body: { keypair } });
    expect((await create({ name: "gen" }, "2.91")).status).toBe(201);
    await t.refused(400, "POST", "/os-keypairs", { token: t.demo, version: "2.92", body: { keypair: { name: "gen2" } } });
    await t.refused(400, "POST", "/os-keypairs", { token: t.demo, version: "2.91", body: { keypair: { name: "me@host.example", public_key: SSH_KEY } } });
    const made = await create({ name: "me@host.example", public_key: SSH_KEY }, "2.92");
    expect(made.status, made.text).toBe(201);
    expect(made.body.keypair).not.toHaveProperty("private_key");
    expect(made.body.keypair.name).toBe("me@host.example");
  });
});

describe("2.93 volume-backed rebuild", () => {
  it("rebuilds a server booted from a volume from 2.93; before, a new image is 400", async () => {
    const t = await actionApi();
    const boot = await volume(t, { imageRef: CIRROS });
    const server = await t.active({ imageRef: undefined, block_device_mapping_v2: [{ boot_index: 0, source_type: "volume", destination_type: "volume", uuid: boot }] });
    await t.refuse(server.id, { rebuild: { imageRef: CIRROS } }, 400, { version: "2.92" });
    await t.ok(server.id, { rebuild: { imageRef: CIRROS } }, 202, { version: "2.93" });
    expect((await t.show(server.id)).status).toBe("REBUILD");
    t.advance(ACTION_MS);
    const shown = await t.show(server.id);
    expect(shown).toMatchObject({ status: "ACTIVE", image: "" });
  });

  it("reimages the root volume with the new image: its volume_image_metadata names it, the volume stays in-use", async () => {
    const t = await actionApi();
    const boot = await volume(t, { imageRef: CIRROS });
    const server = await t.active({ imageRef: undefined, block_device_mapping_v2: [{ boot_index: 0, source_type: "volume", destination_type: "volume", uuid: boot }] });
    const made = await call(t.emu, "POST", "/image/v2/images", { token: t.demo, body: { name: "second", disk_format: "qcow2", container_format: "bare" } });
    expect(made.status, made.text).toBe(201);
    const put = await t.emu.app.request(`http://localhost/image/v2/images/${made.body.id}/file`, {
      method: "PUT", headers: { "X-Auth-Token": t.demo, "Content-Type": "application/octet-stream" }, body: "0123456789",
    });
    expect(put.status).toBe(204);
    t.advance(ACTION_MS);
    await t.ok(server.id, { rebuild: { imageRef: made.body.id } }, 202, { version: "2.93" });
    t.advance(ACTION_MS);
    expect((await t.show(server.id)).status).toBe("ACTIVE");
    const shown = (await call(t.emu, "GET", `/volume/v3/volumes/${boot}`, { token: t.demo })).body.volume;
    expect(shown.status).toBe("in-use");
    expect(shown.volume_image_metadata).toMatchObject({ image_id: made.body.id, image_name: "second", disk_format: "qcow2" });
  });
});

describe("2.95 evacuate", () => {
  async function evacuated(version: string, stopFirst = false) {
    const t = await actionApi();
    const server = stopFirst ? await t.stopped() : await t.active();
    await call(t.emu, "POST", `/_emulator/compute/hosts/${server["OS-EXT-SRV-ATTR:host"]}/fail`);
    await t.ok(server.id, { evacuate: {} }, 200, { token: t.admin, version });
    t.advance(ACTION_MS);
    return t.show(server.id);
  }

  it("leaves the server SHUTOFF on its new host when asked at 2.95 or later, ACTIVE before", async () => {
    expect(await evacuated("2.94")).toMatchObject({ status: "ACTIVE", "OS-EXT-STS:power_state": 1 });
    expect(await evacuated("2.95")).toMatchObject({ status: "SHUTOFF", "OS-EXT-STS:power_state": 4, "OS-EXT-SRV-ATTR:host": expect.not.stringMatching(/^compute-1$/) });
    expect((await evacuated("2.94", true)).status).toBe("SHUTOFF");
  });
});

describe("2.96 pinned_availability_zone", () => {
  it("shows the zone the server was asked for (null when none) in show, detail, update and rebuild from 2.96", async () => {
    const t = await actionApi();
    const pinned = await t.active({ availability_zone: "nova" });
    const free = await t.active();
    expect(await t.show(pinned.id, { version: "2.95" })).not.toHaveProperty("pinned_availability_zone");
    expect((await t.show(pinned.id, { version: "2.96", token: t.demo })).pinned_availability_zone).toBe("nova");
    expect((await t.show(free.id, { version: "2.96" })).pinned_availability_zone).toBeNull();
    const detail = (await t.api("GET", "/servers/detail", { token: t.demo, version: "2.96" })).body.servers;
    expect(Object.fromEntries(detail.map((s: any) => [s.id, s.pinned_availability_zone]))).toEqual({ [pinned.id]: "nova", [free.id]: null });
    const summary = (await t.api("GET", "/servers", { token: t.demo, version: "2.96" })).body.servers[0];
    expect(summary).not.toHaveProperty("pinned_availability_zone");
    const updated = await t.api("PUT", `/servers/${pinned.id}`, { token: t.demo, version: "2.96", body: { server: { name: "x" } } });
    expect(updated.body.server.pinned_availability_zone).toBe("nova");
    const rebuilt = await t.ok(pinned.id, { rebuild: { imageRef: CIRROS } }, 202, { version: "2.96" });
    expect(rebuilt.body.server.pinned_availability_zone).toBe("nova");
  });
});
