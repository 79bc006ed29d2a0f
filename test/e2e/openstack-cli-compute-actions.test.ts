// The unmodified openstack CLI driving the server actions: rebuild, shelve/unshelve, rescue/unrescue,
// cold migrate + confirm, the migration list, the instance action log (server event list), security
// groups, tags and the noVNC console URL. Virtual time runs 100x faster.

import { describe, expect, it, vi } from "vitest";
import { clientSkipReason, cliSession } from "../helpers/openstack-cli.js";

vi.setConfig({ testTimeout: 240_000 });

const skip = clientSkipReason("openstack-cli-compute-actions.test.ts", "openstack");

describe.skipIf(skip)("openstack CLI: compute actions (skipped only where the openstack CLI is not installed)", () => {
  const session = cliSession(["--random-seed", "7", "--time-factor", "100"]);
  const { run, ok } = session;

  async function waitForStatus(name: string, status: string): Promise<Record<string, any>> {
    for (let i = 0; i < 60; i++) {
      const shown = await ok(["server", "show", "-f", "json", name]);
      if (shown.status === status && !shown["OS-EXT-STS:task_state"]) return shown;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${name} never reached ${status}`);
  }

  it("rebuilds, shelves and unshelves, rescues and unrescues a server; its event list records each action", async () => {
    await ok(["server", "create", "--flavor", "m1.tiny", "--image", "cirros", "--network", "private", "--wait", "-f", "json", "act1"]);
    await ok(["server", "rebuild", "--image", "cirros", "--wait", "act1"]);
    await waitForStatus("act1", "ACTIVE");
    await ok(["server", "shelve", "act1"]);
    await waitForStatus("act1", "SHELVED_OFFLOADED");
    await ok(["server", "unshelve", "act1"]);
    await waitForStatus("act1", "ACTIVE");
    await ok(["server", "rescue", "act1"]);
    await waitForStatus("act1", "RESCUE");
    const refused = await run(["server", "shelve", "act1"]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/Cannot 'shelve' instance .* while it is in vm_state rescued/);
    await ok(["server", "unrescue", "act1"]);
    await waitForStatus("act1", "ACTIVE");
    const events = await ok(["server", "event", "list", "-f", "json", "act1"]);
    // newest first (the create is recorded by the create route, once it records instance actions)
    expect(events.map((e: { Action: string }) => e.Action).slice(0, 5)).toEqual(["unrescue", "rescue", "unshelve", "shelve", "rebuild"]);
  });

  it("migrates a server (admin), confirms it, and lists the migration", async () => {
    const { id } = await ok(["server", "create", "--flavor", "m1.tiny", "--image", "cirros", "--network", "private", "--wait", "-f", "json", "act2"]);
    const before = (await ok(["server", "show", "-f", "json", id], session.admin))["OS-EXT-SRV-ATTR:host"];
    await ok(["server", "migrate", id], session.admin);
    await waitForStatus("act2", "VERIFY_RESIZE");
    await ok(["server", "resize", "confirm", "act2"]);
    const after = await waitForStatus("act2", "ACTIVE");
    expect((await ok(["server", "show", "-f", "json", id], session.admin))["OS-EXT-SRV-ATTR:host"]).not.toBe(before);
    expect(after.status).toBe("ACTIVE");
    const migrations = await ok(["server", "migration", "list", "-f", "json"], session.admin);
    expect(migrations).toEqual([expect.objectContaining({ "Source Compute": before, Status: "confirmed" })]);
  });

  it("adds a security group and tags, and shows the noVNC console URL", async () => {
    await ok(["server", "create", "--flavor", "m1.tiny", "--image", "cirros", "--network", "private", "--wait", "-f", "json", "act3"]);
    await ok(["security", "group", "create", "-f", "json", "web"]);
    await ok(["server", "add", "security", "group", "act3", "web"]);
    await ok(["--os-compute-api-version", "2.26", "server", "set", "--tag", "blue", "--tag", "big", "act3"]);
    const shown = await ok(["--os-compute-api-version", "2.26", "server", "show", "-f", "json", "act3"]);
    expect(JSON.stringify(shown.security_groups)).toContain("web");
    expect(JSON.stringify(shown.tags)).toMatch(/blue.*big|big.*blue/);
    const console = await ok(["console", "url", "show", "-f", "json", "act3"]);
    expect(console.url).toMatch(/\/compute\/novnc\/vnc_auto\.html\?path=%3Ftoken%3D/);
  });
});
