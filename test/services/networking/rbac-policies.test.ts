import { beforeEach, describe, expect, it } from "vitest";
import { netApi, neutronError, type NetApi } from "./api-setup.js";
import { port, rejected } from "./l3-setup.js";

describe("networking: /v2.0/rbac-policies", () => {
  let n: NetApi;
  beforeEach(async () => {
    n = await netApi();
  });

  const create = (body: Record<string, unknown>, token = n.admin) => n.api("POST", "/v2.0/rbac-policies", { token, body: { rbac_policy: body } });

  it("creates, shows, lists, updates and deletes a policy sharing a network with a project", async () => {
    const net = await n.network({ name: "mine" }, n.demo);
    const res = await create({ object_type: "network", object_id: net.id, action: "access_as_shared", target_tenant: n.adminProject }, n.demo);
    expect(res.status, res.text).toBe(201);
    const policy = res.body.rbac_policy;
    expect(policy).toEqual({
      id: expect.any(String),
      project_id: n.demoProject,
      tenant_id: n.demoProject,
      object_type: "network",
      object_id: net.id,
      action: "access_as_shared",
      target_tenant: n.adminProject,
    });
    expect((await n.api("GET", `/v2.0/rbac-policies/${policy.id}`, { token: n.demo })).body.rbac_policy).toEqual(policy);
    expect((await n.api("GET", "/v2.0/rbac-policies", { token: n.demo })).body.rbac_policies).toEqual([policy]);
    expect((await n.api("GET", `/v2.0/rbac-policies?object_id=${net.id}`)).body.rbac_policies).toEqual([policy]);
    const updated = await n.api("PUT", `/v2.0/rbac-policies/${policy.id}`, { token: n.demo, body: { rbac_policy: { target_tenant: "someone-else" } } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.rbac_policy.target_tenant).toBe("someone-else");
    expect((await n.api("DELETE", `/v2.0/rbac-policies/${policy.id}`, { token: n.demo })).status).toBe(204);
    const gone = await n.api("GET", `/v2.0/rbac-policies/${policy.id}`, { token: n.demo });
    expect(gone.status).toBe(404);
    expect(neutronError(gone).type).toBe("RbacPolicyNotFound");
  });

  it("hides another project's policies", async () => {
    const net = await n.network({ name: "admins" });
    const { body } = await create({ object_type: "network", object_id: net.id, action: "access_as_shared", target_tenant: n.demoProject });
    expect((await n.api("GET", "/v2.0/rbac-policies", { token: n.demo })).body.rbac_policies).toEqual([]);
    await rejected(n, () => n.api("GET", `/v2.0/rbac-policies/${body.rbac_policy.id}`, { token: n.demo }), 404, "RbacPolicyNotFound");
    await rejected(n, () => n.api("DELETE", `/v2.0/rbac-policies/${body.rbac_policy.id}`, { token: n.demo }), 404, "RbacPolicyNotFound");
  });

  it("refuses bad object types, actions, targets, duplicates and objects the caller does not own", async () => {
    const net = await n.network({ name: "mine" }, n.demo);
    const adminNet = await n.network({ name: "admins", shared: true });
    const qos = (await n.api("POST", "/v2.0/qos/policies", { body: { policy: { name: "q" } } })).body.policy;
    const base = { object_type: "network", object_id: net.id, action: "access_as_shared", target_tenant: n.adminProject };
    expect((await create(base, n.demo)).status).toBe(201);
    const dup = await rejected(n, () => create(base, n.demo), 409, "DuplicateRbacPolicy");
    expect(dup.message).toBe("An RBAC policy already exists with those values.");
    await rejected(n, () => create({ ...base, object_type: "port" }, n.demo), 400, "HTTPBadRequest");
    // a prototype name is no object type either (it once reached the type table as a key: a 500)
    for (const type of ["__proto__", "constructor", "toString"]) await rejected(n, () => create({ ...base, object_type: type }, n.demo), 400, "HTTPBadRequest");
    const action = await rejected(n, () => create({ object_type: "qos_policy", object_id: qos.id, action: "access_as_external", target_tenant: "*" }), 400, "InvalidActionForType");
    expect(action.message).toBe("Invalid action 'access_as_external' for object type 'qos_policy'. Valid actions: ['access_as_shared']");
    const wildcard = await rejected(n, () => create({ ...base, target_tenant: "*" }, n.demo), 403, "PolicyNotAuthorized");
    expect(wildcard.message).toBe("(rule:create_rbac_policy:target_tenant) is disallowed by policy.");
    await rejected(n, () => create({ ...base, object_id: adminNet.id }, n.demo), 404, "NetworkNotFound");
    await rejected(n, () => create({ ...base, object_id: "nope" }, n.demo), 404, "NetworkNotFound");
    await rejected(n, () => create({ ...base, target_tenant: undefined }, n.demo), 400, "BadRequest");
  });

  it("a '*' sharing policy makes the network shared; it is in use while another project has ports there", async () => {
    const net = await n.network({ name: "common" });
    await n.subnet({ network_id: net.id, cidr: "10.50.0.0/24" });
    const { body } = await create({ object_type: "network", object_id: net.id, action: "access_as_shared", target_tenant: "*" });
    expect((await n.api("GET", `/v2.0/networks/${net.id}`)).body.network.shared).toBe(true);
    expect((await n.api("GET", `/v2.0/networks/${net.id}`, { token: n.demo })).status).toBe(200);
    const demoPort = await port(n, { network_id: net.id }, n.demo);
    const inUse = await rejected(n, () => n.api("DELETE", `/v2.0/rbac-policies/${body.rbac_policy.id}`), 409, "RbacPolicyInUse");
    expect(inUse.message).toBe(
      `RBAC policy on object ${net.id} cannot be removed because other objects depend on it.\nDetails: Unable to reconfigure sharing settings for network ${net.id}. Multiple tenants are using it.`,
    );
    await rejected(n, () => n.api("PUT", `/v2.0/rbac-policies/${body.rbac_policy.id}`, { body: { rbac_policy: { target_tenant: "other" } } }), 409, "RbacPolicyInUse");
    expect((await n.api("DELETE", `/v2.0/ports/${demoPort.id}`, { token: n.demo })).status).toBe(204);
    expect((await n.api("DELETE", `/v2.0/rbac-policies/${body.rbac_policy.id}`)).status).toBe(204);
    expect((await n.api("GET", `/v2.0/networks/${net.id}`)).body.network.shared).toBe(false);
  });

  it("shares address scopes and subnet pools", async () => {
    const scope = await n.api("POST", "/v2.0/address-scopes", { token: n.demo, body: { address_scope: { name: "s", ip_version: 4 } } });
    expect(scope.status, scope.text).toBe(201);
    const pool = await n.api("POST", "/v2.0/subnetpools", { token: n.demo, body: { subnetpool: { name: "p", prefixes: ["10.90.0.0/16"] } } });
    expect(pool.status, pool.text).toBe(201);
    const share = (object_type: string, object_id: string) => create({ object_type, object_id, action: "access_as_shared", target_tenant: n.adminProject }, n.demo);
    expect((await share("address_scope", scope.body.address_scope.id)).status).toBe(201);
    expect((await share("subnetpool", pool.body.subnetpool.id)).status).toBe(201);
    await rejected(n, () => share("subnetpool", "nope"), 404, "SubnetPoolNotFound");
    await rejected(n, () => share("address_scope", "nope"), 404, "AddressScopeNotFound");
  });

  it("shares QoS policies and security groups", async () => {
    const qos = (await n.api("POST", "/v2.0/qos/policies", { body: { policy: { name: "q" } } })).body.policy;
    const group = (await n.api("POST", "/v2.0/security-groups", { token: n.demo, body: { security_group: { name: "g" } } })).body.security_group;
    expect((await create({ object_type: "qos_policy", object_id: qos.id, action: "access_as_shared", target_tenant: n.demoProject })).status).toBe(201);
    expect((await create({ object_type: "security_group", object_id: group.id, action: "access_as_shared", target_tenant: n.adminProject }, n.demo)).status).toBe(201);
  });

  it("advertises rbac-policies", async () => {
    const aliases = (await n.api("GET", "/v2.0/extensions")).body.extensions.map((e: any) => e.alias);
    expect(aliases).toContain("rbac-policies");
  });

  it("a network shared with one project through a policy is visible and usable to it", async () => {
    const net = await n.network({ name: "for-demo" });
    const subnet = await n.subnet({ network_id: net.id, cidr: "10.51.0.0/24" });
    expect((await n.api("GET", `/v2.0/networks/${net.id}`, { token: n.demo })).status).toBe(404);
    const { body } = await create({ object_type: "network", object_id: net.id, action: "access_as_shared", target_tenant: n.demoProject });
    expect((await n.api("GET", `/v2.0/networks/${net.id}`, { token: n.demo })).status).toBe(200);
    expect((await n.api("GET", `/v2.0/subnets/${subnet.id}`, { token: n.demo })).status).toBe(200);
    expect((await n.api("GET", `/v2.0/networks/${net.id}`)).body.network.shared).toBe(false);
    const demoPort = await port(n, { network_id: net.id }, n.demo);
    await rejected(n, () => n.api("DELETE", `/v2.0/rbac-policies/${body.rbac_policy.id}`), 409, "RbacPolicyInUse");
    expect((await n.api("DELETE", `/v2.0/ports/${demoPort.id}`, { token: n.demo })).status).toBe(204);
    expect((await n.api("DELETE", `/v2.0/rbac-policies/${body.rbac_policy.id}`)).status).toBe(204);
    expect((await n.api("GET", `/v2.0/networks/${net.id}`, { token: n.demo })).status).toBe(404);
  });
  it("deleted networks, QoS policies and security groups take their RBAC policies with them", async () => {
    const net = await n.network({ name: "gone" });
    const qos = (await n.api("POST", "/v2.0/qos/policies", { body: { policy: { name: "q" } } })).body.policy;
    await create({ object_type: "network", object_id: net.id, action: "access_as_shared", target_tenant: n.demoProject });
    await create({ object_type: "qos_policy", object_id: qos.id, action: "access_as_shared", target_tenant: n.demoProject });
    expect((await n.api("DELETE", `/v2.0/networks/${net.id}`)).status).toBe(204);
    expect((await n.api("DELETE", `/v2.0/qos/policies/${qos.id}`)).status).toBe(204);
    expect((await n.api("GET", "/v2.0/rbac-policies")).body.rbac_policies).toEqual([]);
  });
});
