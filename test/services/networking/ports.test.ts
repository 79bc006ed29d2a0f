// Ports through the HTTP API: addresses (automatic, fixed, in use, exhausted, invalid), MAC addresses,
// security groups, status, isolation between projects, update, delete, filters, quota; every rejected
// request leaves the networking state exactly as it was.

import { describe, expect, it } from "vitest";
import { netApi, neutronError } from "./api-setup.js";
import { createPort, defaultGroupId, demoNet, MAC, okPort, refused } from "./port-setup.js";
import { standardAttributes } from "./standard-attributes.js";

describe("POST /v2.0/ports", () => {
  it("creates a DOWN port with an automatic address, a fa:16:3e MAC and the default security group", async () => {
    const n = await netApi();
    const { network, subnet } = await demoNet(n);
    const port = await okPort(n, { network_id: network.id, name: "p1" });
    expect(port).toMatchObject({
      name: "p1",
      network_id: network.id,
      admin_state_up: true,
      status: "DOWN",
      device_id: "",
      device_owner: "",
      fixed_ips: [{ subnet_id: subnet.id, ip_address: "10.20.0.2" }],
      security_groups: [await defaultGroupId(n, n.demo)],
      allowed_address_pairs: [],
      extra_dhcp_opts: [],
      port_security_enabled: true,
      qos_policy_id: null,
      qos_network_policy_id: null,
      "binding:vnic_type": "normal",
      propagate_uplink_status: false,
      ip_allocation: "immediate",
      dns_name: "",
      dns_assignment: [{ hostname: "host-10-20-0-2", ip_address: "10.20.0.2", fqdn: "host-10-20-0-2.openstacklocal." }],
      ...standardAttributes(n.demoProject),
      description: "",
    });
    expect(port.mac_address).toMatch(MAC);
    // binding details are for admins only
    expect(port).not.toHaveProperty("binding:host_id");
    const asAdmin = await n.api("GET", `/v2.0/ports/${port.id}`);
    expect(asAdmin.body.port).toMatchObject({ "binding:host_id": "", "binding:vif_type": "unbound", "binding:vif_details": {}, "binding:profile": {} });
    // the next automatic address is the next one in the pool: the gateway (.1) is never handed out
    const second = await okPort(n, { network_id: network.id });
    expect(second.fixed_ips[0].ip_address).toBe("10.20.0.3");
  });

  it("takes a fixed address by subnet and address, by address alone, or the next one of a named subnet", async () => {
    const n = await netApi();
    const { network, subnet } = await demoNet(n);
    const bySubnetAndIp = await okPort(n, { network_id: network.id, fixed_ips: [{ subnet_id: subnet.id, ip_address: "10.20.0.50" }] });
    expect(bySubnetAndIp.fixed_ips).toEqual([{ subnet_id: subnet.id, ip_address: "10.20.0.50" }]);
    const byIp = await okPort(n, { network_id: network.id, fixed_ips: [{ ip_address: "10.20.0.51" }] });
    expect(byIp.fixed_ips).toEqual([{ subnet_id: subnet.id, ip_address: "10.20.0.51" }]);
    const bySubnet = await okPort(n, { network_id: network.id, fixed_ips: [{ subnet_id: subnet.id }] });
    expect(bySubnet.fixed_ips).toEqual([{ subnet_id: subnet.id, ip_address: "10.20.0.2" }]);
    // an address outside the pools but inside the subnet may be asked for
    const outsidePool = await n.subnet({ network_id: network.id, cidr: "10.21.0.0/24", allocation_pools: [{ start: "10.21.0.100", end: "10.21.0.110" }] }, n.demo);
    const low = await okPort(n, { network_id: network.id, fixed_ips: [{ subnet_id: outsidePool.id, ip_address: "10.21.0.7" }] });
    expect(low.fixed_ips[0].ip_address).toBe("10.21.0.7");
    // two addresses on one port
    const two = await okPort(n, { network_id: network.id, fixed_ips: [{ subnet_id: subnet.id }, { subnet_id: outsidePool.id }] });
    expect(two.fixed_ips.map((f: any) => f.ip_address)).toEqual(["10.20.0.3", "10.21.0.100"]);
    // no fixed IPs at all when the request says so
    const none = await okPort(n, { network_id: network.id, fixed_ips: [] });
    expect(none.fixed_ips).toEqual([]);
    expect(none.security_groups).toEqual([]);
  });

  it("gives a dual-stack port one address of each family and a port on a network without subnets none", async () => {
    const n = await netApi();
    const { network, subnet } = await demoNet(n);
    const v6 = await n.subnet({ network_id: network.id, ip_version: 6, cidr: "fd00:20::/64" }, n.demo);
    const port = await okPort(n, { network_id: network.id });
    expect(port.fixed_ips).toEqual([
      { subnet_id: subnet.id, ip_address: "10.20.0.2" },
      { subnet_id: v6.id, ip_address: "fd00:20::2" },
    ]);
    const bare = await n.network({ name: "bare" }, n.demo);
    expect((await okPort(n, { network_id: bare.id })).fixed_ips).toEqual([]);
  });

  it("refuses an address in use with 409 IpAddressInUse", async () => {
    const n = await netApi();
    const { network, subnet } = await demoNet(n);
    await okPort(n, { network_id: network.id, fixed_ips: [{ subnet_id: subnet.id, ip_address: "10.20.0.9" }] });
    const res = await refused(n, 409, "IpAddressInUse", () => createPort(n, { network_id: network.id, fixed_ips: [{ ip_address: "10.20.0.9" }] }));
    expect(neutronError(res as any).message).toBe(`Unable to complete operation for network ${network.id}. The IP address 10.20.0.9 is in use.`);
    // the same address twice in one request
    await refused(n, 409, "IpAddressInUse", () =>
      createPort(n, { network_id: network.id, fixed_ips: [{ ip_address: "10.20.0.10" }, { ip_address: "10.20.0.10" }] }),
    );
  });

  it("answers 409 IpAddressGenerationFailure once a /29 is exhausted, and reuses a freed address", async () => {
    const n = await netApi();
    const { network } = await demoNet(n, "10.30.0.0/29", "small");
    const ips: string[] = [];
    for (let i = 0; i < 5; i++) ips.push((await okPort(n, { network_id: network.id })).fixed_ips[0].ip_address);
    expect(ips).toEqual(["10.30.0.2", "10.30.0.3", "10.30.0.4", "10.30.0.5", "10.30.0.6"]);
    const res = await refused(n, 409, "IpAddressGenerationFailure", () => createPort(n, { network_id: network.id }));
    expect(neutronError(res as any).message).toBe(`No more IP addresses available on network ${network.id}.`);
    const list = await n.api("GET", `/v2.0/ports?fixed_ips=ip_address%3D10.30.0.4`, { token: n.demo });
    expect((await n.api("DELETE", `/v2.0/ports/${list.body.ports[0].id}`, { token: n.demo })).status).toBe(204);
    expect((await okPort(n, { network_id: network.id })).fixed_ips[0].ip_address).toBe("10.30.0.4");
  });

  it("refuses addresses that are not valid for the subnet or the network with 400, and an unknown subnet with 404", async () => {
    const n = await netApi();
    const { network, subnet } = await demoNet(n);
    const other = await demoNet(n, "10.40.0.0/24", "other");
    const post = (fixed_ips: unknown) => () => createPort(n, { network_id: network.id, fixed_ips });
    await refused(n, 400, "InvalidIpForSubnet", post([{ subnet_id: subnet.id, ip_address: "10.99.0.5" }]));
    await refused(n, 400, "InvalidIpForSubnet", post([{ subnet_id: subnet.id, ip_address: "10.20.0.0" }]));
    await refused(n, 400, "InvalidIpForSubnet", post([{ subnet_id: subnet.id, ip_address: "10.20.0.255" }]));
    await refused(n, 400, "InvalidIpForNetwork", post([{ ip_address: "10.99.0.5" }]));
    await refused(n, 400, "InvalidInput", post([{ subnet_id: other.subnet.id }]));
    await refused(n, 404, "SubnetNotFound", post([{ subnet_id: "0c9b5ac4-0000-4000-8000-000000000000" }]));
    await refused(n, 400, "HTTPBadRequest", post([{ ip_address: "10.20.0.300" }]));
    await refused(n, 400, "BadRequest", post([{}]));
  });

  it("validates the body: network_id required, unknown attributes and malformed JSON refused", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    await refused(n, 400, "BadRequest", () => createPort(n, { name: "no-network" }));
    await refused(n, 400, "BadRequest", () => createPort(n, { network_id: network.id, colour: "blue" }));
    await refused(n, 400, "BadRequest", () => createPort(n, { network_id: network.id, admin_state_up: "maybe" }));
    await refused(n, 400, "BadRequest", () => createPort(n, { network_id: network.id, "binding:vnic_type": "warp" }));
    await refused(n, 400, "BadRequest", () => n.api("POST", "/v2.0/ports", { token: n.demo, raw: "{not json" }));
    await refused(n, 404, "NetworkNotFound", () => createPort(n, { network_id: "0c9b5ac4-0000-4000-8000-000000000000" }));
  });

  it("takes a given MAC (normalised), refuses one in use (409) or malformed (400), and makes unique ones", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const given = await okPort(n, { network_id: network.id, mac_address: "FA-16-3E-AA-BB-CC" });
    expect(given.mac_address).toBe("fa:16:3e:aa:bb:cc");
    const res = await refused(n, 409, "MacAddressInUse", () => createPort(n, { network_id: network.id, mac_address: "fa:16:3e:aa:bb:cc" }));
    expect(neutronError(res as any).message).toContain("fa:16:3e:aa:bb:cc is in use");
    for (const bad of ["fa:16:3e:aa:bb", "zz:16:3e:aa:bb:cc", "00:00:00:00:00:00", "ff:ff:ff:ff:ff:ff", "fa:16-3e:aa:bb:cc"]) {
      await refused(n, 400, "HTTPBadRequest", () => createPort(n, { network_id: network.id, mac_address: bad }));
    }
    const macs = new Set<string>();
    for (let i = 0; i < 20; i++) macs.add((await okPort(n, { network_id: network.id })).mac_address);
    expect(macs.size).toBe(20);
    for (const mac of macs) expect(mac).toMatch(MAC);
  });

  it("lets only admins and the network's owner choose MACs and addresses on a shared network (403)", async () => {
    const n = await netApi();
    const shared = await n.network({ name: "shared", shared: true });
    const subnet = await n.subnet({ network_id: shared.id, cidr: "10.50.0.0/24" });
    await refused(n, 403, "PolicyNotAuthorized", () => createPort(n, { network_id: shared.id, mac_address: "fa:16:3e:00:00:01" }));
    await refused(n, 403, "PolicyNotAuthorized", () => createPort(n, { network_id: shared.id, fixed_ips: [{ ip_address: "10.50.0.9" }] }));
    await refused(n, 403, "PolicyNotAuthorized", () => createPort(n, { network_id: shared.id, device_owner: "network:dhcp" }));
    await refused(n, 403, "PolicyNotAuthorized", () => createPort(n, { network_id: shared.id, "binding:host_id": "compute-1" }));
    // by subnet it is fine, and the port is demo's
    const port = await okPort(n, { network_id: shared.id, fixed_ips: [{ subnet_id: subnet.id }] });
    expect(port.project_id).toBe(n.demoProject);
    // only an admin creates a port in another project
    await refused(n, 403, "PolicyNotAuthorized", () => createPort(n, { network_id: shared.id, project_id: n.adminProject }));
    const forDemo = await okPort(n, { network_id: shared.id, project_id: n.demoProject }, n.admin);
    expect(forDemo.project_id).toBe(n.demoProject);
  });

  it("attaches named security groups (404 for unknown or another project's) and none without port security", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const web = (await n.api("POST", "/v2.0/security-groups", { token: n.demo, body: { security_group: { name: "web" } } })).body.security_group;
    const port = await okPort(n, { network_id: network.id, security_groups: [web.id, web.id] });
    expect(port.security_groups).toEqual([web.id]);
    const adminGroup = await defaultGroupId(n, n.admin);
    await refused(n, 404, "SecurityGroupNotFound", () => createPort(n, { network_id: network.id, security_groups: ["0c9b5ac4-0000-4000-8000-000000000000"] }));
    await refused(n, 404, "SecurityGroupNotFound", () => createPort(n, { network_id: network.id, security_groups: [adminGroup] }));
    const open = await okPort(n, { network_id: network.id, port_security_enabled: false });
    expect(open).toMatchObject({ port_security_enabled: false, security_groups: [] });
    await refused(n, 400, "PortSecurityAndIPRequiredForSecurityGroups", () =>
      createPort(n, { network_id: network.id, port_security_enabled: false, security_groups: [web.id] }),
    );
    const none = await okPort(n, { network_id: network.id, security_groups: [] });
    expect(none.security_groups).toEqual([]);
    // a network without port security makes ports without it
    const insecure = await n.network({ name: "insecure", port_security_enabled: false }, n.demo);
    await n.subnet({ network_id: insecure.id, cidr: "10.60.0.0/24" }, n.demo);
    expect(await okPort(n, { network_id: insecure.id })).toMatchObject({ port_security_enabled: false, security_groups: [] });
  });

  it("creates the project's default group on first use when it has none", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const old = await defaultGroupId(n, n.demo);
    expect((await n.api("DELETE", `/v2.0/security-groups/${old}`)).status).toBe(204);
    const port = await okPort(n, { network_id: network.id });
    expect(port.security_groups).toHaveLength(1);
    expect(port.security_groups[0]).not.toBe(old);
    expect(await defaultGroupId(n, n.demo)).toBe(port.security_groups[0]);
  });

  it("creates several ports in one request, all or none", async () => {
    const n = await netApi();
    const { network, subnet } = await demoNet(n);
    const res = await n.api("POST", "/v2.0/ports", { token: n.demo, body: { ports: [{ network_id: network.id, name: "a" }, { network_id: network.id, name: "b" }] } });
    expect(res.status).toBe(201);
    expect(res.body.ports.map((p: any) => p.name)).toEqual(["a", "b"]);
    await refused(n, 409, "IpAddressInUse", () =>
      n.api("POST", "/v2.0/ports", {
        token: n.demo,
        body: { ports: [{ network_id: network.id, name: "c" }, { network_id: network.id, fixed_ips: [{ subnet_id: subnet.id, ip_address: "10.20.0.2" }] }] },
      }),
    );
  });

  it("counts ports against the project's port quota (409 OverQuota) and gives the quota back on delete", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const used = (await n.api("GET", `/v2.0/quotas/${n.demoProject}/details.json`)).body.quota.port.used;
    expect((await n.api("PUT", `/v2.0/quotas/${n.demoProject}`, { body: { quota: { port: used + 1 } } })).status).toBe(200);
    const port = await okPort(n, { network_id: network.id });
    await refused(n, 409, "OverQuota", () => createPort(n, { network_id: network.id }));
    expect((await n.api("DELETE", `/v2.0/ports/${port.id}`, { token: n.demo })).status).toBe(204);
    await okPort(n, { network_id: network.id });
  });
});

describe("GET /v2.0/ports", () => {
  it("isolates projects: another project's port is 404 and absent from lists; admins see every port", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const demoPort = await okPort(n, { network_id: network.id });
    const adminNet = await n.network({ name: "admin-net" });
    await n.subnet({ network_id: adminNet.id, cidr: "10.70.0.0/24" });
    const adminPort = await okPort(n, { network_id: adminNet.id }, n.admin);

    expect((await n.api("GET", `/v2.0/ports/${adminPort.id}`, { token: n.demo })).status).toBe(404);
    await refused(n, 404, "PortNotFound", () => n.api("PUT", `/v2.0/ports/${adminPort.id}`, { token: n.demo, body: { port: { name: "x" } } }));
    await refused(n, 404, "PortNotFound", () => n.api("DELETE", `/v2.0/ports/${adminPort.id}`, { token: n.demo }));
    await refused(n, 404, "NetworkNotFound", () => createPort(n, { network_id: adminNet.id }));
    const demoList = (await n.api("GET", "/v2.0/ports", { token: n.demo })).body.ports.map((p: any) => p.id);
    expect(demoList).toContain(demoPort.id);
    expect(demoList).not.toContain(adminPort.id);
    const adminList = (await n.api("GET", "/v2.0/ports")).body.ports.map((p: any) => p.id);
    expect(adminList).toEqual(expect.arrayContaining([demoPort.id, adminPort.id]));
    expect((await n.api("GET", `/v2.0/ports/${demoPort.id}`)).status).toBe(200);
  });

  it("filters by attribute, by fixed_ips=ip_address=/subnet_id= (as OSC sends them), and selects fields", async () => {
    const n = await netApi();
    const { network, subnet } = await demoNet(n);
    const other = await demoNet(n, "10.80.0.0/24", "other");
    const a = await okPort(n, { network_id: network.id, name: "a", device_id: "vm-1", device_owner: "compute:nova" });
    const b = await okPort(n, { network_id: network.id, name: "b" });
    const c = await okPort(n, { network_id: other.network.id, name: "c" });
    const names = async (query: string) => {
      const res = await n.api("GET", `/v2.0/ports?${query}`, { token: n.demo });
      expect(res.status, res.text).toBe(200);
      return res.body.ports.map((p: any) => p.name).sort();
    };
    expect(await names(`network_id=${network.id}`)).toEqual(["a", "b"]);
    expect(await names("device_id=vm-1")).toEqual(["a"]);
    expect(await names(`device_id=&network_id=${network.id}`)).toEqual(["b"]);
    expect(await names(`fixed_ips=ip_address%3D${b.fixed_ips[0].ip_address}`)).toEqual(["b"]);
    expect(await names(`fixed_ips=subnet_id%3D${subnet.id}`)).toEqual(["a", "b"]);
    expect(await names(`fixed_ips=subnet_id%3D${other.subnet.id}&fixed_ips=ip_address%3D${c.fixed_ips[0].ip_address}`)).toEqual(["c"]);
    expect(await names(`fixed_ips=subnet_id%3D${other.subnet.id}&fixed_ips=ip_address%3D${a.fixed_ips[0].ip_address}`)).toEqual([]);
    expect(await names("name=c")).toEqual(["c"]);
    expect((await n.api("GET", "/v2.0/ports?fixed_ips=mac%3Dx", { token: n.demo })).status).toBe(400);
    expect((await n.api("GET", "/v2.0/ports?colour=blue", { token: n.demo })).status).toBe(400);
    const fields = await n.api("GET", `/v2.0/ports?fields=id&fields=mac_address&name=a`, { token: n.demo });
    expect(fields.body.ports).toEqual([{ id: a.id, mac_address: a.mac_address }]);
    const one = await n.api("GET", `/v2.0/ports/${a.id}?fields=status`, { token: n.demo });
    expect(one.body.port).toEqual({ status: "ACTIVE" });
    // OSC's find by name: the name in the path is a 404, then the ?name= query finds it
    expect((await n.api("GET", "/v2.0/ports/a", { token: n.demo })).status).toBe(404);
  });
});
