// A blob's SHA-256 is computed only where a caller checks it (S3's signed payload): a Swift object's ref
// carries size and MD5 only, a state export/import round trip still restores it, and a snapshot whose refs
// do carry a SHA-256 (an S3 object, an older export) has it checked against the bytes.

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call } from "../helpers/emulator.js";
import type { Emulator } from "../../src/app.js";
import { swiftTest } from "../services/object-storage/setup.js";

const hex = (algorithm: string, s: string) => createHash(algorithm).update(s).digest("hex");
const exportState = (emu: Emulator) => call(emu, "GET", "/_emulator/state?blobs=include");
const importState = (emu: Emulator, snapshot: unknown) => call(emu, "PUT", "/_emulator/state", { raw: JSON.stringify(snapshot) });

/** Every object of the snapshot's state shaped as a blob ref whose MD5 is `md5`. */
function refsWithMd5(root: unknown, md5: string): Array<Record<string, unknown>> {
  const found: Array<Record<string, unknown>> = [];
  const stack = [root];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value !== "object" || value === null) continue;
    const o = value as Record<string, unknown>;
    if (o.md5 === md5 && typeof o.id === "string" && typeof o.size === "number") found.push(o);
    else stack.push(...Object.values(o));
  }
  return found;
}

async function withObject() {
  const t = await swiftTest();
  expect((await t.req("PUT", "c")).status).toBe(201);
  expect((await t.req("PUT", "c/hello.txt", { body: "hello world" })).status).toBe(201);
  const snapshot = (await exportState(t.emu)).body;
  return { t, snapshot };
}

describe("a Swift upload's blob ref", () => {
  it("carries size and MD5, no SHA-256, and survives an export/import round trip", async () => {
    const { t, snapshot } = await withObject();
    const refs = refsWithMd5(snapshot.state, hex("md5", "hello world"));
    expect(refs).toEqual([{ id: expect.any(String), size: 11, md5: hex("md5", "hello world") }]);
    expect((await t.req("DELETE", "c/hello.txt")).status).toBe(204);
    expect((await t.req("GET", "c/hello.txt")).status).toBe(404);
    const imported = await importState(t.emu, snapshot);
    expect(imported.status, imported.text).toBe(200);
    const get = await t.req("GET", "c/hello.txt");
    expect([get.status, get.text, get.headers.get("etag")]).toEqual([200, "hello world", hex("md5", "hello world")]);
  });
});

describe("a snapshot whose refs carry a SHA-256", () => {
  const withSha = (snapshot: any, sha256: string) => {
    const copy = structuredClone(snapshot);
    for (const ref of refsWithMd5(copy.state, hex("md5", "hello world"))) ref.sha256 = sha256;
    return copy;
  };

  it("imports when it matches the bytes", async () => {
    const { t, snapshot } = await withObject();
    const res = await importState(t.emu, withSha(snapshot, hex("sha256", "hello world")));
    expect(res.status, res.text).toBe(200);
    expect((await t.req("GET", "c/hello.txt")).text).toBe("hello world");
  });

  it("is a 400 that changes nothing when it does not", async () => {
    const { t, snapshot } = await withObject();
    const before = t.snapshot();
    const res = await importState(t.emu, withSha(snapshot, hex("sha256", "jello world")));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/do not match/);
    expect(t.snapshot()).toBe(before);
  });
});
