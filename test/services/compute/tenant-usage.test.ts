// os-simple-tenant-usage from servers' lifetimes on the virtual clock, and the instance usage audit log.

import { beforeEach, describe, expect, it } from "vitest";
import { CIRROS, fault, profileApi, type ProfileApi } from "./profile-setup.js";

const BUILD_MS = 5000;
const T0 = "2030-01-01T00:00:00";

describe("compute: /v2.1/os-simple-tenant-usage", () => {
  let t: ProfileApi;
  let id: string;
  beforeEach(async () => {
    t = await profileApi();
    const res = await t.api("POST", "/servers", { token: t.demo, body: { server: { name: "vm", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }] } } });
    id = res.body.server.id;
    t.emu.clock.advance(BUILD_MS); // launched at 00:00:05
    t.emu.clock.advance(30 * 60_000 - BUILD_MS); // 00:30:00
  });

  it("shows a project's usage over a period: hours from launch to the period's end (capped at now)", async () => {
    const res = await t.api("GET", `/os-simple-tenant-usage/${t.demoProject}?start=${T0}&end=2030-01-02T00:00:00`, { token: t.demo });
    expect(res.status).toBe(200);
    const hours = (30 * 60 - 5) / 3600;
    expect(res.body.tenant_usage).toEqual({
      tenant_id: t.demoProject,
      total_local_gb_usage: hours * 1,
      total_vcpus_usage: hours * 1,
      total_memory_mb_usage: hours * 512,
      total_hours: hours,
      start: "2030-01-01T00:00:00.000000",
      stop: "2030-01-01T00:30:00.000000",
      server_usages: [
        {
          instance_id: id,
          name: "vm",
          hours,
          memory_mb: 512,
          local_gb: 1,
          vcpus: 1,
          tenant_id: t.demoProject,
          flavor: "m1.tiny",
          started_at: "2030-01-01T00:00:05.000000",
          ended_at: null,
          state: "active",
          uptime: 30 * 60 - 5,
        },
      ],
    });
    // another project's usage is an admin's to read; a project without servers has {}
    expect((await t.api("GET", `/os-simple-tenant-usage/${t.adminProject}?start=${T0}`, { token: t.demo })).status).toBe(403);
    expect((await t.api("GET", `/os-simple-tenant-usage/${t.adminProject}?start=${T0}`)).body).toEqual({ tenant_usage: {} });
  });

  it("keeps a deleted server's lifetime: terminated, hours up to its end", async () => {
    expect((await t.api("DELETE", `/servers/${id}`, { token: t.demo })).status).toBe(204);
    t.emu.clock.advance(60_000); // deletion finishes within the action step
    const res = await t.api("GET", `/os-simple-tenant-usage?start=${T0}&detailed=1`);
    const [usage] = res.body.tenant_usages;
    const server = usage.server_usages[0];
    expect(server).toMatchObject({ instance_id: id, state: "terminated", started_at: "2030-01-01T00:00:05.000000" });
    expect(server.ended_at).toMatch(/^2030-01-01T00:30:0\d\.000000$/);
    expect(server.uptime).toBe((Date.parse(`${server.ended_at.slice(0, 19)}Z`) - Date.parse("2030-01-01T00:00:05Z")) / 1000);
    // a period after the server ended has no usage
    const later = await t.api("GET", `/os-simple-tenant-usage?start=2030-01-01T00:30:30`);
    expect(later.body.tenant_usages).toEqual([]);
  });

  it("lists every project (admin) without servers unless detailed=1; pages over servers from 2.40", async () => {
    await t.api("POST", "/servers", { body: { server: { name: "adm", flavorRef: "2", imageRef: CIRROS, networks: "none" } }, version: "2.37" });
    t.emu.clock.advance(BUILD_MS);
    const res = await t.api("GET", `/os-simple-tenant-usage?start=${T0}`);
    expect(res.status).toBe(200);
    expect(res.body.tenant_usages.map((u: any) => u.tenant_id)).toEqual([t.demoProject, t.adminProject]);
    expect(res.body.tenant_usages[0].server_usages).toBeUndefined();
    const page = await t.api("GET", `/os-simple-tenant-usage?start=${T0}&limit=1`, { version: "2.40" });
    expect(page.body.tenant_usages.map((u: any) => u.tenant_id)).toEqual([t.demoProject]);
    expect(page.body.tenant_usages_links[0].href).toContain(`marker=${id}`);
    expect((await t.api("GET", `/os-simple-tenant-usage?start=${T0}`, { token: t.demo })).status).toBe(403);
  });

  it("refuses a start not before the end and a malformed time (400)", async () => {
    const after = await t.api("GET", `/os-simple-tenant-usage?start=2030-01-02T00:00:00&end=${T0}`);
    expect(fault(after)).toEqual({ name: "badRequest", code: 400, message: "Invalid start time. The start time cannot occur after the end time." });
    expect(fault(await t.api("GET", "/os-simple-tenant-usage?start=yesterday")).message).toBe("Invalid datetime string: Datetime is in invalid format");
    expect((await t.api("GET", "/os-simple-tenant-usage?start=2030-01-01%2000:00:00.5")).status).toBe(200);
  });
});

describe("compute: /v2.1/os-instance_usage_audit_log", () => {
  it("reports last month's audit as not run on any compute host (the audit is off, as Nova's default)", async () => {
    const t = await profileApi();
    const res = await t.api("GET", "/os-instance_usage_audit_log");
    expect(res.status).toBe(200);
    expect(res.body.instance_usage_audit_logs).toEqual({
      period_beginning: "2029-12-01 00:00:00",
      period_ending: "2030-01-01 00:00:00",
      num_hosts: 3,
      num_hosts_done: 0,
      num_hosts_running: 0,
      num_hosts_not_run: 3,
      hosts_not_run: ["compute-1", "compute-2", "compute-3"],
      total_instances: 0,
      total_errors: 0,
      overall_status: "0 of 3 hosts done. 0 errors.",
      log: {},
    });
    const before = await t.api("GET", "/os-instance_usage_audit_log/2029-06-15%2012:00:00");
    expect(before.body.instance_usage_audit_log).toMatchObject({ period_beginning: "2029-05-01 00:00:00", period_ending: "2029-06-01 00:00:00" });
    expect(fault(await t.api("GET", "/os-instance_usage_audit_log/june")).message).toBe("Invalid timestamp for date june");
    expect((await t.api("GET", "/os-instance_usage_audit_log", { token: t.demo })).status).toBe(403);
  });
});
