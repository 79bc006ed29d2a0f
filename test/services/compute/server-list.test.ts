// GET /servers and /servers/detail: newest first, the filters (status, name as a regular expression, flavor,
// image, host, ip, changes-since, tags), scoping to the caller's project and all_tenants for admins only,
// limit/marker pagination with servers_links.

import { describe, expect, it } from "vitest";
import { BUILD_MS, computeApi, fault } from "../../helpers/compute.js";

describe("GET /servers", () => {
  it("lists id, name and links, newest first; detail lists full records", async () => {
    const t = await computeApi();
    const a = await t.create({ name: "alpha" });
    t.advance(1000);
    const b = await t.create({ name: "beta" });
    const list = await t.api("GET", "/servers", { token: t.demo });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      servers: [
        { id: b.id, name: "beta", links: b.links },
        { id: a.id, name: "alpha", links: a.links },
      ],
    });
    const detail = await t.api("GET", "/servers/detail", { token: t.demo });
    expect(detail.body.servers.map((v: any) => [v.name, v.status])).toEqual([
      ["beta", "BUILD"],
      ["alpha", "BUILD"],
    ]);
    expect(detail.body.servers[0]).toEqual(await t.show(b.id, { token: t.demo }));
  });

  it("filters by status, name (a regular expression), flavor, image, tags and changes-since", async () => {
    const t = await computeApi();
    const web1 = await t.create({ name: "web-1", flavorRef: "2" });
    await t.create({ name: "web-2" });
    t.advance(BUILD_MS);
    await t.create({ name: "db", tags: ["prod"] }, { version: "2.52" });
    const names = async (query: string) =>
      (await t.api("GET", `/servers?${query}`, { token: t.demo, version: "2.52" })).body.servers.map((v: any) => v.name).sort();
    expect(await names("status=ACTIVE")).toEqual(["web-1", "web-2"]);
    expect(await names("status=build")).toEqual(["db"]);
    expect(await names("status=ACTIVE&status=BUILD")).toEqual(["db", "web-1", "web-2"]);
    expect(await names("name=^web-")).toEqual(["web-1", "web-2"]);
    expect(await names("name=b")).toEqual(["db", "web-1", "web-2"]);
    // a plain name is searched for inside each name, case and all, as the regular expression it also is
    expect(await names("name=eb-")).toEqual(["web-1", "web-2"]);
    expect(await names("name=web-1")).toEqual(["web-1"]);
    expect(await names("name=WEB")).toEqual([]);
    expect(await names("name=w.b-2")).toEqual(["web-2"]);
    expect(await names("name=web-[2]")).toEqual(["web-2"]);
    expect(await names("flavor=2")).toEqual(["web-1"]);
    expect(await names("image=b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11")).toEqual(["db", "web-1", "web-2"]);
    expect(await names("tags=prod")).toEqual(["db"]);
    expect(await names("not-tags=prod")).toEqual(["web-1", "web-2"]);
    expect(await names("changes-since=2030-01-01T00:00:04Z")).toEqual(["db", "web-1", "web-2"]);
    expect(await names("changes-since=2030-01-01T00:00:06Z")).toEqual([]);
    const [port] = await t.ports(web1.id);
    expect(await names(`ip=${port.fixed_ips[0].ip_address.replaceAll(".", "\\.")}$`)).toEqual(["web-1"]);
    const bad = await t.refused(400, "GET", "/servers?name=(", { token: t.demo });
    expect(fault(bad).name).toBe("badRequest");
  });

  it("shows a project only its own servers; all_tenants is 403 for non-admins and lists every project for admins", async () => {
    const t = await computeApi();
    const mine = await t.create({ name: "demo-vm" });
    const theirs = await t.create({ name: "admin-vm" }, { token: t.admin });
    const demoList = await t.api("GET", "/servers", { token: t.demo });
    expect(demoList.body.servers.map((v: any) => v.id)).toEqual([mine.id]);
    const forbidden = await t.refused(403, "GET", "/servers?all_tenants=1", { token: t.demo });
    expect(fault(forbidden).name).toBe("forbidden");
    expect((await t.api("GET", "/servers/detail?all_tenants=True", { token: t.demo })).status).toBe(403);
    expect((await t.api("GET", "/servers")).body.servers.map((v: any) => v.id)).toEqual([theirs.id]);
    expect((await t.api("GET", "/servers?all_tenants=1")).body.servers.map((v: any) => v.id)).toEqual([theirs.id, mine.id]);
    expect((await t.api("GET", `/servers?all_tenants=1&project_id=${t.demoProject}`)).body.servers.map((v: any) => v.id)).toEqual([mine.id]);
    // host is an admin filter: others' host filters are ignored, as Nova ignores them
    const host = (await t.show(mine.id))["OS-EXT-SRV-ATTR:host"];
    expect((await t.api("GET", `/servers?all_tenants=1&host=${host}`)).body.servers.map((v: any) => v.id)).toContain(mine.id);
    expect((await t.api("GET", "/servers?host=nowhere", { token: t.demo })).body.servers).toHaveLength(1);
  });

  it("pages with limit and marker and links the next page while pages are full", async () => {
    const t = await computeApi();
    await t.create({ name: "p", max_count: 5 });
    const all = (await t.api("GET", "/servers", { token: t.demo })).body.servers.map((v: any) => v.id);
    expect(all).toHaveLength(5);
    const first = await t.api("GET", "/servers/detail?limit=2&status=BUILD", { token: t.demo });
    expect(first.body.servers.map((v: any) => v.id)).toEqual(all.slice(0, 2));
    const next = new URL(first.body.servers_links[0].href);
    expect(first.body.servers_links[0].rel).toBe("next");
    expect(next.pathname).toBe("/compute/v2.1/servers/detail");
    expect(Object.fromEntries(next.searchParams)).toEqual({ limit: "2", status: "BUILD", marker: all[1] });
    const second = await t.api("GET", `/servers/detail${next.search}`, { token: t.demo });
    expect(second.body.servers.map((v: any) => v.id)).toEqual(all.slice(2, 4));
    const third = await t.api("GET", `/servers?limit=2&marker=${all[3]}`, { token: t.demo });
    expect(third.body.servers.map((v: any) => v.id)).toEqual(all.slice(4));
    expect(third.body).not.toHaveProperty("servers_links");

    const unknown = await t.refused(400, "GET", "/servers?marker=nope", { token: t.demo });
    expect(fault(unknown)).toMatchObject({ name: "badRequest", message: "marker [nope] not found" });
    const other = await t.create({}, { token: t.admin });
    await t.refused(400, "GET", `/servers?marker=${other.id}`, { token: t.demo });
    await t.refused(400, "GET", "/servers?limit=-1", { token: t.demo });
    await t.refused(400, "GET", "/servers?limit=abc", { token: t.demo });
  });

  it("sorts by sort_key and sort_dir when asked", async () => {
    const t = await computeApi();
    for (const name of ["b", "c", "a"]) await t.create({ name });
    const sorted = await t.api("GET", "/servers?sort_key=display_name&sort_dir=asc", { token: t.demo });
    expect(sorted.body.servers.map((v: any) => v.name)).toEqual(["a", "b", "c"]);
    await t.refused(400, "GET", "/servers?sort_key=bogus", { token: t.demo });
  });
});
