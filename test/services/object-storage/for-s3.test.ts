// The contract S3 builds on: buckets and keys are the very containers and objects Swift serves; typed
// refusals; multi-part objects without copied bytes; copies sharing parts; a ranged stream across parts.

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as s3 from "../../../src/services/object-storage/for-s3.js";
import { swiftTest } from "./setup.js";

const md5 = (s: string) => createHash("md5").update(s).digest("hex");

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = "";
  for await (const chunk of stream) out += Buffer.from(chunk as Uint8Array).toString();
  return out;
}

describe("for-s3", () => {
  it("sees Swift's containers and objects, and Swift sees what it writes", async () => {
    const t = await swiftTest();
    const { kernel } = t.emu;
    const p = t.demo.project;
    await t.req("PUT", "swift-made");
    await t.req("PUT", "swift-made/file.txt", { body: "from swift", headers: { "X-Object-Meta-Who": "swift" } });
    expect(s3.listContainers(kernel.store.state, p).map((c) => c.name)).toEqual(["swift-made"]);
    expect(s3.findObject(kernel.store.state, p, "swift-made", "file.txt")).toMatchObject({ size: 10, etag: md5("from swift"), contentType: "text/plain", metadata: { who: "swift" } });

    const a = await kernel.blobs.put("part-one|");
    const b = await kernel.blobs.put("part-two");
    kernel.store.update((root, tx) => {
      const ctx = { root, tx, now: kernel.clock.now() };
      expect(s3.createContainer(kernel, ctx, p, "bucket")).toBe(true);
      expect(s3.createContainer(kernel, ctx, p, "bucket")).toBe(false);
      s3.putObject(kernel, ctx, p, "bucket", "multi", { parts: [a, b], contentType: "text/plain", metadata: { k: "v" }, etag: "abc-2" });
    });
    const got = await t.req("GET", "bucket/multi");
    expect(got.text).toBe("part-one|part-two");
    expect(got.headers.get("etag")).toBe("abc-2");
    expect(got.headers.get("x-object-meta-k")).toBe("v");
    const ranged = await t.req("GET", "bucket/multi", { headers: { Range: "bytes=5-12" } });
    expect(ranged.text).toBe("one|part");

    const info = s3.findObject(kernel.store.state, p, "bucket", "multi")!;
    expect(info.parts.map((x) => x.id)).toEqual([a.id, b.id]);
    expect(await text(s3.objectStream(kernel, info, { start: 7, end: 10 }))).toBe("e|pa");

    const listing = s3.listObjects(kernel.store.state, p, "bucket", { limit: 1, delimiter: "/" })!;
    expect(listing).toEqual({ objects: [expect.objectContaining({ name: "multi", size: 17, etag: "abc-2" })], commonPrefixes: [], truncated: false, nextMarker: undefined });
    expect(s3.listObjects(kernel.store.state, p, "nope", { limit: 1 })).toBeUndefined();
  });

  it("deletes and copies without copying bytes; refusals are typed", async () => {
    const t = await swiftTest();
    const { kernel } = t.emu;
    const p = t.demo.project;
    await t.req("PUT", "c");
    await t.req("PUT", "c/a/1", { body: "1" });
    await t.req("PUT", "c/a/2", { body: "2" });
    await t.req("PUT", "c/b", { body: "3" });
    const page = s3.listObjects(kernel.store.state, p, "c", { limit: 1, delimiter: "/" })!;
    expect(page).toMatchObject({ objects: [], commonPrefixes: ["a/"], truncated: true, nextMarker: "a/" });
    const next = s3.listObjects(kernel.store.state, p, "c", { limit: 5, delimiter: "/", marker: page.nextMarker })!;
    expect(next.objects.map((o) => o.name)).toEqual(["b"]);

    kernel.store.update((root, tx) => {
      const ctx = { root, tx, now: kernel.clock.now() };
      expect(s3.deleteContainer(kernel, ctx, p, "c")).toBe("not-empty");
      expect(s3.deleteContainer(kernel, ctx, p, "nope")).toBe("not-found");
      expect(s3.copyObject(kernel, ctx, { projectId: p, container: "c", key: "b" }, { projectId: p, container: "c", key: "b-copy" }, { metadata: { m: "1" }, contentType: "x/y" })).toMatchObject({
        name: "b-copy",
        etag: md5("3"),
        metadata: { m: "1" },
        contentType: "x/y",
      });
      expect(s3.copyObject(kernel, ctx, { projectId: p, container: "c", key: "gone" }, { projectId: p, container: "c", key: "x" })).toBeUndefined();
      expect(s3.deleteObject(kernel, ctx, p, "c", "b")).toBe(true);
      expect(s3.deleteObject(kernel, ctx, p, "c", "b")).toBe(false);
    });
    expect((await t.req("GET", "c/b-copy")).text).toBe("3");
    expect(() =>
      kernel.store.update((root, tx) => s3.putObject(kernel, { root, tx, now: 0 }, p, "missing", "k", { parts: [], contentType: "a/b", metadata: {} })),
    ).toThrow(expect.objectContaining({ code: "ContainerNotFound" }));
  });
});
