import { beforeEach, describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../../helpers/emulator.js";
import { directory, type Directory } from "./directory-setup.js";

describe("identity: domain-specific configuration", () => {
  let d: Directory;
  let dom: string;
  const cfg = (path = "") => `/v3/domains/${dom}/config${path}`;
  beforeEach(async () => {
    d = await directory();
    dom = (await d.api("POST", "/v3/domains", { body: { domain: { name: "ldap-land" } } })).body.domain.id;
  });
  const ldap = { identity: { driver: "ldap" }, ldap: { url: "ldap://example.org", user_tree_dn: "ou=Users", password: "s3cret" } };

  it("creates a config (201), replaces it (200), and never shows the sensitive ldap.password", async () => {
    const created = await d.api("PUT", cfg(), { body: { config: ldap } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ config: { identity: { driver: "ldap" }, ldap: { url: "ldap://example.org", user_tree_dn: "ou=Users" } } });
    expect(created.text).not.toContain("s3cret");
    const replaced = await d.api("PUT", cfg(), { body: { config: { identity: { driver: "sql" } } } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ config: { identity: { driver: "sql" } } });
    expect((await d.api("GET", cfg())).body).toEqual({ config: { identity: { driver: "sql" } } });
  });

  it("reads the whole config, a group, or one option; 404 for what is not configured", async () => {
    await d.api("PUT", cfg(), { body: { config: ldap } });
    expect((await d.api("GET", cfg("/ldap"))).body).toEqual({ config: { ldap: { url: "ldap://example.org", user_tree_dn: "ou=Users" } } });
    expect((await d.api("GET", cfg("/ldap/url"))).body).toEqual({ config: { url: "ldap://example.org" } });
    const none = await d.api("GET", cfg("/ldap/suffix"));
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe(`Could not find option suffix in group ldap in domain configuration for domain ${dom}.`);
    expect((await d.api("GET", cfg("/ldap/password"))).status).toBe(404);
    await d.api("DELETE", cfg());
    const empty = await d.api("GET", cfg());
    expect(empty.status).toBe(404);
    expect(empty.body.error.message).toBe(`Could not find any options in domain configuration for domain ${dom}.`);
  });

  it("refuses groups and options Keystone does not allow with its 403 InvalidDomainConfig, changing nothing", async () => {
    const before = d.fingerprint();
    const group = await d.api("PUT", cfg(), { body: { config: { nova: { x: 1 } } } });
    expect(group.status).toBe(403);
    expect(group.body.error.message).toBe("Invalid domain specific configuration: Group nova is not supported for domain specific configurations.");
    const option = await d.api("PUT", cfg(), { body: { config: { ldap: { nope: 1 } } } });
    expect(option.body.error.message).toBe("Invalid domain specific configuration: Option nope in group ldap is not supported for domain specific configurations.");
    expect((await d.api("PUT", cfg(), { body: { config: {} } })).body.error.message).toBe("Invalid domain specific configuration: No options specified.");
    expect((await d.api("PUT", cfg(), { body: { config: { ldap: "x" } } })).status).toBe(403);
    expect((await d.api("GET", cfg("/nova"))).status).toBe(403);
    expect((await d.api("PUT", "/v3/domains/nope/config", { body: { config: ldap } })).status).toBe(404);
    expect((await d.api("PUT", cfg(), { raw: "{" })).status).toBe(400);
    expect(d.fingerprint()).toBe(before);
  });

  it("updates the whole config, a group or one option (PATCH) and returns the whole config", async () => {
    await d.api("PUT", cfg(), { body: { config: ldap } });
    const all = await d.api("PATCH", cfg(), { body: { config: { ldap: { suffix: "dc=example" } } } });
    expect(all.status).toBe(200);
    expect(all.body.config.ldap).toEqual({ url: "ldap://example.org", user_tree_dn: "ou=Users", suffix: "dc=example" });
    const one = await d.api("PATCH", cfg("/ldap/url"), { body: { config: { url: "ldap://new" } } });
    expect(one.body.config.ldap.url).toBe("ldap://new");
    const grp = await d.api("PATCH", cfg("/identity"), { body: { config: { identity: { driver: "sql" } } } });
    expect(grp.body.config.identity).toEqual({ driver: "sql" });
    // narrowed updates must name only their target, which must already exist
    expect((await d.api("PATCH", cfg("/identity"), { body: { config: { ldap: { url: "x" } } } })).status).toBe(403);
    expect((await d.api("PATCH", cfg("/ldap/page_size"), { body: { config: { page_size: 5 } } })).status).toBe(404);
  });

  it("deletes a group or one option (204), 404 when absent", async () => {
    await d.api("PUT", cfg(), { body: { config: ldap } });
    expect((await d.api("DELETE", cfg("/ldap/url"))).status).toBe(204);
    expect((await d.api("GET", cfg("/ldap"))).body.config.ldap).toEqual({ user_tree_dn: "ou=Users" });
    expect((await d.api("DELETE", cfg("/ldap/url"))).status).toBe(404);
    expect((await d.api("DELETE", cfg("/identity"))).status).toBe(204);
    expect((await d.api("DELETE", cfg("/identity"))).status).toBe(404);
  });

  it("serves Keystone's defaults at /v3/domains/config[/{group}[/{option}]]/default", async () => {
    const all = await d.api("GET", "/v3/domains/config/default");
    expect(all.status).toBe(200);
    expect(all.body.config.identity).toEqual({ driver: "sql", list_limit: null });
    expect(all.body.config.ldap.url).toBe("ldap://localhost");
    expect(all.body.config.ldap).not.toHaveProperty("password");
    expect((await d.api("GET", "/v3/domains/config/identity/default")).body).toEqual({ config: { identity: { driver: "sql", list_limit: null } } });
    expect((await d.api("GET", "/v3/domains/config/ldap/default")).body.config.ldap.user_objectclass).toBe("inetOrgPerson");
    expect((await d.api("GET", "/v3/domains/config/ldap/query_scope/default")).body).toEqual({ config: { query_scope: "one" } });
    expect((await d.api("GET", "/v3/domains/config/ldap/password/default")).status).toBe(403);
    expect((await d.api("GET", "/v3/domains/config/nova/default")).status).toBe(403);
  });

  it("is admin's business; a member gets 403", async () => {
    expect((await d.api("PUT", cfg(), { token: d.demo, body: { config: ldap } })).status).toBe(403);
    expect((await d.api("GET", cfg(), { token: d.demo })).status).toBe(403);
    expect((await d.api("GET", "/v3/domains/config/default", { token: d.demo })).status).toBe(403);
  });

  it("serves the password regex at /config/security_compliance to any token (default domain only)", async () => {
    const off = await d.api("GET", "/v3/domains/default/config/security_compliance", { token: d.demo });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ config: { security_compliance: { password_regex: null, password_regex_description: null } } });
    const emu = testEmulator({ securityCompliance: { passwordRegex: "^.{8,}$", passwordRegexDescription: "at least 8 characters" } });
    const token = await login(emu, "demo");
    const on = await call(emu, "GET", "/identity/v3/domains/default/config/security_compliance/password_regex", { token });
    expect(on.body).toEqual({ config: { password_regex: "^.{8,}$" } });
    const other = await call(emu, "GET", "/identity/v3/domains/default/config/security_compliance/lockout_duration", { token });
    expect(other.status).toBe(403);
    expect((await d.api("GET", cfg("/security_compliance"))).status).toBe(403);
  });
});

describe("identity: reading a domain (Keystone's get_domain)", () => {
  it("lets a project member read the domain of its project, not another domain", async () => {
    const d = await directory();
    const own = await d.api("GET", "/v3/domains/default", { token: d.demo });
    expect(own.status).toBe(200);
    expect(own.body.domain).toMatchObject({ id: "default", name: "Default" });
    const other = (await d.api("POST", "/v3/domains", { body: { domain: { name: "other" } } })).body.domain.id;
    expect((await d.api("GET", `/v3/domains/${other}`, { token: d.demo })).status).toBe(403);
    expect((await d.api("GET", "/v3/domains", { token: d.demo })).status).toBe(403);
  });
});
