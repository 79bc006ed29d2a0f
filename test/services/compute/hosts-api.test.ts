// The deprecated /os-hosts (gone at 2.43), and os-services with the controller's scheduler and conductor.

import { beforeEach, describe, expect, it } from "vitest";
import { CIRROS, fault, profileApi, type ProfileApi } from "./profile-setup.js";

describe("compute: /v2.1/os-hosts (until 2.43)", () => {
  let t: ProfileApi;
  beforeEach(async () => {
    t = await profileApi();
  });

  it("lists every enabled service's host with its topic and zone, filtered by zone", async () => {
    const res = await t.api("GET", "/os-hosts");
    expect(res.status).toBe(200);
    expect(res.body.hosts).toEqual([
      { host_name: "controller", service: "conductor", zone: "internal" },
      { host_name: "controller", service: "scheduler", zone: "internal" },
      { host_name: "compute-1", service: "compute", zone: "nova" },
      { host_name: "compute-2", service: "compute", zone: "nova" },
      { host_name: "compute-3", service: "compute", zone: "nova" },
    ]);
    expect((await t.api("GET", "/os-hosts?zone=internal")).body.hosts).toHaveLength(2);
    await t.api("PUT", "/os-services/disable", { body: { host: "compute-3", binary: "nova-compute" } });
    expect((await t.api("GET", "/os-hosts?zone=nova")).body.hosts.map((h: any) => h.host_name)).toEqual(["compute-1", "compute-2"]);
  });

  it("shows a host's resources: total, used now, used by its servers, and per project", async () => {
    const created = await t.api("POST", "/servers", { token: t.demo, body: { server: { name: "vm", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }], availability_zone: "nova:compute-1" } } });
    expect(created.status).toBe(403); // forcing a host is an admin's
    const res = await t.api("POST", "/servers", { body: { server: { name: "vm", flavorRef: "1", imageRef: CIRROS, networks: "none", availability_zone: "nova:compute-1" } } });
    expect(res.status).toBe(202);
    const show = await t.api("GET", "/os-hosts/compute-1");
    expect(show.status).toBe(200);
    const rows = show.body.host.map((r: any) => r.resource);
    expect(rows[0]).toEqual({ host: "compute-1", project: "(total)", cpu: 16, memory_mb: 32768, disk_gb: 500 });
    expect(rows[1]).toMatchObject({ project: "(used_now)", cpu: 1, memory_mb: 512 });
    expect(rows[2]).toEqual({ host: "compute-1", project: "(used_max)", cpu: 1, memory_mb: 512, disk_gb: 1 });
    expect(rows[3]).toEqual({ host: "compute-1", project: t.adminProject, cpu: 1, memory_mb: 512, disk_gb: 1 });
  });

  it("finds the host first (404), then answers 501 for what the libvirt driver does not do", async () => {
    expect(fault(await t.refused(404, "GET", "/os-hosts/nohost")).message).toBe("Host 'nohost' is not mapped to any cell");
    const update = await t.refused(501, "PUT", "/os-hosts/compute-1", { body: { status: "disable" } });
    expect(fault(update)).toEqual({ name: "notImplemented", code: 501, message: "The requested functionality is not supported." });
    await t.refused(400, "PUT", "/os-hosts/compute-1", { body: { status: "off" } });
    await t.refused(404, "PUT", "/os-hosts/nohost", { body: { maintenance_mode: "enable" } });
    for (const action of ["startup", "shutdown", "reboot"]) {
      expect((await t.api("GET", `/os-hosts/compute-1/${action}`)).status).toBe(501);
    }
  });

  it("is gone from 2.43 (404) and admin-only (403)", async () => {
    for (const path of ["/os-hosts", "/os-hosts/compute-1", "/os-hosts/compute-1/reboot"]) {
      expect((await t.api("GET", path, { version: "2.43" })).status).toBe(404);
    }
    expect((await t.api("GET", "/os-hosts", { version: "2.42" })).status).toBe(200);
    expect(fault(await t.api("GET", "/os-hosts", { token: t.demo })).name).toBe("forbidden");
  });
});

describe("compute: os-services' control services", () => {
  it("lists nova-conductor and nova-scheduler on the controller in zone internal, filterable by host and binary", async () => {
    const t = await profileApi();
    const res = await t.api("GET", "/os-services?host=controller", { version: "2.53" });
    expect(res.body.services).toEqual([
      { id: "00000000-0000-4000-8000-000000000001", binary: "nova-conductor", disabled_reason: null, host: "controller", state: "up", status: "enabled", updated_at: "2030-01-01T00:00:00.000000", zone: "internal", forced_down: false },
      { id: "00000000-0000-4000-8000-000000000002", binary: "nova-scheduler", disabled_reason: null, host: "controller", state: "up", status: "enabled", updated_at: "2030-01-01T00:00:00.000000", zone: "internal", forced_down: false },
    ]);
    expect((await t.api("GET", "/os-services?binary=nova-conductor")).body.services.map((s: any) => [s.id, s.host])).toEqual([[4, "controller"]]);
  });
});
