// The unmodified openstack CLI administering the catalog: region, service and endpoint create and list,
// the new endpoint in `catalog list` (the token's catalog), and compute and network commands still
// finding their endpoints through that catalog afterwards.

import { describe, expect, it, vi } from "vitest";
import { clientSkipReason, cliSession } from "../helpers/openstack-cli.js";

// each step runs the real CLI (about a second a call, more on a loaded machine)
vi.setConfig({ testTimeout: 180_000 });

const skip = clientSkipReason("openstack-cli-identity-catalog.test.ts", "openstack");

describe.skipIf(skip)("openstack CLI: identity catalog (skipped only where the openstack CLI is not installed)", () => {
  const session = cliSession(["--random-seed", "11"], { as: "admin" });
  const { ok } = session;

  it("creates a region, a service and an endpoint, and lists them", async () => {
    const region = await ok(["region", "create", "--parent-region", "RegionOne", "--description", "second", "-f", "json", "RegionTwo"]);
    expect(region).toMatchObject({ region: "RegionTwo", parent_region: "RegionOne", description: "second" });
    const service = await ok(["service", "create", "--name", "designate", "--description", "DNS", "-f", "json", "dns"]);
    expect(service).toMatchObject({ name: "designate", type: "dns", enabled: true, description: "DNS" });
    const endpoint = await ok(["endpoint", "create", "--region", "RegionTwo", "-f", "json", "dns", "public", "http://dns.example:9001/v2"]);
    expect(endpoint).toMatchObject({ interface: "public", region: "RegionTwo", service_name: "designate", service_type: "dns", url: "http://dns.example:9001/v2", enabled: true });

    const services = await ok(["service", "list", "-f", "json"]);
    expect(services.map((s: { Type: string }) => s.Type)).toEqual(expect.arrayContaining(["compute", "network", "identity", "dns"]));
    const endpoints = await ok(["endpoint", "list", "--service", "dns", "-f", "json"]);
    expect(endpoints).toEqual([expect.objectContaining({ Region: "RegionTwo", "Service Name": "designate", Interface: "public", URL: "http://dns.example:9001/v2" })]);
    const seeded = await ok(["endpoint", "list", "--service", "compute", "--interface", "public", "-f", "json"]);
    expect(seeded).toEqual([expect.objectContaining({ Region: "RegionOne", URL: `${session.server.url}/compute/v2.1` })]);
    const regions = await ok(["region", "list", "-f", "json"]);
    expect(regions.map((r: { Region: string }) => r.Region).sort()).toEqual(["RegionOne", "RegionTwo"]);
  });

  it("shows the new endpoint in the token's catalog, and compute and network commands keep working", async () => {
    const catalog = await ok(["catalog", "list", "-f", "json"]);
    const dns = catalog.find((s: { Type: string }) => s.Type === "dns");
    expect(dns.Name).toBe("designate");
    expect(JSON.stringify(dns.Endpoints)).toContain("http://dns.example:9001/v2");
    const flavors = await ok(["flavor", "list", "-f", "json"]);
    expect(flavors.map((f: { Name: string }) => f.Name)).toContain("m1.tiny");
    const networks = await ok(["network", "list", "-f", "json"]);
    expect(networks.map((n: { Name: string }) => n.Name)).toContain("private");
  });
});
