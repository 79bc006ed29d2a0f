// dns-integration (dns_name, dns_assignment, dns_domain), availability zones for networks and routers,
// writable network MTU, QoS rule type details, and the extensions advertised for them.

import { describe, expect, it } from "vitest";
import { netApi, neutronError } from "./api-setup.js";

describe("dns-integration", () => {
  it("stores a port's dns_name and shows its dns_assignment in the network's dns_domain", async () => {
    const n = await netApi();
    const network = await n.network({ name: "dns", dns_domain: "example.org" }, n.demo);
    expect(network.dns_domain).toBe("example.org.");
    await n.subnet({ network_id: network.id, cidr: "10.40.0.0/24" }, n.demo);
    const res = await n.api("POST", "/v2.0/ports", { token: n.demo, body: { port: { network_id: network.id, dns_name: "Web-1" } } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.port.dns_name).toBe("web-1");
    expect(res.body.port.dns_assignment).toEqual([{ hostname: "web-1", ip_address: "10.40.0.2", fqdn: "web-1.example.org." }]);
    const cleared = await n.api("PUT", `/v2.0/ports/${res.body.port.id}`, { token: n.demo, body: { port: { dns_name: "" } } });
    expect(cleared.body.port.dns_assignment).toEqual([{ hostname: "host-10-40-0-2", ip_address: "10.40.0.2", fqdn: "host-10-40-0-2.example.org." }]);
  });

  it("refuses invalid DNS names and domains (400), changing nothing", async () => {
    const n = await netApi();
    const network = await n.network({ name: "dns" }, n.demo);
    const before = n.fingerprint();
    for (const dns_name of ["-bad", "a..b", "x".repeat(64), "under_score", "host.123"]) {
      const res = await n.api("POST", "/v2.0/ports", { token: n.demo, body: { port: { network_id: network.id, dns_name } } });
      expect(res.status, dns_name).toBe(400);
      expect(neutronError(res).message).toContain("not a valid PQDN or FQDN");
    }
    const domain = await n.api("PUT", `/v2.0/networks/${network.id}`, { token: n.demo, body: { network: { dns_domain: "bad..domain" } } });
    expect(domain.status).toBe(400);
    expect(n.fingerprint()).toBe(before);
  });
});

describe("availability zones", () => {
  it("lists nova for networks and routers, and takes it as a hint", async () => {
    const n = await netApi();
    const azs = await n.api("GET", "/v2.0/availability_zones", { token: n.demo });
    expect(azs.status).toBe(200);
    expect(azs.body.availability_zones).toEqual([
      { name: "nova", resource: "network", state: "available" },
      { name: "nova", resource: "router", state: "available" },
    ]);
    expect((await n.api("GET", "/v2.0/availability_zones?resource=router", { token: n.demo })).body.availability_zones).toHaveLength(1);
    const network = await n.network({ name: "az", availability_zone_hints: ["nova"] }, n.demo);
    expect(network).toMatchObject({ availability_zone_hints: ["nova"], availability_zones: ["nova"] });
    const router = await n.api("POST", "/v2.0/routers", { token: n.demo, body: { router: { name: "r", availability_zone_hints: ["nova"] } } });
    expect(router.body.router).toMatchObject({ availability_zone_hints: ["nova"], availability_zones: ["nova"] });
  });

  it("refuses an unknown zone (404 AvailabilityZoneNotFound), changing nothing", async () => {
    const n = await netApi();
    const before = n.fingerprint();
    for (const [path, body] of [
      ["/v2.0/networks", { network: { availability_zone_hints: ["mars"] } }],
      ["/v2.0/routers", { router: { availability_zone_hints: ["mars"] } }],
    ] as const) {
      const res = await n.api("POST", path, { token: n.demo, body });
      expect(res.status).toBe(404);
      expect(neutronError(res)).toMatchObject({ type: "AvailabilityZoneNotFound", message: "AvailabilityZone mars could not be found." });
    }
    expect(n.fingerprint()).toBe(before);
  });
});

describe("writable MTU", () => {
  it("updates a network's MTU within what the segment carries", async () => {
    const n = await netApi();
    const network = await n.network({ name: "m" }, n.demo);
    const res = await n.api("PUT", `/v2.0/networks/${network.id}`, { token: n.demo, body: { network: { mtu: 1400 } } });
    expect(res.body.network.mtu).toBe(1400);
    // OSC sends `network set --mtu` as a string, which Neutron converts
    const text = await n.api("PUT", `/v2.0/networks/${network.id}`, { token: n.demo, body: { network: { mtu: "1450" } } });
    expect(text.body.network.mtu).toBe(1450);
    const before = n.fingerprint();
    const big = await n.api("PUT", `/v2.0/networks/${network.id}`, { token: n.demo, body: { network: { mtu: 9000 } } });
    expect(big.status).toBe(400);
    expect(neutronError(big).message).toBe("Invalid input for operation: Requested MTU is too big, maximum is 1500.");
    expect(n.fingerprint()).toBe(before);
  });

  it("keeps an IPv6 network at 1280 or more", async () => {
    const n = await netApi();
    const network = await n.network({ name: "m6" }, n.demo);
    await n.subnet({ network_id: network.id, ip_version: 6, cidr: "2001:db8:9::/64" }, n.demo);
    const res = await n.api("PUT", `/v2.0/networks/${network.id}`, { token: n.demo, body: { network: { mtu: 1200 } } });
    expect(res.status).toBe(400);
    expect(neutronError(res).message).toBe("Invalid input for operation: IPv6 protocol requires a minimum MTU of 1280, while the configured value is 1200.");
    const small = await n.network({ name: "small", mtu: 1200 }, n.demo);
    const v6 = await n.api("POST", "/v2.0/subnets", { token: n.demo, body: { subnet: { network_id: small.id, ip_version: 6, cidr: "2001:db8:a::/64" } } });
    expect(v6.status).toBe(400);
  });
});

describe("QoS rule types and extensions", () => {
  it("lists rule types and shows one's drivers and parameters to admins", async () => {
    const n = await netApi();
    const list = await n.api("GET", "/v2.0/qos/rule-types", { token: n.demo });
    expect(list.body.rule_types.map((r: { type: string }) => r.type)).toEqual(["bandwidth_limit", "dscp_marking", "minimum_bandwidth"]);
    const shown = await n.api("GET", "/v2.0/qos/rule-types/bandwidth_limit");
    expect(shown.status).toBe(200);
    expect(shown.body.rule_type.type).toBe("bandwidth_limit");
    expect(shown.body.rule_type.drivers[0].name).toBe("openvswitch");
    expect(shown.body.rule_type.drivers[0].supported_parameters).toContainEqual({ parameter_name: "direction", parameter_type: "choices", parameter_values: ["ingress", "egress"] });
    expect((await n.api("GET", "/v2.0/qos/rule-types/bandwidth_limit", { token: n.demo })).status).toBe(403);
    expect((await n.api("GET", "/v2.0/qos/rule-types/teleport")).status).toBe(404);
  });

  it("advertises the extensions that now work", async () => {
    const n = await netApi();
    const aliases = (await n.api("GET", "/v2.0/extensions", { token: n.demo })).body.extensions.map((e: { alias: string }) => e.alias);
    for (const alias of [
      "extra_dhcp_opt", "net-mtu-writable", "qos-rule-type-details", "dns-integration", "availability_zone", "network_availability_zone",
      "router_availability_zone", "subnet_allocation", "default-subnetpools", "subnetpool-prefix-ops", "address-scope",
    ]) expect(aliases).toContain(alias);
    expect(new Set(aliases).size).toBe(aliases.length);
  });
});
