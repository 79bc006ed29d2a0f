// A member's network and subnet lists read through indexes (own project, the shared and external flags,
// RBAC policies by target): at every step of sharing changes (update of shared/external, RBAC create,
// retarget, wildcard, delete), a per-project reset and a snapshot of a build without those indexes, the
// member sees exactly what Neutron's read policy lets it see, in creation order.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { netApi, type NetApi } from "./api-setup.js";

/** What demo may see, worked out from the admin's full lists by Neutron's rules. */
async function expectedFor(n: NetApi): Promise<{ networks: string[]; subnets: string[] }> {
  const networks = (await n.api("GET", "/v2.0/networks")).body.networks;
  const subnets = (await n.api("GET", "/v2.0/subnets")).body.subnets;
  const policies = (await n.api("GET", "/v2.0/rbac-policies")).body.rbac_policies.filter(
    (p: any) => p.object_type === "network" && (p.target_tenant === n.demoProject || p.target_tenant === "*"),
  );
  const granted = (id: string, action?: string) => policies.some((p: any) => p.object_id === id && (action === undefined || p.action === action));
  const byId = new Map(networks.map((net: any) => [net.id, net]));
  return {
    networks: networks.filter((net: any) => net.project_id === n.demoProject || net.shared || net["router:external"] || granted(net.id)).map((net: any) => net.id),
    subnets: subnets
      .filter((s: any) => {
        const net: any = byId.get(s.network_id);
        return s.project_id === n.demoProject || net.project_id === n.demoProject || net.shared || granted(net.id, "access_as_shared");
      })
      .map((s: any) => s.id),
  };
}

async function seen(n: NetApi): Promise<{ networks: string[]; subnets: string[] }> {
  const networks = await n.api("GET", "/v2.0/networks", { token: n.demo });
  const subnets = await n.api("GET", "/v2.0/subnets", { token: n.demo });
  expect([networks.status, subnets.status]).toEqual([200, 200]);
  return { networks: networks.body.networks.map((x: any) => x.id), subnets: subnets.body.subnets.map((x: any) => x.id) };
}

describe("a member's network and subnet lists through the visibility indexes", () => {
  it("follow shared/external updates and RBAC policies created, retargeted, made wildcard and deleted", async () => {
    const n = await netApi();
    const made = [];
    for (let i = 0; i < 5; i++) {
      const net = await n.network({ name: `other-${i}` });
      await n.subnet({ network_id: net.id, cidr: `10.99.${i}.0/24` });
      made.push(net);
    }
    const check = async () => {
      const want = await expectedFor(n);
      expect(await seen(n)).toEqual(want);
      return want;
    };
    const before = await check();
    expect(before.networks).not.toContain(made[0].id);
    const put = async (id: string, network: Record<string, unknown>) => expect((await n.api("PUT", `/v2.0/networks/${id}`, { body: { network } })).status).toBe(200);
    await put(made[3].id, { shared: true });
    expect((await check()).subnets.length).toBe(before.subnets.length + 1);
    await put(made[1].id, { "router:external": true });
    expect((await check()).networks).toContain(made[1].id);
    await put(made[3].id, { shared: false });
    expect((await check()).networks).not.toContain(made[3].id);
    await put(made[1].id, { "router:external": false });
    await check();
    const rbac = await n.api("POST", "/v2.0/rbac-policies", {
      body: { rbac_policy: { object_type: "network", object_id: made[2].id, action: "access_as_shared", target_tenant: n.demoProject } },
    });
    expect(rbac.status).toBe(201);
    expect((await check()).networks).toContain(made[2].id);
    // retargeted to the admin project: demo loses it
    expect((await n.api("PUT", `/v2.0/rbac-policies/${rbac.body.rbac_policy.id}`, { body: { rbac_policy: { target_tenant: n.adminProject } } })).status).toBe(200);
    expect((await check()).networks).not.toContain(made[2].id);
    const wildcard = await n.api("POST", "/v2.0/rbac-policies", {
      body: { rbac_policy: { object_type: "network", object_id: made[4].id, action: "access_as_shared", target_tenant: "*" } },
    });
    expect(wildcard.status).toBe(201);
    expect((await check()).networks).toContain(made[4].id);
    const external = await n.api("POST", "/v2.0/rbac-policies", {
      body: { rbac_policy: { object_type: "network", object_id: made[0].id, action: "access_as_external", target_tenant: n.demoProject } },
    });
    expect(external.status).toBe(201);
    // an external grant shows the network, not its subnets
    const now = await check();
    expect(now.networks).toContain(made[0].id);
    expect((await n.api("DELETE", `/v2.0/rbac-policies/${wildcard.body.rbac_policy.id}`)).status).toBe(204);
    expect((await check()).networks).not.toContain(made[4].id);

    // a snapshot of a build that kept none of these indexes reads the same
    const snapshot = JSON.parse((await call(n.emu, "GET", "/_emulator/state")).text);
    delete snapshot.state.networking.networks.also;
    delete snapshot.state.networking.subnets.groups;
    delete snapshot.state.networking.ext.rbacPolicies.also;
    expect((await call(n.emu, "PUT", "/_emulator/state", { body: snapshot })).status).toBe(200);
    await check();
    // a per-project reset of demo keeps the others' sharing as it was
    expect((await call(n.emu, "POST", `/_emulator/reset?project=${n.demoProject}`)).status).toBeLessThan(300);
    expect((await check()).networks).toContain(made[0].id);
  });
});
