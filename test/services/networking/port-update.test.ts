// PUT and DELETE /v2.0/ports/{id}: attributes, re-allocated fixed addresses, moved security groups, the
// status a bound device gives, port security and address pairs, and what a deletion gives back.

import { describe, expect, it } from "vitest";
import { netApi, neutronError, type NetApi } from "./api-setup.js";
import { createPort, demoNet, okPort, refused } from "./port-setup.js";

const put = (n: NetApi, id: string, port: Record<string, unknown>, token = n.demo) => n.api("PUT", `/v2.0/ports/${id}`, { token, body: { port } });

async function updated(n: NetApi, id: string, port: Record<string, unknown>, token = n.demo) {
  const res = await put(n, id, port, token);
  expect(res.status, res.text).toBe(200);
  return res.body.port;
}

async function group(n: NetApi, name: string) {
  const res = await n.api("POST", "/v2.0/security-groups", { token: n.demo, body: { security_group: { name } } });
  expect(res.status, res.text).toBe(201);
  return res.body.security_group;
}

describe("PUT /v2.0/ports/{id}", () => {
  it("updates name, description and admin state, bumping the revision", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const port = await okPort(n, { network_id: network.id });
    const after = await updated(n, port.id, { name: "renamed", description: "d", admin_state_up: false });
    expect(after).toMatchObject({ name: "renamed", description: "d", admin_state_up: false, revision_number: 1, status: "DOWN" });
    await refused(n, 400, "BadRequest", () => put(n, port.id, { network_id: network.id }));
    await refused(n, 400, "BadRequest", () => n.api("PUT", `/v2.0/ports/${port.id}`, { token: n.demo, body: { name: "x" } }));
  });

  it("becomes ACTIVE when compute binds a device to it and DOWN when the device goes", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const port = await okPort(n, { network_id: network.id });
    const bound = await updated(n, port.id, { device_id: "5c0f5bd8-0000-4000-8000-000000000001", device_owner: "compute:nova" });
    expect(bound).toMatchObject({ status: "ACTIVE", device_owner: "compute:nova" });
    expect((await updated(n, port.id, { admin_state_up: false })).status).toBe("DOWN");
    expect((await updated(n, port.id, { admin_state_up: true })).status).toBe("ACTIVE");
    const unbound = await updated(n, port.id, { device_id: "", device_owner: "" });
    expect(unbound.status).toBe("DOWN");
    // an admin sets the host binding; the binding then reports an ovs VIF
    const hosted = await updated(n, port.id, { "binding:host_id": "compute-1", "binding:profile": { a: 1 } }, n.admin);
    expect(hosted).toMatchObject({ "binding:host_id": "compute-1", "binding:vif_type": "ovs", "binding:profile": { a: 1 } });
    await refused(n, 403, "PolicyNotAuthorized", () => put(n, port.id, { "binding:host_id": "compute-2" }));
  });

  it("re-allocates fixed addresses: kept ones stay, removed ones are freed, new ones taken", async () => {
    const n = await netApi();
    const { network, subnet } = await demoNet(n);
    const port = await okPort(n, { network_id: network.id });
    expect(port.fixed_ips[0].ip_address).toBe("10.20.0.2");
    const moved = await updated(n, port.id, { fixed_ips: [{ subnet_id: subnet.id, ip_address: "10.20.0.40" }] });
    expect(moved.fixed_ips).toEqual([{ subnet_id: subnet.id, ip_address: "10.20.0.40" }]);
    // .2 was freed: the next port gets it
    expect((await okPort(n, { network_id: network.id })).fixed_ips[0].ip_address).toBe("10.20.0.2");
    const added = await updated(n, port.id, { fixed_ips: [{ ip_address: "10.20.0.40" }, { subnet_id: subnet.id }] });
    expect(added.fixed_ips.map((f: any) => f.ip_address)).toEqual(["10.20.0.40", "10.20.0.3"]);
    // a subnet-only entry keeps the port's address on that subnet
    const kept = await updated(n, port.id, { fixed_ips: [{ subnet_id: subnet.id }] });
    expect(kept.fixed_ips).toHaveLength(1);
    const other = await okPort(n, { network_id: network.id });
    await refused(n, 409, "IpAddressInUse", () => put(n, port.id, { fixed_ips: [{ ip_address: other.fixed_ips[0].ip_address }] }));
    await refused(n, 400, "InvalidIpForSubnet", () => put(n, port.id, { fixed_ips: [{ subnet_id: subnet.id, ip_address: "10.99.0.1" }] }));
  });

  it("moves security groups and their in-use counts", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const web = await group(n, "web");
    const db = await group(n, "db");
    const port = await okPort(n, { network_id: network.id, security_groups: [web.id] });
    expect((await n.api("DELETE", `/v2.0/security-groups/${web.id}`, { token: n.demo })).status).toBe(409);
    const moved = await updated(n, port.id, { security_groups: [db.id] });
    expect(moved.security_groups).toEqual([db.id]);
    expect((await n.api("DELETE", `/v2.0/security-groups/${web.id}`, { token: n.demo })).status).toBe(204);
    await refused(n, 404, "SecurityGroupNotFound", () => put(n, port.id, { security_groups: [web.id] }));
    await refused(n, 404, "SecurityGroupNotFound", () => put(n, port.id, { security_groups: ["nope"] }));
    expect((await updated(n, port.id, { security_groups: [] })).security_groups).toEqual([]);
    expect((await n.api("DELETE", `/v2.0/security-groups/${db.id}`, { token: n.demo })).status).toBe(204);
  });

  it("turns port security off only without security groups and address pairs", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const port = await okPort(n, { network_id: network.id });
    await refused(n, 409, "PortSecurityPortHasSecurityGroup", () => put(n, port.id, { port_security_enabled: false }));
    const paired = await updated(n, port.id, { allowed_address_pairs: [{ ip_address: "10.20.0.200" }, { ip_address: "10.9.0.0/24", mac_address: "fa:16:3e:01:02:03" }] });
    expect(paired.allowed_address_pairs).toEqual([
      { ip_address: "10.20.0.200", mac_address: port.mac_address },
      { ip_address: "10.9.0.0/24", mac_address: "fa:16:3e:01:02:03" },
    ]);
    await refused(n, 400, "HTTPBadRequest", () => put(n, port.id, { allowed_address_pairs: [{ ip_address: "not-an-ip" }] }));
    await refused(n, 409, "AddressPairAndPortSecurityRequired", () => put(n, port.id, { port_security_enabled: false, security_groups: [] }));
    const open = await updated(n, port.id, { port_security_enabled: false, security_groups: [], allowed_address_pairs: [] });
    expect(open).toMatchObject({ port_security_enabled: false, security_groups: [], allowed_address_pairs: [] });
    await refused(n, 400, "PortSecurityAndIPRequiredForSecurityGroups", () => put(n, port.id, { security_groups: [port.security_groups[0]] }));
    const secured = await updated(n, port.id, { port_security_enabled: true, security_groups: port.security_groups });
    expect(secured.security_groups).toEqual(port.security_groups);
  });

  it("changes the MAC for the network's owner, refusing one in use", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const a = await okPort(n, { network_id: network.id });
    const b = await okPort(n, { network_id: network.id });
    await refused(n, 409, "MacAddressInUse", () => put(n, b.id, { mac_address: a.mac_address }));
    expect((await updated(n, b.id, { mac_address: "fa:16:3e:12:34:56" })).mac_address).toBe("fa:16:3e:12:34:56");
    // the old MAC is free again
    expect((await okPort(n, { network_id: network.id, mac_address: b.mac_address })).mac_address).toBe(b.mac_address);
  });
});

describe("DELETE /v2.0/ports/{id}", () => {
  it("gives back the address, the MAC, the group count and the network, and is 404 afterwards", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const web = await group(n, "web");
    const port = await okPort(n, { network_id: network.id, mac_address: "fa:16:3e:00:00:aa", security_groups: [web.id] });
    expect(neutronError(await n.api("DELETE", `/v2.0/networks/${network.id}`, { token: n.demo })).type).toBe("NetworkInUse");
    expect((await n.api("DELETE", `/v2.0/ports/${port.id}`, { token: n.demo })).status).toBe(204);
    expect((await n.api("GET", `/v2.0/ports/${port.id}`, { token: n.demo })).status).toBe(404);
    await refused(n, 404, "PortNotFound", () => n.api("DELETE", `/v2.0/ports/${port.id}`, { token: n.demo }));
    const again = await okPort(n, { network_id: network.id, mac_address: "fa:16:3e:00:00:aa" });
    expect(again.fixed_ips[0].ip_address).toBe(port.fixed_ips[0].ip_address);
    expect((await n.api("DELETE", `/v2.0/ports/${again.id}`, { token: n.demo })).status).toBe(204);
    expect((await n.api("DELETE", `/v2.0/security-groups/${web.id}`, { token: n.demo })).status).toBe(204);
    expect((await n.api("DELETE", `/v2.0/networks/${network.id}`, { token: n.demo })).status).toBe(204);
  });

  it("refuses to delete a router's interface port (409 ServicePortInUse): that is remove_router_interface's job", async () => {
    const n = await netApi();
    const { network, subnet } = await demoNet(n);
    const router = (await n.api("POST", "/v2.0/routers", { token: n.demo, body: { router: { name: "r" } } })).body.router;
    const added = await n.api("PUT", `/v2.0/routers/${router.id}/add_router_interface`, { token: n.demo, body: { subnet_id: subnet.id } });
    expect(added.status, added.text).toBe(200);
    const port = (await n.api("GET", `/v2.0/ports/${added.body.port_id}`, { token: n.demo })).body.port;
    expect(port).toMatchObject({
      device_owner: "network:router_interface",
      device_id: router.id,
      status: "ACTIVE",
      security_groups: [],
      fixed_ips: [{ subnet_id: subnet.id, ip_address: "10.20.0.1" }],
    });
    const res = await refused(n, 409, "ServicePortInUse", () => n.api("DELETE", `/v2.0/ports/${port.id}`, { token: n.demo }));
    expect(neutronError(res as any).message).toContain("network:router_interface");
    // the interface holds the gateway address: no other port can take it
    await refused(n, 409, "IpAddressInUse", () => createPort(n, { network_id: network.id, fixed_ips: [{ ip_address: "10.20.0.1" }] }));
    const removed = await n.api("PUT", `/v2.0/routers/${router.id}/remove_router_interface`, { token: n.demo, body: { subnet_id: subnet.id } });
    expect(removed.status, removed.text).toBe(200);
    expect((await n.api("GET", `/v2.0/ports/${port.id}`, { token: n.demo })).status).toBe(404);
  });
});
