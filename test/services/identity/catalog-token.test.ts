// The token catalog built from the catalog records: admin changes show in the next token (issue and
// validate), disabled endpoints and services drop out, URLs follow the client's address, Keystone's
// $(project_id)s and %(tenant_id)s are filled, GET/HEAD /v3/auth/catalog, and ?nocatalog.

import { beforeEach, describe, expect, it } from "vitest";
import { call, passwordAuth } from "../../helpers/emulator.js";
import { directory, type Directory } from "./directory-setup.js";
import { issue, projectScope, TOKENS, validate } from "./identity-helpers.js";
import { tokenCatalog } from "../../../src/services/identity/views-catalog.js";
import type { IdentityState } from "../../../src/services/identity/state.js";

let d: Directory;
beforeEach(async () => {
  d = await directory();
});

type Catalog = Array<{ id: string; type: string; name: string; endpoints: Array<{ id: string; interface: string; url: string; region_id: string | null }> }>;

async function demoCatalog(): Promise<{ catalog: Catalog; projectId: string; userId: string }> {
  const res = await issue(d.emu, passwordAuth("demo", "demo", projectScope("demo")));
  expect(res.status).toBe(201);
  return { catalog: res.body.token.catalog, projectId: res.body.token.project.id, userId: res.body.token.user.id };
}

async function addService(type: string, urls: Record<string, string>) {
  const svc = (await d.api("POST", "/v3/services", { body: { service: { type, name: type } } })).body.service;
  const endpoints = [];
  for (const [iface, url] of Object.entries(urls)) {
    const res = await d.api("POST", "/v3/endpoints", { body: { endpoint: { service_id: svc.id, interface: iface, url, region_id: "RegionOne" } } });
    expect(res.status, res.text).toBe(201);
    endpoints.push(res.body.endpoint);
  }
  return { svc, endpoints };
}

describe("identity: the token catalog follows the catalog records", () => {
  it("shows an endpoint an admin adds in the next token, and in a validation of an older one", async () => {
    const before = await d.auth("demo", "demo", projectScope("demo"));
    const older = before.headers.get("x-subject-token")!;
    const { svc, endpoints } = await addService("dns", { public: "http://dns.example:9001/v2" });
    const { catalog } = await demoCatalog();
    const dns = catalog.find((s) => s.type === "dns")!;
    expect(dns).toEqual({ id: svc.id, type: "dns", name: "dns", endpoints: [{ id: endpoints[0].id, interface: "public", region: "RegionOne", region_id: "RegionOne", url: "http://dns.example:9001/v2" }] });
    // the catalog is rendered when asked: the older token's validation shows it too
    const validated = await validate(d.emu, d.admin, older);
    expect(validated.body.token.catalog.some((s: { type: string }) => s.type === "dns")).toBe(true);
  });

  it("drops a disabled endpoint, and a disabled service with all its endpoints; enabling brings them back", async () => {
    const { catalog } = await demoCatalog();
    const compute = catalog.find((s) => s.type === "compute")!;
    const internal = compute.endpoints.find((e) => e.interface === "internal")!;
    await d.api("PATCH", `/v3/endpoints/${internal.id}`, { body: { endpoint: { enabled: false } } });
    const afterEndpoint = (await demoCatalog()).catalog.find((s) => s.type === "compute")!;
    expect(afterEndpoint.endpoints.map((e) => e.interface)).toEqual(["public", "admin"]);

    const image = catalog.find((s) => s.type === "image")!;
    await d.api("PATCH", `/v3/services/${image.id}`, { body: { service: { enabled: false } } });
    expect((await demoCatalog()).catalog.some((s) => s.type === "image")).toBe(false);
    await d.api("PATCH", `/v3/services/${image.id}`, { body: { service: { enabled: true } } });
    expect((await demoCatalog()).catalog.find((s) => s.type === "image")!.endpoints).toHaveLength(3);
  });

  it("keeps a deleted endpoint out, and a service without endpoints listed with none (as Keystone does)", async () => {
    const { svc, endpoints } = await addService("dns", { public: "http://dns.example" });
    await d.api("DELETE", `/v3/endpoints/${endpoints[0].id}`);
    expect((await demoCatalog()).catalog.find((s) => s.id === svc.id)).toEqual({ id: svc.id, type: "dns", name: "dns", endpoints: [] });
  });

  it("renders seeded URLs from the address each client used; an admin-set URL is kept as given", async () => {
    const over = async (origin: string) => {
      const res = await d.emu.app.request(`${origin}/identity/v3/auth/tokens`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(passwordAuth("demo", "demo", projectScope("demo"))),
      });
      return ((await res.json()) as { token: { catalog: Catalog } }).token.catalog;
    };
    const urlOf = (catalog: Catalog, type: string) => catalog.find((s) => s.type === type)!.endpoints[0]!.url;
    expect(urlOf(await over("http://127.0.0.1:8480"), "compute")).toBe("http://127.0.0.1:8480/compute/v2.1");
    expect(urlOf(await over("http://172.17.0.1:32771"), "compute")).toBe("http://172.17.0.1:32771/compute/v2.1");
    const compute = (await over("http://localhost")).find((s) => s.type === "compute")!;
    await d.api("PATCH", `/v3/endpoints/${compute.endpoints[0]!.id}`, { body: { endpoint: { url: "https://nova.example/v2.1" } } });
    expect(urlOf(await over("http://127.0.0.1:8480"), "compute")).toBe("https://nova.example/v2.1");
  });

  it("fills $(project_id)s and %(tenant_id)s for a project token and leaves such endpoints out of a token without a project", async () => {
    const { svc } = await addService("key-manager", { public: "http://kms.example/v1/$(project_id)s", internal: "http://kms.example/v1/%(tenant_id)s", admin: "http://kms.example/v1" });
    const { catalog, projectId } = await demoCatalog();
    const kms = catalog.find((s) => s.id === svc.id)!;
    expect(kms.endpoints.map((e) => e.url)).toEqual([`http://kms.example/v1/${projectId}`, `http://kms.example/v1/${projectId}`, "http://kms.example/v1"]);
    const swift = catalog.find((s) => s.type === "object-store")!;
    expect(swift.endpoints[0]!.url).toBe(`http://localhost/object-store/v1/AUTH_${projectId}`);

    const system = await d.auth("admin", "admin", { system: { all: true } });
    const domainCatalog: Catalog = system.body.token.catalog;
    expect(domainCatalog.find((s) => s.id === svc.id)!.endpoints.map((e) => e.url)).toEqual(["http://kms.example/v1"]);
    expect(domainCatalog.find((s) => s.type === "object-store")!.endpoints).toEqual([]);
  });

  it("fills $(user_id)s with the token's user", async () => {
    const { svc } = await addService("per-user", { public: "http://u.example/$(user_id)s" });
    const { catalog, userId } = await demoCatalog();
    expect(catalog.find((s) => s.id === svc.id)!.endpoints[0]!.url).toBe(`http://u.example/${userId}`);
  });
});

describe("identity: the rendered catalog is kept per catalog version", () => {
  it("renders once across token writes, and again after a catalog write", async () => {
    const state = () => d.emu.kernel.store.state.identity as IdentityState;
    const { projectId, userId } = await demoCatalog();
    const first = tokenCatalog(state(), "http://localhost", projectId, userId);
    await demoCatalog(); // a token write: a new identity slice, the same catalog tables
    expect(tokenCatalog(state(), "http://localhost", projectId, userId)).toBe(first);
    await d.api("POST", "/v3/services", { body: { service: { type: "dns" } } });
    const after = tokenCatalog(state(), "http://localhost", projectId, userId);
    expect(after).not.toBe(first);
    expect(after.length).toBe(first.length + 1);
  });
});

describe("identity: GET and HEAD /v3/auth/catalog, ?nocatalog", () => {
  it("answers the project token's catalog, the same as the token's", async () => {
    const res = await d.api("GET", "/v3/auth/catalog", { token: d.demo });
    expect(res.status).toBe(200);
    expect(res.body.catalog).toEqual((await demoCatalog()).catalog);
    expect(res.body.links.self).toBe("http://localhost/identity/v3/auth/catalog");
    const head = await d.emu.app.request("http://localhost/identity/v3/auth/catalog", { method: "HEAD", headers: { "X-Auth-Token": d.demo } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("refuses a token without a project with Keystone's 403", async () => {
    const system = (await d.auth("admin", "admin", { system: { all: true } })).headers.get("x-subject-token")!;
    const res = await d.api("GET", "/v3/auth/catalog", { token: system });
    expect(res.body).toEqual({ error: { code: 403, title: "Forbidden", message: "A project-scoped token is required to produce a service catalog." } });
  });

  it("leaves the catalog out of issue and validation with ?nocatalog; HEAD validates without a body", async () => {
    const issued = await issue(d.emu, passwordAuth("demo", "demo", projectScope("demo")), { query: "?nocatalog" });
    expect(issued.body.token).not.toHaveProperty("catalog");
    const validated = await validate(d.emu, d.admin, d.demo, "?nocatalog");
    expect(validated.status).toBe(200);
    expect(validated.body.token).not.toHaveProperty("catalog");
    expect(validated.body.token.project.name).toBe("demo");
    const head = await call(d.emu, "HEAD", TOKENS, { token: d.admin, headers: { "X-Subject-Token": d.demo } });
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers.get("x-subject-token")).toBe(d.demo);
    const revoked = await call(d.emu, "HEAD", TOKENS, { token: d.admin, headers: { "X-Subject-Token": "not-a-token" } });
    expect(revoked.status).toBe(404);
  });
});
