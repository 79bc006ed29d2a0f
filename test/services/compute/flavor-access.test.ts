// Flavor access: private flavors shared with projects (os-flavor-access, addTenantAccess /
// removeTenantAccess); invisible and unusable for projects without access.

import { beforeEach, describe, expect, it } from "vitest";
import { CIRROS, fault, profileApi, type ProfileApi } from "./profile-setup.js";

describe("compute: flavor access", () => {
  let t: ProfileApi;
  beforeEach(async () => {
    t = await profileApi();
    const res = await t.api("POST", "/flavors", { body: { flavor: { name: "secret", id: "p1", ram: 512, vcpus: 1, disk: 1, "os-flavor-access:is_public": false } } });
    expect(res.status).toBe(200);
  });
  const boot = () => t.api("POST", "/servers", { token: t.demo, body: { server: { name: "vm", flavorRef: "p1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }] } } });

  it("hides a private flavor from a project without access: list, show and boot", async () => {
    expect((await t.api("GET", "/flavors", { token: t.demo })).body.flavors.map((f: any) => f.id)).not.toContain("p1");
    expect((await t.api("GET", "/flavors/p1", { token: t.demo })).status).toBe(404);
    const res = await t.refused(400, "POST", "/servers", { token: t.demo, body: { server: { name: "vm", flavorRef: "p1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }] } } });
    expect(fault(res).message).toBe("Flavor p1 could not be found.");
  });

  it("gives access (200 with the list): the project then lists, shows and boots it; removal takes it back", async () => {
    const add = await t.api("POST", "/flavors/p1/action", { body: { addTenantAccess: { tenant: t.demoProject } } });
    expect(add.status).toBe(200);
    expect(add.body).toEqual({ flavor_access: [{ flavor_id: "p1", tenant_id: t.demoProject }] });
    expect((await t.api("GET", "/flavors/p1/os-flavor-access")).body).toEqual(add.body);
    expect((await t.api("GET", "/flavors/detail", { token: t.demo })).body.flavors.map((f: any) => f.id)).toContain("p1");
    expect((await t.api("GET", "/flavors/p1", { token: t.demo })).body.flavor["os-flavor-access:is_public"]).toBe(false);
    expect((await boot()).status).toBe(202);
    const removed = await t.api("POST", "/flavors/p1/action", { body: { removeTenantAccess: { tenant: t.demoProject } } });
    expect(removed.body).toEqual({ flavor_access: [] });
    expect((await t.api("GET", "/flavors/p1", { token: t.demo })).status).toBe(404);
  });

  it("refuses what Nova refuses, changing nothing", async () => {
    await t.api("POST", "/flavors/p1/action", { body: { addTenantAccess: { tenant: t.demoProject } } });
    expect(fault(await t.refused(409, "POST", "/flavors/p1/action", { body: { addTenantAccess: { tenant: t.demoProject } } })).message).toBe(
      `Flavor access already exists for flavor p1 and project ${t.demoProject} combination.`,
    );
    expect(fault(await t.refused(404, "POST", "/flavors/p1/action", { body: { removeTenantAccess: { tenant: t.adminProject } } })).message).toBe(
      `Flavor access not found for p1 / ${t.adminProject} combination.`,
    );
    expect(fault(await t.refused(409, "POST", "/flavors/1/action", { body: { addTenantAccess: { tenant: t.demoProject } } })).message).toBe("Can not add access to a public flavor.");
    expect(fault(await t.refused(404, "GET", "/flavors/1/os-flavor-access")).message).toBe("Access list not available for public flavors.");
    expect(fault(await t.refused(400, "POST", "/flavors/p1/action", { body: { addTenantAccess: { tenant: "nope" } } })).message).toBe("Project ID nope is not a valid project.");
    await t.refused(404, "POST", "/flavors/zz/action", { body: { addTenantAccess: { tenant: t.demoProject } } });
    await t.refused(400, "POST", "/flavors/p1/action", { body: { shareIt: {} } });
    await t.refused(403, "POST", "/flavors/p1/action", { token: t.demo, body: { addTenantAccess: { tenant: t.demoProject } } });
  });

  it("forgets the access list with the flavor", async () => {
    await t.api("POST", "/flavors/p1/action", { body: { addTenantAccess: { tenant: t.demoProject } } });
    expect((await t.api("DELETE", "/flavors/p1")).status).toBe(202);
    await t.api("POST", "/flavors", { body: { flavor: { name: "secret", id: "p1", ram: 512, vcpus: 1, disk: 1, "os-flavor-access:is_public": false } } });
    expect((await t.api("GET", "/flavors/p1/os-flavor-access")).body).toEqual({ flavor_access: [] });
  });
});
