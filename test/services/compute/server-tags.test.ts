// Server tags (2.26): list, replace, add (201 with Location, 204 when present), check, delete one and all;
// Nova's limits (50 tags, no '/' or ','), the vm_states that allow changes, and the list filters.

import { describe, expect, it } from "vitest";
import { ACTION_MS, actionApi, fault } from "./server-actions-setup.js";

const V = { version: "2.26" };

describe("server tags", () => {
  it("PUT replaces, PUT /{tag} adds (201 then 204), GET /{tag} checks, DELETE removes; `tags` shows in the server", async () => {
    const t = await actionApi();
    const server = await t.active();
    const base = `/servers/${server.id}/tags`;
    const put = await t.api("PUT", base, { token: t.demo, ...V, body: { tags: ["a", "b", "a"] } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ tags: ["a", "b"] });
    const added = await t.api("PUT", `${base}/c`, { token: t.demo, ...V });
    expect(added.status).toBe(201);
    expect(added.headers.get("location")).toBe(`http://localhost/compute/v2.1/servers/${server.id}/tags/c`);
    expect((await t.api("PUT", `${base}/c`, { token: t.demo, ...V })).status).toBe(204);
    expect((await t.api("GET", `${base}/c`, { token: t.demo, ...V })).status).toBe(204);
    expect((await t.api("GET", base, { token: t.demo, ...V })).body).toEqual({ tags: ["a", "b", "c"] });
    expect((await t.show(server.id, V)).tags).toEqual(["a", "b", "c"]);
    expect((await t.api("DELETE", `${base}/b`, { token: t.demo, ...V })).status).toBe(204);
    const missing = await t.refused(404, "GET", `${base}/b`, { token: t.demo, ...V });
    expect(fault(missing).message).toBe(`Server ${server.id} has no tag 'b'`);
    await t.refused(404, "DELETE", `${base}/b`, { token: t.demo, ...V });
    expect((await t.api("DELETE", base, { token: t.demo, ...V })).status).toBe(204);
    expect((await t.api("GET", base, { token: t.demo, ...V })).body).toEqual({ tags: [] });
  });

  it("is not there before 2.26 (404)", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.refused(404, "GET", `/servers/${server.id}/tags`, { token: t.demo, version: "2.25" });
    await t.refused(404, "PUT", `/servers/${server.id}/tags/x`, { token: t.demo, version: "2.25" });
  });

  it("refuses a tag with '/' or ',', more than 50 tags, and changes to a server that is not at rest (409)", async () => {
    const t = await actionApi();
    const server = await t.active();
    const base = `/servers/${server.id}/tags`;
    expect(fault(await t.refused(400, "PUT", `${base}/a,b`, { token: t.demo, ...V })).message).toMatch(/^Tag 'a,b' is invalid/);
    await t.refused(400, "PUT", base, { token: t.demo, ...V, body: { tags: ["x/y"] } });
    const fifty = Array.from({ length: 50 }, (_, i) => `t${i}`);
    await t.refused(400, "PUT", base, { token: t.demo, ...V, body: { tags: [...fifty, "one-more"] } });
    expect((await t.api("PUT", base, { token: t.demo, ...V, body: { tags: fifty } })).status).toBe(200);
    expect(fault(await t.refused(400, "PUT", `${base}/extra`, { token: t.demo, ...V })).message).toBe("The number of tags exceeded the per-server limit 50");
    const other = await t.active();
    await t.ok(other.id, { rescue: null }, 200);
    t.advance(ACTION_MS);
    const res = await t.refused(409, "PUT", `/servers/${other.id}/tags/x`, { token: t.demo, ...V });
    expect(fault(res).message).toBe(`Cannot 'update tag' instance ${other.id} while it is in vm_state rescued`);
  });

  it("GET /servers filters by tags, tags-any, not-tags, not-tags-any", async () => {
    const t = await actionApi();
    const a = await t.active({ name: "a" });
    const b = await t.active({ name: "b" });
    await t.api("PUT", `/servers/${a.id}/tags`, { token: t.demo, ...V, body: { tags: ["red", "big"] } });
    await t.api("PUT", `/servers/${b.id}/tags`, { token: t.demo, ...V, body: { tags: ["red"] } });
    const names = async (q: string) => ((await t.api("GET", `/servers?${q}`, { token: t.demo, ...V })).body.servers as Array<{ name: string }>).map((s) => s.name).sort();
    expect(await names("tags=red,big")).toEqual(["a"]);
    expect(await names("tags-any=big,small")).toEqual(["a"]);
    expect(await names("not-tags=red,big")).toEqual(["b"]);
    expect(await names("not-tags-any=big")).toEqual(["b"]);
  });
});
