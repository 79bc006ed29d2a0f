// The unmodified openstack CLI on the networking parity work: subnet pools and subnets allocated from them,
// SLAAC subnets giving ports EUI-64 addresses, address scopes, writable MTU and tag filters on lists.

import { describe, expect, it, vi } from "vitest";
import { createEmulator } from "../../src/app.js";
import { clientSkipReason, cliSession } from "../helpers/openstack-cli.js";

// each step runs the real CLI (about a second a call, more on a loaded machine)
vi.setConfig({ testTimeout: 180_000 });

const skip = clientSkipReason("openstack-cli-networking-parity.test.ts", "openstack");

describe.skipIf(skip)("openstack CLI: networking parity (skipped only where the openstack CLI is not installed)", () => {
  // an in-process emulator listening on a free port: the CLI is the real one, the server today's source
  const s = cliSession(() => createEmulator({ port: 0, randomSeed: 17 }));

  it("allocates a subnet from a subnet pool and gives a port an EUI-64 address on a SLAAC subnet", async () => {
    const pool = await s.ok(["subnet", "pool", "create", "--pool-prefix", "10.100.0.0/16", "--default-prefix-length", "24", "-f", "json", "parity-pool"]);
    expect(pool).toMatchObject({ name: "parity-pool", prefixes: ["10.100.0.0/16"], default_prefixlen: 24, ip_version: 4 });
    await s.ok(["network", "create", "parity-net"]);
    const fromPool = await s.ok(["subnet", "create", "--subnet-pool", "parity-pool", "--network", "parity-net", "-f", "json", "pool-subnet"]);
    expect(fromPool).toMatchObject({ cidr: "10.100.0.0/24", subnetpool_id: pool.id, gateway_ip: "10.100.0.1" });
    const v6 = await s.ok([
      "subnet", "create", "--network", "parity-net", "--ip-version", "6", "--ipv6-ra-mode", "slaac", "--ipv6-address-mode", "slaac",
      "--subnet-range", "2001:db8::/64", "-f", "json", "slaac-subnet",
    ]);
    expect(v6).toMatchObject({ cidr: "2001:db8::/64", ipv6_ra_mode: "slaac", ipv6_address_mode: "slaac" });
    const port = await s.ok(["port", "create", "--network", "parity-net", "--mac-address", "fa:16:3e:11:22:33", "-f", "json", "parity-port"]);
    const addresses = JSON.stringify(port.fixed_ips);
    expect(addresses).toContain("2001:db8::f816:3eff:fe11:2233");
    expect(addresses).toContain("10.100.0.2");
  });

  it("creates an address scope, sets a network's MTU and lists networks carrying all of several tags", async () => {
    const scope = await s.ok(["address", "scope", "create", "--ip-version", "4", "-f", "json", "parity-scope"]);
    expect(scope).toMatchObject({ name: "parity-scope", ip_version: 4, shared: false });
    await s.ok(["network", "create", "--tag", "a", "--tag", "b", "tagged-ab"]);
    await s.ok(["network", "create", "--tag", "a", "tagged-a"]);
    await s.ok(["network", "set", "--mtu", "1400", "tagged-a"]);
    expect((await s.ok(["network", "show", "-f", "json", "tagged-a"])).mtu).toBe(1400);
    const listed = await s.ok(["network", "list", "--tags", "a,b", "-f", "json"]);
    expect(listed.map((n: { Name: string }) => n.Name)).toEqual(["tagged-ab"]);
    const bad = await s.run(["network", "set", "--mtu", "9000", "tagged-a"]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("Requested MTU is too big, maximum is 1500");
  });
});
