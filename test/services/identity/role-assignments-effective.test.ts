import { beforeEach, describe, expect, it } from "vitest";
import { directory, type Directory } from "./directory-setup.js";

const V3 = "http://localhost/identity/v3";

describe("identity: /v3/role_assignments with groups, OS-INHERIT, effective, include_subtree", () => {
  let d: Directory;
  let ids: { user: string; group: string; top: string; child: string; member: string; reader: string; auditor: string };
  const list = async (query: string) => {
    const res = await d.api("GET", `/v3/role_assignments${query}`);
    expect(res.status).toBe(200);
    return res.body.role_assignments as Array<Record<string, any>>;
  };

  beforeEach(async () => {
    d = await directory();
    const user = (await d.api("POST", "/v3/users", { body: { user: { name: "carol", password: "pw" } } })).body.user.id;
    const group = (await d.api("POST", "/v3/groups", { body: { group: { name: "ops" } } })).body.group.id;
    const top = (await d.api("POST", "/v3/projects", { body: { project: { name: "top" } } })).body.project.id;
    const child = (await d.api("POST", "/v3/projects", { body: { project: { name: "child", parent_id: top } } })).body.project.id;
    const auditor = (await d.api("POST", "/v3/roles", { body: { role: { name: "auditor" } } })).body.role.id;
    ids = { user, group, top, child, auditor, member: await d.idOf("roles", "member"), reader: await d.idOf("roles", "reader") };
    await d.api("PUT", `/v3/groups/${group}/users/${user}`);
    await d.api("PUT", `/v3/projects/${top}/groups/${group}/roles/${ids.auditor}`);
    await d.api("PUT", `/v3/OS-INHERIT/projects/${top}/users/${user}/roles/${ids.member}/inherited_to_projects`);
  });

  it("lists group and inherited grants as stored, with their own URLs; group.id and inherited_to filter them", async () => {
    expect(await list(`?group.id=${ids.group}`)).toEqual([
      {
        group: { id: ids.group },
        role: { id: ids.auditor },
        scope: { project: { id: ids.top } },
        links: { assignment: `${V3}/projects/${ids.top}/groups/${ids.group}/roles/${ids.auditor}` },
      },
    ]);
    expect(await list("?scope.OS-INHERIT:inherited_to=projects")).toEqual([
      {
        user: { id: ids.user },
        role: { id: ids.member },
        scope: { project: { id: ids.top }, "OS-INHERIT:inherited_to": "projects" },
        links: { assignment: `${V3}/OS-INHERIT/projects/${ids.top}/users/${ids.user}/roles/${ids.member}/inherited_to_projects` },
      },
    ]);
    expect(await list(`?user.id=${ids.user}`)).toHaveLength(1);
  });

  it("effective: group grants per member (membership link), inherited grants per project below, implied roles with their prior", async () => {
    const rows = await list(`?user.id=${ids.user}&effective`);
    expect(rows).toContainEqual({
      user: { id: ids.user },
      role: { id: ids.auditor },
      scope: { project: { id: ids.top } },
      links: {
        assignment: `${V3}/projects/${ids.top}/groups/${ids.group}/roles/${ids.auditor}`,
        membership: `${V3}/groups/${ids.group}/users/${ids.user}`,
      },
    });
    expect(rows).toContainEqual({
      user: { id: ids.user },
      role: { id: ids.member },
      scope: { project: { id: ids.child }, "OS-INHERIT:inherited_to": "projects" },
      links: { assignment: `${V3}/OS-INHERIT/projects/${ids.top}/users/${ids.user}/roles/${ids.member}/inherited_to_projects` },
    });
    expect(rows).toContainEqual({
      user: { id: ids.user },
      role: { id: ids.reader },
      scope: { project: { id: ids.child }, "OS-INHERIT:inherited_to": "projects" },
      links: {
        assignment: `${V3}/OS-INHERIT/projects/${ids.top}/users/${ids.user}/roles/${ids.member}/inherited_to_projects`,
        prior_role: `${V3}/prior_role/${ids.reader}/implies/${ids.member}`,
      },
    });
    expect(rows).toHaveLength(3);
    // the inherited grant does not apply to its own target
    expect(await list(`?user.id=${ids.user}&effective&scope.project.id=${ids.top}`)).toHaveLength(1);
    expect(await list(`?user.id=${ids.user}&effective&role.id=${ids.reader}`)).toHaveLength(1);
    // inherited_to=projects keeps the rows that came from inheritance
    const inherited = await list(`?user.id=${ids.user}&effective&scope.OS-INHERIT:inherited_to=projects`);
    expect(inherited.map((r) => r.role.id).sort()).toEqual([ids.member, ids.reader].sort());
  });

  it("include_names names the group, user, role and scope", async () => {
    const [row] = await list(`?group.id=${ids.group}&include_names`);
    expect(row).toMatchObject({
      group: { id: ids.group, name: "ops", domain: { id: "default", name: "Default" } },
      role: { id: ids.auditor, name: "auditor" },
      scope: { project: { id: ids.top, name: "top", domain: { id: "default", name: "Default" } } },
    });
  });

  it("include_subtree widens scope.project.id to the projects below", async () => {
    await d.api("PUT", `/v3/projects/${ids.child}/users/${ids.user}/roles/${ids.reader}`);
    expect(await list(`?scope.project.id=${ids.top}&user.id=${ids.user}`)).toHaveLength(1);
    const rows = await list(`?scope.project.id=${ids.top}&include_subtree=true&user.id=${ids.user}`);
    expect(rows.map((r) => r.scope.project.id).sort()).toEqual([ids.child, ids.top].sort());
  });

  it("refuses useless combinations with Keystone's 400s", async () => {
    const bad = async (query: string, message: string) => {
      const res = await d.api("GET", `/v3/role_assignments${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    };
    await bad(`?effective&group.id=${ids.group}`, "Combining effective and group filter will always result in an empty list.");
    await bad("?effective&scope.OS-INHERIT:inherited_to=projects&scope.domain.id=default", "Combining effective, domain and inherited filters will always result in an empty list.");
    await bad(`?user.id=${ids.user}&group.id=${ids.group}`, "Specify a user or group, not both");
    await bad("?include_subtree=true", "scope.project.id must be specified if include_subtree is also specified");
  });
});
