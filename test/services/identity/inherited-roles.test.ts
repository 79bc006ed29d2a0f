import { beforeEach, describe, expect, it } from "vitest";
import { directory, type Directory } from "./directory-setup.js";
import { validate } from "./identity-helpers.js";

type Roles = { body: { token: { roles: Array<{ name: string }> } } };
const roleNames = (res: Roles) => res.body.token.roles.map((r) => r.name).sort();

describe("identity: group grants and OS-INHERIT grants, and what tokens get from them", () => {
  let d: Directory;
  let ids: { user: string; group: string; project: string; child: string; grandchild: string; member: string; reader: string };
  beforeEach(async () => {
    d = await directory();
    const user = (await d.api("POST", "/v3/users", { body: { user: { name: "carol", password: "pw" } } })).body.user.id;
    const group = (await d.api("POST", "/v3/groups", { body: { group: { name: "ops" } } })).body.group.id;
    const project = (await d.api("POST", "/v3/projects", { body: { project: { name: "top" } } })).body.project.id;
    const child = (await d.api("POST", "/v3/projects", { body: { project: { name: "child", parent_id: project } } })).body.project.id;
    const grandchild = (await d.api("POST", "/v3/projects", { body: { project: { name: "leaf", parent_id: child } } })).body.project.id;
    ids = { user, group, project, child, grandchild, member: await d.idOf("roles", "member"), reader: await d.idOf("roles", "reader") };
  });

  const on = (project: string) => d.auth({ id: ids.user }, "pw", { project: { id: project } });

  describe("a group's grants", () => {
    it("PUT (204, idempotent), HEAD/GET (204), list, DELETE (204, then 404) on a project", async () => {
      const path = `/v3/projects/${ids.project}/groups/${ids.group}/roles/${ids.member}`;
      expect((await d.api("HEAD", path)).status).toBe(404);
      expect((await d.api("PUT", path)).status).toBe(204);
      expect((await d.api("PUT", path)).status).toBe(204);
      expect((await d.api("HEAD", path)).status).toBe(204);
      expect((await d.api("GET", path)).status).toBe(204);
      const list = await d.api("GET", `/v3/projects/${ids.project}/groups/${ids.group}/roles`);
      expect(list.body.roles.map((r: { name: string }) => r.name)).toEqual(["member"]);
      expect((await d.api("DELETE", path)).status).toBe(204);
      const again = await d.api("DELETE", path);
      expect(again.status).toBe(404);
      expect(again.body.error.message).toBe(
        `Could not find role assignment with role: ${ids.member}, user or group: ${ids.group}, project, domain, or system: ${ids.project}.`,
      );
    });

    it("gives the group's members a token on the project (roles closed under implied roles); leaving the group ends it", async () => {
      expect((await on(ids.project)).status).toBe(401);
      await d.api("PUT", `/v3/projects/${ids.project}/groups/${ids.group}/roles/${ids.member}`);
      await d.api("PUT", `/v3/groups/${ids.group}/users/${ids.user}`);
      const issued = await on(ids.project);
      expect(issued.status).toBe(201);
      expect(roleNames(issued)).toEqual(["member", "reader"]);
      const token = issued.headers.get("x-subject-token")!;
      expect((await d.api("GET", "/v3/auth/projects", { token })).body.projects.map((p: { name: string }) => p.name)).toEqual(["top"]);
      await d.api("DELETE", `/v3/groups/${ids.group}/users/${ids.user}`);
      expect((await validate(d.emu, d.admin, token)).status).toBe(404);
    });

    it("works on a domain and on the system too", async () => {
      await d.api("PUT", `/v3/groups/${ids.group}/users/${ids.user}`);
      expect((await d.api("PUT", `/v3/domains/default/groups/${ids.group}/roles/${ids.reader}`)).status).toBe(204);
      expect((await d.api("GET", `/v3/domains/default/groups/${ids.group}/roles`)).body.roles).toHaveLength(1);
      expect((await d.auth({ id: ids.user }, "pw", { domain: { id: "default" } })).status).toBe(201);
      expect((await d.api("PUT", `/v3/system/groups/${ids.group}/roles/${ids.reader}`)).status).toBe(204);
      expect((await d.api("HEAD", `/v3/system/groups/${ids.group}/roles/${ids.reader}`)).status).toBe(204);
      expect((await d.auth({ id: ids.user }, "pw", { system: { all: true } })).status).toBe(201);
    });

    it("answers 404 for an unknown group, role or project, changing nothing; admin only (403)", async () => {
      const before = d.fingerprint();
      expect((await d.api("PUT", `/v3/projects/${ids.project}/groups/nope/roles/${ids.member}`)).body.error.message).toBe("Could not find group: nope.");
      expect((await d.api("PUT", `/v3/projects/${ids.project}/groups/${ids.group}/roles/nope`)).status).toBe(404);
      expect((await d.api("PUT", `/v3/projects/nope/groups/${ids.group}/roles/${ids.member}`)).status).toBe(404);
      expect((await d.api("PUT", `/v3/projects/${ids.project}/groups/${ids.group}/roles/${ids.member}`, { token: d.demo })).status).toBe(403);
      expect(d.fingerprint()).toBe(before);
    });
  });

  describe("OS-INHERIT", () => {
    const inherit = (target: string, actor: string, role: string) => `/v3/OS-INHERIT/${target}/${actor}/roles/${role}/inherited_to_projects`;

    it("a user's inherited grant on a domain reaches every project of it, not the domain itself", async () => {
      const path = inherit("domains/default", `users/${ids.user}`, ids.member);
      expect((await d.api("HEAD", path)).status).toBe(404);
      expect((await d.api("PUT", path)).status).toBe(204);
      expect((await d.api("HEAD", path)).status).toBe(204);
      const list = await d.api("GET", `/v3/OS-INHERIT/domains/default/users/${ids.user}/roles/inherited_to_projects`);
      expect(list.body.roles.map((r: { name: string }) => r.name)).toEqual(["member"]);
      for (const p of [ids.project, ids.child, await d.idOf("projects", "demo")]) expect(roleNames(await on(p))).toEqual(["member", "reader"]);
      expect((await d.auth({ id: ids.user }, "pw", { domain: { id: "default" } })).status).toBe(401);
      // the direct grant list does not show it
      expect((await d.api("GET", `/v3/domains/default/users/${ids.user}/roles`)).body.roles).toEqual([]);
      const token = (await on(ids.child)).headers.get("x-subject-token")!;
      expect((await d.api("DELETE", path)).status).toBe(204);
      expect((await d.api("DELETE", path)).status).toBe(404);
      expect((await validate(d.emu, d.admin, token)).status).toBe(404);
      expect((await on(ids.child)).status).toBe(401);
    });

    it("an inherited grant on a project reaches its subtree only", async () => {
      const path = inherit(`projects/${ids.project}`, `users/${ids.user}`, ids.reader);
      expect((await d.api("PUT", path)).status).toBe(204);
      expect((await d.api("GET", path)).status).toBe(204);
      expect((await on(ids.project)).status).toBe(401);
      expect(roleNames(await on(ids.child))).toEqual(["reader"]);
      expect(roleNames(await on(ids.grandchild))).toEqual(["reader"]);
    });

    it("a group's inherited grant reaches its members", async () => {
      await d.api("PUT", `/v3/groups/${ids.group}/users/${ids.user}`);
      expect((await d.api("PUT", inherit("domains/default", `groups/${ids.group}`, ids.reader))).status).toBe(204);
      expect((await d.api("GET", `/v3/OS-INHERIT/domains/default/groups/${ids.group}/roles/inherited_to_projects`)).body.roles).toHaveLength(1);
      expect((await d.api("PUT", inherit(`projects/${ids.project}`, `groups/${ids.group}`, ids.member))).status).toBe(204);
      expect(roleNames(await on(ids.project))).toEqual(["reader"]);
      expect(roleNames(await on(ids.child))).toEqual(["member", "reader"]);
      expect((await d.api("DELETE", inherit(`projects/${ids.project}`, `groups/${ids.group}`, ids.member))).status).toBe(204);
      expect(roleNames(await on(ids.child))).toEqual(["reader"]);
    });

    it("answers 404 for unknown actors, roles and targets, changing nothing", async () => {
      const before = d.fingerprint();
      expect((await d.api("PUT", inherit("domains/nope", `users/${ids.user}`, ids.member))).status).toBe(404);
      expect((await d.api("PUT", inherit("domains/default", "users/nope", ids.member))).status).toBe(404);
      expect((await d.api("PUT", inherit("domains/default", "groups/nope", ids.member))).status).toBe(404);
      expect((await d.api("PUT", inherit(`projects/${ids.project}`, `users/${ids.user}`, "nope"))).status).toBe(404);
      expect((await d.api("DELETE", inherit(`projects/${ids.project}`, `groups/${ids.group}`, ids.member))).status).toBe(404);
      expect(d.fingerprint()).toBe(before);
    });
  });

  describe("domain-specific roles", () => {
    it("are named per domain, granted only in their domain, and in a token only through what they imply", async () => {
      const local = await d.api("POST", "/v3/roles", { body: { role: { name: "member", domain_id: "default" } } });
      expect(local.status).toBe(201);
      const dup = await d.api("POST", "/v3/roles", { body: { role: { name: "member", domain_id: "default" } } });
      expect(dup.status).toBe(409);
      const localId = local.body.role.id;
      expect((await d.api("GET", "/v3/roles?domain_id=default")).body.roles.map((r: { id: string }) => r.id)).toEqual([localId]);
      const acme = (await d.api("POST", "/v3/domains", { body: { domain: { name: "acme" } } })).body.domain.id;
      const elsewhere = (await d.api("POST", "/v3/projects", { body: { project: { name: "far", domain_id: acme } } })).body.project.id;
      const mismatch = await d.api("PUT", `/v3/projects/${elsewhere}/users/${ids.user}/roles/${localId}`);
      expect(mismatch.status).toBe(403);
      // on a domain Keystone checks nothing (a grant on another domain holds); on the system it is a 400
      expect((await d.api("PUT", `/v3/domains/${acme}/users/${ids.user}/roles/${localId}`)).status).toBe(204);
      expect((await d.api("GET", `/v3/domains/${acme}/users/${ids.user}/roles`)).body.roles.map((r: { id: string }) => r.id)).toEqual([localId]);
      const system = await d.api("PUT", `/v3/system/users/${ids.user}/roles/${localId}`);
      expect(system.status).toBe(400);
      expect(system.body.error.message).toContain("domain-specific role");
      // alone it gives no role: the token is refused
      expect((await d.api("PUT", `/v3/projects/${ids.project}/users/${ids.user}/roles/${localId}`)).status).toBe(204);
      expect((await on(ids.project)).status).toBe(401);
      expect((await d.api("PUT", `/v3/roles/${localId}/implies/${ids.reader}`)).status).toBe(201);
      expect(roleNames(await on(ids.project))).toEqual(["reader"]);
    });
  });
});
