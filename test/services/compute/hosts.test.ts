import { beforeEach, describe, expect, it } from "vitest";
import { computeApi, fault, type ComputeApi } from "../../helpers/compute.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("compute: /v2.1/os-hypervisors (admin)", () => {
  let n: ComputeApi;
  beforeEach(async () => {
    n = await computeApi();
  });

  it("lists the three seed hypervisors with integer ids at 2.1 and UUIDs from 2.53; members get 403", async () => {
    const res = await n.api("GET", "/os-hypervisors");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      hypervisors: [1, 2, 3].map((i) => ({ id: i, hypervisor_hostname: `compute-${i}`, state: "up", status: "enabled" })),
    });
    const v253 = (await n.api("GET", "/os-hypervisors", { version: "2.53" })).body.hypervisors;
    expect(v253.map((h: any) => h.id)).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID), expect.stringMatching(UUID)]);
    for (const path of ["/os-hypervisors", "/os-hypervisors/detail", "/os-hypervisors/1", "/os-hypervisors/statistics", "/os-services"]) {
      const member = await n.api("GET", path, { token: n.demo });
      expect(member.status, path).toBe(403);
      expect(fault(member).name).toBe("forbidden");
    }
  });

  it("details every statistic at 2.1 (cpu_info a JSON string), an object from 2.28, service ids by microversion", async () => {
    const h = (await n.api("GET", "/os-hypervisors/detail")).body.hypervisors[0];
    expect(h).toEqual({
      id: 1,
      hypervisor_hostname: "compute-1",
      state: "up",
      status: "enabled",
      hypervisor_type: "QEMU",
      hypervisor_version: 6002000,
      host_ip: "192.168.100.11",
      service: { host: "compute-1", id: 1, disabled_reason: null },
      vcpus: 16,
      vcpus_used: 0,
      memory_mb: 32768,
      memory_mb_used: 0,
      local_gb: 500,
      local_gb_used: 0,
      free_ram_mb: 32768,
      free_disk_gb: 500,
      current_workload: 0,
      running_vms: 0,
      disk_available_least: 500,
      cpu_info: expect.any(String),
    });
    expect(JSON.parse(h.cpu_info)).toMatchObject({ arch: "x86_64", topology: { sockets: 16, cores: 1, threads: 1 } });
    const v228 = (await n.api("GET", "/os-hypervisors/detail", { version: "2.28" })).body.hypervisors[0];
    expect(v228.cpu_info).toMatchObject({ arch: "x86_64" });
    const v253 = (await n.api("GET", "/os-hypervisors/detail", { version: "2.53" })).body.hypervisors[0];
    expect(v253.service.id).toMatch(UUID);
    expect(v253.vcpus).toBe(16);
  });

  it("shows one by id (an integer before 2.53, a UUID from it; 400 for a non-UUID then), 404 when unknown", async () => {
    expect((await n.api("GET", "/os-hypervisors/2")).body.hypervisor).toMatchObject({ id: 2, hypervisor_hostname: "compute-2", vcpus: 16 });
    expect((await n.api("GET", "/os-hypervisors/9")).status).toBe(404);
    expect(fault(await n.api("GET", "/os-hypervisors/compute-1")).message).toBe("Hypervisor with ID 'compute-1' could not be found.");
    const uuid = (await n.api("GET", "/os-hypervisors", { version: "2.53" })).body.hypervisors[1].id;
    expect((await n.api("GET", `/os-hypervisors/${uuid}`, { version: "2.53" })).body.hypervisor.hypervisor_hostname).toBe("compute-2");
    expect((await n.api("GET", "/os-hypervisors/2", { version: "2.53" })).status).toBe(400);
    expect((await n.api("GET", "/os-hypervisors/00000000-0000-4000-8000-000000000000", { version: "2.53" })).status).toBe(404);
  });

  it("follows placements: a server's flavor is claimed on its host and given back when it is deleted", async () => {
    const id = (await n.create({ name: "vm", flavorRef: "3" })).id;
    n.advance(30_000);
    const host = (await n.api("GET", `/servers/${id}`)).body.server["OS-EXT-SRV-ATTR:host"];
    const hyp = (await n.api("GET", "/os-hypervisors/detail")).body.hypervisors.find((h: any) => h.hypervisor_hostname === host);
    expect(hyp).toMatchObject({ vcpus_used: 2, memory_mb_used: 4096, local_gb_used: 40, running_vms: 1, free_ram_mb: 28672, free_disk_gb: 460 });
    const stats = (await n.api("GET", "/os-hypervisors/statistics")).body.hypervisor_statistics;
    expect(stats).toMatchObject({ count: 3, vcpus: 48, vcpus_used: 2, memory_mb: 98304, memory_mb_used: 4096, running_vms: 1 });
    // 2.53 with_servers lists who runs where
    const withServers = (await n.api("GET", "/os-hypervisors?with_servers=true", { version: "2.53" })).body.hypervisors.find((h: any) => h.hypervisor_hostname === host);
    expect(withServers.servers).toEqual([{ uuid: id, name: "vm" }]);
    expect((await n.api("DELETE", `/servers/${id}`, { token: n.demo })).status).toBe(204);
    n.advance(30_000);
    const after = (await n.api("GET", "/os-hypervisors/detail")).body.hypervisors.find((h: any) => h.hypervisor_hostname === host);
    expect(after).toMatchObject({ vcpus_used: 0, memory_mb_used: 0, local_gb_used: 0, running_vms: 0 });
  });

  it("spreads new servers over the least loaded hosts, and skips disabled ones", async () => {
    const services = (await n.api("GET", "/os-services", { version: "2.53" })).body.services;
    await n.api("PUT", `/os-services/${services[0].id}`, { version: "2.53", body: { status: "disabled" } });
    const ids = [(await n.create({ name: "a" })).id, (await n.create({ name: "b" })).id, (await n.create({ name: "c" })).id];
    n.advance(30_000);
    const hosts = await Promise.all(ids.map(async (id) => (await n.api("GET", `/servers/${id}`)).body.server["OS-EXT-SRV-ATTR:host"]));
    expect(hosts).toEqual(["compute-2", "compute-3", "compute-2"]);
  });

  it("searches by hostname pattern before 2.53 (404 when nothing matches), and filters with hypervisor_hostname_pattern from 2.53", async () => {
    expect((await n.api("GET", "/os-hypervisors/compute/search")).body.hypervisors).toHaveLength(3);
    expect((await n.api("GET", "/os-hypervisors/e-2/servers")).body.hypervisors).toEqual([{ id: 2, hypervisor_hostname: "compute-2", state: "up", status: "enabled", servers: [] }]);
    expect((await n.api("GET", "/os-hypervisors/nomatch/search")).status).toBe(404);
    expect((await n.api("GET", "/os-hypervisors/compute/search", { version: "2.53" })).status).toBe(404);
    expect((await n.api("GET", "/os-hypervisors?hypervisor_hostname_pattern=-3", { version: "2.53" })).body.hypervisors.map((h: any) => h.hypervisor_hostname)).toEqual(["compute-3"]);
    expect((await n.api("GET", "/os-hypervisors?hypervisor_hostname_pattern=zzz", { version: "2.53" })).status).toBe(404);
  });

  it("pages from 2.33 with limit, marker and hypervisors_links", async () => {
    const first = await n.api("GET", "/os-hypervisors?limit=2", { version: "2.33" });
    expect(first.body.hypervisors.map((h: any) => h.id)).toEqual([1, 2]);
    expect(first.body.hypervisors_links).toEqual([{ rel: "next", href: "http://localhost/compute/v2.1/os-hypervisors?limit=2&marker=2" }]);
    expect((await n.api("GET", "/os-hypervisors?limit=2&marker=2", { version: "2.33" })).body.hypervisors.map((h: any) => h.id)).toEqual([3]);
    expect((await n.api("GET", "/os-hypervisors?marker=77", { version: "2.33" })).status).toBe(400);
  });
});

describe("compute: /v2.1/os-services (admin)", () => {
  let n: ComputeApi;
  beforeEach(async () => {
    n = await computeApi();
  });

  it("lists each host's nova-compute service (2.53 shape), then the controller's, filtered by host and binary", async () => {
    const res = await n.api("GET", "/os-services", { version: "2.53" });
    expect(res.status).toBe(200);
    expect(res.body.services.map((s: any) => s.binary)).toEqual(["nova-compute", "nova-compute", "nova-compute", "nova-conductor", "nova-scheduler"]);
    expect(res.body.services[0]).toEqual({
      id: expect.stringMatching(UUID),
      binary: "nova-compute",
      disabled_reason: null,
      host: "compute-1",
      state: "up",
      status: "enabled",
      updated_at: "2030-01-01T00:00:00.000000",
      zone: "nova",
      forced_down: false,
    });
    // the service id is the hypervisor's service.id
    const hyp = (await n.api("GET", "/os-hypervisors/detail", { version: "2.53" })).body.hypervisors[0];
    expect(hyp.service.id).toBe(res.body.services[0].id);
    expect((await n.api("GET", "/os-services?host=compute-2&binary=nova-compute", { version: "2.53" })).body.services.map((s: any) => s.host)).toEqual(["compute-2"]);
    expect((await n.api("GET", "/os-services?binary=nova-scheduler")).body.services.map((s: any) => [s.id, s.host, s.zone])).toEqual([[5, "controller", "internal"]]);
    // integer ids and no forced_down at 2.1; forced_down from 2.11
    const v21 = (await n.api("GET", "/os-services")).body.services[0];
    expect(v21.id).toBe(1);
    expect(v21.forced_down).toBeUndefined();
    expect((await n.api("GET", "/os-services", { version: "2.11" })).body.services[0].forced_down).toBe(false);
  });

  it("disables with a reason and forces down by id from 2.53 (200); the hypervisor and scheduler follow", async () => {
    const id = (await n.api("GET", "/os-services?host=compute-1", { version: "2.53" })).body.services[0].id;
    const res = await n.api("PUT", `/os-services/${id}`, { version: "2.53", body: { status: "disabled", disabled_reason: "broken fan" } });
    expect(res.status).toBe(200);
    expect(res.body.service).toMatchObject({ id, host: "compute-1", status: "disabled", disabled_reason: "broken fan", state: "up", forced_down: false });
    expect((await n.api("GET", "/os-hypervisors/1")).body.hypervisor).toMatchObject({ status: "disabled", service: { disabled_reason: "broken fan" } });
    const down = await n.api("PUT", `/os-services/${id}`, { version: "2.53", body: { forced_down: true } });
    expect(down.body.service).toMatchObject({ state: "down", forced_down: true, status: "disabled" });
    const enabled = await n.api("PUT", `/os-services/${id}`, { version: "2.53", body: { status: "enabled", forced_down: false } });
    expect(enabled.body.service).toMatchObject({ state: "up", forced_down: false, status: "enabled", disabled_reason: null });
    expect((await n.events("compute.service.updated")).map((e) => e.payload.status)).toEqual(["disabled", "disabled", "enabled"]);
  });

  it("rejects bad updates (400), unknown services (404) and members (403), changing nothing", async () => {
    const id = (await n.api("GET", "/os-services?host=compute-1", { version: "2.53" })).body.services[0].id;
    const before = n.fingerprint();
    for (const body of [{}, { status: "broken" }, { disabled_reason: "x" }, { status: "enabled", disabled_reason: "x" }, { forced_down: "perhaps" }, { status: "disabled", colour: 1 }]) {
      const res = await n.api("PUT", `/os-services/${id}`, { version: "2.53", body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await n.api("PUT", "/os-services/not-a-uuid", { version: "2.53", body: { status: "disabled" } })).status).toBe(400);
    expect((await n.api("PUT", "/os-services/00000000-0000-4000-8000-000000000000", { version: "2.53", body: { status: "disabled" } })).status).toBe(404);
    expect((await n.api("PUT", `/os-services/${id}`, { token: n.demo, version: "2.53", body: { status: "disabled" } })).status).toBe(403);
    expect(n.fingerprint()).toBe(before);
  });

  it("takes the pre-2.53 actions on {host, binary}: disable, disable-log-reason, enable, force-down (2.11)", async () => {
    const disable = await n.api("PUT", "/os-services/disable", { body: { host: "compute-2", binary: "nova-compute" } });
    expect(disable.status).toBe(200);
    expect(disable.body).toEqual({ service: { host: "compute-2", binary: "nova-compute", status: "disabled" } });
    const reason = await n.api("PUT", "/os-services/disable-log-reason", { body: { host: "compute-2", binary: "nova-compute", disabled_reason: "upgrade" } });
    expect(reason.body.service).toEqual({ host: "compute-2", binary: "nova-compute", status: "disabled", disabled_reason: "upgrade" });
    expect((await n.api("GET", "/os-services?host=compute-2")).body.services[0]).toMatchObject({ status: "disabled", disabled_reason: "upgrade" });
    expect((await n.api("PUT", "/os-services/enable", { body: { host: "compute-2", binary: "nova-compute" } })).body.service.status).toBe("enabled");
    expect((await n.api("PUT", "/os-services/force-down", { body: { host: "compute-2", binary: "nova-compute", forced_down: true } })).status).toBe(404);
    const forced = await n.api("PUT", "/os-services/force-down", { version: "2.11", body: { host: "compute-2", binary: "nova-compute", forced_down: true } });
    expect(forced.body).toEqual({ service: { host: "compute-2", binary: "nova-compute", forced_down: true } });
    expect((await n.api("GET", "/os-services?host=compute-2", { version: "2.11" })).body.services[0]).toMatchObject({ state: "down", forced_down: true });
    expect((await n.api("PUT", "/os-services/disable", { body: { host: "compute-9", binary: "nova-compute" } })).status).toBe(404);
    expect((await n.api("PUT", "/os-services/reboot", { body: { host: "compute-1", binary: "nova-compute" } })).status).toBe(404);
  });
});
