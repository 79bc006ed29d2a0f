import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { computeApi, type ComputeApi } from "../../helpers/compute.js";

describe("compute: host failure through /_emulator/compute", () => {
  let n: ComputeApi;
  beforeEach(async () => {
    n = await computeApi();
  });

  const control = (method: string, path: string) => call(n.emu, method, `/_emulator/compute${path}`);
  const hostOf = async (id: string) => (await n.api("GET", `/servers/${id}`)).body.server["OS-EXT-SRV-ATTR:host"];

  it("lists the hosts with their service state, capacity, usage and servers", async () => {
    const id = (await n.create({ name: "vm" })).id;
    n.advance(30_000);
    const res = await control("GET", "/hosts");
    expect(res.status).toBe(200);
    expect(res.body.hosts.map((h: any) => [h.name, h.state, h.status])).toEqual([
      ["compute-1", "up", "enabled"],
      ["compute-2", "up", "enabled"],
      ["compute-3", "up", "enabled"],
    ]);
    expect(res.body.hosts[0]).toEqual({
      name: "compute-1",
      zone: "nova",
      hostIp: "192.168.100.11",
      state: "up",
      status: "enabled",
      disabledReason: null,
      forcedDown: false,
      updatedAt: "2030-01-01T00:00:00Z",
      vcpus: 16,
      vcpusUsed: 1,
      memoryMb: 32768,
      memoryMbUsed: 512,
      localGb: 500,
      localGbUsed: 1,
      runningVms: 1,
      serverIds: [id],
    });
  });

  it("fails a host: its service goes down, its servers show host_status DOWN, and the events name the host and servers", async () => {
    const onFailed = (await n.create({ name: "victim" })).id;
    const elsewhere = (await n.create({ name: "bystander" })).id;
    n.advance(30_000);
    expect(await hostOf(onFailed)).toBe("compute-1");
    expect(await hostOf(elsewhere)).toBe("compute-2");
    n.advance(60_000);

    const res = await control("POST", "/hosts/compute-1/fail");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ changed: true, serverIds: [onFailed], host: { name: "compute-1", state: "down", updatedAt: "2030-01-01T00:01:30Z" } });

    const events = await n.events("compute.*");
    const hostEvents = events.filter((e) => e.type === "compute.host.error" || e.type === "compute.instance.error");
    expect(hostEvents).toMatchObject([
      { type: "compute.host.error", payload: { host: "compute-1", serverIds: [onFailed], at: "2030-01-01T00:01:30Z" } },
      { type: "compute.instance.error", payload: { host: "compute-1", serverId: onFailed, projectId: n.demoProject, cause: "host_failure" } },
    ]);

    // what the APIs show: the hypervisor and its service are down; servers on it are DOWN at 2.16+ (admin)
    expect((await n.api("GET", "/os-hypervisors/1")).body.hypervisor.state).toBe("down");
    expect((await n.api("GET", "/os-services?host=compute-1", { version: "2.53" })).body.services[0]).toMatchObject({
      state: "down",
      status: "enabled",
      updated_at: "2030-01-01T00:01:30.000000",
    });
    expect((await n.api("GET", `/servers/${onFailed}`, { version: "2.16" })).body.server.host_status).toBe("DOWN");
    expect((await n.api("GET", `/servers/${elsewhere}`, { version: "2.16" })).body.server.host_status).toBe("UP");
    const zone = (await n.api("GET", "/os-availability-zone/detail")).body.availabilityZoneInfo.find((z: any) => z.zoneName === "nova");
    expect(zone.hosts["compute-1"]["nova-compute"]).toMatchObject({ available: false, active: true });

    // the scheduler no longer places servers there
    const next = (await n.create({ name: "after" })).id;
    n.advance(30_000);
    expect(await hostOf(next)).toBe("compute-3");
  });

  it("is idempotent: failing a host that is down changes nothing and publishes nothing", async () => {
    await control("POST", "/hosts/compute-3/fail");
    const before = n.fingerprint();
    const again = await control("POST", "/hosts/compute-3/fail");
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ changed: false, serverIds: [], host: { state: "down" } });
    expect(n.fingerprint()).toBe(before);
    expect((await n.events("compute.host.error")).length).toBe(1);
  });

  it("recovers a host: state up again and compute.host.recovered; admin switches are left alone", async () => {
    const id = (await n.api("GET", "/os-services?host=compute-2", { version: "2.53" })).body.services[0].id;
    await n.api("PUT", `/os-services/${id}`, { version: "2.53", body: { status: "disabled", disabled_reason: "evacuating" } });
    await control("POST", "/hosts/compute-2/fail");
    n.advance(10_000);
    const res = await control("POST", "/hosts/compute-2/recover");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ changed: true, host: { name: "compute-2", state: "up", status: "disabled", disabledReason: "evacuating" } });
    expect((await n.events("compute.host.recovered")).map((e) => e.payload)).toEqual([{ host: "compute-2", at: "2030-01-01T00:00:10Z" }]);
    expect((await n.api("GET", "/os-hypervisors/2")).body.hypervisor).toMatchObject({ state: "up", status: "disabled" });
    // recovering a host that is up publishes nothing
    expect((await control("POST", "/hosts/compute-2/recover")).body.changed).toBe(false);
    expect((await n.events("compute.host.recovered")).length).toBe(1);
  });

  it("answers an unknown host with 404 in the control API's shape, and a wrong method with 405", async () => {
    for (const op of ["fail", "recover"]) {
      const res = await control("POST", `/hosts/compute-9/${op}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { status: 404, code: "Not Found", message: "No compute host named compute-9; GET /_emulator/compute/hosts lists them." } });
    }
    const wrong = await control("GET", "/hosts/compute-1/fail");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
    expect(await n.events("compute.*")).toEqual([]);
  });
});
