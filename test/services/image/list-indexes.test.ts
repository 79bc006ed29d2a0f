// A member's image list reads only the groups it can see anything of (its own, public, community and shared
// images, through the owner and visibility indexes): it gives exactly what filtering every image gives,
// newest first, through visibility and owner changes and paging by marker.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
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

describe("the name filter through the name index", () => {
  it("lists exactly the images so named, newest first and by marker, through renames and an old snapshot", async () => {
    const w = await imageWorld();
    const made: any[] = [];
    for (const [token, visibility, name] of [[w.admin, "public", "twin"], [w.demo, "private", "twin"], [w.admin, "private", "twin"], [w.alt, "community", "solo"], [w.demo, "private", "other"]] as const) {
      made.push(await w.create(token, { name, visibility }));
    }
    const patch = (id: string, name: string, token = w.admin) => w.patch(token, id, [{ op: "replace", path: "/name", value: name }]);
    const ids = async (token: string, query: string) => {
      const res = await w.api("GET", `/v2/images${query}`, token);
      expect(res.status, res.text).toBe(200);
      return res.body.images.map((i: { id: string }) => i.id);
    };
    const check = async () => {
      for (const token of [w.admin, w.demo]) {
        const all = (await w.api("GET", "/v2/images?limit=1000", token)).body.images as Array<{ id: string; name: string }>;
        for (const names of [["twin"], ["solo"], ["other", "twin"], ["nobody"]]) {
          const query = names.length === 1 ? `?name=${names[0]}` : `?name=in:${names.join(",")}`;
          const want = all.filter((i) => names.includes(i.name)).map((i) => i.id);
          expect(await ids(token, query), query).toEqual(want);
          const first = await ids(token, `${query}&limit=1`);
          expect(first).toEqual(want.slice(0, 1));
          if (want.length > 1) expect(await ids(token, `${query}&limit=1&marker=${first[0]}`)).toEqual(want.slice(1, 2));
        }
      }
    };
    await check();
    expect((await patch(made[0].id, "solo")).status).toBe(200);
    expect((await patch(made[3].id, "twin", w.alt)).status).toBe(200);
    await check();
    // back to its first name: it lists by creation (oldest of the twins, last), not by when it took the name
    expect((await patch(made[0].id, "twin")).status).toBe(200);
    expect((await ids(w.admin, "?name=twin")).at(-1)).toBe(made[0].id);
    await check();
    // a snapshot from a build without the name index reads the same once imported
    const snapshot = JSON.parse((await call(w.emu, "GET", "/_emulator/state")).text);
    snapshot.state.image.images.also = snapshot.state.image.images.also.filter((g: { by: string }) => g.by !== "name");
    expect((await call(w.emu, "PUT", "/_emulator/state", { body: snapshot })).status).toBe(200);
    await check();
  });
});
