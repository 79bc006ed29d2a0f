// os-hypervisors' uptime, and the servers of a hypervisor (by pattern before 2.53, with_servers from it).

import { describe, expect, it } from "vitest";
import { call, START } from "../../helpers/emulator.js";
import { uptimeText } from "../../../src/services/compute/views/hosts.js";
import { CIRROS, fault, profileApi } from "./profile-setup.js";

describe("compute: os-hypervisors uptime and servers", () => {
  it("answers a hypervisor's uptime from the virtual clock (integer ids before 2.53, UUIDs from it)", async () => {
    const t = await profileApi();
    t.emu.clock.advance(50 * 60_000);
    const res = await t.api("GET", "/os-hypervisors/1/uptime");
    expect(res.status).toBe(200);
    expect(res.body.hypervisor).toEqual({
      id: 1,
      hypervisor_hostname: "compute-1",
      state: "up",
      status: "enabled",
      uptime: " 00:50:00 up 50 min,  1 user,  load average: 0.00, 0.00, 0.00",
    });
    // a host up since the clock started, a day and more later
    expect(uptimeText({ updatedAt: START } as never, START + 26 * 3600_000 + 5 * 60_000)).toBe(" 02:05:00 up 1 day, 2:05,  1 user,  load average: 0.00, 0.00, 0.00");
    const uuid = (await t.api("GET", "/os-hypervisors", { version: "2.53" })).body.hypervisors[0].id;
    expect((await t.api("GET", `/os-hypervisors/${uuid}/uptime`, { version: "2.53" })).body.hypervisor.id).toBe(uuid);
    expect((await t.api("GET", "/os-hypervisors/1/uptime", { version: "2.53" })).status).toBe(400);
    expect((await t.api("GET", "/os-hypervisors/99/uptime")).status).toBe(404);
    expect((await t.api("GET", "/os-hypervisors/1/uptime", { token: t.demo })).status).toBe(403);
  });

  it("is 400 for a host whose compute service is down", async () => {
    const t = await profileApi();
    await call(t.emu, "POST", "/_emulator/compute/hosts/compute-2/fail");
    const res = await t.api("GET", "/os-hypervisors/2/uptime");
    expect(res.status).toBe(400);
    expect(fault(res).message).toBe("Compute service of compute-2 is unavailable at this time.");
  });

  it("lists a hypervisor's servers: by hostname pattern before 2.53, with_servers from 2.53", async () => {
    const t = await profileApi();
    const res = await t.api("POST", "/servers", { body: { server: { name: "on-1", flavorRef: "1", imageRef: CIRROS, networks: "none", availability_zone: "nova:compute-1" } }, version: "2.37" });
    expect(res.status).toBe(202);
    const id = res.body.server.id;
    const legacy = await t.api("GET", "/os-hypervisors/compute-1/servers");
    expect(legacy.body.hypervisors).toEqual([{ id: 1, hypervisor_hostname: "compute-1", state: "up", status: "enabled", servers: [{ uuid: id, name: "on-1" }] }]);
    expect((await t.api("GET", "/os-hypervisors/compute-1/servers", { version: "2.53" })).status).toBe(404);
    const modern = await t.api("GET", "/os-hypervisors?with_servers=true&hypervisor_hostname_pattern=compute-1", { version: "2.53" });
    expect(modern.body.hypervisors[0].servers).toEqual([{ uuid: id, name: "on-1" }]);
    const uuid = modern.body.hypervisors[0].id;
    expect((await t.api("GET", `/os-hypervisors/${uuid}?with_servers=1`, { version: "2.53" })).body.hypervisor.servers).toEqual([{ uuid: id, name: "on-1" }]);
  });
});
