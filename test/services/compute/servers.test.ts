// Servers through the HTTP API: create (its answer, every 400, quota 413, ports given or made, multi-create),
// list and list detail (filters, scoping, pagination), show, update, delete, metadata and ips. Every
// rejected request leaves the compute and networking state exactly as it was.

import { describe, expect, it } from "vitest";
import { ACTION_MS, BUILD_MS, CIRROS, computeApi, fault } from "../../helpers/compute.js";
import { call } from "../../helpers/emulator.js";

describe("POST /servers", () => {
  it("answers 202 with id, links, diskConfig, security groups and adminPass, and a Location header", async () => {
    const t = await computeApi();
    const res = await t.api("POST", "/servers", {
      token: t.demo,
      body: { server: { name: "vm1", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }] } },
    });
    expect(res.status).toBe(202);
    const server = res.body.server;
    expect(Object.keys(server).sort()).toEqual(["OS-DCF:diskConfig", "adminPass", "id", "links", "name", "security_groups", "status"]);
    expect(server).toMatchObject({ name: "vm1", status: "BUILD" });
    expect(server.links).toEqual([
      { rel: "self", href: `http://localhost/compute/v2.1/servers/${server.id}` },
      { rel: "bookmark", href: `http://localhost/compute/servers/${server.id}` },
    ]);
    expect(server.security_groups).toEqual([{ name: "default" }]);
    expect(server.adminPass).toMatch(/^\w{12}$/);
    expect(res.headers.get("location")).toBe(server.links[0].href);
    const shown = await t.show(server.id, { token: t.demo });
    expect(shown).toMatchObject({ status: "BUILD", addresses: {}, "OS-EXT-STS:vm_state": "building", "OS-EXT-STS:power_state": 0, tenant_id: t.demoProject });
  });

  it("goes ACTIVE after the build time with its address on the requested network and its port bound", async () => {
    const t = await computeApi();
    const { id } = await t.create({ name: "web" });
    const [building] = await t.ports(id);
    expect(building).toMatchObject({ device_id: id, device_owner: "", status: "DOWN" });
    t.advance(BUILD_MS);
    const server = await t.show(id);
    const [port] = await t.ports(id);
    expect(server.status).toBe("ACTIVE");
    expect(server["OS-EXT-STS:task_state"]).toBeNull();
    expect(server.addresses).toEqual({
      private: [{ version: 4, addr: port.fixed_ips[0].ip_address, "OS-EXT-IPS:type": "fixed", "OS-EXT-IPS-MAC:mac_addr": port.mac_address }],
    });
    expect(port.fixed_ips[0].ip_address).toMatch(/^10\.0\.0\.\d+$/);
    expect(port).toMatchObject({ device_id: id, device_owner: "compute:nova", status: "ACTIVE", "binding:host_id": server["OS-EXT-SRV-ATTR:host"] });
    const ips = await t.api("GET", `/servers/${id}/ips`, { token: t.demo });
    expect(ips.body).toEqual({ addresses: server.addresses });
    expect((await t.api("GET", `/servers/${id}/ips/private`, { token: t.demo })).body).toEqual({ private: server.addresses.private });
    expect((await t.api("GET", `/servers/${id}/ips/nowhere`, { token: t.demo })).status).toBe(404);
  });

  describe("refuses bad requests with 400 and changes nothing", () => {
    const cases: Array<[string, (t: Awaited<ReturnType<typeof computeApi>>) => Record<string, unknown>, RegExp]> = [
      ["a missing name", (t) => ({ flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }] }), /name/],
      ["a missing flavorRef", (t) => ({ name: "x", imageRef: CIRROS, networks: [{ uuid: t.privateNet }] }), /flavorRef/],
      ["missing networks", () => ({ name: "x", flavorRef: "1", imageRef: CIRROS }), /networks/],
      ["a name with leading whitespace", (t) => ({ name: " x", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }] }), /whitespace/],
      ["an unknown flavor", (t) => ({ name: "x", flavorRef: "99", imageRef: CIRROS, networks: [{ uuid: t.privateNet }] }), /Flavor 99 could not be found/],
      ["an unknown image", (t) => ({ name: "x", flavorRef: "1", imageRef: "no-such-image", networks: [{ uuid: t.privateNet }] }), /Can not find requested image/],
      ["no image and no boot volume", (t) => ({ name: "x", flavorRef: "1", networks: [{ uuid: t.privateNet }] }), /imageRef/],
      ["an unknown network", () => ({ name: "x", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: "no-such-net" }] }), /Network no-such-net could not be found/],
      ["an unknown port", () => ({ name: "x", flavorRef: "1", imageRef: CIRROS, networks: [{ port: "no-such-port" }] }), /Port id no-such-port could not be found/],
      ["an unknown keypair", (t) => ({ name: "x", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }], key_name: "nokey" }), /Invalid key_name/],
      ["user_data that is not base64", (t) => ({ name: "x", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }], user_data: "not base64!" }), /valid base 64/],
      ["an unknown availability zone", (t) => ({ name: "x", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }], availability_zone: "mars" }), /availability zone/],
      ["an unknown security group", (t) => ({ name: "x", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }], security_groups: [{ name: "nope" }] }), /Security group nope not found/],
      ["a metadata value over 255 characters", (t) => ({ name: "x", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }], metadata: { k: "v".repeat(256) } }), /metadata/],
      ["a description before 2.19", (t) => ({ name: "x", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }], description: "d" }), /description/],
      ["a fixed_ip without a network", () => ({ name: "x", flavorRef: "1", imageRef: CIRROS, networks: [{ fixed_ip: "10.0.0.50" }] }), /network uuid/],
      ["an address outside the network", (t) => ({ name: "x", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet, fixed_ip: "192.168.9.9" }] }), /./],
      ["networks of the wrong type", () => ({ name: "x", flavorRef: "1", imageRef: CIRROS, networks: "some" }), /networks/],
    ];
    for (const [what, body, message] of cases) {
      it(what, async () => {
        const t = await computeApi();
        const res = await t.refused(400, "POST", "/servers", { token: t.demo, body: { server: body(t) } });
        expect(fault(res).name).toBe("badRequest");
        expect(fault(res).message).toMatch(message);
      });
    }

    it("an unknown server group in the scheduler hints", async () => {
      const t = await computeApi();
      const body = { server: { name: "x", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }] }, "OS-SCH-HNT:scheduler_hints": { group: "nope" } };
      expect(fault(await t.refused(400, "POST", "/servers", { token: t.demo, body })).message).toMatch(/nope/);
    });
  });

  it("records a keypair, base64 user_data, metadata, a description and tags; boots from a volume without an image", async () => {
    const t = await computeApi();
    const key = await t.api("POST", "/os-keypairs", { token: t.demo, body: { keypair: { name: "k1" } } });
    expect(key.status).toBe(200);
    const userData = Buffer.from("#!/bin/sh\necho hi\n").toString("base64");
    const { id } = await t.create({ key_name: "k1", user_data: userData, metadata: { role: "web" }, description: "front", tags: ["a", "b"] }, { version: "2.52" });
    const shown = await t.show(id, { version: "2.52" });
    expect(shown).toMatchObject({ key_name: "k1", metadata: { role: "web" }, description: "front", tags: ["a", "b"], "OS-EXT-SRV-ATTR:user_data": userData });
    const volume = await call(t.emu, "POST", "/volume/v3/volumes", { token: t.demo, body: { volume: { size: 1, imageRef: CIRROS } } });
    expect(volume.status).toBe(202);
    const volumeId: string = volume.body.volume.id;
    t.advance(BUILD_MS);
    const bfv = await t.create({
      imageRef: undefined,
      block_device_mapping_v2: [{ boot_index: 0, uuid: volumeId, source_type: "volume", destination_type: "volume", delete_on_termination: true }],
    });
    const volumeServer = await t.show(bfv.id, { version: "2.3" });
    expect(volumeServer.image).toBe("");
    expect(volumeServer["os-extended-volumes:volumes_attached"]).toEqual([{ id: volumeId, delete_on_termination: true }]);
  });

  it("refuses a port in use (409), a network another project owns (400) and the external network to non-admins (403)", async () => {
    const t = await computeApi();
    const { id } = await t.create();
    const [port] = await t.ports(id);
    await t.refused(409, "POST", "/servers", { token: t.demo, body: { server: { name: "x", flavorRef: "1", imageRef: CIRROS, networks: [{ port: port.id }] } } });
    // the admin project cannot see demo's private network
    const own = await t.net("POST", "/networks", { body: { network: { name: "adminnet" } } });
    await t.refused(400, "POST", "/servers", { token: t.demo, body: { server: { name: "x", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: own.body.network.id }] } } });
    await t.refused(403, "POST", "/servers", { token: t.demo, body: { server: { name: "x", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.publicNet }] } } });
  });

  it("refuses what exceeds the instances or cores quota with 413 entityTooLarge", async () => {
    const t = await computeApi();
    const base = { name: "big", imageRef: CIRROS, networks: [{ uuid: t.privateNet }] };
    const cores = await t.refused(413, "POST", "/servers", { token: t.demo, body: { server: { ...base, flavorRef: "5", min_count: 3, max_count: 3 } } });
    expect(fault(cores)).toMatchObject({ name: "entityTooLarge", code: 413 });
    expect(fault(cores).message).toMatch(/Quota exceeded for cores: Requested 24, but already used 0 of 20 cores/);
    const instances = await t.refused(413, "POST", "/servers", { token: t.demo, body: { server: { ...base, flavorRef: "1", min_count: 11, max_count: 11 } } });
    expect(fault(instances).message).toMatch(/instances/);
  });

  it("creates max_count servers named name-1..N, as many as the quota allows down to min_count", async () => {
    const t = await computeApi();
    await t.create({ name: "many", min_count: 2, max_count: 20 });
    const list = await t.api("GET", "/servers", { token: t.demo });
    expect(list.body.servers.map((v: any) => v.name).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `many-${i + 1}`).sort());
  });

  it("answers a huge max_count at once: as many as the quota allows, or the quota's 413 when min_count does not fit", async () => {
    const t = await computeApi();
    // a max_count of 10^12 used to count down one by one through the quota check (the long fuzz run hung on it)
    await t.create({ name: "huge", min_count: 1, max_count: 933_011_225_466 });
    expect((await t.api("GET", "/servers", { token: t.demo })).body.servers).toHaveLength(10);
    const refused = await t.refused(413, "POST", "/servers", {
      token: t.demo,
      body: { server: { name: "more", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }], min_count: 20_263_688, max_count: 933_011_225_466 } },
    });
    expect(fault(refused).message).toMatch(/instances/);
  });

  it("creates at most 10,000 servers per request, even with unlimited quotas", async () => {
    const t = await computeApi();
    const unlimited = await t.api("PUT", `/os-quota-sets/${t.adminProject}`, { body: { quota_set: { instances: -1, cores: -1, ram: -1 } } });
    expect(unlimited.status).toBe(200);
    const body = { name: "flood", flavorRef: "1", imageRef: CIRROS, networks: "none" };
    const refused = await t.refused(400, "POST", "/servers", { body: { server: { ...body, min_count: 10_001, max_count: 10_001 } } });
    expect(fault(refused).message).toMatch(/at most 10000 servers per request/);
  });

  it("uses a given port (unbinding, not deleting, it on delete), a fixed address, `none` and `auto`", async () => {
    const t = await computeApi();
    const port = (await t.net("POST", "/ports", { token: t.demo, body: { port: { network_id: t.privateNet, name: "mine" } } })).body.port;
    const withPort = await t.active({ networks: [{ port: port.id }] });
    expect(withPort.addresses.private[0].addr).toBe(port.fixed_ips[0].ip_address);
    const fixed = await t.active({ networks: [{ uuid: t.privateNet, fixed_ip: "10.0.0.77" }] });
    expect(fixed.addresses.private[0].addr).toBe("10.0.0.77");
    const none = await t.active({ networks: "none" });
    expect(none.addresses).toEqual({});
    expect(none).not.toHaveProperty("security_groups");
    const auto = await t.active({ networks: "auto" });
    expect(Object.keys(auto.addresses)).toEqual(["private"]);

    await t.api("DELETE", `/servers/${withPort.id}`, { token: t.demo });
    t.advance(ACTION_MS);
    const after = (await t.net("GET", `/ports/${port.id}`)).body.port;
    expect(after).toMatchObject({ device_id: "", device_owner: "", status: "DOWN" });
  });

  it("shows floating IPs of its port as floating addresses", async () => {
    const t = await computeApi();
    const server = await t.active();
    const [port] = await t.ports(server.id);
    const fip = await t.net("POST", "/floatingips", { token: t.demo, body: { floatingip: { floating_network_id: t.publicNet, port_id: port.id } } });
    expect(fip.status).toBe(201);
    const shown = await t.show(server.id);
    expect(shown.addresses.private).toContainEqual({
      version: 4,
      addr: fip.body.floatingip.floating_ip_address,
      "OS-EXT-IPS:type": "floating",
      "OS-EXT-IPS-MAC:mac_addr": port.mac_address,
    });
  });

  it("forgets a port deleted through the networking API", async () => {
    const t = await computeApi();
    const server = await t.active();
    const [port] = await t.ports(server.id);
    expect((await t.net("DELETE", `/ports/${port.id}`)).status).toBe(204);
    expect((await t.show(server.id)).addresses).toEqual({});
  });
});

describe("GET /servers/{id}", () => {
  it("is 404 itemNotFound for an unknown id and for another project's server", async () => {
    const t = await computeApi();
    const missing = await t.api("GET", "/servers/nope", { token: t.demo });
    expect(missing.status).toBe(404);
    expect(fault(missing)).toEqual({ name: "itemNotFound", code: 404, message: "Instance nope could not be found." });
    const { id } = await t.create({}, { token: t.admin, version: "2.1" });
    expect((await t.api("GET", `/servers/${id}`, { token: t.demo })).status).toBe(404);
    expect((await t.api("DELETE", `/servers/${id}`, { token: t.demo })).status).toBe(404);
  });
});

describe("PUT /servers/{id}", () => {
  it("renames the server and, from 2.19, sets its description", async () => {
    const t = await computeApi();
    const { id } = await t.create();
    const renamed = await t.api("PUT", `/servers/${id}`, { token: t.demo, body: { server: { name: "renamed" } } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.server.name).toBe("renamed");
    await t.refused(400, "PUT", `/servers/${id}`, { token: t.demo, body: { server: { description: "d" } } });
    await t.refused(400, "PUT", `/servers/${id}`, { token: t.demo, body: { server: { metadata: { a: "b" } } } });
    await t.refused(400, "PUT", `/servers/${id}`, { token: t.demo, body: { server: { name: "" } } });
    const described = await t.api("PUT", `/servers/${id}`, { token: t.demo, version: "2.19", body: { server: { description: "web tier" } } });
    expect(described.body.server.description).toBe("web tier");
    expect((await t.show(id, { version: "2.19" })).description).toBe("web tier");
  });
});

describe("DELETE /servers/{id}", () => {
  it("is 204; the server is deleting, then gone, its ports deleted and its quota and host capacity freed", async () => {
    const t = await computeApi();
    const server = await t.active({ flavorRef: "3" });
    const [port] = await t.ports(server.id);
    const host = server["OS-EXT-SRV-ATTR:host"];
    const usage = () => t.api("GET", `/os-quota-sets/${t.demoProject}/detail`, { token: t.demo });
    expect((await usage()).body.quota_set.instances.in_use).toBe(1);
    expect((await usage()).body.quota_set.cores.in_use).toBe(2);

    const res = await t.api("DELETE", `/servers/${server.id}`, { token: t.demo });
    expect(res.status).toBe(204);
    expect((await t.show(server.id))["OS-EXT-STS:task_state"]).toBe("deleting");
    expect((await t.api("DELETE", `/servers/${server.id}`, { token: t.demo })).status).toBe(204);
    t.advance(ACTION_MS);
    expect((await t.api("GET", `/servers/${server.id}`, { token: t.demo })).status).toBe(404);
    expect((await t.net("GET", `/ports/${port.id}`)).status).toBe(404);
    expect((await usage()).body.quota_set.instances.in_use).toBe(0);
    expect((await usage()).body.quota_set.cores.in_use).toBe(0);
    const hyper = (await t.api("GET", "/os-hypervisors/detail")).body.hypervisors.find((h: any) => h.hypervisor_hostname === host);
    expect(hyper).toMatchObject({ vcpus_used: 0, running_vms: 0 });
  });
});

describe("metadata", () => {
  it("replaces with PUT, merges with POST, reads, sets and deletes one key", async () => {
    const t = await computeApi();
    const { id } = await t.active({ metadata: { a: "1" } });
    const path = `/servers/${id}/metadata`;
    expect((await t.api("GET", path, { token: t.demo })).body).toEqual({ metadata: { a: "1" } });
    expect((await t.api("POST", path, { token: t.demo, body: { metadata: { b: "2" } } })).body).toEqual({ metadata: { a: "1", b: "2" } });
    expect((await t.api("PUT", path, { token: t.demo, body: { metadata: { c: "3" } } })).body).toEqual({ metadata: { c: "3" } });
    expect((await t.api("PUT", `${path}/d`, { token: t.demo, body: { meta: { d: "4" } } })).body).toEqual({ meta: { d: "4" } });
    expect((await t.api("GET", `${path}/d`, { token: t.demo })).body).toEqual({ meta: { d: "4" } });
    await t.refused(400, "PUT", `${path}/e`, { token: t.demo, body: { meta: { f: "5" } } });
    await t.refused(400, "PUT", `${path}/e`, { token: t.demo, body: { meta: { e: "5", f: "6" } } });
    expect((await t.api("DELETE", `${path}/d`, { token: t.demo })).status).toBe(204);
    expect(fault(await t.refused(404, "DELETE", `${path}/d`, { token: t.demo })).message).toBe("Metadata item was not found");
    expect((await t.api("GET", `${path}/d`, { token: t.demo })).status).toBe(404);
    expect((await t.show(id)).metadata).toEqual({ c: "3" });
  });

  it("is 409 while the server builds", async () => {
    const t = await computeApi();
    const { id } = await t.create();
    const res = await t.refused(409, "POST", `/servers/${id}/metadata`, { token: t.demo, body: { metadata: { a: "1" } } });
    expect(fault(res).message).toBe(`Cannot 'update_metadata' instance ${id} while it is in vm_state building`);
  });
});
