// OS-EP-FILTER: endpoint groups, project associations of endpoints and groups, the narrowed token catalog,
// admin-only access, and a project's reset putting its associations back as seeded; snapshots carry them.

import { beforeEach, describe, expect, it } from "vitest";
import { call, passwordAuth } from "../../helpers/emulator.js";
import { expectRefused } from "../../helpers/refused.js";
import { directory, HEX_ID, type Directory } from "./directory-setup.js";
import { issue, projectScope } from "./identity-helpers.js";

const EXT = "/v3/OS-EP-FILTER";
type Catalog = Array<{ id: string; type: string; endpoints: Array<{ id: string; interface: string }> }>;

let d: Directory;
let demoProject: string;
let endpointsByType: Map<string, Array<{ id: string; interface: string; service_id: string }>>;
beforeEach(async () => {
  d = await directory();
  demoProject = await d.idOf("projects", "demo");
  const services = (await d.api("GET", "/v3/services")).body.services as Array<{ id: string; type: string }>;
  const endpoints = (await d.api("GET", "/v3/endpoints")).body.endpoints as Array<{ id: string; interface: string; service_id: string }>;
  endpointsByType = new Map(services.map((s) => [s.type, endpoints.filter((e) => e.service_id === s.id)]));
});

const catalogOf = async (user: string): Promise<Catalog> => (await issue(d.emu, passwordAuth(user, user, projectScope(user)))).body.token.catalog;
const publicOf = (type: string) => endpointsByType.get(type)!.find((e) => e.interface === "public")!;

describe("identity: project endpoint associations", () => {
  it("narrows the project's catalog to its endpoints (services left empty drop out), other projects unchanged", async () => {
    const compute = publicOf("compute");
    const put = await d.api("PUT", `${EXT}/projects/${demoProject}/endpoints/${compute.id}`);
    expect(put.status).toBe(204);
    expect(put.text).toBe("");
    const catalog = await catalogOf("demo");
    expect(catalog.map((s) => [s.type, s.endpoints.map((e) => e.id)])).toEqual([["compute", [compute.id]]]);
    expect((await catalogOf("admin")).length).toBe(endpointsByType.size);
    // the check: 204 (GET and HEAD), 404 once removed
    expect((await d.api("GET", `${EXT}/projects/${demoProject}/endpoints/${compute.id}`)).status).toBe(204);
    const head = await d.emu.app.request(`http://localhost/identity${EXT}/projects/${demoProject}/endpoints/${compute.id}`, { method: "HEAD", headers: { "X-Auth-Token": d.admin } });
    expect(head.status).toBe(204);
    expect((await d.api("GET", `${EXT}/projects/${demoProject}/endpoints`)).body.endpoints.map((e: { id: string }) => e.id)).toEqual([compute.id]);
    expect((await d.api("GET", `${EXT}/endpoints/${compute.id}/projects`)).body.projects.map((p: { name: string }) => p.name)).toEqual(["demo"]);
    expect((await d.api("DELETE", `${EXT}/projects/${demoProject}/endpoints/${compute.id}`)).status).toBe(204);
    const missing = await d.api("GET", `${EXT}/projects/${demoProject}/endpoints/${compute.id}`);
    expect(missing.body.error).toEqual({ code: 404, title: "Not Found", message: `Endpoint ${compute.id} not found in project ${demoProject}` });
    expect((await catalogOf("demo")).length).toBe(endpointsByType.size);
  });

  it("answers 409 for a repeated association and 404 for an unknown project or endpoint, changing nothing", async () => {
    const compute = publicOf("compute");
    await d.api("PUT", `${EXT}/projects/${demoProject}/endpoints/${compute.id}`);
    const dup = await expectRefused(d.fingerprint, 409, () => d.api("PUT", `${EXT}/projects/${demoProject}/endpoints/${compute.id}`));
    expect(dup.body.error.message).toBe("Conflict occurred attempting to store project_endpoint - Duplicate entry.");
    const noProject = await expectRefused(d.fingerprint, 404, () => d.api("PUT", `${EXT}/projects/nope/endpoints/${compute.id}`));
    expect(noProject.body.error.message).toBe("Could not find project: nope.");
    const noEndpoint = await expectRefused(d.fingerprint, 404, () => d.api("PUT", `${EXT}/projects/${demoProject}/endpoints/nope`));
    expect(noEndpoint.body.error.message).toBe("Could not find endpoint: nope.");
  });

  it("refuses a member with Keystone's 403, changing nothing", async () => {
    const compute = publicOf("compute");
    const res = await expectRefused(d.fingerprint, 403, () => d.api("PUT", `${EXT}/projects/${demoProject}/endpoints/${compute.id}`, { token: d.demo }));
    expect(res.body.error).toEqual({ code: 403, title: "Forbidden", message: "You are not authorized to perform the requested action." });
    expect((await d.api("GET", `${EXT}/projects/${demoProject}/endpoints`, { token: d.demo })).status).toBe(403);
  });

  it("drops an endpoint's associations when it is deleted", async () => {
    const svc = (await d.api("POST", "/v3/services", { body: { service: { type: "dns" } } })).body.service;
    const ep = (await d.api("POST", "/v3/endpoints", { body: { endpoint: { service_id: svc.id, interface: "public", url: "http://dns" } } })).body.endpoint;
    await d.api("PUT", `${EXT}/projects/${demoProject}/endpoints/${ep.id}`);
    await d.api("DELETE", `/v3/endpoints/${ep.id}`);
    expect((await d.api("GET", `${EXT}/projects/${demoProject}/endpoints`)).body.endpoints).toEqual([]);
    expect((await catalogOf("demo")).length).toBe(endpointsByType.size + 1);
  });
});

describe("identity: endpoint groups", () => {
  it("creates (201), shows, lists by name, updates and deletes a group", async () => {
    const res = await d.api("POST", `${EXT}/endpoint_groups`, { body: { endpoint_group: { name: "public", filters: { interface: "public" } } } });
    expect(res.status).toBe(201);
    const group = res.body.endpoint_group;
    expect(group.id).toMatch(HEX_ID);
    expect(group).toEqual({ id: group.id, name: "public", description: null, filters: { interface: "public" }, links: { self: `http://localhost/identity/v3/OS-EP-FILTER/endpoint_groups/${group.id}` } });
    expect((await d.api("GET", `${EXT}/endpoint_groups/${group.id}`)).body.endpoint_group).toEqual(group);
    expect((await d.api("GET", `${EXT}/endpoint_groups?name=public`)).body.endpoint_groups).toEqual([group]);
    expect((await d.api("GET", `${EXT}/endpoint_groups?name=other`)).body.endpoint_groups).toEqual([]);
    const endpoints = (await d.api("GET", `${EXT}/endpoint_groups/${group.id}/endpoints`)).body.endpoints;
    expect(endpoints.length).toBe(endpointsByType.size);
    expect(endpoints.every((e: { interface: string }) => e.interface === "public")).toBe(true);
    const patched = await d.api("PATCH", `${EXT}/endpoint_groups/${group.id}`, { body: { endpoint_group: { description: "all public", filters: { interface: "admin" } } } });
    expect(patched.body.endpoint_group).toMatchObject({ description: "all public", filters: { interface: "admin" } });
    expect((await d.api("DELETE", `${EXT}/endpoint_groups/${group.id}`)).status).toBe(204);
    const gone = await d.api("GET", `${EXT}/endpoint_groups/${group.id}`);
    expect(gone.body.error.message).toBe(`Could not find Endpoint Group: ${group.id}.`);
  });

  it("refuses empty filters and filter keys Keystone does not know with 400", async () => {
    const empty = await expectRefused(d.fingerprint, 400, () => d.api("POST", `${EXT}/endpoint_groups`, { body: { endpoint_group: { name: "x", filters: {} } } }));
    expect(empty.body.error.message).toBe("filters field is required and cannot be empty");
    const unknown = await expectRefused(d.fingerprint, 400, () => d.api("POST", `${EXT}/endpoint_groups`, { body: { endpoint_group: { name: "x", filters: { url: "http://x" } } } }));
    expect(unknown.body.error.message).toMatch(/^Expecting to find service_id or region_id or interface in endpoint_group\./);
    await expectRefused(d.fingerprint, 400, () => d.api("POST", `${EXT}/endpoint_groups`, { body: { endpoint_group: { name: "x", filters: { interface: "private" } } } }));
  });

  it("narrows an associated project's catalog to the group's endpoints", async () => {
    const computeId = endpointsByType.get("compute")![0]!.service_id;
    const group = (await d.api("POST", `${EXT}/endpoint_groups`, { body: { endpoint_group: { name: "nova", filters: { service_id: computeId } } } })).body.endpoint_group;
    const member = `${EXT}/endpoint_groups/${group.id}/projects/${demoProject}`;
    expect((await d.api("GET", member)).body.error.message).toBe("Endpoint Group Project Association not found");
    expect((await d.api("PUT", member)).status).toBe(204);
    expect((await d.api("GET", member)).body).toEqual({
      project_endpoint_group: { endpoint_group_id: group.id, project_id: demoProject, links: { self: `http://localhost/identity${member}` } },
    });
    const catalog = await catalogOf("demo");
    expect(catalog.map((s) => s.type)).toEqual(["compute"]);
    expect(catalog[0]!.endpoints).toHaveLength(3);
    expect((await d.api("GET", `${EXT}/projects/${demoProject}/endpoint_groups`)).body.endpoint_groups.map((g: { id: string }) => g.id)).toEqual([group.id]);
    expect((await d.api("GET", `${EXT}/endpoint_groups/${group.id}/projects`)).body.projects.map((p: { id: string }) => p.id)).toEqual([demoProject]);
    expect((await d.api("GET", `${EXT}/projects/${demoProject}/endpoints`)).body.endpoints).toHaveLength(3);
    await expectRefused(d.fingerprint, 409, () => d.api("PUT", member));
    expect((await d.api("DELETE", `${EXT}/endpoint_groups/${group.id}`)).status).toBe(204);
    expect((await catalogOf("demo")).length).toBe(endpointsByType.size);
  });
});

describe("identity: catalog state, reset and snapshots", () => {
  it("puts a project's associations back as seeded on its reset, and leaves the catalog records alone", async () => {
    const svc = (await d.api("POST", "/v3/services", { body: { service: { type: "dns" } } })).body.service;
    await d.api("PUT", `${EXT}/projects/${demoProject}/endpoints/${publicOf("compute").id}`);
    expect((await call(d.emu, "POST", `/_emulator/reset?project=${demoProject}`)).status).toBeLessThan(300);
    expect((await d.api("GET", `${EXT}/projects/${demoProject}/endpoints`)).body.endpoints).toEqual([]);
    expect((await d.api("GET", `/v3/services/${svc.id}`)).status).toBe(200);
  });

  it("carries the records and associations through a snapshot export and import", async () => {
    const svc = (await d.api("POST", "/v3/services", { body: { service: { type: "dns" } } })).body.service;
    await d.api("PUT", `${EXT}/projects/${demoProject}/endpoints/${publicOf("compute").id}`);
    const snapshot = (await call(d.emu, "GET", "/_emulator/state")).body;
    await call(d.emu, "POST", "/_emulator/reset");
    expect((await d.api("GET", `/v3/services/${svc.id}`, { token: await loginAdmin() })).status).toBe(404);
    const imported = await call(d.emu, "PUT", "/_emulator/state", { body: snapshot });
    expect(imported.status, imported.text).toBeLessThan(300);
    const admin = await loginAdmin();
    expect((await d.api("GET", `/v3/services/${svc.id}`, { token: admin })).status).toBe(200);
    expect((await d.api("GET", `${EXT}/projects/${demoProject}/endpoints`, { token: admin })).body.endpoints).toHaveLength(1);
    expect((await catalogOf("demo")).map((s) => s.type)).toEqual(["compute"]);
  });
});

async function loginAdmin(): Promise<string> {
  return (await issue(d.emu, passwordAuth("admin", "admin", projectScope("admin")))).headers.get("x-subject-token")!;
}
