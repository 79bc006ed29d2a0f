// Subnet pools: CRUD with Neutron's defaults and bounds, subnets allocated from a pool (by prefixlen, by
// cidr, from the default pool), exhaustion, quota, add/remove prefixes and the in-use delete refusal.

import { describe, expect, it } from "vitest";
import { netApi, neutronError, type NetApi } from "./api-setup.js";
import { call, type Call } from "../../helpers/emulator.js";

async function pool(n: NetApi, body: Record<string, unknown>, token = n.demo): Promise<any> {
  const res = await n.api("POST", "/v2.0/subnetpools", { token, body: { subnetpool: body } });
  expect(res.status, res.text).toBe(201);
  return res.body.subnetpool;
}

async function refused(n: NetApi, request: () => Promise<Call>, status: number, type: string): Promise<{ message: string }> {
  const before = n.fingerprint();
  const res = await request();
  expect(res.status, res.text).toBe(status);
  expect(neutronError(res).type).toBe(type);
  expect(n.fingerprint()).toBe(before);
  return neutronError(res);
}

const subnetFrom = (n: NetApi, body: Record<string, unknown>, token?: string) =>
  n.api("POST", "/v2.0/subnets", { token: token ?? n.demo, body: { subnet: { ip_version: 4, ...body } } });

describe("subnet pools", () => {
  it("creates a pool with Neutron's defaults, compacting its prefixes, and shows, lists, updates, deletes it", async () => {
    const n = await netApi();
    const p = await pool(n, { name: "p", prefixes: ["10.100.0.0/17", "10.100.128.0/17", "10.100.5.0/24"] });
    expect(p).toMatchObject({
      name: "p",
      ip_version: 4,
      prefixes: ["10.100.0.0/16"],
      min_prefixlen: 8,
      max_prefixlen: 32,
      default_prefixlen: 8,
      default_quota: null,
      is_default: false,
      shared: false,
      address_scope_id: null,
      project_id: n.demoProject,
      revision_number: 0,
    });
    expect((await n.api("GET", `/v2.0/subnetpools/${p.id}`, { token: n.demo })).body.subnetpool).toEqual(p);
    const listed = (await n.api("GET", "/v2.0/subnetpools?name=p", { token: n.demo })).body.subnetpools;
    expect(listed.map((x: { id: string }) => x.id)).toEqual([p.id]);
    const updated = await n.api("PUT", `/v2.0/subnetpools/${p.id}`, { token: n.demo, body: { subnetpool: { name: "q", default_prefixlen: 24 } } });
    expect(updated.body.subnetpool).toMatchObject({ name: "q", default_prefixlen: 24, revision_number: 1 });
    // another project does not see a pool that is not shared
    expect((await n.api("GET", `/v2.0/subnetpools/${p.id}`, { token: n.admin })).status).toBe(200);
    expect((await n.api("DELETE", `/v2.0/subnetpools/${p.id}`, { token: n.demo })).status).toBe(204);
    expect((await n.api("GET", `/v2.0/subnetpools/${p.id}`, { token: n.demo })).status).toBe(404);
  });

  it("refuses bad prefixes and prefix bounds with Neutron's errors, changing nothing", async () => {
    const n = await netApi();
    const create = (body: Record<string, unknown>) => () => n.api("POST", "/v2.0/subnetpools", { token: n.demo, body: { subnetpool: body } });
    await refused(n, create({ prefixes: [] }), 400, "EmptySubnetPoolPrefixList");
    await refused(n, create({ prefixes: ["10.0.0.0/8", "2001:db8::/32"] }), 400, "PrefixVersionMismatch");
    await refused(n, create({ prefixes: ["banana"] }), 400, "HTTPBadRequest");
    const bounds = await refused(n, create({ prefixes: ["10.0.0.0/8"], min_prefixlen: 24, max_prefixlen: 16 }), 400, "IllegalSubnetPoolPrefixBounds");
    expect(bounds.message).toBe("Illegal prefix bounds: min_prefixlen=24, max_prefixlen=16.");
    const dflt = await refused(n, create({ prefixes: ["10.0.0.0/8"], min_prefixlen: 16, default_prefixlen: 12 }), 400, "IllegalSubnetPoolPrefixBounds");
    expect(dflt.message).toBe("Illegal prefix bounds: default_prefixlen=12, min_prefixlen=16.");
    await refused(n, create({ prefixes: ["10.0.0.0/8"], max_prefixlen: 33 }), 400, "IllegalSubnetPoolPrefixBounds");
    await refused(n, create({ prefixes: ["10.0.0.0/8"], shared: true }), 403, "PolicyNotAuthorized");
    await refused(n, create({ prefixes: ["10.0.0.0/8"], is_default: true }), 403, "PolicyNotAuthorized");
  });

  it("allocates subnets from the pool: default prefix length, prefixlen, or a cidr inside it", async () => {
    const n = await netApi();
    const p = await pool(n, { name: "p", prefixes: ["10.100.0.0/16"], default_prefixlen: 24 });
    const net = await n.network({ name: "n" }, n.demo);
    const first = await subnetFrom(n, { network_id: net.id, subnetpool_id: p.id });
    expect(first.status, first.text).toBe(201);
    expect(first.body.subnet).toMatchObject({ cidr: "10.100.0.0/24", subnetpool_id: p.id, gateway_ip: "10.100.0.1", allocation_pools: [{ start: "10.100.0.2", end: "10.100.0.254" }] });
    const second = await subnetFrom(n, { network_id: net.id, subnetpool_id: p.id, prefixlen: 26 });
    expect(second.body.subnet.cidr).toBe("10.100.1.0/26");
    const third = await subnetFrom(n, { network_id: net.id, subnetpool_id: p.id });
    expect(third.body.subnet.cidr).toBe("10.100.2.0/24");
    const specific = await subnetFrom(n, { network_id: net.id, subnetpool_id: p.id, cidr: "10.100.200.0/24" });
    expect(specific.status, specific.text).toBe(201);
    // taken, or outside the pool
    await refused(n, () => subnetFrom(n, { network_id: net.id, subnetpool_id: p.id, cidr: "10.100.200.0/25" }), 409, "SubnetAllocationError");
    await refused(n, () => subnetFrom(n, { network_id: net.id, subnetpool_id: p.id, cidr: "10.200.0.0/24" }), 409, "SubnetAllocationError");
    await refused(n, () => subnetFrom(n, { network_id: net.id, subnetpool_id: p.id, prefixlen: 4 }), 400, "MinPrefixSubnetAllocationError");
    await refused(n, () => subnetFrom(n, { network_id: net.id, subnetpool_id: p.id, cidr: "10.100.9.0/24", prefixlen: 24 }), 400, "BadRequest");
    await refused(n, () => subnetFrom(n, { network_id: net.id }), 400, "BadRequest");
    await refused(n, () => subnetFrom(n, { network_id: net.id, subnetpool_id: p.id, ip_version: 6 }), 400, "BadRequest");
    // the pool cannot go while subnets use it; without them it can
    await refused(n, () => n.api("DELETE", `/v2.0/subnetpools/${p.id}`, { token: n.demo }), 400, "SubnetPoolDeleteError");
    for (const s of [first, second, third, specific]) expect((await n.api("DELETE", `/v2.0/subnets/${s.body.subnet.id}`, { token: n.demo })).status).toBe(204);
    expect((await n.api("DELETE", `/v2.0/subnetpools/${p.id}`, { token: n.demo })).status).toBe(204);
  });

  it("answers 409 once the pool is exhausted, and honours the per-project default_quota", async () => {
    const n = await netApi();
    const p = await pool(n, { prefixes: ["192.168.0.0/23"], default_prefixlen: 24 });
    const net = await n.network({ name: "n" }, n.demo);
    expect((await subnetFrom(n, { network_id: net.id, subnetpool_id: p.id })).status).toBe(201);
    expect((await subnetFrom(n, { network_id: net.id, subnetpool_id: p.id })).status).toBe(201);
    const full = await refused(n, () => subnetFrom(n, { network_id: net.id, subnetpool_id: p.id }), 409, "SubnetAllocationError");
    expect(full.message).toBe("Failed to allocate subnet: Insufficient prefix space to allocate subnet size /24.");
    const limited = await pool(n, { prefixes: ["172.16.0.0/16"], default_prefixlen: 28, default_quota: 20 });
    const net2 = await n.network({ name: "n2" }, n.demo);
    expect((await subnetFrom(n, { network_id: net2.id, subnetpool_id: limited.id })).status).toBe(201);
    await refused(n, () => subnetFrom(n, { network_id: net2.id, subnetpool_id: limited.id }), 409, "SubnetPoolQuotaExceeded");
  });

  it("keeps one pool per IP family on a network (NetworkSubnetPoolAffinityError)", async () => {
    const n = await netApi();
    const a = await pool(n, { prefixes: ["10.1.0.0/16"], default_prefixlen: 24 });
    const b = await pool(n, { prefixes: ["10.2.0.0/16"], default_prefixlen: 24 });
    const net = await n.network({ name: "n" }, n.demo);
    expect((await subnetFrom(n, { network_id: net.id, subnetpool_id: a.id })).status).toBe(201);
    await refused(n, () => subnetFrom(n, { network_id: net.id, subnetpool_id: b.id }), 400, "NetworkSubnetPoolAffinityError");
  });

  it("uses the default pool of the family with use_default_subnetpool; only one default per family", async () => {
    const n = await netApi();
    const net = await n.network({ name: "n" }, n.demo);
    const none = await refused(n, () => subnetFrom(n, { network_id: net.id, use_default_subnetpool: true }), 400, "BadRequest");
    expect(none.message).toBe("Bad subnets request: No default subnetpool found for IPv4.");
    const dflt = await pool(n, { name: "default", prefixes: ["10.50.0.0/16"], default_prefixlen: 26, is_default: true, shared: true }, n.admin);
    const res = await subnetFrom(n, { network_id: net.id, use_default_subnetpool: true });
    expect(res.status, res.text).toBe(201);
    expect(res.body.subnet).toMatchObject({ cidr: "10.50.0.0/26", subnetpool_id: dflt.id });
    const second = await refused(n, () => n.api("POST", "/v2.0/subnetpools", { body: { subnetpool: { prefixes: ["10.60.0.0/16"], is_default: true } } }), 400, "InvalidInput");
    expect(second.message).toContain("A default subnetpool for this IP family has already been set");
  });

  it("adds and removes prefixes (PUT add_prefixes / remove_prefixes), refusing to remove one in use", async () => {
    const n = await netApi();
    const p = await pool(n, { prefixes: ["10.10.0.0/24"], default_prefixlen: 25 });
    const added = await n.api("PUT", `/v2.0/subnetpools/${p.id}/add_prefixes`, { token: n.demo, body: { prefixes: ["10.10.1.0/24", "10.20.0.0/16"] } });
    expect(added.status, added.text).toBe(200);
    expect(added.body.prefixes).toEqual(["10.10.0.0/23", "10.20.0.0/16"]);
    const net = await n.network({ name: "n" }, n.demo);
    const sub = await subnetFrom(n, { network_id: net.id, subnetpool_id: p.id, cidr: "10.20.5.0/24" });
    expect(sub.status, sub.text).toBe(201);
    await refused(n, () => n.api("PUT", `/v2.0/subnetpools/${p.id}/remove_prefixes`, { token: n.demo, body: { prefixes: ["10.20.0.0/16"] } }), 400, "IllegalSubnetPoolPrefixUpdate");
    const removed = await n.api("PUT", `/v2.0/subnetpools/${p.id}/remove_prefixes`, { token: n.demo, body: { prefixes: ["10.10.1.0/24"] } });
    expect(removed.body.prefixes).toEqual(["10.10.0.0/24", "10.20.0.0/16"]);
    // an update must keep the existing prefixes
    await refused(n, () => n.api("PUT", `/v2.0/subnetpools/${p.id}`, { token: n.demo, body: { subnetpool: { prefixes: ["10.20.0.0/16"] } } }), 400, "IllegalSubnetPoolPrefixUpdate");
    const shown = (await n.api("GET", `/v2.0/subnetpools/${p.id}`, { token: n.demo })).body.subnetpool;
    expect(shown.prefixes).toEqual(["10.10.0.0/24", "10.20.0.0/16"]);
  });

  it("goes with a project reset: its pools and scopes go, a shared pool of another project forgets its subnets", async () => {
    const n = await netApi();
    const shared = await pool(n, { name: "shared", prefixes: ["10.70.0.0/16"], default_prefixlen: 24, shared: true }, n.admin);
    const own = await pool(n, { name: "own", prefixes: ["10.80.0.0/16"], default_prefixlen: 24 });
    const scope = (await n.api("POST", "/v2.0/address-scopes", { token: n.demo, body: { address_scope: { name: "s", ip_version: 4 } } })).body.address_scope;
    const net = await n.network({ name: "n" }, n.demo);
    expect((await subnetFrom(n, { network_id: net.id, subnetpool_id: shared.id })).status).toBe(201);
    const reset = await call(n.emu, "POST", "/_emulator/reset", { body: { project: n.demoProject } });
    expect(reset.status, reset.text).toBe(200);
    expect((await n.api("GET", `/v2.0/subnetpools/${own.id}`)).status).toBe(404);
    expect((await n.api("GET", `/v2.0/address-scopes/${scope.id}`)).status).toBe(404);
    // the shared pool has no allocations left, so it can go
    expect((await n.api("DELETE", `/v2.0/subnetpools/${shared.id}`)).status).toBe(204);
  });
});
