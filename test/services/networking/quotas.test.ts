import { beforeEach, describe, expect, it } from "vitest";
import { neutronError, netApi, type NetApi } from "./api-setup.js";

const DEFAULTS = {
  network: 100,
  subnet: 100,
  port: 500,
  router: 10,
  floatingip: 50,
  security_group: 10,
  security_group_rule: 100,
  rbac_policy: 10,
  subnetpool: -1,
};

describe("networking: /v2.0/quotas", () => {
  let n: NetApi;
  beforeEach(async () => {
    n = await netApi();
  });

  const details = async (project = n.demoProject, token = n.demo) => (await n.api("GET", `/v2.0/quotas/${project}/details.json`, { token })).body.quota;

  it("shows a project its own limits: the defaults until an admin sets some", async () => {
    const res = await n.api("GET", `/v2.0/quotas/${n.demoProject}`, { token: n.demo });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ quota: DEFAULTS });
    const defaults = await n.api("GET", `/v2.0/quotas/${n.demoProject}/default`, { token: n.demo });
    expect(defaults.body).toEqual({ quota: DEFAULTS });
    expect((await n.api("GET", "/v2.0/quotas/project", { token: n.demo })).body).toEqual({ project: { project_id: n.demoProject } });
  });

  it("keeps another project's quota from a member (403 PolicyNotAuthorized); admins read any", async () => {
    for (const path of [`/v2.0/quotas/${n.adminProject}`, `/v2.0/quotas/${n.adminProject}/details.json`, "/v2.0/quotas"]) {
      const res = await n.api("GET", path, { token: n.demo });
      expect(res.status, path).toBe(403);
      expect(neutronError(res).type).toBe("PolicyNotAuthorized");
    }
    expect((await n.api("GET", `/v2.0/quotas/${n.demoProject}`)).body.quota).toEqual(DEFAULTS);
  });

  it("reports usage from what the project holds: used, limit and reserved per resource (details.json and details)", async () => {
    const start = await details();
    expect(Object.keys(start).sort()).toEqual(Object.keys(DEFAULTS).sort());
    expect(start.rbac_policy).toEqual({ used: 0, limit: 10, reserved: 0 });
    const net = await n.network({ name: "counted" }, n.demo);
    await n.subnet({ network_id: net.id, cidr: "10.50.0.0/24" }, n.demo);
    await n.api("POST", "/v2.0/ports", { token: n.demo, body: { port: { network_id: net.id } } });
    const after = await details();
    expect(after.network).toEqual({ used: start.network.used + 1, limit: 100, reserved: 0 });
    expect(after.subnet.used).toBe(start.subnet.used + 1);
    expect(after.port.used).toBe(start.port.used + 1);
    expect((await n.api("GET", `/v2.0/quotas/${n.demoProject}/details`, { token: n.demo })).body.quota).toEqual(after);
    // usage is per project: the admin project's network does not count for demo
    const adminUsed = (await details(n.adminProject, n.admin)).network.used;
    await n.network({ name: "admin's" });
    expect((await details(n.adminProject, n.admin)).network.used).toBe(adminUsed + 1);
    expect((await details()).network.used).toBe(after.network.used);
  });

  it("updates some limits (admin, 200, the effective set back); -1 is unlimited", async () => {
    const res = await n.api("PUT", `/v2.0/quotas/${n.demoProject}`, { body: { quota: { network: 5, port: -1, subnet: "7" } } });
    expect(res.status).toBe(200);
    expect(res.body.quota).toEqual({ ...DEFAULTS, network: 5, port: -1, subnet: 7 });
    expect((await n.api("GET", `/v2.0/quotas/${n.demoProject}`, { token: n.demo })).body.quota).toEqual(res.body.quota);
    expect((await details()).network.limit).toBe(5);
    const again = await n.api("PUT", `/v2.0/quotas/${n.demoProject}`, { body: { quota: { router: 1 } } });
    expect(again.body.quota).toEqual({ ...DEFAULTS, network: 5, port: -1, subnet: 7, router: 1 });
    // the admin index lists projects with limits of their own
    const index = await n.api("GET", "/v2.0/quotas");
    expect(index.status).toBe(200);
    expect(index.body.quotas).toEqual([{ ...again.body.quota, project_id: n.demoProject, tenant_id: n.demoProject }]);
  });

  it("rejects bad updates with 400 and a member's update with 403, changing nothing", async () => {
    const before = n.fingerprint();
    for (const quota of [{ network: -2 }, { network: "many" }, { network: 1.5 }, { widgets: 3 }]) {
      const res = await n.api("PUT", `/v2.0/quotas/${n.demoProject}`, { body: { quota } });
      expect(res.status, JSON.stringify(quota)).toBe(400);
    }
    expect((await n.api("PUT", `/v2.0/quotas/${n.demoProject}`, { body: { network: 3 } })).status).toBe(400);
    const member = await n.api("PUT", `/v2.0/quotas/${n.demoProject}`, { token: n.demo, body: { quota: { network: 1000 } } });
    expect(member.status).toBe(403);
    expect(neutronError(member).type).toBe("PolicyNotAuthorized");
    expect(n.fingerprint()).toBe(before);
  });

  it("allows a limit below usage unless check_limit asks (then 400); creating past it is 409 OverQuota", async () => {
    await n.network({ name: "a" }, n.demo);
    const used = (await details()).network.used;
    const before = n.fingerprint();
    const checked = await n.api("PUT", `/v2.0/quotas/${n.demoProject}`, { body: { quota: { network: used - 1, check_limit: true } } });
    expect(checked.status).toBe(400);
    expect(neutronError(checked).message).toBe(`Quota limit ${used - 1} for network must be greater than or equal to already used ${used}`);
    expect(n.fingerprint()).toBe(before);
    expect((await n.api("PUT", `/v2.0/quotas/${n.demoProject}`, { body: { quota: { network: used, check_limit: true } } })).status).toBe(200);
    expect((await n.api("PUT", `/v2.0/quotas/${n.demoProject}`, { body: { quota: { network: used - 1, force: true } } })).status).toBe(200);
    const over = await n.api("POST", "/v2.0/networks", { token: n.demo, body: { network: { name: "b" } } });
    expect(over.status).toBe(409);
    expect(neutronError(over).type).toBe("OverQuota");
  });

  it("resets a project to the defaults (admin, 204); a project without limits of its own is 404", async () => {
    await n.api("PUT", `/v2.0/quotas/${n.demoProject}`, { body: { quota: { network: 1 } } });
    const member = await n.api("DELETE", `/v2.0/quotas/${n.demoProject}`, { token: n.demo });
    expect(member.status).toBe(403);
    const res = await n.api("DELETE", `/v2.0/quotas/${n.demoProject}`);
    expect(res.status).toBe(204);
    expect((await n.api("GET", `/v2.0/quotas/${n.demoProject}`, { token: n.demo })).body.quota).toEqual(DEFAULTS);
    expect((await n.api("GET", "/v2.0/quotas")).body.quotas).toEqual([]);
    const again = await n.api("DELETE", `/v2.0/quotas/${n.demoProject}`);
    expect(again.status).toBe(404);
    expect(neutronError(again).type).toBe("TenantQuotaNotFound");
  });

  it("answers 405 for a method the quota paths do not have", async () => {
    expect((await n.api("POST", "/v2.0/quotas", { body: { quota: {} } })).status).toBe(405);
    expect((await n.api("PATCH", `/v2.0/quotas/${n.demoProject}`, { body: { quota: {} } })).status).toBe(405);
  });
});
