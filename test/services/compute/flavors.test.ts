import { beforeEach, describe, expect, it } from "vitest";
import { computeApi, fault, type ComputeApi } from "../../helpers/compute.js";

const BASE = "http://localhost/compute";

describe("compute: /v2.1/flavors", () => {
  let n: ComputeApi;
  beforeEach(async () => {
    n = await computeApi();
  });

  it("lists the seed flavors as {id, name, links} in flavor-id order, with description from 2.55", async () => {
    const res = await n.api("GET", "/flavors", { token: n.demo });
    expect(res.status).toBe(200);
    expect(res.body.flavors.map((f: any) => [f.id, f.name])).toEqual([
      ["1", "m1.tiny"], ["2", "m1.small"], ["3", "m1.medium"], ["4", "m1.large"], ["5", "m1.xlarge"],
    ]);
    expect(res.body.flavors[0]).toEqual({
      id: "1",
      name: "m1.tiny",
      links: [
        { rel: "self", href: `${BASE}/v2.1/flavors/1` },
        { rel: "bookmark", href: `${BASE}/flavors/1` },
      ],
    });
    expect(res.body.flavors_links).toBeUndefined();
    const v255 = await n.api("GET", "/flavors", { token: n.demo, version: "2.55" });
    expect(v255.body.flavors[0]).toMatchObject({ id: "1", description: null });
  });

  it("shows the full record at 2.1 exactly (swap is \"\" when 0) and adds fields at 2.55, 2.61 and 2.75", async () => {
    const res = await n.api("GET", "/flavors/2", { token: n.demo });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-openstack-nova-api-version")).toBe("2.1");
    expect(res.body.flavor).toEqual({
      id: "2",
      name: "m1.small",
      ram: 2048,
      disk: 20,
      swap: "",
      "OS-FLV-EXT-DATA:ephemeral": 0,
      "OS-FLV-DISABLED:disabled": false,
      vcpus: 1,
      "os-flavor-access:is_public": true,
      rxtx_factor: 1,
      links: [
        { rel: "self", href: `${BASE}/v2.1/flavors/2` },
        { rel: "bookmark", href: `${BASE}/flavors/2` },
      ],
    });
    const v255 = (await n.api("GET", "/flavors/2", { version: "2.55" })).body.flavor;
    expect(v255.description).toBeNull();
    expect(v255.extra_specs).toBeUndefined();
    const v261 = (await n.api("GET", "/flavors/2", { version: "2.61" })).body.flavor;
    expect(v261.extra_specs).toEqual({});
    expect(v261.swap).toBe("");
    const v275 = (await n.api("GET", "/flavors/2", { headers: { "X-Platform-Compute-Microversion": "2.75" } }));
    expect(v275.headers.get("openstack-api-version")).toBe("compute 2.75");
    expect(v275.body.flavor.swap).toBe(0);
  });

  it("answers a flavor name with 404 itemNotFound (OSC then lists and matches)", async () => {
    const res = await n.api("GET", "/flavors/m1.tiny", { token: n.demo });
    expect(res.status).toBe(404);
    expect(fault(res)).toEqual({ name: "itemNotFound", code: 404, message: "Flavor m1.tiny could not be found." });
  });

  it("lists details with minRam / minDisk filters and 400 on a bad filter value", async () => {
    const res = await n.api("GET", "/flavors/detail?minRam=4096&minDisk=50", { token: n.demo });
    expect(res.body.flavors.map((f: any) => f.name)).toEqual(["m1.large", "m1.xlarge"]);
    expect(res.body.flavors[0]).toMatchObject({ ram: 8192, vcpus: 4, disk: 80 });
    expect((await n.api("GET", "/flavors/detail?minRam=lots", { token: n.demo })).status).toBe(400);
    expect(fault(await n.api("GET", "/flavors?minDisk=-1")).message).toBe("Invalid minDisk filter [-1]");
  });

  it("pages with limit and marker, adding flavors_links when a page is full; an unknown marker is 400", async () => {
    const first = await n.api("GET", "/flavors/detail?limit=2&minRam=1", { token: n.demo });
    expect(first.body.flavors.map((f: any) => f.id)).toEqual(["1", "2"]);
    expect(first.body.flavors_links).toEqual([{ rel: "next", href: `${BASE}/v2.1/flavors/detail?limit=2&minRam=1&marker=2` }]);
    const second = await n.api("GET", "/flavors/detail?limit=2&minRam=1&marker=2", { token: n.demo });
    expect(second.body.flavors.map((f: any) => f.id)).toEqual(["3", "4"]);
    const last = await n.api("GET", "/flavors/detail?limit=2&marker=4", { token: n.demo });
    expect(last.body.flavors.map((f: any) => f.id)).toEqual(["5"]);
    expect(last.body.flavors_links).toBeUndefined();
    const bad = await n.api("GET", "/flavors?marker=nope", { token: n.demo });
    expect(bad.status).toBe(400);
    expect(fault(bad)).toMatchObject({ name: "badRequest", message: "marker [nope] not found" });
    expect((await n.api("GET", "/flavors?limit=x")).status).toBe(400);
    const sorted = await n.api("GET", "/flavors/detail?sort_key=memory_mb&sort_dir=desc");
    expect(sorted.body.flavors.map((f: any) => f.id)).toEqual(["5", "4", "3", "2", "1"]);
    expect((await n.api("GET", "/flavors?sort_key=colour")).status).toBe(400);
  });

  it("lets an admin create a flavor (200), choose public/private listings with is_public, and delete it (202)", async () => {
    const res = await n.api("POST", "/flavors", {
      body: { flavor: { name: "c1.secret", ram: "1024", vcpus: 2, disk: 10, id: "secret-1", swap: 512, "os-flavor-access:is_public": false, rxtx_factor: 2 } },
    });
    expect(res.status).toBe(200);
    expect(res.body.flavor).toMatchObject({ id: "secret-1", name: "c1.secret", ram: 1024, vcpus: 2, disk: 10, swap: 512, rxtx_factor: 2, "os-flavor-access:is_public": false });
    const ids = async (q: string, token = n.admin) => (await n.api("GET", `/flavors${q}`, { token })).body.flavors.map((f: any) => f.id);
    expect(await ids("")).toEqual(["1", "2", "3", "4", "5"]);
    expect(await ids("?is_public=None")).toEqual(["1", "2", "3", "4", "5", "secret-1"]);
    expect(await ids("?is_public=false")).toEqual(["secret-1"]);
    expect((await n.api("GET", "/flavors?is_public=maybe")).status).toBe(400);
    // a member always sees the public ones, whatever it asks for, and not the private one by id
    expect(await ids("?is_public=None", n.demo)).toEqual(["1", "2", "3", "4", "5"]);
    expect((await n.api("GET", "/flavors/secret-1", { token: n.demo })).status).toBe(404);
    // an id is generated when none is given
    const auto = await n.api("POST", "/flavors", { body: { flavor: { name: "auto", ram: 64, vcpus: 1, disk: 0 } }, version: "2.55" });
    expect(auto.status).toBe(200);
    expect(auto.body.flavor.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(auto.body.flavor.description).toBeNull();
    const del = await n.api("DELETE", "/flavors/secret-1");
    expect(del.status).toBe(202);
    expect((await n.api("GET", "/flavors/secret-1")).status).toBe(404);
    expect((await n.api("DELETE", "/flavors/secret-1")).status).toBe(404);
    const events = await n.events("compute.flavor.*");
    expect(events.map((e) => e.type)).toEqual(["compute.flavor.created", "compute.flavor.created", "compute.flavor.deleted"]);
  });

  it("refuses flavor writes from members (403), bad bodies (400) and duplicates (409), changing nothing", async () => {
    const before = n.fingerprint();
    const member = await n.api("POST", "/flavors", { token: n.demo, body: { flavor: { name: "x", ram: 1, vcpus: 1, disk: 1 } } });
    expect(member.status).toBe(403);
    expect(fault(member).name).toBe("forbidden");
    expect((await n.api("DELETE", "/flavors/1", { token: n.demo })).status).toBe(403);
    for (const flavor of [
      { name: "x", ram: 0, vcpus: 1, disk: 1 },
      { name: "x", ram: 1, vcpus: 1 },
      { name: " x", ram: 1, vcpus: 1, disk: 1 },
      { name: "x", ram: 1, vcpus: 1, disk: 1, colour: "red" },
      { name: "x", ram: 1, vcpus: 1, disk: 1, id: "bad/id" },
      { name: "x", ram: 1, vcpus: 1, disk: -1 },
    ]) {
      const res = await n.api("POST", "/flavors", { body: { flavor } });
      expect(res.status, JSON.stringify(flavor)).toBe(400);
      expect(fault(res).name).toBe("badRequest");
    }
    // description only from 2.55
    expect((await n.api("POST", "/flavors", { body: { flavor: { name: "x", ram: 1, vcpus: 1, disk: 1, description: "d" } } })).status).toBe(400);
    const dupName = await n.api("POST", "/flavors", { body: { flavor: { name: "m1.tiny", ram: 1, vcpus: 1, disk: 1 } } });
    expect(dupName.status).toBe(409);
    expect(fault(dupName)).toMatchObject({ name: "conflictingRequest", message: "Flavor with name m1.tiny already exists." });
    const dupId = await n.api("POST", "/flavors", { body: { flavor: { name: "other", id: "3", ram: 1, vcpus: 1, disk: 1 } } });
    expect(dupId.status).toBe(409);
    expect(n.fingerprint()).toBe(before);
  });

  it("updates a description at 2.55 (404 before) and keeps extra specs (admin writes)", async () => {
    expect((await n.api("PUT", "/flavors/1", { body: { flavor: { description: "tiny" } } })).status).toBe(404);
    const upd = await n.api("PUT", "/flavors/1", { version: "2.55", body: { flavor: { description: "tiny" } } });
    expect(upd.status).toBe(200);
    expect(upd.body.flavor.description).toBe("tiny");
    expect((await n.api("GET", "/flavors/1/os-extra_specs", { token: n.demo })).body).toEqual({ extra_specs: {} });
    const set = await n.api("POST", "/flavors/1/os-extra_specs", { body: { extra_specs: { "hw:cpu_policy": "dedicated", "quota:disk_read_iops_sec": 100 } } });
    expect(set.status).toBe(200);
    expect(set.body.extra_specs).toEqual({ "hw:cpu_policy": "dedicated", "quota:disk_read_iops_sec": "100" });
    expect((await n.api("GET", "/flavors/1/os-extra_specs/hw:cpu_policy")).body).toEqual({ "hw:cpu_policy": "dedicated" });
    expect((await n.api("PUT", "/flavors/1/os-extra_specs/hw:cpu_policy", { body: { "hw:cpu_policy": "shared" } })).body).toEqual({ "hw:cpu_policy": "shared" });
    expect((await n.api("PUT", "/flavors/1/os-extra_specs/hw:cpu_policy", { body: { other: "x" } })).status).toBe(400);
    expect((await n.api("POST", "/flavors/1/os-extra_specs", { token: n.demo, body: { extra_specs: { a: "b" } } })).status).toBe(403);
    expect((await n.api("GET", "/flavors/1", { version: "2.61" })).body.flavor.extra_specs).toEqual({ "hw:cpu_policy": "shared", "quota:disk_read_iops_sec": "100" });
    expect((await n.api("DELETE", "/flavors/1/os-extra_specs/hw:cpu_policy")).status).toBe(200);
    expect((await n.api("DELETE", "/flavors/1/os-extra_specs/hw:cpu_policy")).status).toBe(404);
    expect((await n.api("GET", "/flavors/9/os-extra_specs")).status).toBe(404);
  });

  it("needs a token (401 unauthorized)", async () => {
    const res = await n.api("GET", "/flavors", { token: null });
    expect(res.status).toBe(401);
    expect(fault(res).name).toBe("unauthorized");
  });
});
