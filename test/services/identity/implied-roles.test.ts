import { beforeEach, describe, expect, it } from "vitest";
import { directory, type Directory } from "./directory-setup.js";
import { validate } from "./identity-helpers.js";
import { call } from "../../helpers/emulator.js";

describe("identity: implied roles (/v3/roles/{prior}/implies, /v3/role_inferences)", () => {
  let d: Directory;
  let ids: Record<"admin" | "member" | "reader", string>;
  beforeEach(async () => {
    d = await directory();
    ids = { admin: await d.idOf("roles", "admin"), member: await d.idOf("roles", "member"), reader: await d.idOf("roles", "reader") };
  });

  const newRole = async (name: string, domainId?: string) =>
    (await d.api("POST", "/v3/roles", { body: { role: { name, ...(domainId ? { domain_id: domainId } : {}) } } })).body.role.id as string;
  const ref = (id: string, name: string) => ({ id, name, links: { self: `http://localhost/identity/v3/roles/${id}` } });

  it("lists the seeded rules, Keystone's bootstrap ones: admin implies member, member implies reader", async () => {
    const res = await d.api("GET", "/v3/role_inferences");
    expect(res.status).toBe(200);
    expect(res.body.role_inferences).toEqual([
      { prior_role: ref(ids.admin, "admin"), implies: [ref(ids.member, "member")] },
      { prior_role: ref(ids.member, "member"), implies: [ref(ids.reader, "reader")] },
    ]);
    const implies = await d.api("GET", `/v3/roles/${ids.member}/implies`);
    expect(implies.body).toEqual({
      role_inference: { prior_role: ref(ids.member, "member"), implies: [ref(ids.reader, "reader")] },
      links: { self: `http://localhost/identity/v3/roles/${ids.member}/implies` },
    });
  });

  it("creates (201), shows, checks with HEAD (204) and deletes (204, then 404) a rule", async () => {
    const auditor = await newRole("auditor");
    const path = `/v3/roles/${auditor}/implies/${ids.reader}`;
    expect((await d.api("HEAD", path)).status).toBe(404);
    const put = await d.api("PUT", path);
    expect(put.status).toBe(201);
    expect(put.body).toEqual({
      role_inference: { prior_role: ref(auditor, "auditor"), implies: ref(ids.reader, "reader") },
      links: { self: `http://localhost/identity${path}` },
    });
    expect((await d.api("GET", path)).body).toEqual(put.body);
    const head = await d.api("HEAD", path);
    expect(head.status).toBe(204);
    expect(head.text).toBe("");
    expect((await d.api("PUT", path)).status).toBe(409);
    expect((await d.api("DELETE", path)).status).toBe(204);
    const gone = await d.api("DELETE", path);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(`${auditor} does not imply ${ids.reader}.`);
  });

  it("refuses admin as an implied role and a global role implying a domain-specific one (403), unknown roles (404)", async () => {
    const auditor = await newRole("auditor");
    const local = await newRole("local", "default");
    const before = d.fingerprint();
    const admin = await d.api("PUT", `/v3/roles/${auditor}/implies/${ids.admin}`);
    expect(admin.status).toBe(403);
    expect(admin.body.error.message).toBe(`${ids.admin} cannot be an implied roles.`);
    const domainRole = await d.api("PUT", `/v3/roles/${auditor}/implies/${local}`);
    expect(domainRole.status).toBe(403);
    expect(domainRole.body.error.message).toBe("Global role cannot imply a domain-specific role");
    expect((await d.api("PUT", `/v3/roles/nope/implies/${ids.reader}`)).status).toBe(404);
    expect((await d.api("PUT", `/v3/roles/${auditor}/implies/nope`)).status).toBe(404);
    expect((await d.api("GET", "/v3/roles/nope/implies")).status).toBe(404);
    expect((await d.api("PUT", `/v3/roles/${auditor}/implies/${ids.reader}`, { token: d.demo })).status).toBe(403);
    expect(d.fingerprint()).toBe(before);
    // a domain-specific role may imply a global one
    expect((await d.api("PUT", `/v3/roles/${local}/implies/${ids.reader}`)).status).toBe(201);
  });

  it("tokens carry the closure of the rules, cycles included; a removed rule leaves later tokens without it", async () => {
    const auditor = await newRole("auditor");
    const viewer = await newRole("viewer");
    await d.api("PUT", `/v3/roles/${auditor}/implies/${viewer}`);
    await d.api("PUT", `/v3/roles/${viewer}/implies/${auditor}`);
    await d.api("PUT", `/v3/roles/${viewer}/implies/${ids.reader}`);
    const demo = await d.idOf("users", "demo");
    const project = await d.idOf("projects", "demo");
    await d.api("PUT", `/v3/projects/${project}/users/${demo}/roles/${auditor}`);
    const names = async () => {
      const res = await d.auth("demo", "demo", { project: { id: project } });
      return res.body.token.roles.map((r: { name: string }) => r.name).sort();
    };
    expect(await names()).toEqual(["auditor", "member", "reader", "viewer"]);
    await d.api("DELETE", `/v3/roles/${ids.member}/implies/${ids.reader}`);
    await d.api("DELETE", `/v3/roles/${viewer}/implies/${ids.reader}`);
    expect(await names()).toEqual(["auditor", "member", "viewer"]);
  });

  it("a deleted role leaves no rule behind", async () => {
    const auditor = await newRole("auditor");
    await d.api("PUT", `/v3/roles/${auditor}/implies/${ids.reader}`);
    await d.api("PUT", `/v3/roles/${ids.member}/implies/${auditor}`);
    expect((await d.api("DELETE", `/v3/roles/${auditor}`)).status).toBe(204);
    const rules = (await d.api("GET", "/v3/role_inferences")).body.role_inferences;
    expect(JSON.stringify(rules)).not.toContain(auditor);
    expect(rules).toHaveLength(2);
  });

  it("an existing token keeps validating when a rule it used goes away, listing the roles that remain", async () => {
    const token = d.demo;
    await d.api("DELETE", `/v3/roles/${ids.member}/implies/${ids.reader}`);
    const res = await validate(d.emu, d.admin, token);
    expect(res.status).toBe(200);
    expect(res.body.token.roles.map((r: { name: string }) => r.name)).toEqual(["member"]);
  });

  it("a seed world names its own rules with implied_roles (by role name); without it the bootstrap rules apply", async () => {
    const world = {
      identity: {
        domains: [{ id: "default", name: "Default" }],
        roles: [{ name: "admin" }, { name: "member" }, { name: "reader" }, { name: "boss" }],
        projects: [{ name: "solo" }],
        users: [{ name: "root", password: "pw" }],
        assignments: [{ user: "root", role: "admin", project: "solo" }, { user: "root", role: "boss", project: "solo" }],
        implied_roles: [{ prior: "boss", implied: "reader" }],
      },
    };
    const res = await call(d.emu, "POST", "/_emulator/seed", { raw: JSON.stringify(world), headers: { "Content-Type": "application/json" } });
    expect(res.status, res.text).toBe(200);
    const issued = await d.auth("root", "pw", { project: { name: "solo", domain: { name: "Default" } } });
    expect(issued.body.token.roles.map((r: { name: string }) => r.name).sort()).toEqual(["admin", "boss", "reader"]);
    const token = issued.headers.get("x-subject-token")!;
    const rules = (await call(d.emu, "GET", "/identity/v3/role_inferences", { token })).body.role_inferences;
    expect(rules.map((r: { prior_role: { name: string } }) => r.prior_role.name)).toEqual(["boss"]);
  });
});
