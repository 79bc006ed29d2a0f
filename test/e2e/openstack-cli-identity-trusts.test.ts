// The unmodified openstack CLI against the emulator: trusts (create, list, show, delete), unified limits
// (a registered limit for a catalog service, a project limit, the list) and EC2 credentials.

import { describe, expect, it, vi } from "vitest";
import { clientSkipReason, cliSession } from "../helpers/openstack-cli.js";

// each step runs the real CLI (about a second a call, more on a loaded machine)
vi.setConfig({ testTimeout: 180_000 });

const skip = clientSkipReason("openstack-cli-identity-trusts.test.ts", "openstack");

describe.skipIf(skip)("openstack CLI: trusts, limits and EC2 credentials", () => {
  const session = cliSession(["--random-seed", "13"]);
  const admin = (args: string[]) => session.ok(args, session.admin);

  it("creates, lists, shows and deletes a trust", async () => {
    const trust = await admin(["trust", "create", "--project", "admin", "--role", "member", "-f", "json", "admin", "demo"]);
    const demoUser = await admin(["user", "show", "demo", "-f", "json"]);
    expect(trust).toMatchObject({ impersonation: false, trustee_user_id: demoUser.id, remaining_uses: null });
    expect(trust.roles).toContain("member");
    const listed = await admin(["trust", "list", "-f", "json"]);
    expect(listed).toEqual([expect.objectContaining({ ID: trust.id, "Trustee User ID": demoUser.id })]);
    const shown = await admin(["trust", "show", "-f", "json", trust.id]);
    expect(shown).toMatchObject({ id: trust.id, project_id: trust.project_id });
    // the trustee's token through the trust (OS_TRUST_ID, no project of its own): the trustor's project
    const { OS_PROJECT_NAME: _p, OS_PROJECT_DOMAIN_NAME: _d, ...unscoped } = session.demo;
    const token = await session.ok(["token", "issue", "-f", "json"], { ...unscoped, OS_TRUST_ID: trust.id });
    expect(token).toMatchObject({ user_id: demoUser.id, project_id: trust.project_id });
    await admin(["trust", "delete", trust.id]);
    expect(await admin(["trust", "list", "-f", "json"])).toEqual([]);
    const gone = await session.run(["trust", "show", trust.id], session.admin);
    expect(gone.code).not.toBe(0);
  });

  it("registers a limit for the compute service and sets the demo project's own", async () => {
    // `registered limit create` finds the service by id or name only (not type): Nova's seeded service is `nova`
    const registered = await admin(["registered", "limit", "create", "--service", "nova", "--default-limit", "10", "-f", "json", "cores"]);
    expect(registered).toMatchObject({ resource_name: "cores", default_limit: 10 });
    const limit = await admin(["limit", "create", "--project", "demo", "--service", "nova", "--resource-limit", "5", "-f", "json", "cores"]);
    expect(limit).toMatchObject({ resource_name: "cores", resource_limit: 5, service_id: registered.service_id });
    const limits = await admin(["limit", "list", "-f", "json"]);
    expect(limits).toEqual([expect.objectContaining({ ID: limit.id, "Resource Name": "cores", "Resource Limit": 5 })]);
  });

  it("creates and lists EC2 credentials", async () => {
    const made = await session.ok(["ec2", "credentials", "create", "-f", "json"]);
    expect(made.access).toMatch(/^[0-9a-f]{32}$/);
    const listed = await session.ok(["ec2", "credentials", "list", "-f", "json"]);
    expect(listed).toEqual([expect.objectContaining({ Access: made.access, Secret: made.secret })]);
  });
});
