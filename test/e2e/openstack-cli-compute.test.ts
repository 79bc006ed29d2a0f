// The unmodified openstack CLI driving the compute service: flavors, images, keypairs, the server
// lifecycle (create --wait, stop, start, reboot, resize + confirm, image create, delete --wait) and the
// errors a user sees (403 all-tenants, 413 quota, 409 wrong state). Virtual time runs 100x faster.

import { describe, expect, it, vi } from "vitest";
import { clientSkipReason, cliSession } from "../helpers/openstack-cli.js";

// each step runs the real CLI (about a second a call, more on a loaded machine, and --wait polls every 5 s)
vi.setConfig({ testTimeout: 180_000 });

const skip = clientSkipReason("openstack-cli-compute.test.ts", "openstack");

describe.skipIf(skip)("openstack CLI: compute (skipped only where the openstack CLI is not installed)", () => {
  const cli = cliSession(["--random-seed", "5", "--time-factor", "100"]);
  const { run, ok } = cli;

  it("lists the seed flavors and images", async () => {
    const flavors = await ok(["flavor", "list", "-f", "json"]);
    expect(flavors.map((f: { Name: string }) => f.Name)).toEqual(expect.arrayContaining(["m1.tiny", "m1.small", "m1.medium", "m1.large", "m1.xlarge"]));
    const images = await ok(["image", "list", "-f", "json"]);
    expect(images.map((i: { Name: string }) => i.Name)).toContain("cirros");
  });

  it("creates a keypair with a generated key", async () => {
    const key = await ok(["keypair", "create", "cli-key"]);
    expect(String(key)).toMatch(/PRIVATE KEY/);
    const listed = await ok(["keypair", "list", "-f", "json"]);
    expect(listed).toEqual([expect.objectContaining({ Name: "cli-key" })]);
  });

  it("runs a server through its lifecycle", async () => {
    const created = await ok([
      "server", "create", "--flavor", "m1.tiny", "--image", "cirros", "--network", "private",
      "--key-name", "cli-key", "--wait", "-f", "json", "vm1",
    ]);
    expect(created.status).toBe("ACTIVE");
    const shown = await ok(["server", "show", "-f", "json", "vm1"]);
    expect(JSON.stringify(shown.addresses)).toMatch(/private.*10\.0\.0\.\d+/);
    const active = await ok(["server", "list", "--status", "ACTIVE", "--name", "^vm1$", "-f", "json"]);
    expect(active).toEqual([expect.objectContaining({ Name: "vm1", Status: "ACTIVE" })]);

    await ok(["server", "stop", "vm1"]);
    await waitForStatus("vm1", "SHUTOFF");
    const wrongState = await run(["server", "stop", "vm1"]);
    expect(wrongState.code).not.toBe(0);
    expect(wrongState.stderr).toMatch(/409|Cannot 'stop'|conflict/i);
    await ok(["server", "start", "vm1"]);
    await waitForStatus("vm1", "ACTIVE");
    await ok(["server", "reboot", "--wait", "vm1"]);

    await ok(["server", "resize", "--flavor", "m1.small", "--wait", "vm1"]);
    expect((await ok(["server", "show", "-f", "json", "vm1"])).status).toBe("VERIFY_RESIZE");
    await ok(["server", "resize", "confirm", "vm1"]);
    await waitForStatus("vm1", "ACTIVE");
    expect(JSON.stringify((await ok(["server", "show", "-f", "json", "vm1"])).flavor)).toContain("m1.small");

    const image = await ok(["server", "image", "create", "--name", "vm1-snap", "--wait", "-f", "json", "vm1"]);
    expect(image.name).toBe("vm1-snap");

    await ok(["server", "delete", "--wait", "vm1"]);
    const gone = await run(["server", "show", "vm1"]);
    expect(gone.code).not.toBe(0);
  });

  it("refuses a non-admin listing of all projects (403)", async () => {
    const res = await run(["server", "list", "--all-projects"]);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/403|not allowed|forbidden|policy/i);
  });

  it("reports a quota exceeded (413)", async () => {
    const projects = await ok(["project", "list", "-f", "json"], cli.admin);
    const demoId = projects.find((p: { Name: string }) => p.Name === "demo").ID;
    await ok(["quota", "set", "--instances", "0", demoId], cli.admin);
    const res = await run(["server", "create", "--flavor", "m1.tiny", "--image", "cirros", "--network", "private", "over-quota"]);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/413|quota/i);
  });

  async function waitForStatus(name: string, status: string): Promise<void> {
    for (let i = 0; i < 40; i++) {
      const shown = await ok(["server", "show", "-f", "json", name]);
      if (shown.status === status && !shown["OS-EXT-STS:task_state"]) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${name} never reached ${status}`);
  }
});
