// External networks as other projects see them (their subnets stay hidden), deleting one that only holds
// unassociated floating IPs, and router gateway updates naming the addresses the gateway already has.

import { describe, expect, it } from "vitest";
import { netApi, neutronError, type NetApi } from "./api-setup.js";

async function externalNetwork(n: NetApi) {
  const network = await n.network({ name: "ext", "router:external": true });
  const subnet = await n.subnet({ network_id: network.id, cidr: "203.0.113.0/24" });
  return { network, subnet };
}

describe("external networks", () => {
  it("shows a non-admin the external network but not its subnets", async () => {
    const n = await netApi();
    const { network, subnet } = await externalNetwork(n);
    expect((await n.api("GET", `/v2.0/networks/${network.id}`, { token: n.demo })).status).toBe(200);
    const listed = await n.api("GET", `/v2.0/subnets?network_id=${network.id}`, { token: n.demo });
    expect(listed.status).toBe(200);
    expect(listed.body.subnets).toEqual([]);
    const shown = await n.api("GET", `/v2.0/subnets/${subnet.id}`, { token: n.demo });
    expect(shown.status).toBe(404);
    expect(neutronError(shown).type).toBe("SubnetNotFound");
    // admins see them; a shared network's subnets are visible to everyone
    expect((await n.api("GET", `/v2.0/subnets?network_id=${network.id}`)).body.subnets.map((x: { id: string }) => x.id)).toEqual([subnet.id]);
    const shared = await n.network({ name: "shared", shared: true });
    const sharedSubnet = await n.subnet({ network_id: shared.id, cidr: "10.77.0.0/24" });
    const visible = (await n.api("GET", `/v2.0/subnets?network_id=${shared.id}`, { token: n.demo })).body.subnets;
    expect(visible.map((x: { id: string }) => x.id)).toEqual([sharedSubnet.id]);
  });

  it("deletes an external network holding only unassociated floating IPs, with them (204)", async () => {
    const n = await netApi();
    const { network } = await externalNetwork(n);
    const fip = await n.api("POST", "/v2.0/floatingips", { token: n.demo, body: { floatingip: { floating_network_id: network.id } } });
    expect(fip.status, fip.text).toBe(201);
    const usedBefore = (await n.api("GET", `/v2.0/quotas/${n.demoProject}/details`)).body.quota.floatingip.used;
    const del = await n.api("DELETE", `/v2.0/networks/${network.id}`);
    expect(del.status, del.text).toBe(204);
    expect((await n.api("GET", `/v2.0/floatingips/${fip.body.floatingip.id}`, { token: n.demo })).status).toBe(404);
    expect((await n.api("GET", `/v2.0/quotas/${n.demoProject}/details`)).body.quota.floatingip.used).toBe(usedBefore - 1);
  });

  it("refuses to delete an external network with an associated floating IP (409 NetworkInUse), changing nothing", async () => {
    const n = await netApi();
    const { network, subnet } = await externalNetwork(n);
    const inner = await n.network({ name: "inner" }, n.demo);
    const innerSubnet = await n.subnet({ network_id: inner.id, cidr: "10.55.0.0/24" }, n.demo);
    const router = (await n.api("POST", "/v2.0/routers", { token: n.demo, body: { router: { name: "r", external_gateway_info: { network_id: network.id } } } })).body.router;
    await n.api("PUT", `/v2.0/routers/${router.id}/add_router_interface`, { token: n.demo, body: { subnet_id: innerSubnet.id } });
    const vm = (await n.api("POST", "/v2.0/ports", { token: n.demo, body: { port: { network_id: inner.id } } })).body.port;
    const fip = await n.api("POST", "/v2.0/floatingips", { token: n.demo, body: { floatingip: { floating_network_id: network.id, port_id: vm.id } } });
    expect(fip.status, fip.text).toBe(201);
    // the router's gateway (through which the floating IP is associated) keeps the network in use
    const before = n.fingerprint();
    const del = await n.api("DELETE", `/v2.0/networks/${network.id}`);
    expect(del.status).toBe(409);
    expect(neutronError(del).type).toBe("NetworkInUse");
    expect(n.fingerprint()).toBe(before);
    expect((await n.api("GET", `/v2.0/subnets/${subnet.id}`)).status).toBe(200);
  });
});

describe("router gateway updates", () => {
  it("changes nothing when external_fixed_ips names the addresses and subnets the gateway already has", async () => {
    const n = await netApi();
    const { network, subnet } = await externalNetwork(n);
    const v6 = await n.subnet({ network_id: network.id, ip_version: 6, cidr: "2001:db8:ff::/64" });
    const created = await n.api("POST", "/v2.0/routers", { body: { router: { name: "gw", external_gateway_info: { network_id: network.id } } } });
    expect(created.status, created.text).toBe(201);
    const router = created.body.router;
    const gateway = router.external_gateway_info;
    expect(gateway.external_fixed_ips).toHaveLength(2);
    const v4Address = gateway.external_fixed_ips.find((f: { subnet_id: string }) => f.subnet_id === subnet.id).ip_address;
    const before = n.fingerprint();
    for (const fixed of [
      [{ ip_address: v4Address, subnet_id: subnet.id }, { subnet_id: v6.id }],
      [{ subnet_id: v6.id }, { ip_address: v4Address }],
      [{ subnet_id: subnet.id }, { subnet_id: v6.id }],
    ]) {
      const res = await n.api("PUT", `/v2.0/routers/${router.id}`, { body: { router: { external_gateway_info: { network_id: network.id, external_fixed_ips: fixed } } } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.router.external_gateway_info.external_fixed_ips).toEqual(gateway.external_fixed_ips);
    }
    const ports = (await n.api("GET", `/v2.0/ports?device_id=${router.id}`)).body.ports;
    expect(ports).toHaveLength(1);
    expect(ports[0].fixed_ips).toEqual(gateway.external_fixed_ips);
    // a different address moves the gateway's IPv4 address in place, on the same port
    const moved = await n.api("PUT", `/v2.0/routers/${router.id}`, {
      body: { router: { external_gateway_info: { network_id: network.id, external_fixed_ips: [{ ip_address: "203.0.113.200" }, { subnet_id: v6.id }] } } },
    });
    expect(moved.status, moved.text).toBe(200);
    const after = (await n.api("GET", `/v2.0/ports?device_id=${router.id}`)).body.ports;
    expect(after.map((p: { id: string }) => p.id)).toEqual([ports[0].id]);
    expect(after[0].fixed_ips.map((f: { ip_address: string }) => f.ip_address)).toContain("203.0.113.200");
    expect(after[0].fixed_ips.map((f: { ip_address: string }) => f.ip_address)).not.toContain(v4Address);
    expect(n.fingerprint()).not.toBe(before);
  });
});

describe("subnet lists by network", () => {
  it("pages a network's subnets (network_id filter) and still takes several network ids", async () => {
    const n = await netApi();
    const a = await n.network({ name: "a" }, n.demo);
    const b = await n.network({ name: "b" }, n.demo);
    const a1 = await n.subnet({ network_id: a.id, cidr: "10.61.0.0/24" }, n.demo);
    const b1 = await n.subnet({ network_id: b.id, cidr: "10.62.0.0/24" }, n.demo);
    const a2 = await n.subnet({ network_id: a.id, cidr: "10.61.1.0/24" }, n.demo);
    const page1 = await n.api("GET", `/v2.0/subnets?network_id=${a.id}&limit=1`, { token: n.demo });
    expect(page1.body.subnets.map((x: { id: string }) => x.id)).toEqual([a1.id]);
    expect(page1.body.subnets_links[0].rel).toBe("next");
    const page2 = await n.api("GET", `/v2.0/subnets?network_id=${a.id}&limit=1&marker=${a1.id}`, { token: n.demo });
    expect(page2.body.subnets.map((x: { id: string }) => x.id)).toEqual([a2.id]);
    const both = await n.api("GET", `/v2.0/subnets?network_id=${a.id}&network_id=${b.id}`, { token: n.demo });
    expect(both.body.subnets.map((x: { id: string }) => x.id)).toEqual([a1.id, b1.id, a2.id]);
    expect((await n.api("GET", "/v2.0/subnets?network_id=nope", { token: n.demo })).body.subnets).toEqual([]);
  });
});
