import { beforeEach, describe, expect, it } from "vitest";
import { directory, type Directory } from "./directory-setup.js";

describe("identity: role grants and /v3/role_assignments", () => {
  let d: Directory;
  let ids: { admin: string; demo: string; demoProject: string; adminProject: string; member: string; reader: string; adminRole: string };
  beforeEach(async () => {
    d = await directory();
    ids = {
      admin: await d.idOf("users", "admin"),
      demo: await d.idOf("users", "demo"),
      demoProject: await d.idOf("projects", "demo"),
      adminProject: await d.idOf("projects", "admin"),
      member: await d.idOf("roles", "member"),
      reader: await d.idOf("roles", "reader"),
      adminRole: await d.idOf("roles", "admin"),
    };
  });

  const grantPath = (scope: string, user: string, role?: string) => `/v3/${scope}/users/${user}/roles${role ? `/${role}` : ""}`;

  describe("on a project", () => {
    it("grants (204), checks with HEAD (204) and lists the role; granting twice is harmless", async () => {
      const path = grantPath(`projects/${ids.adminProject}`, ids.demo, ids.reader);
      const put = await d.api("PUT", path);
      expect(put.status).toBe(204);
      expect(put.text).toBe("");
      expect((await d.api("PUT", path)).status).toBe(204);
      const head = await d.api("HEAD", path);
      expect(head.status).toBe(204);
      expect(head.text).toBe("");
      expect((await d.api("GET", path)).status).toBe(204);
      const list = await d.api("GET", grantPath(`projects/${ids.adminProject}`, ids.demo));
      expect(list.status).toBe(200);
      expect(list.body.roles.map((r: { name: string }) => r.name)).toEqual(["reader"]);
      expect(list.body.links.previous).toBeNull();
      // the grant is usable: demo may now scope a token to project admin
      expect((await d.auth("demo", "demo", { project: { id: ids.adminProject } })).status).toBe(201);
    });

    it("revokes (204); then HEAD and a second revoke are 404", async () => {
      const path = grantPath(`projects/${ids.demoProject}`, ids.demo, ids.member);
      expect((await d.api("DELETE", path)).status).toBe(204);
      const head = await d.api("HEAD", path);
      expect(head.status).toBe(404);
      const again = await d.api("DELETE", path);
      expect(again.status).toBe(404);
      expect(again.body.error).toMatchObject({ code: 404, title: "Not Found" });
      expect((await d.api("GET", grantPath(`projects/${ids.demoProject}`, ids.demo))).body.roles).toEqual([]);
    });

    it("a revoked role makes the user's old token 401", async () => {
      expect((await d.api("GET", `/v3/users/${ids.demo}`, { token: d.demo })).status).toBe(200);
      await d.api("DELETE", grantPath(`projects/${ids.demoProject}`, ids.demo, ids.member));
      const res = await d.api("GET", `/v3/users/${ids.demo}`, { token: d.demo });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toContain("Keystone uri=");
    });

    it("answers 404 for an unknown user, role or project, and changes nothing", async () => {
      const before = d.fingerprint();
      for (const path of [
        grantPath(`projects/${ids.demoProject}`, "nope", ids.reader),
        grantPath(`projects/${ids.demoProject}`, ids.demo, "nope"),
        grantPath("projects/nope", ids.demo, ids.reader),
      ]) {
        for (const method of ["PUT", "GET", "DELETE"]) {
          const res = await d.api(method, path);
          expect(res.status, `${method} ${path}`).toBe(404);
        }
      }
      expect((await d.api("GET", grantPath("projects/nope", ids.demo))).status).toBe(404);
      expect(d.fingerprint()).toBe(before);
    });
  });

  it("grants, checks, lists and revokes on a domain", async () => {
    const path = grantPath("domains/default", ids.demo, ids.reader);
    expect((await d.api("PUT", path)).status).toBe(204);
    expect((await d.api("HEAD", path)).status).toBe(204);
    expect((await d.api("GET", grantPath("domains/default", ids.demo))).body.roles.map((r: { name: string }) => r.name)).toEqual(["reader"]);
    expect((await d.auth("demo", "demo", { domain: { name: "Default" } })).status).toBe(201);
    expect((await d.api("DELETE", path)).status).toBe(204);
    expect((await d.api("HEAD", path)).status).toBe(404);
    expect((await d.api("PUT", grantPath("domains/nope", ids.demo, ids.reader))).status).toBe(404);
  });

  it("grants, checks, lists and revokes on the system", async () => {
    const path = grantPath("system", ids.demo, ids.reader);
    expect((await d.api("HEAD", path)).status).toBe(404);
    expect((await d.api("PUT", path)).status).toBe(204);
    expect((await d.api("HEAD", path)).status).toBe(204);
    expect((await d.api("GET", grantPath("system", ids.admin))).body.roles.map((r: { name: string }) => r.name)).toEqual(["admin"]);
    expect((await d.auth("demo", "demo", { system: { all: true } })).status).toBe(201);
    expect((await d.api("DELETE", path)).status).toBe(204);
    expect((await d.api("HEAD", path)).status).toBe(404);
  });

  it("grants need the admin role (403) and a token (401)", async () => {
    const path = grantPath(`projects/${ids.demoProject}`, ids.demo, ids.adminRole);
    const before = d.fingerprint();
    expect((await d.api("PUT", path, { token: d.demo })).status).toBe(403);
    expect((await d.api("PUT", path, { token: null })).status).toBe(401);
    expect((await d.api("GET", "/v3/role_assignments", { token: d.demo })).status).toBe(403);
    expect(d.fingerprint()).toBe(before);
  });

  describe("GET /v3/role_assignments", () => {
    const list = async (query = "") => {
      const res = await d.api("GET", `/v3/role_assignments${query}`);
      expect(res.status).toBe(200);
      return res.body.role_assignments as Array<Record<string, any>>;
    };

    it("lists every assignment in Keystone's shape", async () => {
      const all = await list();
      // admin on project admin and the system, member demo on demo, masakari admin and service on project service
      expect(all).toHaveLength(5);
      expect(all).toContainEqual({
        role: { id: ids.member },
        user: { id: ids.demo },
        scope: { project: { id: ids.demoProject } },
        links: { assignment: `http://localhost/identity/v3/projects/${ids.demoProject}/users/${ids.demo}/roles/${ids.member}` },
      });
      expect(all).toContainEqual({
        role: { id: ids.adminRole },
        user: { id: ids.admin },
        scope: { system: { all: true } },
        links: { assignment: `http://localhost/identity/v3/system/users/${ids.admin}/roles/${ids.adminRole}` },
      });
    });

    it("filters by user.id, role.id, scope.project.id, scope.domain.id and scope.system", async () => {
      await d.api("PUT", grantPath("domains/default", ids.demo, ids.reader));
      expect(await list(`?user.id=${ids.demo}`)).toHaveLength(2);
      expect(await list(`?role.id=${ids.adminRole}`)).toHaveLength(3);
      expect(await list(`?scope.project.id=${ids.adminProject}`)).toHaveLength(1);
      const onDomain = await list("?scope.domain.id=default");
      expect(onDomain.map((a) => a.scope)).toEqual([{ domain: { id: "default" } }]);
      const onSystem = await list("?scope.system=all");
      expect(onSystem.map((a) => a.user.id)).toEqual([ids.admin]);
      expect(await list(`?user.id=${ids.admin}&scope.project.id=${ids.demoProject}`)).toEqual([]);
      // effective adds what the grants imply: member on demo also yields reader there
      expect(await list(`?user.id=${ids.demo}&effective`)).toHaveLength(3);
      expect(await list("?group.id=anything")).toEqual([]);
    });

    it("adds names and domains with include_names", async () => {
      const [a] = await list(`?user.id=${ids.demo}&include_names=True`);
      expect(a).toEqual({
        role: { id: ids.member, name: "member" },
        user: { id: ids.demo, name: "demo", domain: { id: "default", name: "Default" } },
        scope: { project: { id: ids.demoProject, name: "demo", domain: { id: "default", name: "Default" } } },
        links: { assignment: expect.stringContaining(`/projects/${ids.demoProject}/users/${ids.demo}/roles/${ids.member}`) },
      });
      await d.api("PUT", grantPath("domains/default", ids.demo, ids.reader));
      const [onDomain] = await list("?scope.domain.id=default&include_names=1");
      expect(onDomain.scope).toEqual({ domain: { id: "default", name: "Default" } });
      const [plain] = await list(`?user.id=${ids.demo}&include_names=0`);
      expect(plain.role).toEqual({ id: ids.member });
    });

    it("rejects asking for more than one kind of scope (400)", async () => {
      const res = await d.api("GET", `/v3/role_assignments?scope.project.id=${ids.demoProject}&scope.domain.id=default`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(400);
    });
  });

  it("serves the OSC sequence: create project and user, `role add` by names, `role assignment list --names`", async () => {
    const project = await d.api("POST", "/v3/projects", { body: { project: { name: "e2e", domain_id: "default", enabled: true, description: "e2e" } } });
    expect(project.status).toBe(201);
    const user = await d.api("POST", "/v3/users", { body: { user: { name: "e2e-user", domain_id: "default", enabled: true, password: "pw" } } });
    expect(user.status).toBe(201);
    // keystoneclient find_resource: GET by name must 404, then the ?name= list finds exactly one
    expect((await d.api("GET", "/v3/users/e2e-user")).status).toBe(404);
    const [u] = (await d.api("GET", "/v3/users?name=e2e-user&domain_id=default")).body.users;
    expect((await d.api("GET", "/v3/projects/e2e")).status).toBe(404);
    const [p] = (await d.api("GET", "/v3/projects?name=e2e")).body.projects;
    expect((await d.api("GET", "/v3/roles/member")).status).toBe(404);
    const [r] = (await d.api("GET", "/v3/roles?name=member")).body.roles;
    expect((await d.api("PUT", `/v3/projects/${p.id}/users/${u.id}/roles/${r.id}`)).status).toBe(204);

    const listed = await d.api("GET", `/v3/role_assignments?user.id=${u.id}&scope.project.id=${p.id}&include_names=True`);
    const [a] = listed.body.role_assignments;
    // what OSC prints: Role, User name@domain, Project name@domain
    expect([a.role.name, `${a.user.name}@${a.user.domain.name}`, `${a.scope.project.name}@${a.scope.project.domain.name}`]).toEqual([
      "member",
      "e2e-user@Default",
      "e2e@Default",
    ]);
    // and the new user can use the grant
    expect((await d.auth("e2e-user", "pw", { project: { name: "e2e", domain: { name: "Default" } } })).status).toBe(201);
  });
});
