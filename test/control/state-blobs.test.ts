// Blobs through the control API: GET /_emulator/state?blobs=include carries their bytes, PUT restores them
// (into a memory or a data-directory store), a bad section is a 400 that changes nothing, and resets free
// them. No service stores blobs yet, so the tests put bytes with kernel.blobs and add refs to a state row.

import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { call, testEmulator } from "../helpers/emulator.js";
import type { Emulator } from "../../src/app.js";

const dataDir = mkdtempSync(join(tmpdir(), "skymock-state-blobs-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function bytesOf(stream: Readable | undefined): Promise<Buffer> {
  if (!stream) throw new Error("no such blob");
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const big = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));
const exportState = (emu: Emulator, query = "") => call(emu, "GET", `/_emulator/state${query}`);
const importState = (emu: Emulator, snapshot: unknown) => call(emu, "PUT", "/_emulator/state", { raw: JSON.stringify(snapshot) });

/** An emulator holding three blobs (one owned by project demo) and a state row that refers to the big one. */
async function withBlobs() {
  const emu = testEmulator();
  const small = await emu.kernel.blobs.put("hello");
  const owned = await emu.kernel.blobs.put(big, { owner: "demo-project" });
  const empty = await emu.kernel.blobs.put("");
  return { emu, small, owned, empty };
}

/**
 * The snapshot with `ref` added to the first image's row, as a service would keep it (the image service holds
 * blobs: only such services' slices are looked through for refs).
 */
function withRef(snapshot: any, ref: unknown) {
  const copy = structuredClone(snapshot);
  copy.state.image.images.rows[0].extra = ref;
  return copy;
}

describe("GET /_emulator/state?blobs=include, then PUT into another emulator", () => {
  it("leaves the bytes out unless asked", async () => {
    const { emu } = await withBlobs();
    const res = await exportState(emu);
    expect(res.body.blobs).toBeUndefined();
    expect(res.body.blobOwners).toBeUndefined();
  });

  it("carries every blob's bytes as base64 with its owner, and restores them with their ids", async () => {
    const { emu, small, owned, empty } = await withBlobs();
    const res = await exportState(emu, "?blobs=include");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.body.blobs).toEqual({ [small.id]: "aGVsbG8=", [owned.id]: big.toString("base64"), [empty.id]: "" });
    expect(res.body.blobOwners).toEqual({ [owned.id]: "demo-project" });
    expect(res.body.state).toEqual((await exportState(emu)).body.state);

    for (const target of [testEmulator(), testEmulator({ dataDir })]) {
      const snapshot = withRef(res.body, owned);
      const imported = await importState(target, snapshot);
      expect(imported.status, imported.text).toBe(200);
      expect((await bytesOf(target.kernel.blobs.get(small.id))).toString()).toBe("hello");
      expect((await bytesOf(target.kernel.blobs.get(owned.id))).equals(big)).toBe(true);
      expect(target.kernel.blobs.stats()).toEqual({ count: 3, bytes: 5 + big.length });
      // the same snapshot comes back out, and new blobs do not take the imported ids
      expect(JSON.parse((await exportState(target, "?blobs=include")).text)).toEqual(snapshot);
      expect([small.id, owned.id, empty.id]).not.toContain((await target.kernel.blobs.put("new")).id);
      // the owner came along: a per-project reset frees the blob
      await call(target, "POST", "/_emulator/reset?project=demo-project");
      expect(target.kernel.blobs.has(owned.id)).toBe(false);
    }
  });

  it("replaces the blobs a target held with the snapshot's", async () => {
    const { emu } = await withBlobs();
    const snapshot = (await exportState(emu, "?blobs=include")).body;
    const target = testEmulator();
    for (let i = 0; i < 5; i++) await target.kernel.blobs.put(`old ${i}`);
    expect((await importState(target, snapshot)).status).toBe(200);
    expect(target.kernel.blobs.ids()).toEqual(Object.keys(snapshot.blobs));
  });

  it("imports a snapshot without bytes when the emulator still holds every blob its state refers to", async () => {
    const { emu, owned } = await withBlobs();
    const snapshot = withRef((await exportState(emu)).body, owned);
    expect((await importState(emu, snapshot)).status).toBe(200);
    expect(emu.kernel.blobs.stats().count).toBe(3);
  });
});

describe("a bad blob section is a 400 and changes nothing", () => {
  const ref = (bytes: string, id = "blob-1") => ({
    id,
    size: Buffer.byteLength(bytes),
    md5: createHash("md5").update(bytes).digest("hex"),
    sha256: createHash("sha256").update(bytes).digest("hex"),
  });
  const cases: Array<[string, (s: any) => unknown, RegExp]> = [
    ["blobs that is not an object", (s) => ({ ...s, blobs: ["aGVsbG8="] }), /blobs is an object/],
    ["bytes that are not base64", (s) => ({ ...s, blobs: { "blob-1": "not base64!" } }), /blobs.blob-1 is not base64/],
    ["base64 of a bad length", (s) => ({ ...s, blobs: { "blob-1": "aGVsbG8" } }), /not base64/],
    ["bytes that are not a string", (s) => ({ ...s, blobs: { "blob-1": 42 } }), /not base64/],
    ["an owner of a blob the section lacks", (s) => ({ ...s, blobs: {}, blobOwners: { "blob-9": "p" } }), /blob-9/],
    ["an owner that is not a string", (s) => ({ ...s, blobs: { "blob-1": "" }, blobOwners: { "blob-1": 1 } }), /blobOwners.blob-1/],
    ["owners without blobs", (s) => ({ ...s, blobOwners: {} }), /blobOwners comes with a blobs section/],
    ["a ref to a blob the section lacks", (s) => withRef({ ...s, blobs: { "blob-2": "aGVsbG8=" } }, ref("hello")), /refers to blob blob-1, which the blobs section lacks/],
    ["a ref whose checksums differ", (s) => withRef({ ...s, blobs: { "blob-1": "aGVsbG8=" } }, ref("jello")), /do not match/],
    ["a ref to a blob nobody holds", (s) => withRef(s, ref("hello", "blob-77")), /does not hold.*blobs=include/],
  ];

  for (const [what, corrupt, message] of cases) {
    it(`rejects ${what}`, async () => {
      const { emu, owned } = await withBlobs();
      const good = (await exportState(emu)).body;
      const state = emu.kernel.store.state;
      const ids = emu.kernel.blobs.ids();
      const res = await importState(emu, corrupt(good));
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ status: 400, message: expect.stringMatching(message) });
      expect(emu.kernel.store.state).toBe(state);
      expect(emu.kernel.blobs.ids()).toEqual(ids);
      expect((await bytesOf(emu.kernel.blobs.get(owned.id))).equals(big)).toBe(true);
    });
  }

  it("rejects an unknown value of ?blobs", async () => {
    const { emu } = await withBlobs();
    const res = await exportState(emu, "?blobs=all");
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/blobs is `include`/);
  });
});

describe("resets free blobs", () => {
  it("POST /_emulator/reset frees every blob", async () => {
    const { emu } = await withBlobs();
    expect((await call(emu, "POST", "/_emulator/reset")).status).toBe(200);
    expect(emu.kernel.blobs.stats()).toEqual({ count: 0, bytes: 0 });
  });

  it("with --data-dir, keeps each blob as a file there, and a reset removes the files", async () => {
    const dir = join(dataDir, "reset");
    const emu = testEmulator({ dataDir: dir });
    await emu.kernel.blobs.put(big, { owner: "demo-project" });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(readFileSync(join(dir, files[0])).equals(big)).toBe(true);
    await call(emu, "POST", "/_emulator/reset");
    expect(readdirSync(dir)).toEqual([]);
  });

  it("POST /_emulator/reset?project= frees only that project's blobs", async () => {
    const { emu, small, owned } = await withBlobs();
    const other = await emu.kernel.blobs.put("other's", { owner: "other-project" });
    expect((await call(emu, "POST", "/_emulator/reset?project=demo-project")).status).toBe(200);
    expect(emu.kernel.blobs.has(owned.id)).toBe(false);
    expect(emu.kernel.blobs.has(other.id)).toBe(true);
    expect(emu.kernel.blobs.has(small.id)).toBe(true);
  });
});
