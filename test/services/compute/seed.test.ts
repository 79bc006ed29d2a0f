import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { CIRROS, computeApi } from "../../helpers/compute.js";

describe("compute: the default seed world", () => {
  it("has the m1 flavors with ids 1 to 5", async () => {
    const n = await computeApi();
    const flavors = (await n.api("GET", "/flavors/detail", { token: n.demo })).body.flavors;
    expect(flavors.map((f: any) => [f.id, f.name, f.vcpus, f.ram, f.disk])).toEqual([
      ["1", "m1.tiny", 1, 512, 1],
      ["2", "m1.small", 1, 2048, 20],
      ["3", "m1.medium", 2, 4096, 40],
      ["4", "m1.large", 4, 8192, 80],
      ["5", "m1.xlarge", 8, 16384, 160],
    ]);
    for (const f of flavors) expect(f).toMatchObject({ "os-flavor-access:is_public": true, "OS-FLV-DISABLED:disabled": false, "OS-FLV-EXT-DATA:ephemeral": 0, swap: "" });
  });

  it("has a public, active cirros image (qcow2/bare) with a stable id, owned by admin", async () => {
    const n = await computeApi();
    const image = (await n.api("GET", `/images/${CIRROS}`, { token: n.demo })).body.image;
    expect(image).toMatchObject({ id: CIRROS, name: "cirros", status: "ACTIVE", minDisk: 1, minRam: 0, "OS-EXT-IMG-SIZE:size": 21430272 });
    const row = (n.emu.kernel.store.state.image as any).images;
    const stored = JSON.stringify(row);
    expect(stored).toContain('"diskFormat":"qcow2"');
    expect(stored).toContain('"containerFormat":"bare"');
    expect(stored).toContain(`"ownerProjectId":"${n.adminProject}"`);
    expect(stored).toContain('"visibility":"public"');
  });

  it("has three compute hosts in zone nova with capacity and distinct addresses", async () => {
    const n = await computeApi();
    const hyps = (await n.api("GET", "/os-hypervisors/detail", { version: "2.53" })).body.hypervisors;
    expect(hyps.map((h: any) => [h.hypervisor_hostname, h.host_ip, h.vcpus, h.memory_mb, h.local_gb, h.state, h.status])).toEqual([
      ["compute-1", "192.168.100.11", 16, 32768, 500, "up", "enabled"],
      ["compute-2", "192.168.100.12", 16, 32768, 500, "up", "enabled"],
      ["compute-3", "192.168.100.13", 16, 32768, 500, "up", "enabled"],
    ]);
    const services = (await n.api("GET", "/os-services?binary=nova-compute", { version: "2.53" })).body.services;
    expect(services.map((s: any) => s.zone)).toEqual(["nova", "nova", "nova"]);
    expect((await n.api("GET", "/os-availability-zone", { token: n.demo })).body.availabilityZoneInfo.map((z: any) => z.zoneName)).toEqual(["nova"]);
  });

  it("derives the same ids in every emulator and after reset, and publishes no events while seeding", async () => {
    const a = await computeApi();
    const b = await computeApi();
    const ids = async (n: typeof a) => (await n.api("GET", "/os-hypervisors/detail", { version: "2.53" })).body.hypervisors.map((h: any) => [h.id, h.service.id]);
    expect(await ids(a)).toEqual(await ids(b));
    expect(await a.events("compute.*")).toEqual([]);
    const seeded = a.fingerprint();
    await a.api("POST", "/flavors", { body: { flavor: { name: "extra", ram: 1, vcpus: 1, disk: 1 } } });
    await call(a.emu, "POST", "/_emulator/compute/hosts/compute-2/fail");
    expect((await call(a.emu, "POST", "/_emulator/reset")).status).toBe(200);
    expect(a.fingerprint()).toBe(seeded);
  });

  it("loads a compute section with defaults, derived ids, host states and quota overrides; rejects bad sections whole", async () => {
    const n = await computeApi();
    const world = {
      compute: {
        flavors: [{ name: "g1.gpu", vcpus: 8, ram: 65536, disk: 100, is_public: false, extra_specs: { "pci_passthrough:alias": "a100:1" } }],
        images: [{ name: "ubuntu", project: "demo", visibility: "private", size: 600000000 }],
        hosts: [{ name: "edge-1", zone: "edge", host_ip: "10.9.0.1", vcpus: 4, memory_mb: 8192, local_gb: 100, status: "disabled", disabled_reason: "not racked" }],
        quotas: [{ project: "demo", instances: 3 }],
      },
    };
    const res = await call(n.emu, "POST", "/_emulator/seed?mode=merge", { body: world });
    expect(res.status).toBe(200);
    const gpu = (await n.api("GET", "/flavors/detail?is_public=false", { version: "2.61" })).body.flavors[0];
    expect(gpu).toMatchObject({ name: "g1.gpu", vcpus: 8, "os-flavor-access:is_public": false, extra_specs: { "pci_passthrough:alias": "a100:1" } });
    expect(gpu.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    const images = (await n.api("GET", "/images/detail", { token: n.demo })).body.images;
    expect(images.map((i: any) => [i.name, i.status])).toEqual([["cirros", "ACTIVE"], ["ubuntu", "ACTIVE"]]);
    const edge = (await n.api("GET", "/os-services?host=edge-1")).body.services[0];
    expect(edge).toMatchObject({ zone: "edge", status: "disabled", disabled_reason: "not racked", id: 4 });
    expect((await n.api("GET", `/os-quota-sets/${n.demoProject}`, { token: n.demo })).body.quota_set.instances).toBe(3);
    // a second load of the same section is a duplicate; a bad one is refused whole
    const before = n.fingerprint();
    expect((await call(n.emu, "POST", "/_emulator/seed?mode=merge", { body: world })).status).toBe(400);
    for (const compute of [
      { flavors: [{ name: "x", vcpus: 0, ram: 1, disk: 1 }] },
      { hosts: [{ name: "h", host_ip: "1.2.3.4", vcpus: 1, memory_mb: 1 }] },
      { images: [{ name: "x", project: "nobody" }] },
      { widgets: [] },
    ]) {
      const bad = await call(n.emu, "POST", "/_emulator/seed?mode=merge", { body: { compute } });
      expect(bad.status, JSON.stringify(compute)).toBe(400);
    }
    expect(n.fingerprint()).toBe(before);
  });
});
