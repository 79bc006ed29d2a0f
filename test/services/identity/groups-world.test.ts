// Groups, their grants, implied-role rules and access rules through the control API: a per-project reset
// puts the project's group and inherited grants back, and a state export carries every table into a new emulator.

import { describe, expect, it } from "vitest";
import { call, testEmulator } from "../../helpers/emulator.js";
import { directory } from "./directory-setup.js";

describe("identity groups and the control API", () => {
  it("POST /_emulator/reset?project= drops the group and inherited grants on that project only", async () => {
    const d = await directory();
    const group = (await d.api("POST", "/v3/groups", { body: { group: { name: "ops" } } })).body.group.id;
    const demo = await d.idOf("projects", "demo");
    const admin = await d.idOf("projects", "admin");
    const reader = await d.idOf("roles", "reader");
    await d.api("PUT", `/v3/projects/${demo}/groups/${group}/roles/${reader}`);
    await d.api("PUT", `/v3/projects/${admin}/groups/${group}/roles/${reader}`);
    await d.api("PUT", `/v3/OS-INHERIT/projects/${demo}/groups/${group}/roles/${reader}/inherited_to_projects`);
    expect((await call(d.emu, "POST", `/_emulator/reset?project=${demo}`)).status).toBe(200);
    const rows = (await d.api("GET", `/v3/role_assignments?group.id=${group}`)).body.role_assignments;
    expect(rows.map((r: { scope: { project: { id: string } } }) => r.scope.project.id)).toEqual([admin]);
    // the group and its other grants stay
    expect((await d.api("GET", `/v3/groups/${group}`)).status).toBe(200);
  });

  it("a state export carries groups, memberships, grants, rules and access rules into another emulator", async () => {
    const d = await directory();
    const demoUser = await d.idOf("users", "demo");
    const group = (await d.api("POST", "/v3/groups", { body: { group: { name: "ops" } } })).body.group.id;
    const auditor = (await d.api("POST", "/v3/roles", { body: { role: { name: "auditor" } } })).body.role.id;
    await d.api("PUT", `/v3/groups/${group}/users/${demoUser}`);
    await d.api("PUT", `/v3/OS-INHERIT/domains/default/groups/${group}/roles/${auditor}/inherited_to_projects`);
    await d.api("PUT", `/v3/roles/${auditor}/implies/${await d.idOf("roles", "reader")}`);
    const cred = await d.api("POST", `/v3/users/${demoUser}/application_credentials`, {
      token: d.demo,
      body: { application_credential: { name: "c", expires_at: "2031-01-01T00:00:00.123456", access_rules: [{ service: "image", method: "GET", path: "/v2/images" }] } },
    });
    expect(cred.status).toBe(201);
    const exported = await call(d.emu, "GET", "/_emulator/state");
    const target = testEmulator();
    expect((await call(target, "PUT", "/_emulator/state", { raw: JSON.stringify(exported.body) })).status).toBe(200);
    const admin = await call(target, "POST", "/identity/v3/auth/tokens", {
      body: { auth: { identity: { methods: ["password"], password: { user: { name: "admin", domain: { name: "Default" }, password: "admin" } } }, scope: { project: { name: "admin", domain: { name: "Default" } } } } },
    });
    const token = admin.headers.get("x-subject-token")!;
    const get = (path: string) => call(target, "GET", `/identity${path}`, { token });
    expect((await get(`/v3/groups/${group}/users`)).body.users.map((u: { id: string }) => u.id)).toEqual([demoUser]);
    expect((await get(`/v3/role_assignments?group.id=${group}`)).body.role_assignments).toHaveLength(1);
    expect((await get(`/v3/roles/${auditor}/implies`)).body.role_inference.implies).toHaveLength(1);
    expect((await get(`/v3/users/${demoUser}/access_rules`)).body.access_rules).toHaveLength(1);
    const shown = await get(`/v3/users/${demoUser}/application_credentials/${cred.body.application_credential.id}`);
    expect(shown.body.application_credential.expires_at).toBe("2031-01-01T00:00:00.123456");
  });
});
