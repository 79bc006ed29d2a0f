// The image list (Glance v2): default visibility rules (own, public, accepted shared; community only when
// asked), filters, custom property filters, time filters with operators, sort and paging with `next`.
// A filter value the list does not understand is a 400.

import { describe, expect, it } from "vitest";
import { imageWorld, type ImageWorld } from "./world.js";

async function names(w: ImageWorld, token: string, query = ""): Promise<string[]> {
  const res = await w.api("GET", `/v2/images${query}`, token);
  expect(res.status).toBe(200);
  return res.body.images.map((i: { name: string }) => i.name);
}

describe("image list", () => {
  it("shows own, public and accepted shared images; community and hidden ones only when asked", async () => {
    const w = await imageWorld();
    await w.create(w.alt, { name: "alt-private", visibility: "private" });
    await w.create(w.alt, { name: "alt-community", visibility: "community" });
    await w.create(w.alt, { name: "alt-hidden", os_hidden: true });
    await w.create(w.demo, { name: "demo-shared" });
    expect(await names(w, w.demo)).toEqual(["demo-shared", "cirros"]);
    expect(await names(w, w.demo, "?visibility=community")).toEqual(["alt-community"]);
    expect(await names(w, w.demo, "?visibility=private")).toEqual([]);
    expect(await names(w, w.alt, "?visibility=private")).toEqual(["alt-private"]);
    expect(await names(w, w.demo, "?visibility=all")).toEqual(["demo-shared", "alt-community", "cirros"]);
    expect(await names(w, w.alt, "?os_hidden=true")).toEqual(["alt-hidden"]);
    expect(await names(w, w.alt)).toEqual(["alt-community", "alt-private", "cirros"]);
    // a community image is visible by id to anyone
    const community = (await w.api("GET", "/v2/images?visibility=community", w.demo)).body.images[0];
    expect((await w.api("GET", `/v2/images/${community.id}`, w.demo)).status).toBe(200);
    expect((await w.api("GET", "/v2/images?visibility=everyone", w.demo)).status).toBe(400);
  });

  it("filters by status, owner, tag, formats, protected, size and custom properties", async () => {
    const w = await imageWorld();
    const a = await w.create(w.demo, { name: "a", disk_format: "qcow2", tags: ["x", "y"], foo: "bar", protected: true });
    await w.create(w.demo, { name: "b", disk_format: "raw", tags: ["x"], foo: "baz" });
    await w.upload(w.demo, a.id, "12345");
    const q = (query: string) => names(w, w.demo, query);
    expect(await q("?status=active&owner=" + w.demoProject)).toEqual(["a"]);
    expect(await q("?status=queued")).toEqual(["b"]);
    expect(await q("?tag=x")).toEqual(["b", "a"]);
    expect(await q("?tag=x&tag=y")).toEqual(["a"]);
    expect(await q("?disk_format=raw")).toEqual(["b"]);
    expect(await q("?disk_format=in:raw,qcow2&container_format=bare&visibility=shared")).toEqual(["b", "a"]);
    expect(await q("?protected=true")).toEqual(["a"]);
    expect(await q("?size_min=5&size_max=5")).toEqual(["a"]);
    expect(await q("?size_min=6&size_max=1000")).toEqual([]);
    expect(await q("?foo=baz")).toEqual(["b"]);
    expect(await q("?name=in:a,cirros")).toEqual(["a", "cirros"]);
    for (const bad of ["?protected=maybe", "?size_min=big", "?member_status=odd", "?limit=x", "?marker=nope", "?os_hidden=2"]) {
      expect((await w.api("GET", `/v2/images${bad}`, w.demo)).status, bad).toBe(400);
    }
  });

  it("filters on created_at and updated_at with gt/gte/lt/lte/eq/neq; a bad one is a 400", async () => {
    const w = await imageWorld();
    w.emu.clock.advance(60_000);
    await w.create(w.demo, { name: "t1" }); // 00:01:00
    w.emu.clock.advance(60_000);
    const t2 = await w.create(w.demo, { name: "t2" }); // 00:02:00
    w.emu.clock.advance(60_000);
    await w.patch(w.demo, t2.id, [{ op: "add", path: "/k", value: "v" }]); // updated 00:03:00
    const q = (query: string) => names(w, w.demo, query);
    expect(await q("?created_at=gt:2030-01-01T00:01:00Z")).toEqual(["t2"]);
    expect(await q("?created_at=gte:2030-01-01T00:01:00Z")).toEqual(["t2", "t1"]);
    expect(await q("?created_at=lt:2030-01-01T00:01:00Z")).toEqual(["cirros"]);
    expect(await q("?created_at=lte:2030-01-01T00:01:00Z")).toEqual(["t1", "cirros"]);
    expect(await q("?created_at=eq:2030-01-01T00:02:00Z")).toEqual(["t2"]);
    expect(await q("?created_at=neq:2030-01-01T00:02:00Z")).toEqual(["t1", "cirros"]);
    expect(await q("?updated_at=gte:2030-01-01T00:03:00Z")).toEqual(["t2"]);
    expect(await q("?created_at=gt:2030-01-01T00:00:30Z&created_at=lt:2030-01-01T00:01:30Z")).toEqual(["t1"]);
    for (const bad of ["?created_at=gt:yesterday", "?created_at=after:2030-01-01T00:00:00Z", "?updated_at=gt:"]) {
      expect((await w.api("GET", `/v2/images${bad}`, w.demo)).status, bad).toBe(400);
    }
  });

  it("sorts with sort=key:dir or sort_key/sort_dir and pages with limit, marker and next", async () => {
    const w = await imageWorld();
    for (const name of ["c", "a", "b"]) {
      await w.create(w.demo, { name });
      w.emu.clock.advance(1000);
    }
    expect(await names(w, w.demo)).toEqual(["b", "a", "c", "cirros"]);
    expect(await names(w, w.demo, "?sort=name:asc")).toEqual(["a", "b", "c", "cirros"]);
    expect(await names(w, w.demo, "?sort_key=name&sort_dir=desc")).toEqual(["cirros", "c", "b", "a"]);
    expect(await names(w, w.demo, "?sort=created_at:asc,name:desc")).toEqual(["cirros", "c", "a", "b"]);
    for (const bad of ["?sort=colour:asc", "?sort=name:up", "?sort=name&sort_key=name", "?sort_key=name&sort_key=id&sort_dir=asc&sort_dir=desc&sort_dir=asc"]) {
      expect((await w.api("GET", `/v2/images${bad}`, w.demo)).status, bad).toBe(400);
    }
    const seen: string[] = [];
    let next: string | undefined = "/v2/images?limit=2&sort=name:asc";
    while (next) {
      const page: any = (await w.api("GET", next, w.demo)).body;
      expect(page.first).toBe("/v2/images");
      seen.push(...page.images.map((i: { name: string }) => i.name));
      next = page.next;
    }
    expect(seen).toEqual(["a", "b", "c", "cirros"]);
    const defaultOrder: string[] = [];
    next = "/v2/images?limit=3";
    while (next) {
      const page: any = (await w.api("GET", next, w.demo)).body;
      defaultOrder.push(...page.images.map((i: { name: string }) => i.name));
      next = page.next;
    }
    expect(defaultOrder).toEqual(["b", "a", "c", "cirros"]);
  });
});
