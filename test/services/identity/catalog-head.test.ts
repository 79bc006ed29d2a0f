// HEAD on every GET route of the identity route table (Keystone answers HEAD wherever it answers GET):
// the same status and headers as the GET, and no body. New GET routes are covered without naming them.

import { beforeAll, describe, expect, it } from "vitest";
import { routeTable } from "../../../src/kernel/http/service-app.js";
import { fill } from "../../authz/routes.js";
import { directory, type Directory } from "./directory-setup.js";

let d: Directory;
let ids: Record<string, string>;
beforeAll(async () => {
  d = await directory();
  const first = async (path: string, key: string) => (await d.api("GET", path)).body[key]?.[0]?.id as string;
  const group = await d.api("POST", "/v3/OS-EP-FILTER/endpoint_groups", { body: { endpoint_group: { name: "all", filters: { interface: "public" } } } });
  ids = {
    users: await d.idOf("users", "admin"),
    projects: await d.idOf("projects", "demo"),
    domains: "default",
    roles: await d.idOf("roles", "member"),
    regions: "RegionOne",
    services: await first("/v3/services", "services"),
    endpoints: await first("/v3/endpoints", "endpoints"),
    endpoint_groups: group.body.endpoint_group.id,
  };
});

describe("identity: HEAD on every GET route", () => {
  it("answers HEAD like GET, without a body", async () => {
    const identity = d.emu.services.find((s) => s.name === "identity")!;
    const gets = routeTable(identity.routes(d.emu.kernel)).filter((r) => r.method === "GET");
    expect(gets.length).toBeGreaterThan(30);
    const mismatches: string[] = [];
    for (const route of gets) {
      const { url } = fill(`/identity${route.path === "/" ? "" : route.path}`, ids);
      const headers = { "X-Auth-Token": d.admin, "X-Subject-Token": d.admin };
      const get = await d.emu.app.request(`http://localhost${url}`, { headers });
      const head = await d.emu.app.request(`http://localhost${url}`, { method: "HEAD", headers });
      const body = await head.text();
      await get.text();
      if (head.status !== get.status || body !== "" || head.headers.get("content-type") !== get.headers.get("content-type")) {
        mismatches.push(`${route.operation} ${url}: GET ${get.status}, HEAD ${head.status} with ${body.length} bytes`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
