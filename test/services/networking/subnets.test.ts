import { beforeEach, describe, expect, it } from "vitest";
import type { Call } from "../../helpers/emulator.js";
import { neutronError, netApi, type NetApi } from "./api-setup.js";
import { standardAttributes } from "./standard-attributes.js";

describe("networking: /v2.0/subnets", () => {
  let n: NetApi;
  let net: { id: string };
  beforeEach(async () => {
    n = await netApi();
    net = await n.network({ name: "net" }, n.demo);
  });

  const create = (subnet: Record<string, unknown>, token?: string) =>
    n.api("POST", "/v2.0/subnets", { token: token ?? n.demo, body: { subnet: { network_id: net.id, ip_version: 4, ...subnet } } });
  const port = (body: Record<string, unknown>) => n.api("POST", "/v2.0/ports", { token: n.demo, body: { port: { network_id: net.id, ...body } } });

  /** the request is refused with this status and NeutronError type, and nothing changes */
  async function refused(request: () => Promise<Call>, status: number, type?: string): Promise<Call> {
    const before = n.fingerprint();
    const res = await request();
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (type) expect(neutronError(res).type).toBe(type);
    expect(n.fingerprint()).toBe(before);
    return res;
  }

  it("creates 10.0.0.0/24 with gateway 10.0.0.1 and pool 10.0.0.2-10.0.0.254 (201), on the network's subnets", async () => {
    const res = await create({ name: "s1", cidr: "10.0.0.0/24" });
    expect(res.status).toBe(201);
    const subnet = res.body.subnet;
    expect(subnet).toEqual({
      id: expect.any(String),
      name: "s1",
      description: "",
      ...standardAttributes(n.demoProject),
      network_id: net.id,
      ip_version: 4,
      cidr: "10.0.0.0/24",
      gateway_ip: "10.0.0.1",
      allocation_pools: [{ start: "10.0.0.2", end: "10.0.0.254" }],
      enable_dhcp: true,
      dns_nameservers: [],
      host_routes: [],
      ipv6_ra_mode: null,
      ipv6_address_mode: null,
      subnetpool_id: null,
      service_types: [],
      segment_id: null,
      dns_publish_fixed_ip: false,
      "router:external": false,
    });
    expect((await n.api("GET", `/v2.0/subnets/${subnet.id}`, { token: n.demo })).body.subnet).toEqual(subnet);
    const network = (await n.api("GET", `/v2.0/networks/${net.id}`, { token: n.demo })).body.network;
    expect(network.subnets).toEqual([subnet.id]);
    expect(network.revision_number).toBe(1);
  });

  it("computes gateway and pool defaults: host bits cleared, no gateway, a gateway mid-range, IPv6", async () => {
    expect((await create({ cidr: "10.1.0.77/24" })).body.subnet).toMatchObject({ cidr: "10.1.0.0/24", gateway_ip: "10.1.0.1" });
    expect((await create({ cidr: "10.2.0.0/24", gateway_ip: null })).body.subnet).toMatchObject({
      gateway_ip: null,
      allocation_pools: [{ start: "10.2.0.1", end: "10.2.0.254" }],
    });
    expect((await create({ cidr: "10.3.0.0/24", gateway_ip: "10.3.0.100" })).body.subnet.allocation_pools).toEqual([
      { start: "10.3.0.1", end: "10.3.0.99" },
      { start: "10.3.0.101", end: "10.3.0.254" },
    ]);
    expect((await create({ cidr: "10.4.0.0/24", allocation_pools: [{ start: "10.4.0.10", end: "10.4.0.20" }] })).body.subnet).toMatchObject({
      gateway_ip: "10.4.0.1",
      allocation_pools: [{ start: "10.4.0.10", end: "10.4.0.20" }],
    });
    const v6 = await create({ ip_version: 6, cidr: "2001:DB8::/64" });
    expect(v6.status).toBe(201);
    expect(v6.body.subnet).toMatchObject({
      ip_version: 6,
      cidr: "2001:db8::/64",
      gateway_ip: "2001:db8::1",
      allocation_pools: [{ start: "2001:db8::2", end: "2001:db8::ffff:ffff:ffff:ffff" }],
    });
    // Neutron accepts a gateway outside the subnet (an on-link route); only the network and broadcast addresses are refused
    expect((await create({ cidr: "10.5.0.0/24", gateway_ip: "192.168.0.1" })).body.subnet).toMatchObject({
      gateway_ip: "192.168.0.1",
      allocation_pools: [{ start: "10.5.0.1", end: "10.5.0.254" }],
    });
  });

  it("returns dns_nameservers, host_routes, enable_dhcp and the IPv6 modes as given", async () => {
    const res = await create({
      cidr: "10.0.0.0/24",
      enable_dhcp: false,
      dns_nameservers: ["8.8.8.8", "1.1.1.1"],
      host_routes: [{ destination: "192.168.0.0/24", nexthop: "10.0.0.254" }],
    });
    expect(res.body.subnet).toMatchObject({
      enable_dhcp: false,
      dns_nameservers: ["8.8.8.8", "1.1.1.1"],
      host_routes: [{ destination: "192.168.0.0/24", nexthop: "10.0.0.254" }],
    });
    const slaac = await create({ ip_version: 6, cidr: "fd00::/64", ipv6_ra_mode: "slaac", ipv6_address_mode: "slaac" });
    expect(slaac.body.subnet).toMatchObject({ ipv6_ra_mode: "slaac", ipv6_address_mode: "slaac" });
  });

  it("validates the request shape: network_id, ip_version 4 or 6, cidr required; unknown attributes are 400", async () => {
    await refused(() => n.api("POST", "/v2.0/subnets", { token: n.demo, body: { subnet: { network_id: net.id, cidr: "10.0.0.0/24" } } }), 400);
    await refused(() => n.api("POST", "/v2.0/subnets", { token: n.demo, body: { subnet: { ip_version: 4, cidr: "10.0.0.0/24" } } }), 400);
    await refused(() => create({ ip_version: 5, cidr: "10.0.0.0/24" }), 400);
    await refused(() => create({}), 400);
    await refused(() => create({ cidr: "10.0.0.0/24", colour: "red" }), 400);
    await refused(() => create({ cidr: "10.0.0.0/24", allocation_pools: [{ start: "10.0.0.5" }] }), 400);
    // subnet pools exist now: an unknown one is 404 (subnetpools.test.ts covers them)
    await refused(() => create({ cidr: "10.0.0.0/24", subnetpool_id: "abc" }), 404);
    await refused(() => n.api("POST", "/v2.0/subnets", { token: n.demo, raw: "[" }), 400);
    expect((await create({ ip_version: "4", cidr: "10.0.0.0/24" })).status).toBe(201);
  });

  it("validates addresses: the CIDR parses and matches ip_version; gateway, pools, nameservers and routes are addresses", async () => {
    const cidr = "10.0.0.0/24";
    expect(neutronError(await refused(() => create({ cidr: "10.0.0.0" }), 400, "HTTPBadRequest")).message).toBe(
      "Invalid input for cidr. Reason: '10.0.0.0' isn't a recognized IP subnet cidr, '10.0.0.0/32' is recommended.",
    );
    await refused(() => create({ cidr: "banana" }), 400, "HTTPBadRequest");
    await refused(() => create({ cidr: "10.0.0.0/33" }), 400, "HTTPBadRequest");
    expect(neutronError(await refused(() => create({ ip_version: 6, cidr }), 400, "InvalidInput")).message).toBe(
      "Invalid input for operation: cidr '10.0.0.0/24' does not match the ip_version '6'.",
    );
    await refused(() => create({ cidr: "0.0.0.0/0", enable_dhcp: false }), 400, "InvalidInput");
    await refused(() => create({ cidr, gateway_ip: "10.0.0.300" }), 400, "HTTPBadRequest");
    await refused(() => create({ cidr, gateway_ip: "2001:db8::1" }), 400, "InvalidInput");
    expect(neutronError(await refused(() => create({ cidr, gateway_ip: "10.0.0.0" }), 400, "InvalidInput")).message).toBe(
      "Invalid input for operation: Gateway is not valid on subnet.",
    );
    await refused(() => create({ cidr, gateway_ip: "10.0.0.255" }), 400, "InvalidInput");
    await refused(() => create({ cidr, allocation_pools: [{ start: "10.0.0.x", end: "10.0.0.9" }] }), 400, "HTTPBadRequest");
    await refused(() => create({ cidr, dns_nameservers: ["dns.example.com"] }), 400, "HTTPBadRequest");
    await refused(() => create({ cidr, dns_nameservers: ["8.8.8.8", "8.8.8.8"] }), 400, "HTTPBadRequest");
    await refused(() => create({ cidr, dns_nameservers: ["2001:4860:4860::8888"] }), 400, "InvalidInput");
    await refused(() => create({ cidr, dns_nameservers: ["1.1.1.1", "1.1.1.2", "1.1.1.3", "1.1.1.4", "1.1.1.5", "1.1.1.6"] }), 400, "DNSNameServersExhausted");
    await refused(() => create({ cidr, host_routes: [{ destination: "nowhere", nexthop: "10.0.0.9" }] }), 400, "HTTPBadRequest");
    await refused(() => create({ cidr, host_routes: [{ destination: "fd00::/64", nexthop: "10.0.0.9" }] }), 400, "InvalidInput");
  });

  it("validates allocation pools: inside the CIDR (400), not overlapping (409), not holding the gateway (409)", async () => {
    const cidr = "10.0.0.0/24";
    const pools = (...p: Array<[string, string]>) => ({ cidr, allocation_pools: p.map(([start, end]) => ({ start, end })) });
    await refused(() => create(pools(["10.0.0.10", "10.0.1.5"])), 400, "OutOfBoundsAllocationPool");
    await refused(() => create(pools(["10.0.0.0", "10.0.0.9"])), 400, "OutOfBoundsAllocationPool");
    await refused(() => create(pools(["10.0.0.10", "10.0.0.255"])), 400, "OutOfBoundsAllocationPool");
    await refused(() => create(pools(["10.0.0.20", "10.0.0.10"])), 400, "InvalidAllocationPool");
    await refused(() => create(pools(["10.0.0.10", "10.0.0.30"], ["10.0.0.25", "10.0.0.40"])), 409, "OverlappingAllocationPools");
    const gw = await refused(() => create(pools(["10.0.0.1", "10.0.0.30"])), 409, "GatewayConflictWithAllocationPools");
    expect(neutronError(gw).message).toBe("Gateway ip 10.0.0.1 conflicts with allocation pool 10.0.0.1-10.0.0.30.");
    await refused(() => create({ ...pools(["10.0.0.10", "10.0.0.30"]), gateway_ip: "10.0.0.15" }), 409, "GatewayConflictWithAllocationPools");
    expect((await create(pools(["10.0.0.10", "10.0.0.19"], ["10.0.0.20", "10.0.0.30"]))).status).toBe(201);
  });

  it("checks DHCP and IPv6 mode rules as Neutron's _validate_subnet does", async () => {
    await refused(() => create({ cidr: "10.0.0.0/31" }), 400, "InvalidInput");
    await refused(() => create({ cidr: "224.0.0.0/24" }), 400, "InvalidInput");
    await refused(() => create({ cidr: "10.0.0.0/24", ipv6_ra_mode: "slaac" }), 400, "InvalidInput");
    await refused(() => create({ ip_version: 6, cidr: "fd00::/64", ipv6_address_mode: "slaac", enable_dhcp: false }), 400, "InvalidInput");
    await refused(() => create({ ip_version: 6, cidr: "fd00::/64", ipv6_ra_mode: "slaac", ipv6_address_mode: "dhcpv6-stateful" }), 400, "InvalidInput");
    await refused(() => create({ ip_version: 6, cidr: "fd00::/80", ipv6_address_mode: "slaac" }), 400, "InvalidInput");
    expect((await create({ cidr: "10.0.0.0/31", enable_dhcp: false })).status).toBe(201);
  });

  it("rejects a CIDR overlapping another subnet of the same network (400 InvalidInput); other networks may reuse it", async () => {
    await create({ cidr: "10.0.0.0/24" });
    const res = await refused(() => create({ cidr: "10.0.0.128/25" }), 400, "InvalidInput");
    expect(neutronError(res).message).toBe(
      `Invalid input for operation: Requested subnet with cidr: 10.0.0.128/25 for network: ${net.id} overlaps with another subnet.`,
    );
    await refused(() => create({ cidr: "10.0.0.0/16" }), 400, "InvalidInput");
    const other = await n.network({ name: "other" }, n.demo);
    expect((await create({ network_id: other.id, cidr: "10.0.0.0/24" })).status).toBe(201);
  });

  it("creates only on a network the caller may use: unknown or invisible 404, another project's shared 403, external 404", async () => {
    const secret = await n.network({ name: "secret" });
    const shared = await n.network({ name: "common", shared: true });
    const ext = await n.network({ name: "ext", "router:external": true });
    const missing = await refused(() => create({ network_id: "nope", cidr: "10.0.0.0/24" }), 404, "NetworkNotFound");
    expect(neutronError(missing).message).toBe("Network nope could not be found.");
    await refused(() => create({ network_id: secret.id, cidr: "10.0.0.0/24" }), 404, "NetworkNotFound");
    await refused(() => create({ network_id: shared.id, cidr: "10.0.0.0/24" }), 403, "PolicyNotAuthorized");
    await refused(() => create({ network_id: ext.id, cidr: "10.0.0.0/24" }), 404);
    await refused(() => create({ cidr: "10.0.0.0/24", project_id: n.adminProject }), 403, "PolicyNotAuthorized");
    // an admin may create on any network
    expect((await create({ network_id: shared.id, cidr: "10.0.0.0/24" }, n.admin)).status).toBe(201);
  });

  it("follows its network's visibility: a shared network's subnets are visible, a private one's are 404", async () => {
    const secret = await n.network({ name: "secret" });
    const shared = await n.network({ name: "common", shared: true });
    const hidden = (await create({ network_id: secret.id, cidr: "10.1.0.0/24", name: "hidden" }, n.admin)).body.subnet;
    const open = (await create({ network_id: shared.id, cidr: "10.2.0.0/24", name: "open" }, n.admin)).body.subnet;
    const mine = (await create({ cidr: "10.3.0.0/24", name: "mine" })).body.subnet;
    const listed = (await n.api("GET", "/v2.0/subnets", { token: n.demo })).body.subnets.map((s: { name: string }) => s.name);
    expect(listed).toEqual(expect.arrayContaining(["open", "mine"]));
    expect(listed).not.toContain("hidden");
    const all = (await n.api("GET", "/v2.0/subnets")).body.subnets.map((s: { name: string }) => s.name);
    expect(all).toEqual(expect.arrayContaining(["open", "mine", "hidden"]));
    const notFound = await n.api("GET", `/v2.0/subnets/${hidden.id}`, { token: n.demo });
    expect(notFound.status).toBe(404);
    expect(neutronError(notFound)).toEqual({ type: "SubnetNotFound", message: `Subnet ${hidden.id} could not be found.`, detail: "" });
    await refused(() => n.api("PUT", `/v2.0/subnets/${hidden.id}`, { token: n.demo, body: { subnet: { name: "x" } } }), 404, "SubnetNotFound");
    await refused(() => n.api("DELETE", `/v2.0/subnets/${hidden.id}`, { token: n.demo }), 404, "SubnetNotFound");
    expect((await n.api("GET", `/v2.0/subnets/${open.id}`, { token: n.demo })).status).toBe(200);
    await refused(() => n.api("PUT", `/v2.0/subnets/${open.id}`, { token: n.demo, body: { subnet: { name: "x" } } }), 403, "PolicyNotAuthorized");
    await refused(() => n.api("DELETE", `/v2.0/subnets/${open.id}`, { token: n.demo }), 403, "PolicyNotAuthorized");
    expect(mine.project_id).toBe(n.demoProject);
  });

  it("filters lists by network_id, name, cidr and selects fields; OSC's name lookup is 404 first", async () => {
    const a = (await create({ cidr: "10.77.0.0/24", name: "a" })).body.subnet;
    await create({ cidr: "10.77.1.0/24", name: "b" });
    const other = await n.network({ name: "other" }, n.demo);
    await create({ network_id: other.id, cidr: "10.77.0.0/24", name: "c" });
    const names = async (q: string) => (await n.api("GET", `/v2.0/subnets?${q}`, { token: n.demo })).body.subnets.map((s: { name: string }) => s.name);
    expect(await names(`network_id=${net.id}`)).toEqual(["a", "b"]);
    expect(await names("name=b")).toEqual(["b"]);
    expect(await names("cidr=10.77.0.0/24")).toEqual(["a", "c"]);
    expect(await names("ip_version=4&enable_dhcp=True&name=c")).toEqual(["c"]);
    const fields = await n.api("GET", `/v2.0/subnets?name=a&fields=id&fields=gateway_ip`, { token: n.demo });
    expect(fields.body.subnets).toEqual([{ id: a.id, gateway_ip: "10.77.0.1" }]);
    const show = await n.api("GET", `/v2.0/subnets/${a.id}?fields=cidr`, { token: n.demo });
    expect(show.body.subnet).toEqual({ cidr: "10.77.0.0/24" });
    const byPath = await n.api("GET", "/v2.0/subnets/a", { token: n.demo });
    expect(byPath.status).toBe(404);
    expect(neutronError(byPath).type).toBe("SubnetNotFound");
  });

  it("updates name, dns_nameservers, host_routes, enable_dhcp and gateway_ip, bumping the revision", async () => {
    const s = (await create({ cidr: "10.0.0.0/24", allocation_pools: [{ start: "10.0.0.10", end: "10.0.0.20" }] })).body.subnet;
    n.emu.clock.advance(1000);
    const patch = {
      name: "renamed",
      description: "d",
      dns_nameservers: ["9.9.9.9"],
      host_routes: [{ destination: "0.0.0.0/0", nexthop: "10.0.0.5" }],
      enable_dhcp: false,
      gateway_ip: "10.0.0.254",
    };
    const res = await n.api("PUT", `/v2.0/subnets/${s.id}`, { token: n.demo, body: { subnet: patch } });
    expect(res.status).toBe(200);
    expect(res.body.subnet).toMatchObject({
      ...patch,
      allocation_pools: [{ start: "10.0.0.10", end: "10.0.0.20" }],
      revision_number: 1,
      updated_at: "2030-01-01T00:00:01Z",
    });
    expect((await n.api("PUT", `/v2.0/subnets/${s.id}`, { token: n.demo, body: { subnet: { gateway_ip: null } } })).body.subnet.gateway_ip).toBeNull();
    await refused(() => n.api("PUT", `/v2.0/subnets/${s.id}`, { token: n.demo, body: { subnet: { gateway_ip: "10.0.0.15" } } }), 409, "GatewayConflictWithAllocationPools");
    await refused(() => n.api("PUT", `/v2.0/subnets/${s.id}`, { token: n.demo, body: { subnet: { cidr: "10.1.0.0/24" } } }), 400);
    await refused(() => n.api("PUT", `/v2.0/subnets/${s.id}`, { token: n.demo, body: { subnet: { dns_nameservers: ["x"] } } }), 400, "HTTPBadRequest");
  });

  it("updates allocation pools, re-validated, keeping allocated addresses in use", async () => {
    const s = (await create({ cidr: "10.0.0.0/24" })).body.subnet;
    const first = await port({});
    expect(first.body.port.fixed_ips).toEqual([{ subnet_id: s.id, ip_address: "10.0.0.2" }]);
    await refused(() => n.api("PUT", `/v2.0/subnets/${s.id}`, { token: n.demo, body: { subnet: { allocation_pools: [{ start: "10.0.0.1", end: "10.0.0.9" }] } } }), 409, "GatewayConflictWithAllocationPools");
    await refused(() => n.api("PUT", `/v2.0/subnets/${s.id}`, { token: n.demo, body: { subnet: { allocation_pools: [{ start: "10.0.0.10", end: "10.0.1.9" }] } } }), 400, "OutOfBoundsAllocationPool");
    const res = await n.api("PUT", `/v2.0/subnets/${s.id}`, { token: n.demo, body: { subnet: { allocation_pools: [{ start: "10.0.0.10", end: "10.0.0.11" }] } } });
    expect(res.status).toBe(200);
    expect(res.body.subnet.allocation_pools).toEqual([{ start: "10.0.0.10", end: "10.0.0.11" }]);
    expect((await port({})).body.port.fixed_ips[0].ip_address).toBe("10.0.0.10");
    // the old address, now outside the pools, is still taken
    const taken = await port({ fixed_ips: [{ subnet_id: s.id, ip_address: "10.0.0.2" }] });
    expect(taken.status).toBe(409);
    expect(neutronError(taken).type).toBe("IpAddressInUse");
    expect((await port({})).body.port.fixed_ips[0].ip_address).toBe("10.0.0.11");
    expect(neutronError(await port({})).type).toBe("IpAddressGenerationFailure");
    // a delete frees the old address for good
    await n.api("DELETE", `/v2.0/ports/${first.body.port.id}`, { token: n.demo });
    expect((await port({ fixed_ips: [{ subnet_id: s.id, ip_address: "10.0.0.2" }] })).status).toBe(201);
  });

  it("refuses to delete a subnet with allocated addresses (409 SubnetInUse); deletes it (204) once they are released", async () => {
    const s = (await create({ cidr: "10.0.0.0/24" })).body.subnet;
    const p = await port({});
    await refused(() => n.api("DELETE", `/v2.0/subnets/${s.id}`, { token: n.demo }), 409, "SubnetInUse");
    await n.api("DELETE", `/v2.0/ports/${p.body.port.id}`, { token: n.demo });
    const res = await n.api("DELETE", `/v2.0/subnets/${s.id}`, { token: n.demo });
    expect(res.status).toBe(204);
    expect((await n.api("GET", `/v2.0/subnets/${s.id}`, { token: n.demo })).status).toBe(404);
    expect((await n.api("GET", `/v2.0/networks/${net.id}`, { token: n.demo })).body.network.subnets).toEqual([]);
    // the CIDR is free again
    expect((await create({ cidr: "10.0.0.0/24" })).status).toBe(201);
  });

  it("keeps a router interface's gateway: moving it is 409 GatewayIpInUse, deleting the subnet 409 SubnetInUse", async () => {
    const s = (await create({ cidr: "10.0.0.0/24" })).body.subnet;
    const router = (await n.api("POST", "/v2.0/routers", { token: n.demo, body: { router: { name: "r" } } })).body.router;
    const added = await n.api("PUT", `/v2.0/routers/${router.id}/add_router_interface`, { token: n.demo, body: { subnet_id: s.id } });
    expect(added.status).toBe(200);
    const res = await refused(() => n.api("PUT", `/v2.0/subnets/${s.id}`, { token: n.demo, body: { subnet: { gateway_ip: "10.0.0.254" } } }), 409, "GatewayIpInUse");
    expect(neutronError(res).message).toBe(`Current gateway ip 10.0.0.1 already in use by port ${added.body.port_id}. Unable to update.`);
    await refused(() => n.api("DELETE", `/v2.0/subnets/${s.id}`, { token: n.demo }), 409, "SubnetInUse");
    await refused(() => n.api("DELETE", `/v2.0/networks/${net.id}`, { token: n.demo }), 409, "NetworkInUse");
    expect((await n.api("PUT", `/v2.0/subnets/${s.id}`, { token: n.demo, body: { subnet: { name: "still-editable" } } })).status).toBe(200);
    await n.api("PUT", `/v2.0/routers/${router.id}/remove_router_interface`, { token: n.demo, body: { subnet_id: s.id } });
    // free again; a gateway inside the pools is still refused
    await refused(() => n.api("PUT", `/v2.0/subnets/${s.id}`, { token: n.demo, body: { subnet: { gateway_ip: "10.0.0.254" } } }), 409, "GatewayConflictWithAllocationPools");
    expect((await n.api("PUT", `/v2.0/subnets/${s.id}`, { token: n.demo, body: { subnet: { gateway_ip: null } } })).status).toBe(200);
    expect((await n.api("DELETE", `/v2.0/subnets/${s.id}`, { token: n.demo })).status).toBe(204);
  });

  it("enforces the subnet quota (409 OverQuota), state unchanged; a delete gives it back", async () => {
    const used = (await n.api("GET", `/v2.0/quotas/${n.demoProject}/details.json`, { token: n.demo })).body.quota.subnet.used;
    await n.api("PUT", `/v2.0/quotas/${n.demoProject}`, { body: { quota: { subnet: used + 1 } } });
    const one = (await create({ cidr: "10.0.0.0/24" })).body.subnet;
    const res = await refused(() => create({ cidr: "10.0.1.0/24" }), 409, "OverQuota");
    expect(neutronError(res).message).toBe("Quota exceeded for resources: ['subnet'].");
    await n.api("DELETE", `/v2.0/subnets/${one.id}`, { token: n.demo });
    expect((await create({ cidr: "10.0.1.0/24" })).status).toBe(201);
  });

  it("creates in bulk, all or nothing; answers 405 for a wrong method", async () => {
    const bulk = await n.api("POST", "/v2.0/subnets", {
      token: n.demo,
      body: { subnets: [{ network_id: net.id, ip_version: 4, cidr: "10.0.0.0/24" }, { network_id: net.id, ip_version: 6, cidr: "fd00::/64" }] },
    });
    expect(bulk.status).toBe(201);
    expect(bulk.body.subnets.map((s: { cidr: string }) => s.cidr)).toEqual(["10.0.0.0/24", "fd00::/64"]);
    await refused(
      () =>
        n.api("POST", "/v2.0/subnets", {
          token: n.demo,
          body: { subnets: [{ network_id: net.id, ip_version: 4, cidr: "10.9.0.0/24" }, { network_id: net.id, ip_version: 4, cidr: "10.0.0.0/25" }] },
        }),
      400,
      "InvalidInput",
    );
    const s = bulk.body.subnets[0];
    expect((await n.api("PATCH", `/v2.0/subnets/${s.id}`, { token: n.demo, body: {} })).status).toBe(405);
  });
});
