// A member's image list reads only the groups it can see anything of (its own, public, community and shared
// images, through the owner and visibility indexes): it gives exactly what filtering every image gives,
// newest first, through visibility and owner changes and paging by marker.

import { describe, expect, it } from "vitest";
import { imageWorld } from "./world.js";

describe("a member's image list through the indexes", () => {
  it("matches the full list filtered by what the member may see, through visibility and owner changes", async () => {
    const w = await imageWorld();
    const made: any[] = [];
    for (const [token, visibility] of [[w.admin, "private"], [w.demo, "private"], [w.admin, "public"], [w.admin, "community"], [w.alt, "shared"], [w.demo, "shared"], [w.admin, "private"]] as const) {
      made.push(await w.create(token, { name: `img-${made.length}`, visibility }));
    }
    const names = async (token: string, query = "") => {
      const res = await w.api("GET", `/v2/images${query}`, token);
      expect(res.status, res.text).toBe(200);
      return res.body.images.map((i: { name: string }) => i.name);
    };
    const expected = async () => {
      const all = (await w.api("GET", "/v2/images?visibility=all&limit=1000", w.admin)).body.images;
      return all.filter((i: any) => i.owner === w.demoProject || i.visibility === "public" || (i.visibility === "shared" && i.owner === w.demoProject)).map((i: any) => i.name);
    };
    expect(await names(w.demo)).toEqual(await expected());
    // admin's private image made public; demo's made private then given to alt (admin moves owners)
    expect((await w.api("PATCH", `/v2/images/${made[0].id}`, w.admin, { raw: JSON.stringify([{ op: "replace", path: "/visibility", value: "public" }]), headers: { "Content-Type": "application/openstack-images-v2.1-json-patch" } })).status).toBe(200);
    expect((await w.api("PATCH", `/v2/images/${made[1].id}`, w.admin, { raw: JSON.stringify([{ op: "replace", path: "/owner", value: w.altProject }]), headers: { "Content-Type": "application/openstack-images-v2.1-json-patch" } })).status).toBe(200);
    const now = await names(w.demo);
    expect(now).toEqual(await expected());
    expect(now).toContain("img-0");
    expect(now).not.toContain("img-1");
    expect(await names(w.demo, "?visibility=community")).toEqual(["img-3"]);
    // a page, then the next after its marker
    const ids = (await w.api("GET", "/v2/images", w.demo)).body.images.map((i: any) => i.id);
    const page = (await w.api("GET", "/v2/images?limit=2", w.demo)).body.images.map((i: any) => i.id);
    expect(page).toEqual(ids.slice(0, 2));
    const next = (await w.api("GET", `/v2/images?limit=2&marker=${page[1]}`, w.demo)).body.images.map((i: any) => i.id);
    expect(next).toEqual(ids.slice(2, 4));
  });
});
