// The blob store contract, run against both stores (memory, data directory): every source kind, checksums,
// range reads, the size limit, failing sources, delete/clear by owner, ids, staged replacement (imports),
// and what a big upload costs in memory.

import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, describe, expect, it } from "vitest";
import { BlobTooLarge, DiskBlobStore, MemoryBlobStore, type BlobStore } from "../../src/kernel/blobs/index.js";

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "skymock-blobs-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const hex = (algorithm: string, bytes: Uint8Array) => createHash(algorithm).update(bytes).digest("hex");

async function bytesOf(stream: Readable | undefined): Promise<Buffer> {
  if (!stream) throw new Error("no such blob");
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** n pseudo-random bytes, the same for the same seed */
function pattern(n: number, seed = 1): Buffer {
  const out = Buffer.allocUnsafe(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

/** a node Readable yielding `bytes` in chunks of `size` */
const readableOf = (bytes: Buffer, size: number) =>
  Readable.from((function* () {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  })(), { objectMode: false });

const webStreamOf = (chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    pull: (controller) => {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });

const stores: Array<[string, () => BlobStore, (store: BlobStore) => string[]]> = [
  ["memory", () => new MemoryBlobStore(), () => []],
  ["disk", () => new DiskBlobStore(newDir()), (store) => readdirSync((store as DiskBlobStore).dir)],
];

describe.each(stores)("the %s blob store", (_name, makeStore, filesOf) => {
  const data = pattern(200_000);

  describe("put, from every kind of source, and get", () => {
    const sources: Array<[string, () => Parameters<BlobStore["put"]>[0], Buffer]> = [
      ["a string (UTF-8)", () => "héllo, wörld ✓", Buffer.from("héllo, wörld ✓")],
      ["a Uint8Array", () => new Uint8Array(data), data],
      ["a node Readable", () => readableOf(data, 10_000), data],
      ["a node Readable in text mode", () => Readable.from(["ab", "cd", "ef"], { objectMode: false }).setEncoding("utf8"), Buffer.from("abcdef")],
      ["a web ReadableStream", () => webStreamOf([data.subarray(0, 7), data.subarray(7)]), data],
      ["an async iterable", () => (async function* () { for (let at = 0; at < data.length; at += 333) yield data.subarray(at, at + 333); })(), data],
      ["nothing (an empty body)", () => new Uint8Array(0), Buffer.alloc(0)],
    ];
    it.each(sources)("stores %s with its size and MD5, and reads it back", async (_kind, source, expected) => {
      const store = makeStore();
      const ref = await store.put(source());
      expect(ref).toEqual({ id: ref.id, size: expected.length, md5: hex("md5", expected) });
      expect(store.has(ref.id)).toBe(true);
      expect((await bytesOf(store.get(ref.id))).equals(expected)).toBe(true);
      expect(store.stats()).toEqual({ count: 1, bytes: expected.length });
    });

    it.each(sources)("computes the SHA-256 of %s too when the put asks for it", async (_kind, source, expected) => {
      const store = makeStore();
      const ref = await store.put(source(), { sha256: true });
      expect(ref).toEqual({ id: ref.id, size: expected.length, md5: hex("md5", expected), sha256: hex("sha256", expected) });
      expect((await bytesOf(store.get(ref.id))).equals(expected)).toBe(true);
    });

    it("keeps what it was given even when the caller reuses its buffer", async () => {
      const store = makeStore();
      const mine = Buffer.from("original");
      const ref = await store.put(mine);
      mine.fill(0);
      expect((await bytesOf(store.get(ref.id))).toString()).toBe("original");
    });

    it("answers undefined and false for unknown ids", () => {
      const store = makeStore();
      expect(store.get("blob-404")).toBeUndefined();
      expect(store.has("blob-404")).toBe(false);
      expect(store.delete("blob-404")).toBe(false);
    });
  });

  describe("range reads (inclusive, as HTTP Range)", () => {
    it.each([
      [0, 0],
      [0, 99],
      [65_530, 65_545], // across a chunk boundary
      [150_000, 199_999],
      [199_999, 199_999],
    ])("bytes %i-%i", async (start, end) => {
      const store = makeStore();
      const ref = await store.put(readableOf(data, 4096));
      expect((await bytesOf(store.get(ref.id, { start, end }))).equals(data.subarray(start, end + 1))).toBe(true);
    });

    it("cuts an end past the last byte, and reads nothing from a start past it", async () => {
      const store = makeStore();
      const ref = await store.put("0123456789");
      expect((await bytesOf(store.get(ref.id, { start: 7, end: 1000 }))).toString()).toBe("789");
      expect((await bytesOf(store.get(ref.id, { start: 10, end: 20 }))).length).toBe(0);
      expect(() => store.get(ref.id, { start: -1, end: 3 })).toThrow(RangeError);
    });
  });

  describe("maxBytes", () => {
    it("takes a body of exactly the limit", async () => {
      const store = makeStore();
      expect((await store.put("12345", { maxBytes: 5 })).size).toBe(5);
    });

    it("refuses a larger body with BlobTooLarge, keeps and counts nothing, and destroys the source", async () => {
      const store = makeStore();
      const source = readableOf(data, 1000);
      const error = await store.put(source, { maxBytes: 50_000 }).catch((e) => e);
      expect(error).toBeInstanceOf(BlobTooLarge);
      expect(error.limit).toBe(50_000);
      expect(source.destroyed).toBe(true);
      expect(store.stats()).toEqual({ count: 0, bytes: 0 });
      expect(store.ids()).toEqual([]);
      expect(filesOf(store)).toEqual([]);
    });

    it("cancels a web stream it refuses", async () => {
      const store = makeStore();
      let cancelled = false;
      let pulls = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull: (controller) => {
          if (pulls++ < 100) controller.enqueue(new Uint8Array(1000));
          else controller.close();
        },
        cancel: () => {
          cancelled = true;
        },
      });
      await expect(store.put(stream, { maxBytes: 10_000 })).rejects.toBeInstanceOf(BlobTooLarge);
      await new Promise((resolve) => setImmediate(resolve));
      expect(cancelled).toBe(true);
      expect(pulls).toBeLessThan(20);
    });
  });

  it("keeps nothing of a source that fails half way", async () => {
    const store = makeStore();
    const failing = (async function* () {
      yield data.subarray(0, 70_000);
      throw new Error("connection reset");
    })();
    await expect(store.put(failing)).rejects.toThrow("connection reset");
    const readable = new Readable({ read() {} });
    const put = store.put(readable);
    readable.push(data.subarray(0, 1000));
    readable.destroy(new Error("socket hang up"));
    await expect(put).rejects.toThrow("socket hang up");
    await expect(store.put((async function* () { yield 42; })() as never)).rejects.toThrow(TypeError);
    expect(store.stats()).toEqual({ count: 0, bytes: 0 });
    expect(filesOf(store)).toEqual([]);
  });

  it("deletes, clears one owner's blobs, or all; a read under way finishes", async () => {
    const store = makeStore();
    const a = await store.put("a", { owner: "project-a" });
    const b = await store.put("bb", { owner: "project-b" });
    const c = await store.put("ccc");
    expect(store.ids()).toEqual([a.id, b.id, c.id]);
    expect(store.owner(a.id)).toBe("project-a");
    expect(store.owner(c.id)).toBeUndefined();

    const reading = store.get(c.id)!;
    expect(store.delete(c.id)).toBe(true);
    expect(store.delete(c.id)).toBe(false);
    expect((await bytesOf(reading)).toString()).toBe("ccc");
    expect(store.stats()).toEqual({ count: 2, bytes: 3 });

    store.clear("project-a");
    expect(store.ids()).toEqual([b.id]);
    expect(store.stats()).toEqual({ count: 1, bytes: 2 });
    store.clear();
    expect(store.stats()).toEqual({ count: 0, bytes: 0 });
    expect(store.get(b.id)).toBeUndefined();
    expect(filesOf(store)).toEqual([]);
  });

  it("hands out ids from a counter: unique, and after a whole clear the same as a fresh store's", async () => {
    const store = makeStore();
    const first = [await store.put("x"), await store.put("y")].map((r) => r.id);
    expect(first).toEqual(["blob-1", "blob-2"]);
    store.delete("blob-2");
    expect((await store.put("z")).id).toBe("blob-3");
    store.clear();
    expect((await store.put("x")).id).toBe("blob-1");
  });

  it("stages a replacement of every blob: commit makes it the content, discard changes nothing", async () => {
    const store = makeStore();
    const old = await store.put("old");
    const discarded = store.stageReplace([{ id: "blob-9", bytes: Buffer.from("nine") }]);
    expect(discarded.refs.get("blob-9")).toEqual({ id: "blob-9", size: 4, md5: hex("md5", Buffer.from("nine")), sha256: hex("sha256", Buffer.from("nine")) });
    discarded.discard();
    expect(store.ids()).toEqual([old.id]);
    expect(filesOf(store).filter((name) => name.endsWith(".tmp"))).toEqual([]);

    const staged = store.stageReplace([
      { id: "blob-7", bytes: pattern(100_000), owner: "p" },
      { id: "imported", bytes: Buffer.from("x") },
    ]);
    expect(store.ids()).toEqual([old.id]);
    staged.commit();
    expect(store.ids()).toEqual(["blob-7", "imported"]);
    expect(store.owner("blob-7")).toBe("p");
    expect((await bytesOf(store.get("blob-7", { start: 99_990, end: 99_999 }))).equals(pattern(100_000).subarray(99_990))).toBe(true);
    expect(store.stats()).toEqual({ count: 2, bytes: 100_001 });
    expect((await store.put("next")).id).toBe("blob-8");
  });

  it("takes a 64 MiB upload in 64 KiB chunks without ever holding it as one string or buffer", async () => {
    const store = makeStore();
    const size = 64 * 1024 * 1024;
    const md5 = createHash("md5");
    let heapPeak = 0;
    const heapBefore = process.memoryUsage().heapUsed;
    const upload = (async function* () {
      for (let i = 0; i < size / 65_536; i++) {
        const chunk = Buffer.alloc(65_536, i & 0xff);
        md5.update(chunk);
        if (i % 64 === 0) heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed - heapBefore);
        yield chunk;
      }
    })();
    const ref = await store.put(upload);
    expect(ref.size).toBe(size);
    expect(ref.md5).toBe(md5.digest("hex"));
    expect(heapPeak).toBeLessThan(16 * 1024 * 1024);

    let reads = 0;
    let largest = 0;
    for await (const chunk of store.get(ref.id)!) {
      reads++;
      largest = Math.max(largest, (chunk as Buffer).length);
    }
    expect(reads).toBeGreaterThanOrEqual(1024);
    expect(largest).toBeLessThanOrEqual(65_536);
    store.delete(ref.id);
  });
});

describe("memory comes back after deletes", () => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  // array buffers are released after a full collection and a turn of the event loop
  const external = async () => {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    return process.memoryUsage().arrayBuffers;
  };

  it("frees 64 MiB of blobs once they are deleted", async () => {
    const store = new MemoryBlobStore();
    const before = await external();
    const refs = [];
    for (let i = 0; i < 64; i++) refs.push(await store.put(readableOf(Buffer.alloc(1024 * 1024, i), 64 * 1024)));
    const held = (await external()) - before;
    expect(held).toBeGreaterThan(60 * 1024 * 1024);
    expect(held).toBeLessThan(80 * 1024 * 1024);
    for (const ref of refs) store.delete(ref.id);
    expect((await external()) - before).toBeLessThan(4 * 1024 * 1024);
  });
});

describe("the disk store's directory", () => {
  it("is created, and blob files an earlier run left there are removed; other files are left alone", async () => {
    const parent = newDir();
    const dir = join(parent, "data", "blobs");
    const first = new DiskBlobStore(dir);
    await first.put("from the first run");
    writeFileSync(join(dir, "notes.txt"), "mine");
    writeFileSync(join(dir, "9.blob.tmp"), "half");
    expect(readdirSync(dir).sort()).toEqual(["1.blob", "9.blob.tmp", "notes.txt"]);
    const second = new DiskBlobStore(dir);
    expect(readdirSync(dir)).toEqual(["notes.txt"]);
    expect(second.stats()).toEqual({ count: 0, bytes: 0 });
  });

  it("refuses a path that is a file, saying so", () => {
    const file = join(newDir(), "a-file");
    writeFileSync(file, "");
    expect(() => new DiskBlobStore(file)).toThrow(/data directory .*a-file cannot be used/);
    expect(existsSync(file)).toBe(true);
  });
});

describe("the memory blob store's small reads", () => {
  it("hands over a small blob's bytes (or a range across its chunks) at once, and nothing past the limit", async () => {
    const store = new MemoryBlobStore();
    const bytes = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7 + 3) & 0xff));
    // sent in uneven pieces, kept as several chunks
    const pieces = [bytes.subarray(0, 70_001), bytes.subarray(70_001, 70_010), bytes.subarray(70_010)];
    const ref = await store.put(Readable.from(pieces));
    expect(store.small(ref.id, undefined, 64 * 1024)).toBeUndefined();
    for (const [start, end] of [[0, 9], [65_530, 70_020], [70_000, 70_009], [199_990, 250_000], [150_000, 150_000]] as const) {
      const got = store.small(ref.id, { start, end }, 64 * 1024);
      expect(Buffer.from(got!).equals(bytes.subarray(start, Math.min(end, bytes.length - 1) + 1))).toBe(true);
    }
    expect(store.small(ref.id, { start: 0, end: 70_000 }, 64 * 1024)).toBeUndefined();
    expect(store.small("nope", undefined, 64 * 1024)).toBeUndefined();
    const tiny = await store.put("hello");
    expect(Buffer.from(store.small(tiny.id, undefined, 64 * 1024)!).toString()).toBe("hello");
    // a disk store streams everything (it has no small reads)
    expect((new DiskBlobStore(mkdtempSync(join(tmpdir(), "small-"))) as BlobStore).small).toBeUndefined();
  });
});
