// Versioned containers (Swift's legacy versioned writes): X-Versions-Location keeps overwritten objects in
// another container and DELETE restores them one by one (stack); X-History-Location keeps them and a
// delete marker (history). The header is kept and shown; a missing versions container refuses the write.

import { describe, expect, it } from "vitest";
import { swiftTest } from "./setup.js";

const count = async (t: Awaited<ReturnType<typeof swiftTest>>, container: string) => {
  const head = await t.req("HEAD", container);
  return [head.headers.get("x-container-object-count"), head.headers.get("x-container-bytes-used")];
};

describe("versioned writes", () => {
  it("stack mode: the tempest sequence (two versions, two deletes, both containers empty at the end)", async () => {
    const t = await swiftTest();
    expect((await t.req("PUT", "vers")).status).toBe(201);
    expect((await t.req("HEAD", "vers")).headers.get("x-versions-location")).toBeNull();
    expect((await t.req("PUT", "base", { headers: { "X-versions-Location": "vers" } })).status).toBe(201);
    expect((await t.req("HEAD", "base")).headers.get("x-versions-location")).toBe("vers");
    await t.req("PUT", "base/o", { body: "first" });
    t.advance(1000);
    await t.req("PUT", "base/o", { body: "second!" });
    expect((await t.req("GET", "base/o")).text).toBe("second!");
    const kept = await t.req("GET", "vers?format=json");
    expect(kept.json).toHaveLength(1);
    expect(kept.json[0].name).toBe("001o/1893456000.00000");
    expect(kept.json[0].bytes).toBe(5);
    expect((await t.req("DELETE", "base/o")).status).toBe(204);
    expect(await count(t, "base")).toEqual(["1", "5"]);
    expect((await t.req("GET", "base/o")).text).toBe("first");
    expect(await count(t, "vers")).toEqual(["0", "0"]);
    expect((await t.req("DELETE", "base/o")).status).toBe(204);
    expect(await count(t, "base")).toEqual(["0", "0"]);
    expect((await t.req("DELETE", "base/o")).status).toBe(404);
  });

  it("history mode keeps every version and a delete marker; POST removes the setting", async () => {
    const t = await swiftTest();
    await t.req("PUT", "hist");
    await t.req("PUT", "base", { headers: { "X-History-Location": "hist" } });
    expect((await t.req("HEAD", "base")).headers.get("x-history-location")).toBe("hist");
    await t.req("PUT", "base/o", { body: "one" });
    t.advance(1000);
    expect((await t.req("DELETE", "base/o")).status).toBe(204);
    expect((await t.req("GET", "base/o")).status).toBe(404);
    const kept = (await t.req("GET", "hist?format=json")).json;
    expect(kept.map((o: { content_type: string }) => o.content_type)).toEqual(["application/octet-stream", "application/x-deleted;swift_versions_deleted=1"]);
    expect((await t.req("POST", "base", { headers: { "X-Remove-History-Location": "x" } })).status).toBe(204);
    expect((await t.req("HEAD", "base")).headers.get("x-history-location")).toBeNull();
    await t.req("PUT", "base/o", { body: "a" });
    await t.req("PUT", "base/o", { body: "b" });
    expect((await t.req("GET", "hist?format=json")).json).toHaveLength(2);
  });

  it("refuses both headers at once (400), and an overwrite whose versions container is gone (412, nothing changed)", async () => {
    const t = await swiftTest();
    const both = await t.req("PUT", "base", { headers: { "X-Versions-Location": "a", "X-History-Location": "b" } });
    expect(both.status).toBe(400);
    await t.req("PUT", "base", { headers: { "X-Versions-Location": "missing" } });
    expect((await t.req("PUT", "base/o", { body: "x" })).status).toBe(201);
    const before = t.snapshot();
    expect((await t.req("PUT", "base/o", { body: "y" })).status).toBe(412);
    expect(t.snapshot()).toBe(before);
    expect((await t.req("GET", "base/o")).text).toBe("x");
  });

  it("/info claims versioned_writes with both flags", async () => {
    const t = await swiftTest();
    expect((await t.req("GET", "/info", { token: null })).json.versioned_writes).toEqual({ allowed_flags: ["x-versions-location", "x-history-location"] });
  });
});
