// Address scopes: CRUD, admin-only sharing that cannot be undone, subnet pools joining a scope of their
// family without overlapping its other pools, and the in-use delete refusal.

import { describe, expect, it } from "vitest";
import { netApi, neutronError, type NetApi } from "./api-setup.js";

async function scope(n: NetApi, body: Record<string, unknown>, token = n.demo): Promise<any> {
  const res = await n.api("POST", "/v2.0/address-scopes", { token, body: { address_scope: body } });
  expect(res.status, res.text).toBe(201);
  return res.body.address_scope;
}

const poolCall = (n: NetApi, body: Record<string, unknown>) => n.api("POST", "/v2.0/subnetpools", { token: n.demo, body: { subnetpool: body } });

describe("address scopes", () => {
  it("creates, shows, lists, renames and deletes a scope", async () => {
    const n = await netApi();
    const a = await scope(n, { name: "s4", ip_version: 4 });
    expect(a).toEqual({ id: a.id, name: "s4", project_id: n.demoProject, tenant_id: n.demoProject, shared: false, ip_version: 4 });
    expect((await n.api("GET", `/v2.0/address-scopes/${a.id}`, { token: n.demo })).body.address_scope).toEqual(a);
    expect((await n.api("GET", "/v2.0/address-scopes?ip_version=4", { token: n.demo })).body.address_scopes).toEqual([a]);
    const renamed = await n.api("PUT", `/v2.0/address-scopes/${a.id}`, { token: n.demo, body: { address_scope: { name: "t" } } });
    expect(renamed.body.address_scope.name).toBe("t");
    expect((await n.api("DELETE", `/v2.0/address-scopes/${a.id}`, { token: n.demo })).status).toBe(204);
    expect(neutronError(await n.api("GET", `/v2.0/address-scopes/${a.id}`, { token: n.demo })).type).toBe("AddressScopeNotFound");
  });

  it("keeps sharing admin-only and permanent, and hides unshared scopes from other projects", async () => {
    const n = await netApi();
    const before = n.fingerprint();
    expect((await n.api("POST", "/v2.0/address-scopes", { token: n.demo, body: { address_scope: { ip_version: 4, shared: true } } })).status).toBe(403);
    expect((await n.api("POST", "/v2.0/address-scopes", { token: n.demo, body: { address_scope: { ip_version: 5 } } })).status).toBe(400);
    expect(n.fingerprint()).toBe(before);
    const shared = await scope(n, { name: "shared", ip_version: 6, shared: true }, n.admin);
    const unshare = await n.api("PUT", `/v2.0/address-scopes/${shared.id}`, { body: { address_scope: { shared: false } } });
    expect(unshare.status).toBe(400);
    expect(neutronError(unshare).type).toBe("AddressScopeUpdateError");
    const hidden = await scope(n, { name: "admins", ip_version: 4 }, n.admin);
    expect((await n.api("GET", `/v2.0/address-scopes/${hidden.id}`, { token: n.demo })).status).toBe(404);
    expect((await n.api("GET", `/v2.0/address-scopes/${shared.id}`, { token: n.demo })).status).toBe(200);
  });

  it("lets pools of its family join without overlapping, and refuses its deletion while pools are in it", async () => {
    const n = await netApi();
    const s4 = await scope(n, { name: "s4", ip_version: 4 });
    const a = await poolCall(n, { name: "a", prefixes: ["10.0.0.0/16"], address_scope_id: s4.id });
    expect(a.status, a.text).toBe(201);
    expect(a.body.subnetpool.address_scope_id).toBe(s4.id);
    const before = n.fingerprint();
    const overlap = await poolCall(n, { name: "b", prefixes: ["10.0.128.0/17"], address_scope_id: s4.id });
    expect(overlap.status).toBe(409);
    expect(neutronError(overlap).type).toBe("AddressScopePrefixConflict");
    const wrongFamily = await poolCall(n, { name: "c", prefixes: ["2001:db8::/48"], address_scope_id: s4.id });
    expect(wrongFamily.status).toBe(400);
    expect(neutronError(wrongFamily).type).toBe("IllegalSubnetPoolIpVersionAssociationToAddressScope");
    expect(n.fingerprint()).toBe(before);
    // the same prefixes outside the scope are fine; joining it later is refused the same way
    const b = (await poolCall(n, { name: "b", prefixes: ["10.0.128.0/17"] })).body.subnetpool;
    const join = await n.api("PUT", `/v2.0/subnetpools/${b.id}`, { token: n.demo, body: { subnetpool: { address_scope_id: s4.id } } });
    expect(join.status).toBe(409);
    // a network with a subnet from the pool shows the pool's scope
    const net = await n.network({ name: "scoped" }, n.demo);
    const sub = await n.api("POST", "/v2.0/subnets", { token: n.demo, body: { subnet: { network_id: net.id, ip_version: 4, subnetpool_id: a.body.subnetpool.id, prefixlen: 24 } } });
    expect(sub.status, sub.text).toBe(201);
    const shown = (await n.api("GET", `/v2.0/networks/${net.id}`, { token: n.demo })).body.network;
    expect(shown).toMatchObject({ ipv4_address_scope: s4.id, ipv6_address_scope: null });
    expect((await n.api("DELETE", `/v2.0/subnets/${sub.body.subnet.id}`, { token: n.demo })).status).toBe(204);
    const inUse = await n.api("DELETE", `/v2.0/address-scopes/${s4.id}`, { token: n.demo });
    expect(inUse.status).toBe(409);
    expect(neutronError(inUse).type).toBe("AddressScopeInUse");
    const leave = await n.api("PUT", `/v2.0/subnetpools/${a.body.subnetpool.id}`, { token: n.demo, body: { subnetpool: { address_scope_id: null } } });
    expect(leave.body.subnetpool.address_scope_id).toBeNull();
    expect((await n.api("DELETE", `/v2.0/address-scopes/${s4.id}`, { token: n.demo })).status).toBe(204);
  });
});
