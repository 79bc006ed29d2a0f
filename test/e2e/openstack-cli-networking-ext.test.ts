// The unmodified openstack CLI driving the networking extensions: agents, RBAC policies, trunks, floating
// IP port forwardings, metering labels, IP availability and segments.

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createEmulator, type Emulator } from "../../src/app.js";
import { adminEnv, hasOpenstackCli, openstack } from "../helpers/openstack-cli.js";

vi.setConfig({ testTimeout: 180_000 });

const cli = hasOpenstackCli();
if (!cli && process.env.CI) throw new Error("CI must install python3-openstackclient (see .ci/run)");

describe.skipIf(!cli)("openstack CLI: networking extensions (skipped only where the openstack CLI is not installed)", () => {
  // an in-process emulator listening on a free port: the CLI is the real one, the server today's source
  let server: Emulator;
  let admin: Record<string, string>;
  let demo: Record<string, string>;

  beforeAll(async () => {
    server = createEmulator({ port: 0, randomSeed: 12 });
    await server.listen();
    admin = adminEnv(server.url!);
    demo = { ...admin, OS_USERNAME: "demo", OS_PASSWORD: "demo", OS_PROJECT_NAME: "demo" };
  });
  afterAll(async () => {
    await server?.close();
  });

  const ok = async (args: string[], env = admin) => {
    const res = await openstack(args, env);
    if (res.code !== 0) throw new Error(`openstack ${args.join(" ")} failed (${res.code}):\n${res.stderr}`);
    return res.json ?? res.stdout;
  };

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
    const parent = await ok(["port", "create", "--network", "private", "-f", "json", "trunk-parent"], demo);
    const trunk = await ok(["network", "trunk", "create", "--parent-port", parent.id, "-f", "json", "trunk1"], demo);
    expect(trunk).toMatchObject({ name: "trunk1", port_id: parent.id, status: "DOWN" });
    const vm = await ok(["port", "create", "--network", "private", "-f", "json", "pf-port"], demo);
    const fip = await ok(["floating", "ip", "create", "-f", "json", "public"], demo);
    const ip = vm.fixed_ips[0].ip_address;
    const pf = await ok(
      ["floating", "ip", "port", "forwarding", "create", "--internal-ip-address", ip, "--port", vm.id, "--internal-protocol-port", "22", "--external-protocol-port", "2222", "--protocol", "tcp", "-f", "json", fip.id],
      demo,
    );
    expect(pf).toMatchObject({ internal_ip_address: ip, internal_port: 22, external_port: 2222, protocol: "tcp" });
  });
});
