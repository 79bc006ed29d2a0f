// The proxy APIs added beside the first ones: addFloatingIp / removeFloatingIp (until 2.44), an image's
// metadata (until 2.36), os-volumes over block storage (until 2.36), a server's security groups (until 2.36).

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { CIRROS, fault, profileApi, type ProfileApi } from "./profile-setup.js";

async function server(t: ProfileApi): Promise<string> {
  const res = await t.api("POST", "/servers", { token: t.demo, body: { server: { name: "vm", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }] } } });
  t.emu.clock.advance(10_000);
  return res.body.server.id;
}

describe("addFloatingIp / removeFloatingIp", () => {
  it("puts the project's floating IP on the server's fixed address and takes it off again", async () => {
    const t = await profileApi();
    const id = await server(t);
    const fip = (await t.api("POST", "/os-floating-ips", { token: t.demo })).body.floating_ip;
    const act = (body: unknown, version?: string) => t.api("POST", `/servers/${id}/action`, { token: t.demo, body, version });
    expect((await act({ addFloatingIp: { address: fip.ip } })).status).toBe(202);
    const fixed = (await t.api("GET", `/servers/${id}`, { token: t.demo })).body.server.addresses.private;
    expect(fixed.map((a: any) => a["OS-EXT-IPS:type"])).toEqual(["fixed", "floating"]);
    const neutron = (await t.net("GET", `/floatingips/${fip.id}`, { token: t.demo })).body.floatingip;
    expect(neutron).toMatchObject({ fixed_ip_address: fixed[0].addr, status: expect.any(String) });
    expect((await t.api("GET", `/os-floating-ips/${fip.id}`, { token: t.demo })).body.floating_ip).toMatchObject({ instance_id: id, fixed_ip: fixed[0].addr });
    expect((await act({ removeFloatingIp: { address: fip.ip } })).status).toBe(202);
    expect((await t.net("GET", `/floatingips/${fip.id}`, { token: t.demo })).body.floatingip.port_id).toBeNull();
  });

  it("refuses an unknown address (404), a fixed address not the server's (400), removing one not on the server (409), and both from 2.44 (404)", async () => {
    const t = await profileApi();
    const id = await server(t);
    const fip = (await t.api("POST", "/os-floating-ips", { token: t.demo })).body.floating_ip;
    const path = `/servers/${id}/action`;
    expect(fault(await t.refused(404, "POST", path, { token: t.demo, body: { addFloatingIp: { address: "203.0.113.250" } } })).message).toBe("floating IP not found");
    expect(fault(await t.refused(400, "POST", path, { token: t.demo, body: { addFloatingIp: { address: fip.ip, fixed_address: "10.9.9.9" } } })).message).toBe(
      "Specified fixed address not assigned to instance",
    );
    expect(fault(await t.refused(409, "POST", path, { token: t.demo, body: { removeFloatingIp: { address: fip.ip } } })).message).toBe(
      `Floating IP ${fip.ip} is not associated with instance ${id}.`,
    );
    await t.refused(400, "POST", path, { token: t.demo, body: { addFloatingIp: {} } });
    await t.refused(404, "POST", path, { token: t.demo, version: "2.44", body: { addFloatingIp: { address: fip.ip } } });
    await t.refused(404, "POST", path, { token: t.demo, version: "2.44", body: { removeFloatingIp: { address: fip.ip } } });
    expect((await t.api("POST", path, { token: t.demo, version: "2.43", body: { addFloatingIp: { address: fip.ip } } })).status).toBe(202);
  });
});

describe("image metadata", () => {
  it("lists, replaces, merges, shows, sets and deletes an image's properties (the image service sees them)", async () => {
    const t = await profileApi();
    const base = `/images/${CIRROS}/metadata`;
    expect((await t.api("PUT", base, { body: { metadata: { a: "1", b: "2" } } })).body).toEqual({ metadata: { a: "1", b: "2" } });
    expect((await t.api("POST", base, { body: { metadata: { b: "3", c: "4" } } })).body).toEqual({ metadata: { a: "1", b: "3", c: "4" } });
    expect((await t.api("GET", `${base}/c`, { token: t.demo })).body).toEqual({ meta: { c: "4" } });
    expect((await t.api("PUT", `${base}/d`, { body: { meta: { d: "5" } } })).body).toEqual({ meta: { d: "5" } });
    expect((await t.api("DELETE", `${base}/a`)).status).toBe(204);
    expect((await t.api("GET", base, { token: t.demo })).body).toEqual({ metadata: { b: "3", c: "4", d: "5" } });
    const glance = await call(t.emu, "GET", `/image/v2/images/${CIRROS}`, { token: t.demo });
    expect(glance.body).toMatchObject({ b: "3", c: "4", d: "5" });
  });

  it("refuses a non-owner's write (403), a missing key (404), a mismatched key (400), and everything from 2.36", async () => {
    const t = await profileApi();
    const base = `/images/${CIRROS}/metadata`;
    await t.refused(403, "PUT", base, { token: t.demo, body: { metadata: { a: "1" } } });
    expect(fault(await t.refused(404, "GET", `${base}/nope`, { token: t.demo })).message).toBe("Invalid metadata key");
    await t.refused(404, "DELETE", `${base}/nope`);
    expect(fault(await t.refused(400, "PUT", `${base}/a`, { body: { meta: { b: "1" } } })).message).toBe("Request body and URI mismatch");
    await t.refused(404, "GET", `/images/nope/metadata`, { token: t.demo });
    await t.refused(404, "GET", base, { token: t.demo, version: "2.36" });
    await t.refused(404, "PUT", base, { version: "2.36", body: { metadata: {} } });
  });
});

describe("os-volumes", () => {
  it("creates a volume in block storage (200, creating, then available), lists, shows and deletes it (202)", async () => {
    const t = await profileApi();
    const created = await t.api("POST", "/os-volumes", { token: t.demo, body: { volume: { size: 1, display_name: "v", display_description: "d", metadata: { k: "v" } } } });
    expect(created.status).toBe(200);
    const v = created.body.volume;
    expect(v).toMatchObject({ status: "creating", size: 1, displayName: "v", displayDescription: "d", metadata: { k: "v" }, attachments: [{}], availabilityZone: "nova" });
    t.emu.clock.advance(10_000);
    expect((await t.api("GET", `/os-volumes/${v.id}`, { token: t.demo })).body.volume.status).toBe("available");
    expect((await call(t.emu, "GET", `/volume/v3/volumes/${v.id}`, { token: t.demo })).body.volume.name).toBe("v");
    expect((await t.api("GET", "/os-volumes/detail", { token: t.demo })).body.volumes.map((x: any) => x.id)).toEqual([v.id]);
    expect((await t.api("GET", "/os-volumes")).body.volumes).toEqual([]);
    expect((await t.api("DELETE", `/os-volumes/${v.id}`, { token: t.demo })).status).toBe(202);
    t.emu.clock.advance(10_000);
    expect(fault(await t.refused(404, "GET", `/os-volumes/${v.id}`, { token: t.demo })).message).toBe(`Volume ${v.id} could not be found.`);
  });

  it("shows a server's attachment, refuses deleting an attached volume (400), bad bodies (400), and is gone from 2.36", async () => {
    const t = await profileApi();
    const id = await server(t);
    const v = (await t.api("POST", "/os-volumes", { token: t.demo, body: { volume: { size: 1 } } })).body.volume;
    t.emu.clock.advance(10_000);
    await t.api("POST", `/servers/${id}/os-volume_attachments`, { token: t.demo, body: { volumeAttachment: { volumeId: v.id } } });
    t.emu.clock.advance(10_000);
    const shown = (await t.api("GET", `/os-volumes/${v.id}`, { token: t.demo })).body.volume;
    expect(shown.attachments).toEqual([{ id: expect.any(String), volumeId: v.id, serverId: id, device: expect.stringMatching(/^\/dev\//) }]);
    await t.refused(400, "DELETE", `/os-volumes/${v.id}`, { token: t.demo });
    await t.refused(400, "POST", "/os-volumes", { token: t.demo, body: { volume: { size: 0 } } });
    await t.refused(400, "POST", "/os-volumes", { token: t.demo, body: { volume: { size: 1, bogus: 1 } } });
    await t.refused(404, "GET", "/os-volumes", { token: t.demo, version: "2.36" });
    await t.refused(404, "POST", "/os-volumes", { token: t.demo, version: "2.36", body: { volume: { size: 1 } } });
  });
});

describe("a server's security groups", () => {
  it("lists the groups of the server's ports in the proxy's shape, until 2.36", async () => {
    const t = await profileApi();
    const id = await server(t);
    const res = await t.api("GET", `/servers/${id}/os-security-groups`, { token: t.demo });
    expect(res.body.security_groups.map((g: any) => [g.name, g.tenant_id])).toEqual([["default", t.demoProject]]);
    await t.refused(404, "GET", `/servers/${id}/os-security-groups`, { token: t.demo, version: "2.36" });
    await t.refused(404, "GET", "/servers/nope/os-security-groups", { token: t.demo });
  });
});
