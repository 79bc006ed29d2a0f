// Conditional writes: PutObject and CompleteMultipartUpload with If-None-Match: * (create only) and
// If-Match: <etag> (replace only that version). The condition is checked again in the store update that
// writes, so of concurrent conditional writes exactly one commits; the others get 412 PreconditionFailed,
// or 409 ConditionalRequestConflict when another write got in while they were under way. Nothing a refused
// write sent is kept.

import { describe, expect, it } from "vitest";
import type { Emulator } from "../../../src/app.js";
import { ec2Keys, errorCode, s3, s3Emulator, tags, type Keys } from "./s3-helpers.js";

async function startUpload(emu: Emulator, keys: Keys, key: string, body: string): Promise<{ id: string; complete: string }> {
  const id = tags((await s3(emu, keys, "POST", `/cond/${key}?uploads`)).text, "UploadId")[0]!;
  const etag = (await s3(emu, keys, "PUT", `/cond/${key}?partNumber=1&uploadId=${id}`, { body })).headers.get("etag")!;
  return { id, complete: `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${etag}</ETag></Part></CompleteMultipartUpload>` };
}

describe("S3 conditional writes", () => {
  it("PutObject: If-None-Match: * creates only, If-Match replaces only the version named", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/cond");
    const created = await s3(emu, keys, "PUT", "/cond/k", { body: "one", headers: { "if-none-match": "*" } });
    expect(created.status).toBe(200);
    const again = await s3(emu, keys, "PUT", "/cond/k", { body: "two", headers: { "if-none-match": "*" } });
    expect([again.status, errorCode(again), tags(again.text, "Condition")]).toEqual([412, "PreconditionFailed", ["If-None-Match"]]);
    const stale = await s3(emu, keys, "PUT", "/cond/k", { body: "two", headers: { "if-match": '"0123456789abcdef0123456789abcdef"' } });
    expect([stale.status, errorCode(stale)]).toEqual([412, "PreconditionFailed"]);
    const missing = await s3(emu, keys, "PUT", "/cond/none", { body: "x", headers: { "if-match": created.headers.get("etag")! } });
    expect([missing.status, errorCode(missing)]).toEqual([404, "NoSuchKey"]);
    const other = await s3(emu, keys, "PUT", "/cond/k", { body: "x", headers: { "if-none-match": created.headers.get("etag")! } });
    expect([other.status, errorCode(other)]).toEqual([501, "NotImplemented"]);
    expect((await s3(emu, keys, "GET", "/cond/k")).text).toBe("one");
    const replaced = await s3(emu, keys, "PUT", "/cond/k", { body: "three", headers: { "if-match": created.headers.get("etag")! } });
    expect(replaced.status).toBe(200);
    expect((await s3(emu, keys, "GET", "/cond/k")).text).toBe("three");
    expect(tags((await s3(emu, keys, "GET", "/cond")).text, "Key")).toEqual(["k"]);
    expect(emu.kernel.blobs.stats().count).toBe(1);
  });

  it("of 20 concurrent If-None-Match PUTs exactly one wins; the others are 409 or 412 and leave nothing behind", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/cond");
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => s3(emu, keys, "PUT", "/cond/race", { body: `writer ${i}`, headers: { "if-none-match": "*" } })),
    );
    const winners = results.flatMap((r, i) => (r.status === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    for (const r of results) if (r.status !== 200) expect(["409 ConditionalRequestConflict", "412 PreconditionFailed"]).toContain(`${r.status} ${errorCode(r)}`);
    expect((await s3(emu, keys, "GET", "/cond/race")).text).toBe(`writer ${winners[0]}`);
    expect(emu.kernel.blobs.stats().count).toBe(1);

    // If-Match on the same version: one replaces it, the rest find it gone
    const etag = (await s3(emu, keys, "HEAD", "/cond/race")).headers.get("etag")!;
    const replacing = await Promise.all(
      Array.from({ length: 20 }, (_, i) => s3(emu, keys, "PUT", "/cond/race", { body: `second ${i}`, headers: { "if-match": etag } })),
    );
    expect(replacing.filter((r) => r.status === 200)).toHaveLength(1);
    expect(emu.kernel.blobs.stats().count).toBe(1);
  });

  it("CompleteMultipartUpload: the same conditions, a refused completion keeping its upload", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/cond");
    await s3(emu, keys, "PUT", "/cond/mp", { body: "existing" });
    const first = await startUpload(emu, keys, "mp", "multipart");
    const refused = await s3(emu, keys, "POST", `/cond/mp?uploadId=${first.id}`, { body: first.complete, headers: { "if-none-match": "*" } });
    expect([refused.status, errorCode(refused)]).toEqual([412, "PreconditionFailed"]);
    expect((await s3(emu, keys, "GET", "/cond/mp")).text).toBe("existing");
    expect(tags((await s3(emu, keys, "GET", "/cond?uploads")).text, "UploadId")).toEqual([first.id]);
    const stale = await s3(emu, keys, "POST", `/cond/mp?uploadId=${first.id}`, { body: first.complete, headers: { "if-match": '"00000000000000000000000000000000"' } });
    expect([stale.status, errorCode(stale)]).toEqual([412, "PreconditionFailed"]);
    const etag = (await s3(emu, keys, "HEAD", "/cond/mp")).headers.get("etag")!;
    expect((await s3(emu, keys, "POST", `/cond/mp?uploadId=${first.id}`, { body: first.complete, headers: { "if-match": etag } })).status).toBe(200);
    expect((await s3(emu, keys, "GET", "/cond/mp")).text).toBe("multipart");

    // two uploads racing to create a key: one completes, the other is refused and stays
    const a = await startUpload(emu, keys, "fresh", "from a");
    const b = await startUpload(emu, keys, "fresh", "from b");
    const [ra, rb] = await Promise.all(
      [a, b].map((u) => s3(emu, keys, "POST", `/cond/fresh?uploadId=${u.id}`, { body: u.complete, headers: { "if-none-match": "*" } })),
    );
    expect([ra!.status, rb!.status].filter((s) => s === 200)).toHaveLength(1);
    const loser = ra!.status === 200 ? b : a;
    expect([409, 412]).toContain((ra!.status === 200 ? rb : ra)!.status);
    expect((await s3(emu, keys, "GET", "/cond/fresh")).text).toBe(ra!.status === 200 ? "from a" : "from b");
    expect(tags((await s3(emu, keys, "GET", "/cond?uploads")).text, "UploadId")).toEqual([loser.id]);
  });
});
