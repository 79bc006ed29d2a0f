import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { computeApi, fault, type ComputeApi } from "../../helpers/compute.js";

describe("compute: /v2.1/os-availability-zone", () => {
  let n: ComputeApi;
  beforeEach(async () => {
    n = await computeApi();
  });

  it("lists the seed zone `nova` as available, with hosts null, for any project member", async () => {
    const res = await n.api("GET", "/os-availability-zone", { token: n.demo });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ availabilityZoneInfo: [{ zoneName: "nova", zoneState: { available: true }, hosts: null }] });
  });

  it("gives admins the detail: the internal zone's control services and each compute host's nova-compute", async () => {
    const res = await n.api("GET", "/os-availability-zone/detail");
    expect(res.status).toBe(200);
    const updated = "2030-01-01T00:00:00.000000";
    const compute = { "nova-compute": { available: true, active: true, updated_at: updated } };
    expect(res.body).toEqual({
      availabilityZoneInfo: [
        {
          zoneName: "internal",
          zoneState: { available: true },
          hosts: { controller: { "nova-conductor": { available: true, active: true, updated_at: updated }, "nova-scheduler": { available: true, active: true, updated_at: updated } } },
        },
        { zoneName: "nova", zoneState: { available: true }, hosts: { "compute-1": compute, "compute-2": compute, "compute-3": compute } },
      ],
    });
    const member = await n.api("GET", "/os-availability-zone/detail", { token: n.demo });
    expect(member.status).toBe(403);
    expect(fault(member).name).toBe("forbidden");
  });

  it("shows a failed host as not available and a disabled one not at all; a zone with no enabled host is unavailable", async () => {
    await call(n.emu, "POST", "/_emulator/compute/hosts/compute-1/fail");
    const services = (await n.api("GET", "/os-services", { version: "2.53" })).body.services;
    const id = (host: string) => services.find((s: any) => s.host === host).id;
    await n.api("PUT", `/os-services/${id("compute-2")}`, { version: "2.53", body: { status: "disabled", disabled_reason: "maintenance" } });
    const zone = (await n.api("GET", "/os-availability-zone/detail")).body.availabilityZoneInfo.find((z: any) => z.zoneName === "nova");
    expect(Object.keys(zone.hosts)).toEqual(["compute-1", "compute-3"]);
    expect(zone.hosts["compute-1"]["nova-compute"].available).toBe(false);
    for (const host of ["compute-1", "compute-3"]) {
      await n.api("PUT", `/os-services/${id(host)}`, { version: "2.53", body: { status: "disabled" } });
    }
    expect((await n.api("GET", "/os-availability-zone", { token: n.demo })).body.availabilityZoneInfo).toEqual([
      { zoneName: "nova", zoneState: { available: false }, hosts: null },
    ]);
    expect((await n.api("GET", "/os-availability-zone/detail")).body.availabilityZoneInfo[1]).toEqual({ zoneName: "nova", zoneState: { available: false }, hosts: null });
  });
});
