// The unmodified openstack CLI against an in-process emulator listening on a free port: project tags and
// the tag filter, a user's default project, a domain's disable-then-delete, and a project under a parent.

import { describe, expect, it, vi } from "vitest";
import { createEmulator } from "../../src/app.js";
import { clientSkipReason, cliSession } from "../helpers/openstack-cli.js";

// each step runs the real CLI (about a second a call, more on a loaded machine)
vi.setConfig({ testTimeout: 180_000 });

const skip = clientSkipReason("openstack-cli-identity-directory.test.ts", "openstack");

describe.skipIf(skip)("openstack CLI: identity directory (tags, default project, domains, parents)", () => {
  const { run, ok } = cliSession(() => createEmulator({ port: 0, host: "127.0.0.1", randomSeed: 7 }), { as: "admin" });

  it("creates a tagged project, lists by tag, adds a tag, and creates a child project under it", async () => {
    const created = await ok(["project", "create", "--domain", "default", "--tag", "a", "--tag", "b", "-f", "json", "cli-tagged"]);
    expect([...created.tags].sort()).toEqual(["a", "b"]);
    await ok(["project", "create", "--domain", "default", "--tag", "b", "cli-other"]);
    const byTag = await ok(["project", "list", "--tags", "a", "-f", "json"]);
    expect(byTag.map((p: { Name: string }) => p.Name)).toEqual(["cli-tagged"]);
    await ok(["project", "set", "--tag", "c", "cli-tagged"]);
    const shown = await ok(["project", "show", "-f", "json", "cli-tagged"]);
    expect([...shown.tags].sort()).toEqual(["a", "b", "c"]);
    const child = await ok(["project", "create", "--domain", "default", "--parent", "cli-tagged", "-f", "json", "cli-child"]);
    expect(child.parent_id).toBe(created.id);
  });

  it("sets a user's default project and shows it", async () => {
    const project = await ok(["project", "create", "--domain", "default", "-f", "json", "cli-home"]);
    await ok(["user", "create", "--domain", "default", "--password", "s3cret", "cli-user"]);
    await ok(["user", "set", "--project", "cli-home", "cli-user"]);
    const shown = await ok(["user", "show", "-f", "json", "cli-user"]);
    expect(shown.default_project_id).toBe(project.id);
  });

  it("deletes a domain only after disabling it", async () => {
    await ok(["domain", "create", "cli-domain"]);
    const refused = await run(["domain", "delete", "cli-domain"]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/disable it first/);
    await ok(["domain", "set", "--disable", "cli-domain"]);
    await ok(["domain", "delete", "cli-domain"]);
    const list = await ok(["domain", "list", "-f", "json"]);
    expect(list.map((d: { Name: string }) => d.Name)).not.toContain("cli-domain");
  });
});
