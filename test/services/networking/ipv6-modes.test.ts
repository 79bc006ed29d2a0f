// IPv6 address modes: SLAAC and DHCPv6-stateless subnets give every port its EUI-64 address (prefix +
// modified EUI-64 of the MAC), refuse fixed addresses, and can be deleted under the ports holding them.

import { describe, expect, it } from "vitest";
import { netApi, neutronError, type NetApi } from "./api-setup.js";

async function v6Network(n: NetApi, mode: string | null) {
  const network = await n.network({ name: "v6" }, n.demo);
  const v4 = await n.subnet({ network_id: network.id, cidr: "10.20.0.0/24" }, n.demo);
  const modes = mode === null ? {} : { ipv6_ra_mode: mode, ipv6_address_mode: mode };
  const v6 = await n.subnet({ network_id: network.id, ip_version: 6, cidr: "2001:db8:1::/64", ...modes }, n.demo);
  return { network, v4, v6 };
}

const createPort = (n: NetApi, body: Record<string, unknown>) => n.api("POST", "/v2.0/ports", { token: n.demo, body: { port: body } });

describe("IPv6 address modes", () => {
  it("gives a port on a SLAAC subnet its EUI-64 address, next to its IPv4 one", async () => {
    const n = await netApi();
    const { network, v4, v6 } = await v6Network(n, "slaac");
    const res = await createPort(n, { network_id: network.id, mac_address: "fa:16:3e:12:34:56" });
    expect(res.status, res.text).toBe(201);
    expect(res.body.port.fixed_ips).toEqual([
      { subnet_id: v4.id, ip_address: "10.20.0.2" },
      { subnet_id: v6.id, ip_address: "2001:db8:1:0:f816:3eff:fe12:3456" },
    ]);
  });

  it("adds the SLAAC address even when fixed_ips names only the IPv4 subnet, or nothing at all", async () => {
    const n = await netApi();
    const { network, v4, v6 } = await v6Network(n, "dhcpv6-stateless");
    const named = await createPort(n, { network_id: network.id, mac_address: "fa:16:3e:00:00:01", fixed_ips: [{ subnet_id: v4.id }] });
    expect(named.body.port.fixed_ips).toEqual([
      { subnet_id: v4.id, ip_address: "10.20.0.2" },
      { subnet_id: v6.id, ip_address: "2001:db8:1:0:f816:3eff:fe00:1" },
    ]);
    const none = await createPort(n, { network_id: network.id, mac_address: "fa:16:3e:00:00:02", fixed_ips: [] });
    expect(none.body.port.fixed_ips).toEqual([{ subnet_id: v6.id, ip_address: "2001:db8:1:0:f816:3eff:fe00:2" }]);
    const v6Named = await createPort(n, { network_id: network.id, mac_address: "fa:16:3e:00:00:03", fixed_ips: [{ subnet_id: v6.id }] });
    expect(v6Named.body.port.fixed_ips).toEqual([{ subnet_id: v6.id, ip_address: "2001:db8:1:0:f816:3eff:fe00:3" }]);
  });

  it("refuses a fixed address on an auto-address subnet (400 AllocationOnAutoAddressSubnet), changing nothing", async () => {
    const n = await netApi();
    const { network, v6 } = await v6Network(n, "slaac");
    const before = n.fingerprint();
    const res = await createPort(n, { network_id: network.id, fixed_ips: [{ subnet_id: v6.id, ip_address: "2001:db8:1::10" }] });
    expect(res.status).toBe(400);
    expect(neutronError(res)).toMatchObject({
      type: "AllocationOnAutoAddressSubnet",
      message: `IPv6 address 2001:db8:1::10 cannot be directly assigned to a port on subnet ${v6.id} as the subnet is configured for automatic addresses`,
    });
    expect(n.fingerprint()).toBe(before);
  });

  it("keeps the SLAAC address when a port update changes only its IPv4 addresses", async () => {
    const n = await netApi();
    const { network, v4, v6 } = await v6Network(n, "slaac");
    const port = (await createPort(n, { network_id: network.id, mac_address: "fa:16:3e:aa:bb:cc" })).body.port;
    const res = await n.api("PUT", `/v2.0/ports/${port.id}`, { token: n.demo, body: { port: { fixed_ips: [{ subnet_id: v4.id, ip_address: "10.20.0.50" }] } } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.port.fixed_ips).toEqual([
      { subnet_id: v6.id, ip_address: "2001:db8:1:0:f816:3eff:feaa:bbcc" },
      { subnet_id: v4.id, ip_address: "10.20.0.50" },
    ]);
  });

  it("moves the EUI-64 address with a new MAC", async () => {
    const n = await netApi();
    const { network, v4, v6 } = await v6Network(n, "slaac");
    const port = (await createPort(n, { network_id: network.id, mac_address: "fa:16:3e:aa:aa:aa" })).body.port;
    const res = await n.api("PUT", `/v2.0/ports/${port.id}`, { body: { port: { mac_address: "fa:16:3e:bb:bb:bb" } } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.port.fixed_ips).toEqual([
      { subnet_id: v4.id, ip_address: "10.20.0.2" },
      { subnet_id: v6.id, ip_address: "2001:db8:1:0:f816:3eff:febb:bbbb" },
    ]);
    // the old address is free again: a port with the old MAC takes it
    const again = await createPort(n, { network_id: network.id, mac_address: "fa:16:3e:aa:aa:aa" });
    expect(again.body.port.fixed_ips[1].ip_address).toBe("2001:db8:1:0:f816:3eff:feaa:aaaa");
  });

  it("deletes a SLAAC subnet under its ports: the addresses leave the ports", async () => {
    const n = await netApi();
    const { network, v4, v6 } = await v6Network(n, "slaac");
    const port = (await createPort(n, { network_id: network.id })).body.port;
    expect(port.fixed_ips).toHaveLength(2);
    const del = await n.api("DELETE", `/v2.0/subnets/${v6.id}`, { token: n.demo });
    expect(del.status, del.text).toBe(204);
    const shown = (await n.api("GET", `/v2.0/ports/${port.id}`, { token: n.demo })).body.port;
    expect(shown.fixed_ips).toEqual([{ subnet_id: v4.id, ip_address: "10.20.0.2" }]);
    // an IPv4 subnet with the port's address still blocks
    const blocked = await n.api("DELETE", `/v2.0/subnets/${v4.id}`, { token: n.demo });
    expect(blocked.status).toBe(409);
    expect(neutronError(blocked).type).toBe("SubnetInUse");
  });

  it("allocates DHCPv6-stateful addresses from the pool like IPv4, and allows fixed ones", async () => {
    const n = await netApi();
    const { network, v6 } = await v6Network(n, "dhcpv6-stateful");
    const auto = (await createPort(n, { network_id: network.id })).body.port;
    expect(auto.fixed_ips[1]).toEqual({ subnet_id: v6.id, ip_address: "2001:db8:1::2" });
    const fixed = await createPort(n, { network_id: network.id, fixed_ips: [{ subnet_id: v6.id, ip_address: "2001:db8:1::99" }] });
    expect(fixed.status, fixed.text).toBe(201);
    expect(fixed.body.port.fixed_ips).toEqual([{ subnet_id: v6.id, ip_address: "2001:db8:1::99" }]);
  });

  it("gives ports already on the network their EUI-64 address when a SLAAC subnet is added, router interfaces excepted", async () => {
    const n = await netApi();
    const network = await n.network({ name: "late" }, n.demo);
    const v4 = await n.subnet({ network_id: network.id, cidr: "10.21.0.0/24" }, n.demo);
    const port = (await createPort(n, { network_id: network.id, mac_address: "fa:16:3e:00:00:77" })).body.port;
    const router = (await n.api("POST", "/v2.0/routers", { token: n.demo, body: { router: { name: "r" } } })).body.router;
    const added = await n.api("PUT", `/v2.0/routers/${router.id}/add_router_interface`, { token: n.demo, body: { subnet_id: v4.id } });
    expect(added.status, added.text).toBe(200);
    const v6 = await n.subnet({ network_id: network.id, ip_version: 6, cidr: "2001:db8:7::/64", ipv6_ra_mode: "slaac", ipv6_address_mode: "slaac" }, n.demo);
    const shown = (await n.api("GET", `/v2.0/ports/${port.id}`, { token: n.demo })).body.port;
    expect(shown.fixed_ips).toEqual([
      { subnet_id: v4.id, ip_address: "10.21.0.2" },
      { subnet_id: v6.id, ip_address: "2001:db8:7:0:f816:3eff:fe00:77" },
    ]);
    const routerPort = (await n.api("GET", `/v2.0/ports/${added.body.port_id}`, { token: n.demo })).body.port;
    expect(routerPort.fixed_ips).toEqual([{ subnet_id: v4.id, ip_address: "10.21.0.1" }]);
  });
});
