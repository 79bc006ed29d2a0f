// Objects through the Swift API on a frozen clock: PUT streamed (ETag verified, 411, chunked, Content-Type
// kept or guessed, metadata), GET with ranges and conditions, HEAD, POST metadata, DELETE, copies sharing
// bytes, X-Delete-At/After on the virtual clock; each refusal leaves the state as it was.

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { swiftTest, type SwiftTest } from "./setup.js";

const md5 = (s: string) => createHash("md5").update(s).digest("hex");

async function withContainer(): Promise<SwiftTest> {
  const t = await swiftTest();
  expect((await t.req("PUT", "c")).status).toBe(201);
  return t;
}

describe("PUT and GET", () => {
  it("stores the bytes: 201 with the MD5 ETag; GET answers them with Swift's headers", async () => {
    const t = await withContainer();
    const put = await t.req("PUT", "c/dir/hello.txt", { body: "hello world", headers: { "X-Object-Meta-Color": "Blue" } });
    expect(put.status, put.text).toBe(201);
    expect(put.headers.get("etag")).toBe(md5("hello world"));
    expect(put.headers.get("last-modified")).toBe("Tue, 01 Jan 2030 00:00:00 GMT");
    expect(put.headers.get("x-trans-id")).toMatch(/^tx[0-9a-f]{21}-[0-9a-f]{10}$/);
    expect(put.headers.get("x-openstack-request-id")).toBe(put.headers.get("x-trans-id"));
    expect(put.headers.get("date")).toBe("Tue, 01 Jan 2030 00:00:00 GMT");
    const get = await t.req("GET", "c/dir/hello.txt");
    expect(get.status).toBe(200);
    expect(get.text).toBe("hello world");
    expect(get.headers.get("content-length")).toBe("11");
    expect(get.headers.get("content-type")).toBe("text/plain");
    expect(get.headers.get("etag")).toBe(md5("hello world"));
    expect(get.headers.get("x-timestamp")).toBe("1893456000.00000");
    expect(get.headers.get("x-object-meta-color")).toBe("Blue");
    expect(get.headers.get("accept-ranges")).toBe("bytes");
  });

  it("keeps a given Content-Type and guesses a missing one; HEAD answers the headers without a body", async () => {
    const t = await withContainer();
    await t.req("PUT", "c/a.json", { body: "{}", headers: { "Content-Type": "application/x-mine" } });
    await t.req("PUT", "c/b.png", { body: "png" });
    await t.req("PUT", "c/noext", { body: "x" });
    expect((await t.req("HEAD", "c/a.json")).headers.get("content-type")).toBe("application/x-mine");
    const head = await t.req("HEAD", "c/b.png");
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers.get("content-type")).toBe("image/png");
    expect(head.headers.get("content-length")).toBe("3");
    expect((await t.req("HEAD", "c/noext")).headers.get("content-type")).toBe("application/octet-stream");
  });

  it("verifies the ETag the client sends: 422 on a mismatch and nothing stored", async () => {
    const t = await withContainer();
    const before = t.snapshot();
    const blobs = t.emu.kernel.blobs.stats().count;
    const res = await t.req("PUT", "c/o", { body: "data", headers: { ETag: md5("other") } });
    expect(res.status).toBe(422);
    expect(res.text).toContain("<h1>Unprocessable Entity</h1>");
    expect(t.snapshot()).toBe(before);
    expect(t.emu.kernel.blobs.stats().count).toBe(blobs);
    expect((await t.req("PUT", "c/o", { body: "data", headers: { ETag: `"${md5("data")}"` } })).status).toBe(201);
  });

  it("takes a chunked body and refuses one with neither a length nor chunking (411)", async () => {
    const t = await withContainer();
    const stream = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("part1-"));
          controller.enqueue(new TextEncoder().encode("part2"));
          controller.close();
        },
      });
    const chunked = await t.req("PUT", "c/chunked", { body: stream(), headers: { "Transfer-Encoding": "chunked" } });
    expect(chunked.status, chunked.text).toBe(201);
    expect((await t.req("GET", "c/chunked")).text).toBe("part1-part2");
    const before = t.snapshot();
    const bare = await t.req("PUT", "c/bare", { body: stream() });
    expect(bare.status).toBe(411);
    expect(bare.text).toContain("Length Required");
    expect(t.snapshot()).toBe(before);
  });

  it("keeps names as given: a pseudo-directory marker's trailing slash, an encoded slash", async () => {
    const t = await withContainer();
    expect((await t.req("PUT", "c/dir/", { body: "", headers: { "Content-Type": "application/directory" } })).status).toBe(201);
    expect((await t.req("PUT", "c/a%2Fb", { body: "x" })).status).toBe(201);
    expect((await t.req("GET", "c")).text).toBe("a/b\ndir/\n");
    expect((await t.req("HEAD", "c/dir/")).headers.get("content-type")).toBe("application/directory");
    expect((await t.req("GET", "c/dir")).status).toBe(404);
  });

  it("404s into a missing container and for a missing object", async () => {
    const t = await withContainer();
    const before = t.snapshot();
    const res = await t.req("PUT", "nope/o", { body: "x" });
    expect(res.status).toBe(404);
    expect(res.text).toBe("<html><h1>Not Found</h1><p>The resource could not be found.</p></html>");
    expect(res.headers.get("content-type")).toBe("text/html; charset=UTF-8");
    expect(t.snapshot()).toBe(before);
    expect((await t.req("GET", "c/missing")).status).toBe(404);
    expect((await t.req("HEAD", "c/missing")).status).toBe(404);
  });

  it("replaces an object of the same name and frees the old bytes", async () => {
    const t = await withContainer();
    await t.req("PUT", "c/o", { body: "one" });
    const blobs = t.emu.kernel.blobs.stats().count;
    await t.req("PUT", "c/o", { body: "second" });
    expect((await t.req("GET", "c/o")).text).toBe("second");
    expect(t.emu.kernel.blobs.stats().count).toBe(blobs);
    const head = await t.req("HEAD", "c");
    expect(head.headers.get("x-container-object-count")).toBe("1");
    expect(head.headers.get("x-container-bytes-used")).toBe("6");
  });

  it("If-None-Match: * refuses to overwrite (412)", async () => {
    const t = await withContainer();
    expect((await t.req("PUT", "c/o", { body: "1", headers: { "If-None-Match": "*" } })).status).toBe(201);
    expect((await t.req("PUT", "c/o", { body: "2", headers: { "If-None-Match": "*" } })).status).toBe(412);
    expect((await t.req("GET", "c/o")).text).toBe("1");
  });

  it("refuses metadata past Swift's limits (400)", async () => {
    const t = await withContainer();
    const res = await t.req("PUT", "c/o", { body: "x", headers: { "X-Object-Meta-Big": "v".repeat(257) } });
    expect(res.status).toBe(400);
    expect((await t.req("GET", "c/o")).status).toBe(404);
  });
});

describe("ranges and conditions", () => {
  it("answers a range with 206 and Content-Range, past the end with 416", async () => {
    const t = await withContainer();
    await t.req("PUT", "c/o", { body: "0123456789" });
    const part = await t.req("GET", "c/o", { headers: { Range: "bytes=2-5" } });
    expect(part.status).toBe(206);
    expect(part.text).toBe("2345");
    expect(part.headers.get("content-range")).toBe("bytes 2-5/10");
    expect((await t.req("GET", "c/o", { headers: { Range: "bytes=-3" } })).text).toBe("789");
    const past = await t.req("GET", "c/o", { headers: { Range: "bytes=20-30" } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */10");
  });

  it("If-Match / If-None-Match / If-Modified-Since / If-Unmodified-Since give 412 or 304", async () => {
    const t = await withContainer();
    await t.req("PUT", "c/o", { body: "abc" });
    const etag = md5("abc");
    expect((await t.req("GET", "c/o", { headers: { "If-Match": `"${etag}"` } })).status).toBe(200);
    expect((await t.req("GET", "c/o", { headers: { "If-Match": '"nope"' } })).status).toBe(412);
    const notModified = await t.req("GET", "c/o", { headers: { "If-None-Match": etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect((await t.req("GET", "c/o", { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
    expect((await t.req("GET", "c/o", { headers: { "If-Modified-Since": "Tue, 01 Jan 2030 00:00:00 GMT" } })).status).toBe(304);
    expect((await t.req("GET", "c/o", { headers: { "If-Modified-Since": "Mon, 31 Dec 2029 00:00:00 GMT" } })).status).toBe(200);
    expect((await t.req("GET", "c/o", { headers: { "If-Unmodified-Since": "Mon, 31 Dec 2029 00:00:00 GMT" } })).status).toBe(412);
    expect((await t.req("GET", "c/o", { headers: { "If-Unmodified-Since": "Wed, 02 Jan 2030 00:00:00 GMT" } })).status).toBe(200);
  });
});

describe("POST and DELETE", () => {
  it("POST replaces the metadata and Content-Type (202); DELETE answers 204, then 404", async () => {
    const t = await withContainer();
    await t.req("PUT", "c/o", { body: "x", headers: { "X-Object-Meta-A": "1", "X-Object-Meta-B": "2" } });
    const post = await t.req("POST", "c/o", { headers: { "X-Object-Meta-C": "3", "Content-Type": "text/x-new" } });
    expect(post.status).toBe(202);
    const head = await t.req("HEAD", "c/o");
    expect(head.headers.get("x-object-meta-a")).toBeNull();
    expect(head.headers.get("x-object-meta-c")).toBe("3");
    expect(head.headers.get("content-type")).toBe("text/x-new");
    expect((await t.req("POST", "c/missing", { headers: { "X-Object-Meta-C": "3" } })).status).toBe(404);
    expect((await t.req("DELETE", "c/o")).status).toBe(204);
    expect((await t.req("DELETE", "c/o")).status).toBe(404);
    expect((await t.req("GET", "c/o")).status).toBe(404);
    expect(t.emu.kernel.blobs.stats().count).toBe(0);
  });
});

describe("copies", () => {
  it("COPY and X-Copy-From share the bytes: deleting one copy keeps the other's", async () => {
    const t = await withContainer();
    await t.req("PUT", "d");
    await t.req("PUT", "c/src", { body: "shared bytes", headers: { "X-Object-Meta-Origin": "src", "Content-Type": "text/x-src" } });
    const copy = await t.req("COPY", "c/src", { headers: { Destination: "d/copy1", "X-Object-Meta-Extra": "yes" } });
    expect(copy.status, copy.text).toBe(201);
    expect(copy.headers.get("x-copied-from")).toBe("c/src");
    expect(copy.headers.get("etag")).toBe(md5("shared bytes"));
    const put = await t.req("PUT", "c/copy2", { headers: { "X-Copy-From": "/c/src", "Content-Length": "0" } });
    expect(put.status, put.text).toBe(201);
    expect(t.emu.kernel.blobs.stats().count).toBe(1);
    const head = await t.req("HEAD", "d/copy1");
    expect(head.headers.get("x-object-meta-origin")).toBe("src");
    expect(head.headers.get("x-object-meta-extra")).toBe("yes");
    expect(head.headers.get("content-type")).toBe("text/x-src");
    expect((await t.req("DELETE", "c/src")).status).toBe(204);
    expect((await t.req("GET", "d/copy1")).text).toBe("shared bytes");
    expect((await t.req("DELETE", "d/copy1")).status).toBe(204);
    expect((await t.req("GET", "c/copy2")).text).toBe("shared bytes");
    expect((await t.req("DELETE", "c/copy2")).status).toBe(204);
    expect(t.emu.kernel.blobs.stats().count).toBe(0);
  });

  it("refuses a copy from a missing source (404), into a missing container (404), or a malformed one (412)", async () => {
    const t = await withContainer();
    await t.req("PUT", "c/src", { body: "x" });
    const before = t.snapshot();
    expect((await t.req("COPY", "c/nope", { headers: { Destination: "c/x" } })).status).toBe(404);
    expect((await t.req("COPY", "c/src", { headers: { Destination: "nope/x" } })).status).toBe(404);
    expect((await t.req("COPY", "c/src", { headers: { Destination: "noslash" } })).status).toBe(412);
    expect((await t.req("PUT", "c/x", { headers: { "X-Copy-From": "c" } })).status).toBe(412);
    expect(t.snapshot()).toBe(before);
  });
});

describe("expiry", () => {
  it("X-Delete-After removes the object on the virtual clock", async () => {
    const t = await withContainer();
    const put = await t.req("PUT", "c/o", { body: "x", headers: { "X-Delete-After": "60" } });
    expect(put.status).toBe(201);
    expect((await t.req("HEAD", "c/o")).headers.get("x-delete-at")).toBe(String(Date.parse("2030-01-01T00:01:00Z") / 1000));
    t.advance(59_000);
    expect((await t.req("GET", "c/o")).status).toBe(200);
    t.advance(1_000);
    expect((await t.req("GET", "c/o")).status).toBe(404);
    expect((await t.req("HEAD", "c")).headers.get("x-container-object-count")).toBe("0");
    expect(t.emu.kernel.blobs.stats().count).toBe(0);
  });

  it("X-Delete-At set by POST; one in the past is refused (400)", async () => {
    const t = await withContainer();
    await t.req("PUT", "c/o", { body: "x" });
    const at = Date.parse("2030-01-01T00:00:10Z") / 1000;
    expect((await t.req("POST", "c/o", { headers: { "X-Delete-At": String(at) } })).status).toBe(202);
    expect((await t.req("PUT", "c/p", { body: "x", headers: { "X-Delete-At": "1000" } })).status).toBe(400);
    // X-Delete-At is a time on the emulator's (virtual) clock, shown back as set: one taken from the wall
    // clock, years behind this frozen clock, is in the past (X-Delete-After is the clock-free form)
    const wall = await t.req("PUT", "c/p", { body: "x", headers: { "X-Delete-At": String(Math.floor(Date.now() / 1000) + 3600) } });
    expect(wall.status).toBe(400);
    expect(wall.text).toContain("X-Delete-At in past");
    expect((await t.req("HEAD", "c/o")).headers.get("x-delete-at")).toBe(String(at));
    t.advance(10_000);
    expect((await t.req("GET", "c/o")).status).toBe(404);
  });
});
