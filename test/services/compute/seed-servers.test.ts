// Compute's seed `servers`: running (or SHUTOFF) servers in a world from the start, with ports bound on
// their host, host capacity and project usage counted, stable ids; bad entries refused whole.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { computeApi } from "../../helpers/compute.js";
import { loadWorldFrom } from "../../../src/world.js";

const server = (extra: Record<string, unknown>) => ({ name: "s", project: "demo", flavor: "m1.tiny", image: "cirros", ...extra });

describe("compute: seeded servers", () => {
  it("the ha-cluster world starts with its servers ACTIVE or SHUTOFF on their hosts, ports bound, usage counted", async () => {
    const n = await computeApi(loadWorldFrom("ha-cluster"));
    const all = (await n.api("GET", "/servers/detail?all_tenants=1", { version: "2.53" })).body.servers;
    const web1 = all.find((v: any) => v.name === "web-1");
    expect(web1).toMatchObject({
      status: "ACTIVE",
      "OS-EXT-STS:vm_state": "active",
      "OS-EXT-STS:power_state": 1,
      "OS-EXT-STS:task_state": null,
      "OS-EXT-SRV-ATTR:host": "compute-1",
      metadata: { HA_Enabled: "True" },
      flavor: { original_name: "m1.tiny" },
      tenant_id: n.demoProject,
    });
    expect(web1.addresses.private[0].addr).toMatch(/^10\.0\.0\.\d+$/);
    expect(all.find((v: any) => v.name === "batch-1")).toMatchObject({ status: "SHUTOFF", "OS-EXT-STS:power_state": 4 });
    const ports = (await call(n.emu, "GET", `/networking/v2.0/ports?device_id=${web1.id}`, { token: n.admin })).body.ports;
    expect(ports.map((p: any) => [p.status, p.device_owner, p["binding:host_id"]])).toEqual([["ACTIVE", "compute:nova", "compute-1"]]);
    // the demo project owns 3 of them (m1.tiny), the host runs 5
    const limits = (await n.api("GET", "/limits", { token: n.demo })).body.limits.absolute;
    expect(limits).toMatchObject({ totalInstancesUsed: 3, totalCoresUsed: 3, totalRAMUsed: 1536 });
    const hyp = (await n.api("GET", "/os-hypervisors/detail", { version: "2.53" })).body.hypervisors.find((h: any) => h.hypervisor_hostname === "compute-1");
    expect(hyp).toMatchObject({ running_vms: 5, vcpus_used: 5, memory_mb_used: 512 * 4 + 2048 });
    // the demo user sees its own, and the API acts on them
    expect((await n.api("GET", "/servers", { token: n.demo })).body.servers.map((v: any) => v.name).sort()).toEqual(["batch-1", "web-1", "web-2"]);
    expect((await n.api("POST", `/servers/${web1.id}/action`, { token: n.demo, body: { "os-stop": null } })).status).toBe(202);
    // the same ids in every emulator; none of it published
    const again = await computeApi(loadWorldFrom("ha-cluster"));
    const ids = async (x: typeof n) => (await x.api("GET", "/servers?all_tenants=1")).body.servers.map((v: any) => v.id).sort();
    expect(await ids(again)).toEqual(await ids(n));
    expect(await again.events("compute.server.*")).toEqual([]);
  });

  it("count makes numbered servers; without a host the scheduler places them", async () => {
    const n = await computeApi();
    const res = await call(n.emu, "POST", "/_emulator/seed?mode=merge", {
      body: { compute: { servers: [server({ name: "node", count: 3, networks: ["private"], metadata: { role: "worker" } })] } },
    });
    expect(res.status).toBe(200);
    const list = (await n.api("GET", "/servers/detail", { token: n.demo })).body.servers;
    expect(list.map((v: any) => [v.name, v.status, v.metadata.role]).sort()).toEqual([
      ["node-1", "ACTIVE", "worker"],
      ["node-2", "ACTIVE", "worker"],
      ["node-3", "ACTIVE", "worker"],
    ]);
    expect(new Set(list.map((v: any) => v.addresses.private[0].addr)).size).toBe(3);
  });

  it.each([
    [server({ project: "nobody" }), /names project nobody/],
    [server({ flavor: "m9.huge" }), /names flavor m9\.huge/],
    [server({ image: "windows" }), /names image windows/],
    [server({ networks: ["alt-private"] }), /names network alt-private/],
    [server({ host: "compute-9" }), /names compute host compute-9/],
    [server({ host: "tiny-1", count: 2 }), /Compute host tiny-1 has no room for server s-\d/],
    [server({ count: 11 }), /exceed project demo's quota/],
    [server({ status: "BUILD" }), /status/],
    [server({ extra: 1 }), /extra/],
  ])("refuses %j whole, changing nothing", async (entry, message) => {
    const n = await computeApi();
    const before = n.fingerprint();
    const res = await call(n.emu, "POST", "/_emulator/seed?mode=merge", {
      body: { compute: { hosts: [{ name: "tiny-1", host_ip: "10.9.9.9", vcpus: 1, memory_mb: 512, local_gb: 1 }], servers: [server({ name: "ok" }), entry] } },
    });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(message);
    expect(n.fingerprint()).toBe(before);
  });

  it("the same server twice is refused", async () => {
    const n = await computeApi();
    const res = await call(n.emu, "POST", "/_emulator/seed?mode=merge", { body: { compute: { servers: [server({}), server({})] } } });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/Server s of project demo is listed twice/);
  });
});
