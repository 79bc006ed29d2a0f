// Keystone v3 /regions, /services and /endpoints: CRUD, filters, Keystone's errors, admin-only writes, and
// the seeded records of the mounted services.

import { beforeEach, describe, expect, it } from "vitest";
import { expectRefused } from "../../helpers/refused.js";
import { directory, HEX_ID, type Directory } from "./directory-setup.js";
import { MOUNTED_CATALOG_TYPES } from "./identity-helpers.js";

let d: Directory;
beforeEach(async () => {
  d = await directory();
});

const FORBIDDEN = { error: { code: 403, title: "Forbidden", message: "You are not authorized to perform the requested action." } };

async function newService(type = "dns", extra: Record<string, unknown> = {}) {
  const res = await d.api("POST", "/v3/services", { body: { service: { type, name: "designate", ...extra } } });
  expect(res.status, res.text).toBe(201);
  return res.body.service as { id: string };
}

describe("identity: seeded catalog records", () => {
  it("lists a service and public, internal and admin endpoints per mounted service, in the configured region", async () => {
    const services = (await d.api("GET", "/v3/services")).body.services;
    expect(services.map((s: { type: string }) => s.type).sort()).toEqual(MOUNTED_CATALOG_TYPES);
    const compute = services.find((s: { type: string }) => s.type === "compute");
    expect(compute).toEqual({ id: compute.id, type: "compute", name: "nova", enabled: true, links: { self: `http://localhost/identity/v3/services/${compute.id}` } });
    const endpoints = (await d.api("GET", `/v3/endpoints?service_id=${compute.id}`)).body.endpoints;
    expect(endpoints.map((e: { interface: string }) => e.interface)).toEqual(["public", "internal", "admin"]);
    expect(endpoints[0]).toEqual({
      id: endpoints[0].id,
      interface: "public",
      region: "RegionOne",
      region_id: "RegionOne",
      service_id: compute.id,
      url: "http://localhost/compute/v2.1",
      enabled: true,
      links: { self: `http://localhost/identity/v3/endpoints/${endpoints[0].id}` },
    });
    const regions = (await d.api("GET", "/v3/regions")).body;
    expect(regions).toEqual({
      regions: [{ id: "RegionOne", description: "", parent_region_id: null, links: { self: "http://localhost/identity/v3/regions/RegionOne" } }],
      links: { self: "http://localhost/identity/v3/regions", previous: null, next: null },
    });
  });

  it("renders a seeded endpoint's URL from the address the client used, and keeps Keystone's $(project_id)s template", async () => {
    const res = await d.emu.app.request("http://10.0.0.7:39211/identity/v3/endpoints?interface=public", { headers: { "X-Auth-Token": d.admin } });
    const urls = ((await res.json()) as { endpoints: Array<{ url: string }> }).endpoints.map((e) => e.url);
    expect(urls).toContain("http://10.0.0.7:39211/identity");
    expect(urls).toContain("http://10.0.0.7:39211/object-store/v1/AUTH_$(project_id)s");
  });
});

describe("identity: /v3/services", () => {
  it("creates (201), shows, lists by type and name, updates and deletes a service", async () => {
    const res = await d.api("POST", "/v3/services", { body: { service: { type: "dns", name: "designate", description: "DNS", color: "blue" } } });
    expect(res.status).toBe(201);
    const svc = res.body.service;
    expect(svc.id).toMatch(HEX_ID);
    expect(svc).toEqual({ id: svc.id, type: "dns", name: "designate", description: "DNS", color: "blue", enabled: true, links: { self: `http://localhost/identity/v3/services/${svc.id}` } });
    expect((await d.api("GET", `/v3/services/${svc.id}`)).body.service).toEqual(svc);
    expect((await d.api("GET", "/v3/services?type=dns")).body.services).toEqual([svc]);
    expect((await d.api("GET", "/v3/services?name=designate")).body.services).toEqual([svc]);
    const updated = await d.api("PATCH", `/v3/services/${svc.id}`, { body: { service: { enabled: false, description: "names" } } });
    expect(updated.body.service).toMatchObject({ enabled: false, description: "names", name: "designate" });
    expect((await d.api("DELETE", `/v3/services/${svc.id}`)).status).toBe(204);
    const gone = await d.api("GET", `/v3/services/${svc.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toEqual({ code: 404, title: "Not Found", message: `Could not find service: ${svc.id}.` });
  });

  it("defaults the name to an empty string and requires a type", async () => {
    expect((await d.api("POST", "/v3/services", { body: { service: { type: "dns" } } })).body.service.name).toBe("");
    await expectRefused(d.fingerprint, 400, () => d.api("POST", "/v3/services", { body: { service: { name: "x" } } }));
    await expectRefused(d.fingerprint, 400, () => d.api("PATCH", "/v3/services/nope", { body: { service: {} } }));
  });

  it("deletes a service's endpoints with it", async () => {
    const svc = await newService();
    const ep = await d.api("POST", "/v3/endpoints", { body: { endpoint: { service_id: svc.id, interface: "public", url: "http://dns.example:9001" } } });
    expect((await d.api("DELETE", `/v3/services/${svc.id}`)).status).toBe(204);
    expect((await d.api("GET", `/v3/endpoints/${ep.body.endpoint.id}`)).status).toBe(404);
  });

  it("refuses a member's reads and writes with Keystone's 403, changing nothing", async () => {
    const refused = await expectRefused(d.fingerprint, 403, () => d.api("POST", "/v3/services", { token: d.demo, body: { service: { type: "dns" } } }));
    expect(refused.body).toEqual(FORBIDDEN);
    expect((await d.api("GET", "/v3/services", { token: d.demo })).body).toEqual(FORBIDDEN);
    expect((await d.api("GET", "/v3/endpoints", { token: d.demo })).status).toBe(403);
    expect((await d.api("GET", "/v3/services", { token: null })).status).toBe(401);
  });
});

describe("identity: /v3/endpoints", () => {
  it("creates (201), shows, filters, updates and deletes an endpoint", async () => {
    const svc = await newService();
    const body = { endpoint: { service_id: svc.id, interface: "internal", url: "http://dns.example:9001", region_id: "RegionOne", name: "dns-int" } };
    const res = await d.api("POST", "/v3/endpoints", { body });
    expect(res.status).toBe(201);
    const ep = res.body.endpoint;
    expect(ep).toEqual({
      id: ep.id, interface: "internal", region: "RegionOne", region_id: "RegionOne", service_id: svc.id, url: "http://dns.example:9001",
      enabled: true, name: "dns-int", links: { self: `http://localhost/identity/v3/endpoints/${ep.id}` },
    });
    expect((await d.api("GET", `/v3/endpoints/${ep.id}`)).body.endpoint).toEqual(ep);
    expect((await d.api("GET", `/v3/endpoints?service_id=${svc.id}&interface=internal`)).body.endpoints).toEqual([ep]);
    expect((await d.api("GET", `/v3/endpoints?service_id=${svc.id}&interface=public`)).body.endpoints).toEqual([]);
    expect((await d.api("GET", "/v3/endpoints?region_id=RegionOne")).body.endpoints.length).toBe(MOUNTED_CATALOG_TYPES.length * 3 + 1);
    const patched = await d.api("PATCH", `/v3/endpoints/${ep.id}`, { body: { endpoint: { url: "https://dns.example", enabled: false } } });
    expect(patched.body.endpoint).toMatchObject({ url: "https://dns.example", enabled: false, interface: "internal" });
    expect((await d.api("DELETE", `/v3/endpoints/${ep.id}`)).status).toBe(204);
    const gone = await d.api("DELETE", `/v3/endpoints/${ep.id}`);
    expect(gone.body.error.message).toBe(`Could not find endpoint: ${ep.id}.`);
  });

  it("creates the region a v2-style `region` names, and refuses an unknown region_id or service_id with 400", async () => {
    const svc = await newService();
    const res = await d.api("POST", "/v3/endpoints", { body: { endpoint: { service_id: svc.id, interface: "public", url: "http://x:1", region: "RegionTwo" } } });
    expect(res.body.endpoint).toMatchObject({ region: "RegionTwo", region_id: "RegionTwo" });
    expect((await d.api("GET", "/v3/regions/RegionTwo")).status).toBe(200);
    const badRegion = await expectRefused(d.fingerprint, 400, () =>
      d.api("POST", "/v3/endpoints", { body: { endpoint: { service_id: svc.id, interface: "public", url: "http://x:1", region_id: "Nowhere" } } }),
    );
    expect(badRegion.body.error.message).toMatch(/^Expecting to find endpoint region_id in region table\./);
    const badService = await expectRefused(d.fingerprint, 400, () =>
      d.api("POST", "/v3/endpoints", { body: { endpoint: { service_id: "nope", interface: "public", url: "http://x:1" } } }),
    );
    expect(badService.body.error.message).toMatch(/^Expecting to find endpoint service_id in service table\./);
  });

  it("refuses a bad interface, a URL without a scheme, and a substitution Keystone does not allow", async () => {
    const svc = await newService();
    const post = (endpoint: Record<string, unknown>) => d.api("POST", "/v3/endpoints", { body: { endpoint: { service_id: svc.id, interface: "public", url: "http://x", ...endpoint } } });
    await expectRefused(d.fingerprint, 400, () => post({ interface: "private" }));
    await expectRefused(d.fingerprint, 400, () => post({ url: "no-scheme" }));
    const bad = await expectRefused(d.fingerprint, 400, () => post({ url: "http://x/$(secret)s" }));
    expect(bad.body.error.message).toBe("Cannot create an endpoint with an invalid URL: http://x/$(secret)s.");
    expect((await post({ url: "http://x/v1/%(tenant_id)s" })).status).toBe(201);
  });

  it("refuses a member's writes with 403, changing nothing", async () => {
    const [ep] = (await d.api("GET", "/v3/endpoints")).body.endpoints;
    await expectRefused(d.fingerprint, 403, () => d.api("PATCH", `/v3/endpoints/${ep.id}`, { token: d.demo, body: { endpoint: { enabled: false } } }));
    await expectRefused(d.fingerprint, 403, () => d.api("DELETE", `/v3/endpoints/${ep.id}`, { token: d.demo }));
  });
});

describe("identity: /v3/regions", () => {
  it("creates with a generated id (POST) or a chosen one (PUT), nests, filters by parent, updates and deletes", async () => {
    const made = await d.api("POST", "/v3/regions", { body: { region: { description: "west" } } });
    expect(made.status).toBe(201);
    expect(made.body.region).toMatchObject({ description: "west", parent_region_id: null });
    expect(made.body.region.id).toMatch(HEX_ID);
    const put = await d.api("PUT", "/v3/regions/RegionTwo", { body: { region: { parent_region_id: "RegionOne" } } });
    expect(put.status).toBe(201);
    expect(put.body.region).toEqual({ id: "RegionTwo", description: "", parent_region_id: "RegionOne", links: { self: "http://localhost/identity/v3/regions/RegionTwo" } });
    expect((await d.api("GET", "/v3/regions?parent_region_id=RegionOne")).body.regions.map((r: { id: string }) => r.id)).toEqual(["RegionTwo"]);
    const patched = await d.api("PATCH", "/v3/regions/RegionTwo", { body: { region: { description: "two" } } });
    expect(patched.body.region).toMatchObject({ id: "RegionTwo", description: "two", parent_region_id: "RegionOne" });
    expect((await d.api("DELETE", "/v3/regions/RegionTwo")).status).toBe(204);
    expect((await d.api("GET", "/v3/regions/RegionTwo")).body.error.message).toBe("Could not find region: RegionTwo.");
  });

  it("lets any token read regions", async () => {
    expect((await d.api("GET", "/v3/regions", { token: d.demo })).status).toBe(200);
    expect((await d.api("GET", "/v3/regions/RegionOne", { token: d.demo })).status).toBe(200);
    await expectRefused(d.fingerprint, 403, () => d.api("PUT", "/v3/regions/Mine", { token: d.demo, body: { region: {} } }));
  });

  it("answers 409 for a duplicate id, 400 for a conflicting body id, 404 for an unknown parent", async () => {
    const dup = await expectRefused(d.fingerprint, 409, () => d.api("PUT", "/v3/regions/RegionOne", { body: { region: {} } }));
    // Keystone's own double full stop: its detail ends in one and its message format adds another
    expect(dup.body.error.message).toBe("Conflict occurred attempting to store region - Duplicate ID, RegionOne..");
    const clash = await expectRefused(d.fingerprint, 400, () => d.api("PUT", "/v3/regions/A", { body: { region: { id: "B" } } }));
    expect(clash.body.error.message).toBe('Conflicting region IDs specified: "A" != "B"');
    const orphan = await expectRefused(d.fingerprint, 404, () => d.api("POST", "/v3/regions", { body: { region: { id: "C", parent_region_id: "nope" } } }));
    expect(orphan.body.error.message).toBe("Could not find region: nope.");
  });

  it("refuses a parent that would make a circle (400)", async () => {
    await d.api("PUT", "/v3/regions/A", { body: { region: {} } });
    await d.api("PUT", "/v3/regions/B", { body: { region: { parent_region_id: "A" } } });
    const circle = await expectRefused(d.fingerprint, 400, () => d.api("PATCH", "/v3/regions/A", { body: { region: { parent_region_id: "B" } } }));
    expect(circle.body.error.message).toBe("The specified parent region A would create a circular region hierarchy.");
    await expectRefused(d.fingerprint, 400, () => d.api("PATCH", "/v3/regions/A", { body: { region: { parent_region_id: "A" } } }));
  });

  it("refuses to delete a region whose subtree has endpoints (403), and deletes child regions with it otherwise", async () => {
    const busy = await expectRefused(d.fingerprint, 403, () => d.api("DELETE", "/v3/regions/RegionOne"));
    expect(busy.body.error.message).toBe("Unable to delete region RegionOne because it or its child regions have associated endpoints.");
    await d.api("PUT", "/v3/regions/A", { body: { region: {} } });
    await d.api("PUT", "/v3/regions/B", { body: { region: { parent_region_id: "A" } } });
    expect((await d.api("DELETE", "/v3/regions/A")).status).toBe(204);
    expect((await d.api("GET", "/v3/regions/B")).status).toBe(404);
  });
});
