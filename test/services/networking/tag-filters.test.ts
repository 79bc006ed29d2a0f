// The standard-attr-tag list filters: tags (all of), tags-any, not-tags, not-tags-any, comma-separated or
// repeated, on every taggable collection.

import { describe, expect, it } from "vitest";
import { netApi, neutronError } from "./api-setup.js";

async function tagged() {
  const n = await netApi();
  const make = async (name: string, tags: string[]) => (await n.network({ name, tags }, n.demo)).id as string;
  const ids = { ab: await make("ab", ["a", "b"]), a: await make("a", ["a"]), bc: await make("bc", ["b", "c"]), none: await make("none", []) };
  const names = async (query: string) => {
    const res = await n.api("GET", `/v2.0/networks?${query}`, { token: n.demo });
    expect(res.status, res.text).toBe(200);
    return res.body.networks.map((x: { name: string }) => x.name).filter((x: string) => ["ab", "a", "bc", "none"].includes(x));
  };
  return { n, ids, names };
}

describe("tag filters on lists", () => {
  it("tags=a,b means every tag given; repeated tags= joins the lists", async () => {
    const { names } = await tagged();
    expect(await names("tags=a,b")).toEqual(["ab"]);
    expect(await names("tags=a&tags=b")).toEqual(["ab"]);
    expect(await names("tags=a")).toEqual(["ab", "a"]);
  });

  it("tags-any, not-tags and not-tags-any", async () => {
    const { names } = await tagged();
    expect(await names("tags-any=a,c")).toEqual(["ab", "a", "bc"]);
    expect(await names("not-tags=a,b")).toEqual(["a", "bc", "none"]);
    expect(await names("not-tags-any=a,c")).toEqual(["none"]);
    expect(await names("tags=b&not-tags-any=c")).toEqual(["ab"]);
  });

  it("works on other taggable collections (ports, routers, security groups)", async () => {
    const { n } = await tagged();
    const group = (await n.api("POST", "/v2.0/security-groups", { token: n.demo, body: { security_group: { name: "g", tags: ["x", "y"] } } })).body.security_group;
    const router = (await n.api("POST", "/v2.0/routers", { token: n.demo, body: { router: { name: "r", tags: ["x"] } } })).body.router;
    expect(router.tags).toEqual(["x"]);
    const groups = (await n.api("GET", "/v2.0/security-groups?tags=x,y", { token: n.demo })).body.security_groups;
    expect(groups.map((g: { id: string }) => g.id)).toEqual([group.id]);
    const routers = (await n.api("GET", "/v2.0/routers?not-tags-any=y", { token: n.demo })).body.routers;
    expect(routers.map((r: { id: string }) => r.id)).toContain(router.id);
    expect((await n.api("GET", "/v2.0/routers?tags-any=y", { token: n.demo })).body.routers).toEqual([]);
  });

  it("is refused on a collection without tags (400)", async () => {
    const { n } = await tagged();
    const res = await n.api("GET", "/v2.0/security-group-rules?tags-any=a", { token: n.demo });
    expect(res.status).toBe(400);
    expect(neutronError(res).type).toBe("InvalidInput");
  });
});
