// The unmodified openstack CLI against the emulator started as users start it (`skymock start`), with the
// default seed world's admin: token, projects, users, roles, application credentials, catalog, revocation.

import { describe, expect, it, vi } from "vitest";
import { clientSkipReason, cliSession } from "../helpers/openstack-cli.js";

// each step runs the real CLI (about a second a call, more on a loaded machine, and --wait polls every 5 s)
vi.setConfig({ testTimeout: 180_000 });

const skip = clientSkipReason("openstack-cli-identity.test.ts", "openstack");

describe.skipIf(skip)("openstack CLI: identity (skipped only where the openstack CLI is not installed)", () => {
  const session = cliSession(["--random-seed", "7"], { as: "admin" });
  const { run, ok } = session;

  it("token issue gives a project-scoped token for admin", async () => {
    const json = await ok(["token", "issue", "-f", "json"]);
    expect(json.id).toMatch(/^gAAAAA/);
    expect(json.project_id).toMatch(/^[0-9a-f]{32}$/);
    expect(json.user_id).toMatch(/^[0-9a-f]{32}$/);
    expect(Date.parse(json.expires)).toBeGreaterThan(Date.now());
  });

  it("project list shows the seed projects", async () => {
    const json = await ok(["project", "list", "-f", "json"]);
    expect(json.map((p: { Name: string }) => p.Name)).toEqual(expect.arrayContaining(["admin", "demo"]));
  });

  it("catalog list shows the mounted services and nothing else", async () => {
    const json = await ok(["catalog", "list", "-f", "json"]);
    expect(json.map((s: { Type: string }) => s.Type).sort()).toEqual(["block-storage", "compute", "emulator", "identity", "image", "instance-ha", "network", "object-store", "s3", "volume", "volumev3"]);
  });

  it("creates a project and a user, grants a role, and lists the assignment", async () => {
    const project = await ok(["project", "create", "--domain", "default", "--description", "e2e", "-f", "json", "e2e-project"]);
    expect(project.name).toBe("e2e-project");
    const user = await ok(["user", "create", "--domain", "default", "--password", "s3cret", "-f", "json", "e2e-user"]);
    expect(user.name).toBe("e2e-user");
    await ok(["role", "add", "--user", "e2e-user", "--project", "e2e-project", "member"]);
    const assignments = await ok(["role", "assignment", "list", "--user", "e2e-user", "--project", "e2e-project", "--names", "-f", "json"]);
    expect(assignments).toEqual([
      expect.objectContaining({ Role: "member", User: "e2e-user@Default", Project: "e2e-project@Default" }),
    ]);
    const dup = await run(["project", "create", "--domain", "default", "e2e-project"]);
    expect(dup.code).not.toBe(0);
    expect(dup.stderr).toMatch(/409|Conflict/);
  });

  it("creates an application credential and authenticates with it", async () => {
    const cred = await ok(["application", "credential", "create", "-f", "json", "ci-bot"]);
    expect(cred.secret).toBeTruthy();
    const authEnv = {
      OS_AUTH_URL: session.admin.OS_AUTH_URL,
      OS_IDENTITY_API_VERSION: "3",
      OS_AUTH_TYPE: "v3applicationcredential",
      OS_APPLICATION_CREDENTIAL_ID: cred.id,
      OS_APPLICATION_CREDENTIAL_SECRET: cred.secret,
      OS_REGION_NAME: "RegionOne",
    };
    const res = await run(["token", "issue", "-f", "json"], authEnv);
    expect(res.code, res.stderr).toBe(0);
    expect(res.json.project_id).toBe(cred.project_id);
    const wrong = await run(["token", "issue"], { ...authEnv, OS_APPLICATION_CREDENTIAL_SECRET: "wrong" });
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(/401|authenticat/i);
  });

  it("revokes a token, after which it no longer works", async () => {
    const victim = await run(["token", "issue", "-f", "json"], session.demo);
    expect(victim.code).toBe(0);
    const tokenEnv = { OS_AUTH_URL: session.admin.OS_AUTH_URL, OS_IDENTITY_API_VERSION: "3", OS_AUTH_TYPE: "v3token", OS_TOKEN: victim.json.id, OS_PROJECT_NAME: "demo", OS_PROJECT_DOMAIN_NAME: "Default" };
    const before = await run(["token", "issue", "-f", "json"], tokenEnv);
    expect(before.code, before.stderr).toBe(0);
    await ok(["token", "revoke", victim.json.id]);
    const after = await run(["token", "issue", "-f", "json"], tokenEnv);
    expect(after.code).not.toBe(0);
    expect(after.stderr).toMatch(/401|authenticat/i);
  });

  it("exchanges an unscoped token for a project-scoped one (unscoped token, project list, scoped token)", async () => {
    // a user with no default project gets an unscoped token when it names no project
    await ok(["user", "create", "--domain", "default", "--password", "pw", "walker"]);
    await ok(["role", "add", "--user", "walker", "--project", "demo", "reader"]);
    const userEnv = { OS_AUTH_URL: session.admin.OS_AUTH_URL, OS_IDENTITY_API_VERSION: "3", OS_USERNAME: "walker", OS_PASSWORD: "pw", OS_USER_DOMAIN_NAME: "Default", OS_REGION_NAME: "RegionOne" };
    const unscoped = await run(["token", "issue", "-f", "json"], userEnv);
    expect(unscoped.code, unscoped.stderr).toBe(0);
    expect(unscoped.json.project_id).toBeUndefined();
    const tokenEnv = { OS_AUTH_URL: session.admin.OS_AUTH_URL, OS_IDENTITY_API_VERSION: "3", OS_AUTH_TYPE: "v3token", OS_TOKEN: unscoped.json.id };
    const projects = await run(["project", "list", "--my-projects", "-f", "json"], tokenEnv);
    expect(projects.code, projects.stderr).toBe(0);
    expect(projects.json.map((p: { Name: string }) => p.Name)).toEqual(["demo"]);
    const scoped = await run(["token", "issue", "-f", "json"], { ...tokenEnv, OS_PROJECT_NAME: "demo", OS_PROJECT_DOMAIN_NAME: "Default" });
    expect(scoped.code, scoped.stderr).toBe(0);
    expect(scoped.json.project_id).toBe(projects.json[0].ID);
  });

  // last: it moves the emulator's clock two days on
  it("creates a credential with --role and --expiration (Keystone's expires_at) that stops authenticating on the virtual clock", async () => {
    const clock = (await (await fetch(`${session.server.url}/_emulator/clock`)).json()) as { now: string };
    const expiration = new Date(Date.parse(clock.now) + 86_400_000).toISOString().slice(0, 19);
    const cred = await ok(["application", "credential", "create", "-f", "json", "--role", "reader", "--expiration", expiration, "nightly"]);
    expect(cred.roles).toBe("reader");
    expect(cred.expires_at).toBe(`${expiration}.000000`);
    const authEnv = {
      OS_AUTH_URL: session.admin.OS_AUTH_URL,
      OS_IDENTITY_API_VERSION: "3",
      OS_AUTH_TYPE: "v3applicationcredential",
      OS_APPLICATION_CREDENTIAL_ID: cred.id,
      OS_APPLICATION_CREDENTIAL_SECRET: cred.secret,
      OS_REGION_NAME: "RegionOne",
    };
    expect((await run(["token", "issue", "-f", "json"], authEnv)).code).toBe(0);
    const advanced = await fetch(`${session.server.url}/_emulator/clock/advance`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ by: "2d" }) });
    expect(advanced.status).toBe(200);
    const expired = await run(["token", "issue"], authEnv);
    expect(expired.code).not.toBe(0);
    expect(expired.stderr).toMatch(/401|authenticat/i);
  });
});
