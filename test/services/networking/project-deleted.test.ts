// A project deleted in identity takes its `default` security group with it when it never used
// networking (Neutron would never have made one), and keeps everything when it did (as Neutron keeps a
// deleted project's resources).

import { describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../../helpers/emulator.js";

async function world() {
  const emu = testEmulator();
  const admin = await login(emu);
  const newProject = async (name: string) => (await call(emu, "POST", "/identity/v3/projects", { token: admin, body: { project: { name } } })).body.project.id as string;
  const groups = async (projectId: string) =>
    (await call(emu, "GET", `/networking/v2.0/security-groups?project_id=${projectId}`, { token: admin })).body.security_groups as Array<{ name: string }>;
  const rules = async (projectId: string) =>
    (await call(emu, "GET", `/networking/v2.0/security-group-rules?project_id=${projectId}`, { token: admin })).body.security_group_rules as unknown[];
  const deleteProject = async (id: string) => expect((await call(emu, "DELETE", `/identity/v3/projects/${id}`, { token: admin })).status).toBe(204);
  const exported = async () => (await call(emu, "GET", "/_emulator/state")).body.state.networking;
  return { emu, admin, newProject, groups, rules, deleteProject, exported };
}

describe("networking after a project is deleted", () => {
  it("drops the default group, its rules and the project's usage when the project never used networking", async () => {
    const w = await world();
    const before = await w.exported();
    const id = await w.newProject("brief");
    expect((await w.groups(id)).map((g) => g.name)).toEqual(["default"]);
    expect(await w.rules(id)).toHaveLength(4);
    await w.deleteProject(id);
    expect(await w.groups(id)).toEqual([]);
    expect(await w.rules(id)).toEqual([]);
    const after = await w.exported();
    for (const key of ["securityGroups", "rules", "usage", "defaultGroups", "ruleKeys"]) expect(after[key].size).toBe(before[key].size);
  });

  it("keeps what a project that used networking made, its default group included", async () => {
    const w = await world();
    const id = await w.newProject("used");
    const net = await call(w.emu, "POST", "/networking/v2.0/networks", { token: w.admin, body: { network: { name: "n", project_id: id } } });
    expect(net.status).toBe(201);
    await w.deleteProject(id);
    expect((await w.groups(id)).map((g) => g.name)).toEqual(["default"]);
    expect((await call(w.emu, "GET", `/networking/v2.0/networks/${net.body.network.id}`, { token: w.admin })).status).toBe(200);
  });

  it("keeps a default group someone changed", async () => {
    const w = await world();
    const id = await w.newProject("ruled");
    const [group] = (await call(w.emu, "GET", `/networking/v2.0/security-groups?project_id=${id}`, { token: w.admin })).body.security_groups;
    const rule = { security_group_rule: { security_group_id: group.id, direction: "ingress", protocol: "tcp", port_range_min: 22, port_range_max: 22 } };
    expect((await call(w.emu, "POST", "/networking/v2.0/security-group-rules", { token: w.admin, body: rule })).status).toBe(201);
    await w.deleteProject(id);
    expect(await w.rules(id)).toHaveLength(5);
  });
});
