// The unmodified openstack CLI against the emulator: groups, group and inherited role grants, implied roles,
// the effective assignment list, and a token that rests on a group's grant.

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startServerProcess, type ServerProcess } from "../helpers/server-process.js";
import { adminEnv, hasOpenstackCli, openstack } from "../helpers/openstack-cli.js";

vi.setConfig({ testTimeout: 180_000 });

const cli = hasOpenstackCli();
if (!cli && process.env.CI) throw new Error("CI must install python3-openstackclient (see .ci/run)");

describe.skipIf(!cli)("openstack CLI: identity groups, inherited and implied roles", () => {
  let server: ServerProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    server = await startServerProcess(["--random-seed", "7"]);
    env = adminEnv(server.url);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const ok = async (args: string[], extraEnv: Record<string, string> = {}) => {
    const res = await openstack(args, { ...env, ...extraEnv });
    if (res.code !== 0) throw new Error(`openstack ${args.join(" ")} failed (${res.code}):\n${res.stderr}\n${server.output().slice(-2000)}`);
    return res;
  };

  it("grants through a group, by inheritance and by implication, lists the effective assignments, and logs in through the group", async () => {
    const group = await ok(["group", "create", "--domain", "default", "-f", "json", "e2e-group"]);
    expect(group.json.name).toBe("e2e-group");
    await ok(["user", "create", "--domain", "default", "--password", "s3cret", "e2e-guser"]);
    await ok(["project", "create", "--domain", "default", "e2e-gproject"]);
    await ok(["role", "create", "e2e-auditor"]);
    await ok(["group", "add", "user", "e2e-group", "e2e-guser"]);
    await ok(["role", "add", "--group", "e2e-group", "--project", "e2e-gproject", "member"]);
    await ok(["role", "add", "--user", "e2e-guser", "--domain", "default", "--inherited", "e2e-auditor"]);
    const implied = await ok(["implied", "role", "create", "e2e-auditor", "--implied-role", "reader", "-f", "json"]);
    const roleId = async (name: string) => (await ok(["role", "show", "-f", "json", name])).json.id;
    expect(implied.json).toEqual({ prior_role: await roleId("e2e-auditor"), implies: await roleId("reader") });

    const listed = await ok(["role", "assignment", "list", "--effective", "--names", "--user", "e2e-guser", "-f", "json"]);
    const rows = (listed.json as Array<{ Role: string; User: string; Project: string; Inherited: boolean }>).filter((r) => r.Project === "e2e-gproject@Default");
    expect(rows.map((r) => r.Role).sort()).toEqual(["e2e-auditor", "member", "reader", "reader"]);
    for (const row of rows) expect(row.User).toBe("e2e-guser@Default");
    expect(rows.filter((r) => r.Inherited).map((r) => r.Role).sort()).toEqual(["e2e-auditor", "reader"]);

    const userEnv = { OS_USERNAME: "e2e-guser", OS_PASSWORD: "s3cret", OS_PROJECT_NAME: "e2e-gproject" };
    const token = await ok(["token", "issue", "-f", "json"], userEnv);
    expect(token.json.project_id).toMatch(/^[0-9a-f]{32}$/);
    // the token works as a caller: the user may read their own record
    const me = await ok(["user", "show", "-f", "json", token.json.user_id], userEnv);
    expect(me.json.name).toBe("e2e-guser");
  });
});
