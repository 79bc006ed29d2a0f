// Static and dynamic large objects, and bulk delete, through the Swift API: segment validation (400
// listing each error, nothing written), GET concatenating segments (ranges across them), the manifest
// shown and deleted with its segments; X-Object-Manifest read at GET time; POST ?bulk-delete.

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { swiftTest } from "./setup.js";

const md5 = (s: string) => createHash("md5").update(s).digest("hex");

async function segmented() {
  const t = await swiftTest();
  await t.req("PUT", "c");
  await t.req("PUT", "c_segments");
  await t.req("PUT", "c_segments/big/001", { body: "hello " });
  await t.req("PUT", "c_segments/big/002", { body: "large " });
  await t.req("PUT", "c_segments/big/003", { body: "world" });
  return t;
}

const manifest = (entries: object[]) => JSON.stringify(entries);

describe("static large objects", () => {
  it("joins its segments: GET answers them in order, ranges cross them, the ETag is the MD5 of their ETags", async () => {
    const t = await segmented();
    const body = manifest([
      { path: "/c_segments/big/001", etag: md5("hello "), size_bytes: 6 },
      { path: "/c_segments/big/002", etag: null, size_bytes: null },
      { path: "c_segments/big/003" },
    ]);
    const put = await t.req("PUT", "c/big?multipart-manifest=put", { body, headers: { "Content-Type": "text/plain" } });
    expect(put.status, put.text).toBe(201);
    const etag = md5(md5("hello ") + md5("large ") + md5("world"));
    expect(put.headers.get("etag")).toBe(`"${etag}"`);
    const get = await t.req("GET", "c/big");
    expect(get.text).toBe("hello large world");
    expect(get.headers.get("x-static-large-object")).toBe("True");
    expect(get.headers.get("content-length")).toBe("17");
    expect((await t.req("GET", "c/big", { headers: { Range: "bytes=4-13" } })).text).toBe("o large wo");
    const shown = await t.req("GET", "c/big?multipart-manifest=get");
    expect(shown.json).toEqual([
      { name: "/c_segments/big/001", hash: md5("hello "), bytes: 6, content_type: "application/octet-stream", last_modified: "2030-01-01T00:00:00.000000" },
      expect.objectContaining({ name: "/c_segments/big/002" }),
      expect.objectContaining({ name: "/c_segments/big/003", bytes: 5 }),
    ]);
    expect((await t.req("GET", "c?format=json")).json).toEqual([expect.objectContaining({ name: "big", bytes: 17, hash: etag })]);
  });

  it("refuses a manifest with a missing segment, a wrong etag or size (400 listing them); nothing is written", async () => {
    const t = await segmented();
    const before = t.snapshot();
    const res = await t.req("PUT", "c/big?multipart-manifest=put", {
      body: manifest([
        { path: "/c_segments/big/001", etag: "0".repeat(32) },
        { path: "/c_segments/big/002", size_bytes: 99 },
        { path: "/c_segments/nope" },
      ]),
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain("/c_segments/big/001, Etag Mismatch");
    expect(res.text).toContain("/c_segments/big/002, Size Mismatch");
    expect(res.text).toContain("/c_segments/nope, 404 Not Found");
    expect((await t.req("PUT", "c/big?multipart-manifest=put", { body: "not json" })).status).toBe(400);
    expect((await t.req("PUT", "c/big?multipart-manifest=put", { body: "[]" })).status).toBe(400);
    expect(t.snapshot()).toBe(before);
  });

  it("?multipart-manifest=delete removes the manifest and its segments", async () => {
    const t = await segmented();
    await t.req("PUT", "c/big?multipart-manifest=put", { body: manifest([{ path: "/c_segments/big/001" }, { path: "/c_segments/big/002" }]) });
    const res = await t.req("DELETE", "c/big?multipart-manifest=delete", { headers: { Accept: "application/json" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ "Number Deleted": 3, "Number Not Found": 0, "Response Status": "200 OK" });
    expect((await t.req("GET", "c_segments")).text).toBe("big/003\n");
    expect((await t.req("GET", "c/big")).status).toBe(404);
  });

  it("answers a GET 409 once a segment is gone or changed (Swift reads segments at GET time); HEAD and the manifest still answer", async () => {
    const t = await segmented();
    await t.req("PUT", "c/big?multipart-manifest=put", { body: manifest([{ path: "/c_segments/big/001" }, { path: "/c_segments/big/003" }]) });
    await t.req("DELETE", "c_segments/big/001");
    const gone = await t.req("GET", "c/big");
    expect(gone.status).toBe(409);
    expect(gone.text).toMatch(/^<html><h1>Conflict<\/h1>/);
    expect((await t.req("HEAD", "c/big")).status).toBe(200);
    expect((await t.req("GET", "c/big?multipart-manifest=get")).status).toBe(200);
    await t.req("PUT", "c_segments/big/001", { body: "HELLO " });
    expect((await t.req("GET", "c/big")).status).toBe(409);
    await t.req("PUT", "c_segments/big/001", { body: "hello " });
    expect((await t.req("GET", "c/big")).text).toBe("hello world");
  });
});

describe("dynamic large objects", () => {
  it("reads the segments under X-Object-Manifest's prefix at GET time", async () => {
    const t = await segmented();
    const put = await t.req("PUT", "c/dlo", { body: "", headers: { "X-Object-Manifest": "c_segments/big/" } });
    expect(put.status).toBe(201);
    const get = await t.req("GET", "c/dlo");
    expect(get.text).toBe("hello large world");
    expect(get.headers.get("x-object-manifest")).toBe("c_segments/big/");
    expect(get.headers.get("etag")).toBe(`"${md5(md5("hello ") + md5("large ") + md5("world"))}"`);
    await t.req("PUT", "c_segments/big/004", { body: "!" });
    expect((await t.req("GET", "c/dlo")).text).toBe("hello large world!");
    // its segment container gone, the listing it reads is a 404 (Swift's dlo answers the listing's error)
    await t.req("PUT", "c/orphan", { body: "", headers: { "X-Object-Manifest": "gone/big/" } });
    expect((await t.req("GET", "c/orphan")).status).toBe(404);
  });
});

describe("bulk delete", () => {
  it("deletes the listed objects and containers, counting those not found and the errors", async () => {
    const t = await segmented();
    await t.req("PUT", "empty");
    const body = ["/c_segments/big/001", "/c_segments/big%2F002", "/c_segments/none", "/empty", "/c"].join("\n");
    const res = await t.req("POST", "?bulk-delete", { body, headers: { "Content-Type": "text/plain", Accept: "application/json" } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      "Number Deleted": 4,
      "Number Not Found": 1,
      "Response Status": "200 OK",
      "Response Body": "",
      Errors: [],
    });
    expect((await t.req("GET", "")).text).toBe("c_segments\n");
    const conflict = await t.req("POST", "?bulk-delete", { body: "/c_segments", headers: { Accept: "application/json" } });
    expect(conflict.json).toMatchObject({ "Number Deleted": 0, "Response Status": "409 Conflict", Errors: [["/c_segments", "409 Conflict"]] });
  });
});
