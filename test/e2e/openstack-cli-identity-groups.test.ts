// The unmodified openstack CLI against the emulator: groups, group and inherited role grants, implied roles,
// the effective assignment list, and a token that rests on a group's grant.

import { describe, expect, it, vi } from "vitest";
import { clientSkipReason, cliSession } from "../helpers/openstack-cli.js";

vi.setConfig({ testTimeout: 180_000 });

const skip = clientSkipReason("openstack-cli-identity-groups.test.ts", "openstack");

describe.skipIf(skip)("openstack CLI: identity groups, inherited and implied roles", () => {
  const session = cliSession(["--random-seed", "7"], { as: "admin" });
  const { ok } = session;

  it("grants through a group, by inheritance and by implication, lists the effective assignments, and logs in through the group", async () => {
    const group = await ok(["group", "create", "--domain", "default", "-f", "json", "e2e-group"]);
    expect(group.name).toBe("e2e-group");
    await ok(["user", "create", "--domain", "default", "--password", "s3cret", "e2e-guser"]);
    await ok(["project", "create", "--domain", "default", "e2e-gproject"]);
    await ok(["role", "create", "e2e-auditor"]);
    await ok(["group", "add", "user", "e2e-group", "e2e-guser"]);
    await ok(["role", "add", "--group", "e2e-group", "--project", "e2e-gproject", "member"]);
    await ok(["role", "add", "--user", "e2e-guser", "--domain", "default", "--inherited", "e2e-auditor"]);
    const implied = await ok(["implied", "role", "create", "e2e-auditor", "--implied-role", "reader", "-f", "json"]);
    const roleId = async (name: string) => (await ok(["role", "show", "-f", "json", name])).id;
    expect(implied).toEqual({ prior_role: await roleId("e2e-auditor"), implies: await roleId("reader") });

    const listed = await ok(["role", "assignment", "list", "--effective", "--names", "--user", "e2e-guser", "-f", "json"]);
    const rows = (listed as Array<{ Role: string; User: string; Project: string; Inherited: boolean }>).filter((r) => r.Project === "e2e-gproject@Default");
    expect(rows.map((r) => r.Role).sort()).toEqual(["e2e-auditor", "member", "reader", "reader"]);
    for (const row of rows) expect(row.User).toBe("e2e-guser@Default");
    expect(rows.filter((r) => r.Inherited).map((r) => r.Role).sort()).toEqual(["e2e-auditor", "reader"]);

    const userEnv = { ...session.admin, OS_USERNAME: "e2e-guser", OS_PASSWORD: "s3cret", OS_PROJECT_NAME: "e2e-gproject" };
    const token = await ok(["token", "issue", "-f", "json"], userEnv);
    expect(token.project_id).toMatch(/^[0-9a-f]{32}$/);
    // the token works as a caller: the user may read their own record
    const me = await ok(["user", "show", "-f", "json", token.user_id], userEnv);
    expect(me.name).toBe("e2e-guser");
  });
});
