// POST /v3/auth/tokens: password methods, scopes, the token body and catalog, lifetime, reproducibility.

import { describe, expect, it } from "vitest";
import { identityService, type IdentitySeedSection } from "../../../src/services/identity/index.js";
import { loadScenario } from "../../../src/world.js";
import { call, login, passwordAuth, testEmulator } from "../../helpers/emulator.js";
import { DEFAULT_DOMAIN, issue, MOUNTED_CATALOG_TYPES, passwordById, projectScope, tokenExchange, TOKENS } from "./identity-helpers.js";

const ISO_MICRO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

describe("POST /v3/auth/tokens: password authentication", () => {
  const emu = testEmulator();

  it("accepts a user by name with its domain by name, by domain id, or a user by id", async () => {
    const byDomainName = await issue(emu, passwordAuth("demo", "demo", projectScope("demo")));
    expect(byDomainName.status).toBe(201);
    const userId = byDomainName.body.token.user.id;

    const byDomainId = await issue(emu, {
      auth: { identity: { methods: ["password"], password: { user: { name: "demo", domain: { id: "default" }, password: "demo" } } } },
    });
    expect(byDomainId.status).toBe(201);
    expect(byDomainId.body.token.user.id).toBe(userId);

    const byId = await issue(emu, passwordById(userId, "demo", "unscoped"));
    expect(byId.status).toBe(201);
    expect(byId.body.token.user).toEqual({ id: userId, name: "demo", domain: { id: "default", name: "Default" }, password_expires_at: null });
  });

  it("answers 201 with the token in X-Subject-Token and the Keystone token body", async () => {
    const res = await issue(emu, passwordAuth("demo", "demo", projectScope("demo")));
    expect(res.status).toBe(201);
    const subject = res.headers.get("x-subject-token");
    expect(subject).toMatch(/^gAAAAA[A-Za-z0-9_-]{20,}$/);
    expect(res.headers.get("vary")).toBe("X-Auth-Token");
    expect(res.headers.get("x-openstack-request-id")).toMatch(/^req-/);
    expect(res.text).not.toContain(subject);

    const token = res.body.token;
    expect(token.methods).toEqual(["password"]);
    expect(token.audit_ids).toHaveLength(1);
    expect(token.audit_ids[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(token.issued_at).toBe("2030-01-01T00:00:00.000000Z");
    expect(token.expires_at).toBe("2030-01-01T01:00:00.000000Z");
    expect(token.expires_at).toMatch(ISO_MICRO_Z);
    expect(token.project).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), name: "demo", domain: { id: "default", name: "Default" } });
    expect(token.is_domain).toBe(false);
    expect(token.roles.map((r: { name: string }) => r.name).sort()).toEqual(["member", "reader"]);
    for (const role of token.roles) expect(role.id).toMatch(/^[0-9a-f]{32}$/);
    expect(token).not.toHaveProperty("domain");
    expect(token).not.toHaveProperty("system");
  });

  it("carries a catalog with every service type, each with public, internal and admin endpoints", async () => {
    const res = await issue(emu, passwordAuth("demo", "demo", projectScope("demo")));
    const { catalog, project } = res.body.token;
    // the mounted services and the control API, nothing that is not mounted (no volume, object-store...)
    expect(catalog.map((s: { type: string }) => s.type).sort()).toEqual(MOUNTED_CATALOG_TYPES);
    for (const service of catalog) {
      expect(service).toMatchObject({ id: expect.any(String), name: expect.any(String) });
      expect(service.endpoints.map((e: { interface: string }) => e.interface)).toEqual(["public", "internal", "admin"]);
      for (const endpoint of service.endpoints) {
        expect(Object.keys(endpoint).sort()).toEqual(["id", "interface", "region", "region_id", "url"]);
        expect(endpoint.region).toBe("RegionOne");
        expect(endpoint.region_id).toBe("RegionOne");
        expect(endpoint.url.startsWith("http://localhost/")).toBe(true);
      }
    }
    const urlOf = (type: string) => catalog.find((s: { type: string }) => s.type === type).endpoints[0].url;
    expect(urlOf("identity")).toBe("http://localhost/identity");
    expect(urlOf("compute")).toBe("http://localhost/compute/v2.1");
    expect(urlOf("network")).toBe("http://localhost/networking");
    expect(urlOf("image")).toBe("http://localhost/image");
    expect(urlOf("emulator")).toBe("http://localhost/_emulator");
    expect(project.name).toBe("demo");
  });

  it("fills the token's project into a catalog path, and leaves such an endpoint out of a system token", async () => {
    // a service whose endpoint names the project (Swift's AUTH_<project> account), given to identity
    const catalog = [
      { type: "identity", name: "keystone", path: "/identity" },
      { type: "object-store", name: "swift", path: "/object-store/v1/AUTH_{project_id}" },
    ];
    const identityOnly = { identity: loadScenario("default").identity as IdentitySeedSection };
    const own = testEmulator({ seed: identityOnly, services: [identityService({ catalog, region: "RegionOne", tokenTtlSeconds: 3600 })] });
    const scoped = await issue(own, passwordAuth("demo", "demo", projectScope("demo")));
    const store = scoped.body.token.catalog.find((s: { type: string }) => s.type === "object-store");
    expect(store.endpoints[0].url).toBe(`http://localhost/object-store/v1/AUTH_${scoped.body.token.project.id}`);
    // Keystone keeps the service and leaves out the endpoint it cannot fill
    const system = await issue(own, passwordAuth("admin", "admin", { system: { all: true } }));
    const endpointsOf = (type: string) => system.body.token.catalog.find((s: { type: string }) => s.type === type).endpoints;
    expect(endpointsOf("identity")).toHaveLength(3);
    expect(endpointsOf("object-store")).toEqual([]);
  });

  it("builds catalog URLs from the address the client used", async () => {
    const direct = await emu.app.request("http://cloud.example:8480/identity/v3/auth/tokens", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(passwordAuth("demo", "demo", projectScope("demo"))),
    });
    expect(direct.status).toBe(201);
    const compute = (await direct.json()).token.catalog.find((s: { type: string }) => s.type === "compute");
    expect(compute.endpoints[0].url).toBe("http://cloud.example:8480/compute/v2.1");

    const proxied = await call(emu, "POST", TOKENS, {
      body: passwordAuth("demo", "demo", projectScope("demo")),
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "api.cloud.test" },
    });
    const identity = proxied.body.token.catalog.find((s: { type: string }) => s.type === "identity");
    expect(identity.endpoints.every((e: { url: string }) => e.url === "https://api.cloud.test/identity")).toBe(true);
  });

  it("leaves the catalog out with ?nocatalog and keeps the rest of the body", async () => {
    const res = await issue(emu, passwordAuth("demo", "demo", projectScope("demo")), { query: "?nocatalog" });
    expect(res.status).toBe(201);
    expect(res.body.token).not.toHaveProperty("catalog");
    expect(res.body.token.project.name).toBe("demo");
    expect(res.body.token.roles.length).toBeGreaterThan(0);
  });
});

describe("POST /v3/auth/tokens: scopes", () => {
  const emu = testEmulator();
  emu.world.merge({
    identity: {
      users: [{ name: "drifter", password: "pw", domain: "default" }],
      assignments: [
        { user: "drifter", role: "member", project: "demo" },
        { user: "admin", role: "admin", domain: "default" },
      ],
    },
  });

  it("scopes to a project by name and domain, or by id", async () => {
    const byName = await issue(emu, passwordAuth("admin", "admin", projectScope("admin")));
    expect(byName.status).toBe(201);
    const id = byName.body.token.project.id;
    const byId = await issue(emu, passwordAuth("admin", "admin", { project: { id } }));
    expect(byId.status).toBe(201);
    expect(byId.body.token.project).toEqual(byName.body.token.project);
    const byDomainId = await issue(emu, passwordAuth("admin", "admin", { project: { name: "admin", domain: { id: "default" } } }));
    expect(byDomainId.body.token.project.id).toBe(id);
    // admin implies member, member implies reader
    expect(byId.body.token.roles.map((r: { name: string }) => r.name).sort()).toEqual(["admin", "member", "reader"]);
  });

  it("scopes to a domain", async () => {
    const res = await issue(emu, passwordAuth("admin", "admin", { domain: { id: "default" } }));
    expect(res.status).toBe(201);
    const token = res.body.token;
    expect(token.domain).toEqual({ id: "default", name: "Default" });
    expect(token).not.toHaveProperty("project");
    expect(token).not.toHaveProperty("is_domain");
    expect(token.roles.map((r: { name: string }) => r.name)).toContain("admin");
    const byName = await issue(emu, passwordAuth("admin", "admin", { domain: DEFAULT_DOMAIN }));
    expect(byName.body.token.domain.id).toBe("default");
  });

  it("scopes to the system with {all: true}", async () => {
    const res = await issue(emu, passwordAuth("admin", "admin", { system: { all: true } }));
    expect(res.status).toBe(201);
    const token = res.body.token;
    expect(token.system).toEqual({ all: true });
    expect(token).not.toHaveProperty("project");
    expect(token.roles.map((r: { name: string }) => r.name)).toContain("admin");
    // endpoints whose URL names the project (block storage's /volume/v3/{project_id}) are left out, as Keystone
    // does; their services stay, with no endpoints
    const projectBound = ["block-storage", "instance-ha", "object-store", "volume", "volumev3"];
    expect(token.catalog.map((s: { type: string }) => s.type).sort()).toEqual(MOUNTED_CATALOG_TYPES);
    const withEndpoints = token.catalog.filter((s: { endpoints: unknown[] }) => s.endpoints.length > 0).map((s: { type: string }) => s.type);
    expect(withEndpoints.sort()).toEqual(MOUNTED_CATALOG_TYPES.filter((t) => !projectBound.includes(t)));
  });

  it("gives an explicitly unscoped token no project, roles or catalog", async () => {
    const res = await issue(emu, passwordAuth("demo", "demo", "unscoped"));
    expect(res.status).toBe(201);
    const token = res.body.token;
    expect(Object.keys(token).sort()).toEqual(["audit_ids", "expires_at", "issued_at", "methods", "user"]);
  });

  it("leaves an omitted scope unscoped, default project or not (the spec's table), and the exchange scopes it", async () => {
    for (const [user, password] of [["demo", "demo"], ["drifter", "pw"]]) {
      const res = await issue(emu, passwordAuth(user, password));
      expect(res.status).toBe(201);
      expect(Object.keys(res.body.token).sort()).toEqual(["audit_ids", "expires_at", "issued_at", "methods", "user"]);
    }
    // the spec's three steps: an unscoped token, the projects it may scope to, a token for one of them
    const unscoped = (await issue(emu, passwordAuth("demo", "demo"))).headers.get("x-subject-token")!;
    const projects = await call(emu, "GET", "/identity/v3/auth/projects", { token: unscoped });
    expect(projects.body.projects.map((p: { name: string }) => p.name)).toEqual(["demo"]);
    const scoped = await issue(emu, tokenExchange(unscoped, { project: { id: projects.body.projects[0].id } }));
    expect(scoped.status).toBe(201);
    expect(scoped.body.token.project.name).toBe("demo");
    expect(scoped.body.token.catalog.length).toBe(MOUNTED_CATALOG_TYPES.length);
  });

  it("with --profile upstream scopes an omitted scope to the user's default project, as Keystone does", async () => {
    const upstream = testEmulator({ profile: "upstream" });
    upstream.world.merge({ identity: { users: [{ name: "drifter", password: "pw", domain: "default" }], assignments: [{ user: "drifter", role: "member", project: "demo" }] } });
    const seeded = await issue(upstream, passwordAuth("demo", "demo"));
    expect(seeded.status).toBe(201);
    expect(seeded.body.token.project.name).toBe("demo");
    expect(seeded.body.token.catalog.length).toBe(MOUNTED_CATALOG_TYPES.length);
    // without a default project the token is unscoped, with no roles and no catalog
    const noDefault = await issue(upstream, passwordAuth("drifter", "pw"));
    expect(noDefault.status).toBe(201);
    expect(noDefault.body.token).not.toHaveProperty("project");
    expect(noDefault.body.token).not.toHaveProperty("roles");
    expect(noDefault.body.token).not.toHaveProperty("catalog");
  });

  it("refuses a scope the user holds no role on with 401", async () => {
    for (const scope of [projectScope("admin"), { domain: { id: "default" } }, { system: { all: true } }]) {
      const res = await issue(emu, passwordAuth("demo", "demo", scope));
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe(401);
    }
  });
});

describe("token lifetime and reproducibility", () => {
  it("takes the lifetime from tokenTtlSeconds", async () => {
    const emu = testEmulator({ tokenTtlSeconds: 60 });
    const res = await issue(emu, passwordAuth("demo", "demo"));
    expect(res.body.token.expires_at).toBe("2030-01-01T00:01:00.000000Z");
    const token = res.headers.get("x-subject-token")!;
    emu.clock.advance(59_000);
    expect((await call(emu, "GET", "/identity/v3/auth/projects", { token })).status).toBe(200);
    emu.clock.advance(1_000);
    expect((await call(emu, "GET", "/identity/v3/auth/projects", { token })).status).toBe(401);
  });

  it("issues the same token strings from two emulators with the same random seed", async () => {
    const a = testEmulator({ randomSeed: 7 });
    const b = testEmulator({ randomSeed: 7 });
    const c = testEmulator({ randomSeed: 8 });
    const fromA = [await login(a), await login(a, "demo")];
    const fromB = [await login(b), await login(b, "demo")];
    expect(fromB).toEqual(fromA);
    expect(await login(c)).not.toBe(fromA[0]);
    const bodyA = (await issue(a, passwordAuth("demo", "demo"))).body.token;
    const bodyB = (await issue(b, passwordAuth("demo", "demo"))).body.token;
    expect(bodyB.audit_ids).toEqual(bodyA.audit_ids);
  });
});
