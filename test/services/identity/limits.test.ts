// Unified limits: /v3/registered_limits and /v3/limits with Keystone's validation, duplicates, references
// and visibility; /v3/limits/model; refusals change nothing.

import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { directory, type Directory } from "./directory-setup.js";

const SUFFIX = " The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error.";

describe("unified limits", () => {
  let d: Directory;
  let computeId: string;
  let region: string;
  let demoProject: string;
  let adminProject: string;

  beforeEach(async () => {
    d = await directory();
    const services = await d.api("GET", "/v3/services?type=compute");
    computeId = services.body.services[0].id;
    region = (await d.api("GET", "/v3/regions")).body.regions[0].id;
    demoProject = await d.idOf("projects", "demo");
    adminProject = await d.idOf("projects", "admin");
  });

  const registered = (extra: Record<string, unknown> = {}) => ({ service_id: computeId, resource_name: "cores", default_limit: 10, ...extra });

  async function register(items: unknown[]) {
    const res = await d.api("POST", "/v3/registered_limits", { body: { registered_limits: items } });
    expect(res.status, res.text).toBe(201);
    return res.body.registered_limits as Array<Record<string, any>>;
  }

  it("creates registered limits from a list, lists them with filters, shows, updates and deletes one", async () => {
    const [cores, ram] = await register([registered({ region_id: region, description: "vCPUs" }), registered({ resource_name: "ram_mb", default_limit: 51200 })]);
    expect(cores).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      service_id: computeId,
      region_id: region,
      resource_name: "cores",
      default_limit: 10,
      description: "vCPUs",
      links: { self: `http://localhost/identity/v3/registered_limits/${cores.id}` },
    });
    expect(ram).toMatchObject({ region_id: null, description: null, default_limit: 51200 });
    // any valid token may read
    const all = await d.api("GET", "/v3/registered_limits", { token: d.demo });
    expect(all.status).toBe(200);
    expect(all.body.registered_limits.map((r: { id: string }) => r.id)).toEqual([cores.id, ram!.id]);
    const byName = await d.api("GET", "/v3/registered_limits?resource_name=ram_mb");
    expect(byName.body.registered_limits.map((r: { id: string }) => r.id)).toEqual([ram!.id]);
    expect((await d.api("GET", `/v3/registered_limits?region_id=${region}`)).body.registered_limits).toHaveLength(1);
    expect((await d.api("GET", `/v3/registered_limits?service_id=${computeId}`)).body.registered_limits).toHaveLength(2);
    expect((await d.api("GET", `/v3/registered_limits/${cores.id}`, { token: d.demo })).body.registered_limit).toEqual(cores);
    const patched = await d.api("PATCH", `/v3/registered_limits/${cores.id}`, { body: { registered_limit: { default_limit: 20 } } });
    expect(patched.status).toBe(200);
    expect(patched.body.registered_limit.default_limit).toBe(20);
    expect((await d.api("DELETE", `/v3/registered_limits/${cores.id}`)).status).toBe(204);
    const gone = await d.api("GET", `/v3/registered_limits/${cores.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(`Could not find registered limit for ${cores.id}.`);
  });

  it("refuses non-admin writes, unknown services or regions, duplicates and bad values, changing nothing", async () => {
    await register([registered()]);
    const before = d.fingerprint();
    const post = (items: unknown[], token?: string) => d.api("POST", "/v3/registered_limits", { token, body: { registered_limits: items } });
    expect((await post([registered({ resource_name: "x" })], d.demo)).status).toBe(403);
    const badService = await post([registered({ service_id: "nope" })]);
    expect(badService.status).toBe(400);
    expect(badService.body.error.message).toBe(`Expecting to find service_id in registered_limit.${SUFFIX}`);
    expect((await post([registered({ resource_name: "x", region_id: "nowhere" })])).body.error.message).toBe(`Expecting to find region_id in registered_limit.${SUFFIX}`);
    const dup = await post([registered({ resource_name: "instances" }), registered()]);
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe("Conflict occurred attempting to store registered_limit - Duplicate entry.");
    expect((await post([registered({ resource_name: "y", default_limit: -2 })])).status).toBe(400);
    expect((await post([registered({ resource_name: "y", extra: 1 })])).status).toBe(400);
    expect((await post([])).status).toBe(400);
    expect(d.fingerprint()).toBe(before);
  });

  it("creates project and domain limits that reference a registered limit; lists, shows, updates and deletes them", async () => {
    const [cores] = await register([registered()]);
    const res = await d.api("POST", "/v3/limits", {
      body: { limits: [{ project_id: demoProject, service_id: computeId, resource_name: "cores", resource_limit: 5 }, { domain_id: "default", service_id: computeId, resource_name: "cores", resource_limit: 50, description: "domain" }] },
    });
    expect(res.status, res.text).toBe(201);
    const [project, domain] = res.body.limits;
    expect(project).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      project_id: demoProject,
      domain_id: null,
      service_id: computeId,
      region_id: null,
      resource_name: "cores",
      resource_limit: 5,
      description: null,
      links: { self: `http://localhost/identity/v3/limits/${project.id}` },
    });
    expect(domain).toMatchObject({ project_id: null, domain_id: "default", resource_limit: 50 });
    // an admin sees all; demo's member only its project's
    expect((await d.api("GET", "/v3/limits")).body.limits).toHaveLength(2);
    expect((await d.api("GET", `/v3/limits?project_id=${demoProject}`)).body.limits.map((l: { id: string }) => l.id)).toEqual([project.id]);
    expect((await d.api("GET", "/v3/limits?domain_id=default")).body.limits.map((l: { id: string }) => l.id)).toEqual([domain.id]);
    expect((await d.api("GET", "/v3/limits", { token: d.demo })).body.limits.map((l: { id: string }) => l.id)).toEqual([project.id]);
    expect((await d.api("GET", `/v3/limits/${project.id}`, { token: d.demo })).body.limit).toEqual(project);
    const hidden = await d.api("GET", `/v3/limits/${domain.id}`, { token: d.demo });
    expect(hidden.status).toBe(403);
    // a referenced registered limit can neither change nor go
    const locked = await d.api("PATCH", `/v3/registered_limits/${cores!.id}`, { body: { registered_limit: { default_limit: 1 } } });
    expect(locked.status).toBe(403);
    expect(locked.body.error.message).toBe(`Unable to update or delete registered limit ${cores!.id} because there are project limits associated with it.`);
    expect((await d.api("DELETE", `/v3/registered_limits/${cores!.id}`)).status).toBe(403);
    const patched = await d.api("PATCH", `/v3/limits/${project.id}`, { body: { limit: { resource_limit: 7, description: "more" } } });
    expect(patched.body.limit).toMatchObject({ resource_limit: 7, description: "more" });
    expect((await d.api("PATCH", `/v3/limits/${project.id}`, { body: { limit: { resource_name: "ram" } } })).status).toBe(400);
    expect((await d.api("PATCH", `/v3/limits/${project.id}`, { token: d.demo, body: { limit: { resource_limit: 9 } } })).status).toBe(403);
    expect((await d.api("DELETE", `/v3/limits/${project.id}`)).status).toBe(204);
    expect((await d.api("DELETE", `/v3/limits/${domain.id}`)).status).toBe(204);
    const missing = await d.api("GET", `/v3/limits/${project.id}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(`Could not find limit for ${project.id}.`);
    expect((await d.api("DELETE", `/v3/registered_limits/${cores!.id}`)).status).toBe(204);
  });

  it("refuses a limit without a registered limit, a duplicate, an unknown project and both or neither owner", async () => {
    await register([registered()]);
    const limit = (extra: Record<string, unknown>) => ({ project_id: demoProject, service_id: computeId, resource_name: "cores", resource_limit: 5, ...extra });
    const post = (items: unknown[], token?: string) => d.api("POST", "/v3/limits", { token, body: { limits: items } });
    expect((await post([limit({})])).status).toBe(201);
    const before = d.fingerprint();
    const unregistered = await post([limit({ resource_name: "ram" })]);
    expect(unregistered.status).toBe(403);
    expect(unregistered.body.error.message).toBe("Unable to create a limit that has no corresponding registered limit.");
    const dup = await post([limit({ project_id: adminProject }), limit({})]);
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe("Conflict occurred attempting to store limit - Duplicate entry.");
    expect((await post([limit({ project_id: "ghost" })])).body.error.message).toBe(`Expecting to find project_id in limit.${SUFFIX}`);
    expect((await post([limit({ domain_id: "default" })])).status).toBe(400);
    expect((await post([{ service_id: computeId, resource_name: "cores", resource_limit: 5 }])).status).toBe(400);
    expect((await post([limit({ project_id: adminProject })], d.demo)).status).toBe(403);
    expect(d.fingerprint()).toBe(before);
  });

  it("reports the flat enforcement model", async () => {
    const res = await d.api("GET", "/v3/limits/model", { token: d.demo });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ model: { name: "flat", description: "Limit enforcement and validation does not take project hierarchy into consideration." } });
  });

  it("a project reset drops the project's limits and frees the registered limit", async () => {
    const [cores] = await register([registered()]);
    const made = await d.api("POST", "/v3/limits", { body: { limits: [{ project_id: demoProject, service_id: computeId, resource_name: "cores", resource_limit: 5 }] } });
    expect(made.status).toBe(201);
    expect((await call(d.emu, "POST", `/_emulator/reset?project=${demoProject}`)).status).toBeLessThan(300);
    const admin = (await d.auth("admin", "admin", { project: { name: "admin", domain: { name: "Default" } } })).headers.get("x-subject-token")!;
    expect((await d.api("GET", "/v3/limits", { token: admin })).body.limits).toEqual([]);
    expect((await d.api("DELETE", `/v3/registered_limits/${cores!.id}`, { token: admin })).status).toBe(204);
  });
});
