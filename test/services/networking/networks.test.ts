import { beforeEach, describe, expect, it } from "vitest";
import { neutronError, netApi, type NetApi } from "./api-setup.js";
import { standardAttributes } from "./standard-attributes.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("networking: /v2.0/networks", () => {
  let n: NetApi;
  beforeEach(async () => {
    n = await netApi();
  });

  const names = (res: { body: { networks: Array<{ name: string }> } }) => res.body.networks.map((x) => x.name);

  it("creates a network as OSC sends it (201, ACTIVE, Neutron's defaults); show returns the same record", async () => {
    const res = await n.api("POST", "/v2.0/networks", { token: n.demo, body: { network: { name: "web", admin_state_up: true } } });
    expect(res.status).toBe(201);
    const network = res.body.network;
    expect(network).toEqual({
      id: expect.stringMatching(UUID),
      name: "web",
      description: "",
      ...standardAttributes(n.demoProject),
      admin_state_up: true,
      status: "ACTIVE",
      shared: false,
      "router:external": false,
      subnets: [],
      mtu: 1500,
      availability_zones: ["nova"],
      availability_zone_hints: [],
      port_security_enabled: true,
      qos_policy_id: null,
      ipv4_address_scope: null,
      ipv6_address_scope: null,
      l2_adjacency: true,
      is_default: false,
      dns_domain: "",
    });
    const shown = await n.api("GET", `/v2.0/networks/${network.id}`, { token: n.demo });
    expect(shown.status).toBe(200);
    expect(shown.body.network).toEqual(network);
  });

  it("shows the provider attributes to admins only: VXLAN with a segmentation id for tenant networks, flat for external ones", async () => {
    const tenant = await n.network({ name: "t" }, n.demo);
    expect(tenant).not.toHaveProperty("provider:network_type");
    const asAdmin = (await n.api("GET", `/v2.0/networks/${tenant.id}`)).body.network;
    expect(asAdmin["provider:network_type"]).toBe("vxlan");
    expect(asAdmin["provider:physical_network"]).toBeNull();
    expect(asAdmin["provider:segmentation_id"]).toEqual(expect.any(Number));
    const other = (await n.api("GET", `/v2.0/networks/${(await n.network({ name: "t2" })).id}`)).body.network;
    expect(other["provider:segmentation_id"]).not.toBe(asAdmin["provider:segmentation_id"]);

    const ext = await n.network({ name: "ext", "router:external": true });
    expect(ext).toMatchObject({ "router:external": true, "provider:network_type": "flat", "provider:physical_network": "public", "provider:segmentation_id": null });
    const vlan = await n.network({ name: "v", "provider:network_type": "vlan", "provider:physical_network": "datacentre", "provider:segmentation_id": 42 });
    expect(vlan).toMatchObject({ "provider:network_type": "vlan", "provider:physical_network": "datacentre", "provider:segmentation_id": 42 });
    const dup = await n.api("POST", "/v2.0/networks", {
      body: { network: { "provider:network_type": "vlan", "provider:physical_network": "datacentre", "provider:segmentation_id": 42 } },
    });
    expect(dup.status).toBe(409);
    expect(neutronError(dup).type).toBe("VlanIdInUse");
  });

  it("lets only admins set shared, router:external and provider attributes (403 PolicyNotAuthorized), state unchanged", async () => {
    const before = n.fingerprint();
    for (const network of [{ shared: true }, { "router:external": true }, { "provider:network_type": "vxlan" }, { is_default: true }]) {
      const res = await n.api("POST", "/v2.0/networks", { token: n.demo, body: { network: { name: "x", ...network } } });
      expect(res.status).toBe(403);
      expect(neutronError(res).type).toBe("PolicyNotAuthorized");
    }
    expect(n.fingerprint()).toBe(before);
    // the default value is no escalation (Neutron's policy engine skips defaults on create)
    const plain = await n.network({ name: "x", shared: false, "router:external": false }, n.demo);
    // on update, naming the attribute at all is checked
    const before2 = n.fingerprint();
    for (const patch of [{ shared: false }, { shared: true }, { "router:external": true }]) {
      const res = await n.api("PUT", `/v2.0/networks/${plain.id}`, { token: n.demo, body: { network: patch } });
      expect(res.status).toBe(403);
      expect(neutronError(res)).toMatchObject({ type: "PolicyNotAuthorized", detail: "" });
    }
    expect(n.fingerprint()).toBe(before2);
    const shared = await n.api("PUT", `/v2.0/networks/${plain.id}`, { body: { network: { shared: true } } });
    expect(shared.status).toBe(200);
    expect(shared.body.network.shared).toBe(true);
  });

  it("isolates projects: another project's private network is 404 to show, update and delete; admins see all", async () => {
    const secret = await n.network({ name: "secret" });
    const shared = await n.network({ name: "common", shared: true });
    const ext = await n.network({ name: "outside", "router:external": true });
    const mine = await n.network({ name: "mine" }, n.demo);

    const before = n.fingerprint();
    for (const [method, body] of [["GET"], ["PUT", { network: { name: "x" } }], ["DELETE"]] as const) {
      const res = await n.api(method, `/v2.0/networks/${secret.id}`, { token: n.demo, body });
      expect(res.status).toBe(404);
      expect(neutronError(res)).toEqual({ type: "NetworkNotFound", message: `Network ${secret.id} could not be found.`, detail: "" });
    }
    expect(n.fingerprint()).toBe(before);

    const demoList = names(await n.api("GET", "/v2.0/networks", { token: n.demo }));
    expect(demoList).toEqual(expect.arrayContaining(["common", "outside", "mine"]));
    expect(demoList).not.toContain("secret");
    const adminList = names(await n.api("GET", "/v2.0/networks"));
    expect(adminList).toEqual(expect.arrayContaining(["secret", "common", "outside", "mine"]));

    // visible but not owned: changing it is 403, as Neutron answers when show is allowed
    for (const id of [shared.id, ext.id]) {
      const res = await n.api("PUT", `/v2.0/networks/${id}`, { token: n.demo, body: { network: { name: "mine now" } } });
      expect(res.status).toBe(403);
      expect((await n.api("DELETE", `/v2.0/networks/${id}`, { token: n.demo })).status).toBe(403);
    }
    expect(mine.project_id).toBe(n.demoProject);
  });

  it("creates in another project for admins only; project_id and tenant_id must agree", async () => {
    const forDemo = await n.network({ name: "given", project_id: n.demoProject });
    expect(forDemo.project_id).toBe(n.demoProject);
    expect(names(await n.api("GET", "/v2.0/networks?name=given", { token: n.demo }))).toEqual(["given"]);
    const before = n.fingerprint();
    const res = await n.api("POST", "/v2.0/networks", { token: n.demo, body: { network: { tenant_id: n.adminProject } } });
    expect(res.status).toBe(403);
    const mismatch = await n.api("POST", "/v2.0/networks", { body: { network: { project_id: n.adminProject, tenant_id: n.demoProject } } });
    expect(mismatch.status).toBe(400);
    expect(n.fingerprint()).toBe(before);
  });

  it("updates name, description and admin_state_up, bumping revision_number and updated_at", async () => {
    const net = await n.network({ name: "a" }, n.demo);
    n.emu.clock.advance(60_000);
    const res = await n.api("PUT", `/v2.0/networks/${net.id}`, {
      token: n.demo,
      body: { network: { name: "b", description: "the b network", admin_state_up: false, mtu: 1450 } },
    });
    expect(res.status).toBe(200);
    expect(res.body.network).toMatchObject({ name: "b", description: "the b network", admin_state_up: false, mtu: 1450, revision_number: 1, updated_at: "2030-01-01T00:01:00Z", created_at: "2030-01-01T00:00:00Z" });
    expect((await n.api("GET", `/v2.0/networks/${net.id}`, { token: n.demo })).body.network).toEqual(res.body.network);
  });

  it("rejects malformed bodies with 400 NeutronError and changes nothing", async () => {
    const net = await n.network({ name: "a" }, n.demo);
    const before = n.fingerprint();
    const bad: Array<[string, string, { body?: unknown; raw?: string }]> = [
      ["POST", "/v2.0/networks", { raw: "{not json" }],
      ["POST", "/v2.0/networks", { body: { network: { name: "x", colour: "blue" } } }],
      ["POST", "/v2.0/networks", { body: { network: { admin_state_up: "maybe" } } }],
      ["POST", "/v2.0/networks", { body: { network: { name: 7 } } }],
      ["POST", "/v2.0/networks", { body: { net: {} } }],
      ["POST", "/v2.0/networks", { body: { network: { mtu: 10 } } }],
      ["PUT", `/v2.0/networks/${net.id}`, { body: { network: { "provider:network_type": "vlan" } } }],
      ["PUT", `/v2.0/networks/${net.id}`, { body: { network: { id: "x" } } }],
    ];
    for (const [method, path, options] of bad) {
      const res = await n.api(method, path, { token: n.demo, ...options });
      expect(res.status, `${method} ${path} ${JSON.stringify(options)}`).toBe(400);
      expect(neutronError(res).type).toEqual(expect.any(String));
    }
    expect(n.fingerprint()).toBe(before);
  });

  it("accepts boolean strings as Neutron's convert_to_boolean does", async () => {
    const net = await n.network({ name: "s", admin_state_up: "False" }, n.demo);
    expect(net.admin_state_up).toBe(false);
  });

  it("filters lists by name and any attribute, selects fields on list and show; an unknown filter is 400", async () => {
    await n.network({ name: "alpha" }, n.demo);
    const beta = await n.network({ name: "beta", admin_state_up: false }, n.demo);
    expect(names(await n.api("GET", "/v2.0/networks?name=beta", { token: n.demo }))).toEqual(["beta"]);
    expect(names(await n.api("GET", "/v2.0/networks?name=alpha&name=beta", { token: n.demo }))).toEqual(["alpha", "beta"]);
    expect(names(await n.api("GET", "/v2.0/networks?admin_state_up=False", { token: n.demo }))).toEqual(["beta"]);
    const fields = await n.api("GET", "/v2.0/networks?name=beta&fields=id&fields=name", { token: n.demo });
    expect(fields.body.networks).toEqual([{ id: beta.id, name: "beta" }]);
    const show = await n.api("GET", `/v2.0/networks/${beta.id}?fields=status,subnets`, { token: n.demo });
    expect(show.body.network).toEqual({ status: "ACTIVE", subnets: [] });
    expect((await n.api("GET", "/v2.0/networks?colour=blue", { token: n.demo })).status).toBe(400);
    // provider fields are not there to filter on for a project member
    expect((await n.api("GET", "/v2.0/networks?provider:network_type=vxlan", { token: n.demo })).status).toBe(400);
  });

  it("finds a network the way OSC does: GET by name is 404 NetworkNotFound, then ?name= finds it", async () => {
    const net = await n.network({ name: "private-net" }, n.demo);
    const byPath = await n.api("GET", "/v2.0/networks/private-net", { token: n.demo });
    expect(byPath.status).toBe(404);
    expect(neutronError(byPath)).toEqual({ type: "NetworkNotFound", message: "Network private-net could not be found.", detail: "" });
    const byName = await n.api("GET", "/v2.0/networks?name=private-net", { token: n.demo });
    expect(byName.body.networks.map((x: { id: string }) => x.id)).toEqual([net.id]);
  });

  it("answers a wrong method with 405 in the NeutronError envelope", async () => {
    const net = await n.network({ name: "a" });
    for (const [method, path] of [["PATCH", `/v2.0/networks/${net.id}`], ["POST", `/v2.0/networks/${net.id}`], ["DELETE", "/v2.0/networks"]]) {
      const res = await n.api(method, path);
      expect(res.status).toBe(405);
      expect(res.body.NeutronError).toBeDefined();
    }
  });

  it("deletes (204) with its subnets and gives the quota back; then it is 404", async () => {
    const net = await n.network({ name: "gone" }, n.demo);
    const sub = await n.subnet({ network_id: net.id, cidr: "10.9.0.0/24" }, n.demo);
    const usage = async () => (await n.api("GET", `/v2.0/quotas/${n.demoProject}/details.json`, { token: n.demo })).body.quota;
    expect((await usage()).network.used).toBeGreaterThanOrEqual(1);
    const usedBefore = await usage();
    const res = await n.api("DELETE", `/v2.0/networks/${net.id}`, { token: n.demo });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await n.api("GET", `/v2.0/networks/${net.id}`, { token: n.demo })).status).toBe(404);
    expect((await n.api("GET", `/v2.0/subnets/${sub.id}`, { token: n.demo })).status).toBe(404);
    const after = await usage();
    expect(after.network.used).toBe(usedBefore.network.used - 1);
    expect(after.subnet.used).toBe(usedBefore.subnet.used - 1);
    expect((await n.api("DELETE", `/v2.0/networks/${net.id}`, { token: n.demo })).status).toBe(404);
  });

  it("refuses to delete a network with ports: 409 NetworkInUse naming them, state unchanged; deletable once they are gone", async () => {
    const net = await n.network({ name: "busy" }, n.demo);
    await n.subnet({ network_id: net.id, cidr: "10.8.0.0/24" }, n.demo);
    const port = await n.api("POST", "/v2.0/ports", { token: n.demo, body: { port: { network_id: net.id } } });
    expect(port.status).toBe(201);
    const before = n.fingerprint();
    const res = await n.api("DELETE", `/v2.0/networks/${net.id}`, { token: n.demo });
    expect(res.status).toBe(409);
    expect(neutronError(res).type).toBe("NetworkInUse");
    expect(neutronError(res).message).toContain(port.body.port.id);
    expect(n.fingerprint()).toBe(before);
    expect((await n.api("DELETE", `/v2.0/ports/${port.body.port.id}`, { token: n.demo })).status).toBe(204);
    expect((await n.api("DELETE", `/v2.0/networks/${net.id}`, { token: n.demo })).status).toBe(204);
  });

  it("will not unshare a network other projects have ports on (409 InvalidSharedSetting)", async () => {
    const net = await n.network({ name: "common", shared: true });
    await n.subnet({ network_id: net.id, cidr: "10.7.0.0/24" });
    const port = await n.api("POST", "/v2.0/ports", { token: n.demo, body: { port: { network_id: net.id } } });
    expect(port.status).toBe(201);
    const before = n.fingerprint();
    const res = await n.api("PUT", `/v2.0/networks/${net.id}`, { body: { network: { shared: false } } });
    expect(res.status).toBe(409);
    expect(neutronError(res).type).toBe("InvalidSharedSetting");
    expect(n.fingerprint()).toBe(before);
  });

  it("keeps router:external while a router has its gateway there (409 ExternalNetworkInUse)", async () => {
    const ext = await n.network({ name: "ext", "router:external": true });
    await n.subnet({ network_id: ext.id, cidr: "203.0.113.0/24" });
    const router = await n.api("POST", "/v2.0/routers", { token: n.demo, body: { router: { name: "r", external_gateway_info: { network_id: ext.id } } } });
    expect(router.status).toBe(201);
    const before = n.fingerprint();
    const res = await n.api("PUT", `/v2.0/networks/${ext.id}`, { body: { network: { "router:external": false } } });
    expect(res.status).toBe(409);
    expect(neutronError(res).type).toBe("ExternalNetworkInUse");
    const del = await n.api("DELETE", `/v2.0/networks/${ext.id}`);
    expect(del.status).toBe(409);
    expect(n.fingerprint()).toBe(before);
  });

  it("enforces the network quota: 409 OverQuota past the limit, state unchanged; a delete frees room", async () => {
    const used = (await n.api("GET", `/v2.0/quotas/${n.demoProject}/details.json`, { token: n.demo })).body.quota.network.used;
    expect((await n.api("PUT", `/v2.0/quotas/${n.demoProject}`, { body: { quota: { network: used + 1 } } })).status).toBe(200);
    const one = await n.network({ name: "one" }, n.demo);
    const before = n.fingerprint();
    const res = await n.api("POST", "/v2.0/networks", { token: n.demo, body: { network: { name: "two" } } });
    expect(res.status).toBe(409);
    expect(neutronError(res)).toEqual({ type: "OverQuota", message: "Quota exceeded for resources: ['network'].", detail: "" });
    expect(n.fingerprint()).toBe(before);
    await n.api("DELETE", `/v2.0/networks/${one.id}`, { token: n.demo });
    expect((await n.api("POST", "/v2.0/networks", { token: n.demo, body: { network: { name: "two" } } })).status).toBe(201);
  });

  it("creates in bulk, all or nothing", async () => {
    const res = await n.api("POST", "/v2.0/networks", { token: n.demo, body: { networks: [{ name: "b1" }, { name: "b2" }] } });
    expect(res.status).toBe(201);
    expect(res.body.networks.map((x: { name: string }) => x.name)).toEqual(["b1", "b2"]);
    const before = n.fingerprint();
    const bad = await n.api("POST", "/v2.0/networks", { token: n.demo, body: { networks: [{ name: "b3" }, { name: "b4", shared: true }] } });
    expect(bad.status).toBe(403);
    expect(n.fingerprint()).toBe(before);
  });

  it("needs a token (401) and a member role to write", async () => {
    expect((await n.api("GET", "/v2.0/networks", { token: null })).status).toBe(401);
    expect((await n.api("POST", "/v2.0/networks", { token: null, body: { network: {} } })).status).toBe(401);
  });
});
