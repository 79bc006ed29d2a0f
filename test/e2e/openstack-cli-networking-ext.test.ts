// The unmodified openstack CLI driving the networking extensions: agents, RBAC policies, trunks, floating
// IP port forwardings, metering labels, IP availability and segments.

import { describe, expect, it, vi } from "vitest";
import { createEmulator } from "../../src/app.js";
import { clientSkipReason, cliSession } from "../helpers/openstack-cli.js";

vi.setConfig({ testTimeout: 180_000 });

const skip = clientSkipReason("openstack-cli-networking-ext.test.ts", "openstack");

describe.skipIf(skip)("openstack CLI: networking extensions (skipped only where the openstack CLI is not installed)", () => {
  // an in-process emulator listening on a free port: the CLI is the real one, the server today's source
  const session = cliSession(() => createEmulator({ port: 0, randomSeed: 12 }), { as: "admin" });
  const { ok } = session;

  it("lists agents, IP availability and segments as admin", async () => {
    const agents = await ok(["network", "agent", "list", "-f", "json"]);
    expect(agents).toEqual(expect.arrayContaining([expect.objectContaining({ "Agent Type": "L3 agent", Host: "network-1", Alive: true, State: true })]));
    const availability = await ok(["ip", "availability", "list", "-f", "json"]);
    expect(availability).toEqual(expect.arrayContaining([expect.objectContaining({ "Network Name": "public" })]));
    const segments = await ok(["network", "segment", "list", "-f", "json"]);
    expect(segments).toEqual(expect.arrayContaining([expect.objectContaining({ "Network Type": "flat" })]));
  });

  it("shares a network with a project through an RBAC policy and creates a meter", async () => {
    await ok(["network", "create", "rbac-net"]);
    const policy = await ok(["network", "rbac", "create", "--type", "network", "--action", "access_as_shared", "--target-project", "demo", "-f", "json", "rbac-net"]);
    expect(policy).toMatchObject({ action: "access_as_shared", object_type: "network" });
    const meter = await ok(["network", "meter", "create", "-f", "json", "meter1"]);
    expect(meter).toMatchObject({ name: "meter1", shared: false });
  });

  it("creates a trunk and a floating IP port forwarding as a member", async () => {
    const parent = await ok(["port", "create", "--network", "private", "-f", "json", "trunk-parent"], session.demo);
    const trunk = await ok(["network", "trunk", "create", "--parent-port", parent.id, "-f", "json", "trunk1"], session.demo);
    expect(trunk).toMatchObject({ name: "trunk1", port_id: parent.id, status: "DOWN" });
    const vm = await ok(["port", "create", "--network", "private", "-f", "json", "pf-port"], session.demo);
    const fip = await ok(["floating", "ip", "create", "-f", "json", "public"], session.demo);
    const ip = vm.fixed_ips[0].ip_address;
    const pf = await ok(
      ["floating", "ip", "port", "forwarding", "create", "--internal-ip-address", ip, "--port", vm.id, "--internal-protocol-port", "22", "--external-protocol-port", "2222", "--protocol", "tcp", "-f", "json", fip.id],
      session.demo,
    );
    expect(pf).toMatchObject({ internal_ip_address: ip, internal_port: 22, external_port: 2222, protocol: "tcp" });
  });
});
