// The unmodified openstack CLI driving the networking service: networks, subnets, routers, ports,
// security groups and rules, floating IPs, with the errors a user sees.

import { describe, expect, it, vi } from "vitest";
import { clientSkipReason, cliSession } from "../helpers/openstack-cli.js";

// each step runs the real CLI (about a second a call, more on a loaded machine, and --wait polls every 5 s)
vi.setConfig({ testTimeout: 180_000 });

const skip = clientSkipReason("openstack-cli-networking.test.ts", "openstack");

describe.skipIf(skip)("openstack CLI: networking (skipped only where the openstack CLI is not installed)", () => {
  const { run, ok } = cliSession(["--random-seed", "11"]);

  it("creates, lists (filtered by name), shows and deletes a network", async () => {
    const net = await ok(["network", "create", "-f", "json", "cli-net"]);
    expect(net).toMatchObject({ name: "cli-net", status: "ACTIVE", admin_state_up: true });
    const listed = await ok(["network", "list", "--name", "cli-net", "-f", "json"]);
    expect(listed).toEqual([expect.objectContaining({ ID: net.id, Name: "cli-net" })]);
    const shown = await ok(["network", "show", "-f", "json", "cli-net"]);
    expect(shown.id).toBe(net.id);
    await ok(["network", "delete", "cli-net"]);
    expect(await ok(["network", "list", "--name", "cli-net", "-f", "json"])).toEqual([]);
  });

  it("creates a subnet with the default gateway and pools, and rejects an invalid one", async () => {
    await ok(["network", "create", "app-net"]);
    const subnet = await ok(["subnet", "create", "--network", "app-net", "--subnet-range", "192.168.50.0/24", "-f", "json", "app-subnet"]);
    expect(subnet.gateway_ip).toBe("192.168.50.1");
    expect(subnet.allocation_pools).toEqual([{ start: "192.168.50.2", end: "192.168.50.254" }]);
    const bad = await run(["subnet", "create", "--network", "app-net", "--subnet-range", "192.168.50.0/33", "bad-subnet"]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/400|invalid/i);
  });

  it("creates ports with automatic and fixed addresses, and reports an address in use", async () => {
    const auto = await ok(["port", "create", "--network", "app-net", "-f", "json", "auto-port"]);
    expect(JSON.stringify(auto.fixed_ips)).toContain("192.168.50.");
    expect(auto.mac_address).toMatch(/^fa:16:3e(:[0-9a-f]{2}){3}$/);
    expect(auto.status).toBe("DOWN");
    const fixed = await ok(["port", "create", "--network", "app-net", "--fixed-ip", "subnet=app-subnet,ip-address=192.168.50.77", "-f", "json", "fixed-port"]);
    expect(JSON.stringify(fixed.fixed_ips)).toContain("192.168.50.77");
    const clash = await run(["port", "create", "--network", "app-net", "--fixed-ip", "subnet=app-subnet,ip-address=192.168.50.77", "clash-port"]);
    expect(clash.code).not.toBe(0);
    expect(clash.stderr).toMatch(/in use|409|Conflict/i);
  });

  it("refuses to delete a network that still has ports", async () => {
    const res = await run(["network", "delete", "app-net"]);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/in use|409|Conflict/i);
  });

  it("creates a router, sets its gateway, and adds and removes a subnet", async () => {
    const router = await ok(["router", "create", "-f", "json", "cli-router"]);
    expect(router.name).toBe("cli-router");
    await ok(["router", "set", "--external-gateway", "public", "cli-router"]);
    const withGateway = await ok(["router", "show", "-f", "json", "cli-router"]);
    expect(JSON.stringify(withGateway.external_gateway_info)).toContain("ip_address");
    await ok(["router", "add", "subnet", "cli-router", "app-subnet"]);
    const ports = await ok(["port", "list", "--router", "cli-router", "-f", "json"]);
    expect(JSON.stringify(ports)).toContain("192.168.50.1");
    await ok(["router", "remove", "subnet", "cli-router", "app-subnet"]);
    expect(await ok(["port", "list", "--router", "cli-router", "-f", "json"])).toEqual([]);
  });

  it("creates a security group and rules: valid, out-of-range port, duplicate", async () => {
    const group = await ok(["security", "group", "create", "-f", "json", "web"]);
    expect(group.name).toBe("web");
    const rule = await ok(["security", "group", "rule", "create", "--protocol", "tcp", "--dst-port", "443", "--ingress", "-f", "json", "web"]);
    expect(rule).toMatchObject({ protocol: "tcp", port_range_min: 443, port_range_max: 443, direction: "ingress" });
    const outOfRange = await run(["security", "group", "rule", "create", "--protocol", "tcp", "--dst-port", "70000", "web"]);
    expect(outOfRange.code).not.toBe(0);
    const duplicate = await run(["security", "group", "rule", "create", "--protocol", "tcp", "--dst-port", "443", "--ingress", "web"]);
    expect(duplicate.code).not.toBe(0);
    expect(duplicate.stderr).toMatch(/already exists|409|Conflict/i);
  });

  it("allocates a floating IP, associates it with a port, disassociates and releases it", async () => {
    const fip = await ok(["floating", "ip", "create", "-f", "json", "public"]);
    expect(fip.status).toBe("DOWN");
    const port = await ok(["port", "create", "--network", "private", "-f", "json", "fip-port"]);
    await ok(["floating", "ip", "set", "--port", port.id, fip.floating_ip_address]);
    const associated = await ok(["floating", "ip", "show", "-f", "json", fip.id]);
    expect(associated).toMatchObject({ port_id: port.id, status: "ACTIVE" });
    expect(associated.fixed_ip_address).toMatch(/^10\.0\.0\./);
    await ok(["floating", "ip", "unset", "--port", fip.id]);
    const kept = await ok(["floating", "ip", "show", "-f", "json", fip.id]);
    expect(kept).toMatchObject({ port_id: null, status: "DOWN", floating_ip_address: fip.floating_ip_address });
    await ok(["floating", "ip", "delete", fip.id]);
    const gone = await run(["floating", "ip", "show", fip.id]);
    expect(gone.code).not.toBe(0);
  });
});
