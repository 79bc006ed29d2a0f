import { beforeEach, describe, expect, it } from "vitest";
import { netApi, neutronError, type NetApi } from "./api-setup.js";
import { rejected, seedWorld, type SeedWorld } from "./l3-setup.js";

describe("networking: /v2.0/auto-allocated-topology/{project_id}", () => {
  let n: NetApi;
  let w: SeedWorld;
  beforeEach(async () => {
    n = await netApi();
    w = await seedWorld(n);
  });

  const path = (project = n.demoProject) => `/v2.0/auto-allocated-topology/${project}`;
  const makeDefault = () => n.api("PUT", `/v2.0/networks/${w.publicNet.id}`, { body: { network: { is_default: true } } });

  it("fails without a default external network, changing nothing", async () => {
    const err = await rejected(n, () => n.api("GET", path(), { token: n.demo }), 409, "AutoAllocationFailure");
    expect(err.message).toBe("Deployment error: No default router:external network.");
    await rejected(n, () => n.api("GET", `${path()}?fields=dry-run`, { token: n.demo }), 409, "AutoAllocationFailure");
  });

  it("builds a network, subnet and router once and answers the network; dry-run only checks", async () => {
    expect((await makeDefault()).status).toBe(200);
    const before = n.fingerprint();
    const dry = await n.api("GET", `${path()}?fields=dry-run`, { token: n.demo });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toEqual({ auto_allocated_topology: { id: "dry-run=pass", tenant_id: n.demoProject, project_id: n.demoProject } });
    expect(n.fingerprint()).toBe(before);

    const res = await n.api("GET", path(), { token: n.demo });
    expect(res.status, res.text).toBe(200);
    const id = res.body.auto_allocated_topology.id;
    expect(res.body).toEqual({ auto_allocated_topology: { id, tenant_id: n.demoProject, project_id: n.demoProject } });
    const network = (await n.api("GET", `/v2.0/networks/${id}`, { token: n.demo })).body.network;
    expect(network).toMatchObject({ name: "auto_allocated_network", project_id: n.demoProject });
    const subnets = (await n.api("GET", `/v2.0/subnets?network_id=${id}`, { token: n.demo })).body.subnets;
    expect(subnets).toMatchObject([{ name: "auto_allocated_subnet_v4", ip_version: 4 }]);
    const routers = (await n.api("GET", "/v2.0/routers?name=auto_allocated_router", { token: n.demo })).body.routers;
    expect(routers).toHaveLength(1);
    expect(routers[0].external_gateway_info.network_id).toBe(w.publicNet.id);

    const again = await n.api("GET", path(), { token: n.demo });
    expect(again.body.auto_allocated_topology.id).toBe(id);
    expect((await n.api("GET", "/v2.0/networks?name=auto_allocated_network", { token: n.demo })).body.networks).toHaveLength(1);

    expect((await n.api("DELETE", path(), { token: n.demo })).status).toBe(204);
    expect((await n.api("GET", `/v2.0/networks/${id}`, { token: n.demo })).status).toBe(404);
    expect((await n.api("GET", "/v2.0/routers?name=auto_allocated_router", { token: n.demo })).body.routers).toEqual([]);
    expect((await n.api("DELETE", path(), { token: n.demo })).status).toBe(204);
  });

  it("takes the subnet from the default IPv4 subnet pool when there is one", async () => {
    await makeDefault();
    const pool = await n.api("POST", "/v2.0/subnetpools", { body: { subnetpool: { name: "default-v4", prefixes: ["10.128.0.0/16"], default_prefixlen: 26, is_default: true, shared: true } } });
    expect(pool.status, pool.text).toBe(201);
    const id = (await n.api("GET", path(), { token: n.demo })).body.auto_allocated_topology.id;
    const subnets = (await n.api("GET", `/v2.0/subnets?network_id=${id}`, { token: n.demo })).body.subnets;
    expect(subnets).toMatchObject([{ subnetpool_id: pool.body.subnetpool.id, cidr: expect.stringMatching(/^10\.128\.\d+\.\d+\/26$/) }]);
  });

  it("lets an admin build another project's topology, but not a member", async () => {
    await makeDefault();
    const err = await rejected(n, () => n.api("GET", path(n.adminProject), { token: n.demo }), 403, "NotAuthorized");
    expect(err.message).toBe("Not authorized.");
    await rejected(n, () => n.api("DELETE", path(n.adminProject), { token: n.demo }), 403, "NotAuthorized");
    await rejected(n, () => n.api("GET", `${path()}?fields=name`, { token: n.demo }), 400, "BadRequest");
    const res = await n.api("GET", path(), { token: n.admin });
    expect(res.status, res.text).toBe(200);
    expect((await n.api("GET", `/v2.0/networks/${res.body.auto_allocated_topology.id}`, { token: n.demo })).body.network.project_id).toBe(n.demoProject);
  });

  it("advertises auto-allocated-topology", async () => {
    expect(neutronError(await n.api("GET", "/v2.0/extensions/auto-allocated-topology"))).toBeUndefined();
  });
});
