import { beforeEach, describe, expect, it } from "vitest";
import { directory, type Directory } from "./directory-setup.js";

describe("identity: project tags", () => {
  let d: Directory;
  let id: string;
  beforeEach(async () => {
    d = await directory();
    const res = await d.api("POST", "/v3/projects", { body: { project: { name: "tagged", tags: ["a", "b"] } } });
    expect(res.status).toBe(201);
    expect(res.body.project.tags).toEqual(["a", "b"]);
    id = res.body.project.id;
  });
  const tags = async () => (await d.api("GET", `/v3/projects/${id}/tags`)).body.tags;

  it("lists, replaces all (200 with the new list) and clears (204) a project's tags", async () => {
    expect(await d.api("GET", `/v3/projects/${id}/tags`)).toMatchObject({ status: 200, body: { tags: ["a", "b"] } });
    const put = await d.api("PUT", `/v3/projects/${id}/tags`, { body: { tags: ["x", "y", "z"] } });
    expect(put).toMatchObject({ status: 200, body: { tags: ["x", "y", "z"] } });
    expect((await d.api("GET", `/v3/projects/${id}`)).body.project.tags).toEqual(["x", "y", "z"]);
    const cleared = await d.api("DELETE", `/v3/projects/${id}/tags`);
    expect(cleared.status).toBe(204);
    expect(await tags()).toEqual([]);
  });

  it("adds one tag (201 with its Location), checks it (204/404, GET and HEAD) and removes it", async () => {
    const added = await d.api("PUT", `/v3/projects/${id}/tags/c`);
    expect(added.status).toBe(201);
    expect(added.headers.get("location")).toBe(`http://localhost/identity/v3/projects/${id}/tags/c`);
    expect(await tags()).toEqual(["a", "b", "c"]);
    expect((await d.api("GET", `/v3/projects/${id}/tags/c`)).status).toBe(204);
    expect((await d.api("HEAD", `/v3/projects/${id}/tags/c`)).status).toBe(204);
    const missing = await d.api("GET", `/v3/projects/${id}/tags/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("Could not find project tag: nope.");
    expect((await d.api("HEAD", `/v3/projects/${id}/tags/nope`)).status).toBe(404);
    expect((await d.api("DELETE", `/v3/projects/${id}/tags/a`)).status).toBe(204);
    expect(await tags()).toEqual(["b", "c"]);
    expect((await d.api("DELETE", `/v3/projects/${id}/tags/a`)).status).toBe(404);
    expect((await d.api("GET", "/v3/projects/nope/tags")).status).toBe(404);
  });

  it("refuses bad tags with 400 and changes nothing: ',' or '/', too long, repeated, more than 80", async () => {
    const before = d.fingerprint();
    expect((await d.api("PUT", `/v3/projects/${id}/tags/a,b`)).status).toBe(400);
    expect((await d.api("PUT", `/v3/projects/${id}/tags/${"x".repeat(256)}`)).status).toBe(400);
    expect((await d.api("PUT", `/v3/projects/${id}/tags/a`)).status).toBe(400);
    expect((await d.api("PUT", `/v3/projects/${id}/tags`, { body: { tags: ["a/b"] } })).status).toBe(400);
    expect((await d.api("PUT", `/v3/projects/${id}/tags`, { body: { tags: ["q", "q"] } })).status).toBe(400);
    expect((await d.api("PUT", `/v3/projects/${id}/tags`, { body: { tags: [""] } })).status).toBe(400);
    const many = Array.from({ length: 81 }, (_, i) => `t${i}`);
    expect((await d.api("PUT", `/v3/projects/${id}/tags`, { body: { tags: many } })).status).toBe(400);
    expect((await d.api("PATCH", `/v3/projects/${id}`, { body: { project: { tags: ["ok", "ok"] } } })).status).toBe(400);
    expect((await d.api("POST", "/v3/projects", { body: { project: { name: "bad", tags: ["a,b"] } } })).status).toBe(400);
    expect(d.fingerprint()).toBe(before);
    // exactly 80 is fine, and then an 81st single tag is refused
    expect((await d.api("PUT", `/v3/projects/${id}/tags`, { body: { tags: many.slice(0, 80) } })).status).toBe(200);
    expect((await d.api("PUT", `/v3/projects/${id}/tags/one-more`)).status).toBe(400);
  });

  it("sets tags on update (PATCH)", async () => {
    const res = await d.api("PATCH", `/v3/projects/${id}`, { body: { project: { tags: ["c"] } } });
    expect(res.status).toBe(200);
    expect(res.body.project.tags).toEqual(["c"]);
  });

  it("filters GET /v3/projects by tags (all), tags-any, not-tags (not all) and not-tags-any (none)", async () => {
    const mk = (name: string, t: string[]) => d.api("POST", "/v3/projects", { body: { project: { name, tags: t } } });
    await mk("only-a", ["a"]);
    await mk("c", ["c"]);
    const names = async (query: string) => (await d.api("GET", `/v3/projects?${query}`)).body.projects.map((p: { name: string }) => p.name);
    expect(await names("tags=a,b")).toEqual(["tagged"]);
    expect(await names("tags=a")).toEqual(["tagged", "only-a"]);
    expect(await names("tags-any=b,c")).toEqual(["tagged", "c"]);
    expect(await names("not-tags=a,b")).toEqual(["admin", "demo", "service", "only-a", "c"]);
    expect(await names("not-tags-any=a,c")).toEqual(["admin", "demo", "service"]);
    expect(await names("tags=a&name=only-a")).toEqual(["only-a"]);
  });

  it("lets a token scoped to the project read its tags, but not change them", async () => {
    const demoProject = await d.idOf("projects", "demo");
    await d.api("PUT", `/v3/projects/${demoProject}/tags/mine`);
    expect((await d.api("GET", `/v3/projects/${demoProject}/tags`, { token: d.demo })).body.tags).toEqual(["mine"]);
    expect((await d.api("GET", `/v3/projects/${demoProject}/tags/mine`, { token: d.demo })).status).toBe(204);
    expect((await d.api("GET", `/v3/projects/${id}/tags`, { token: d.demo })).status).toBe(403);
    expect((await d.api("PUT", `/v3/projects/${demoProject}/tags/x`, { token: d.demo })).status).toBe(403);
  });
});
