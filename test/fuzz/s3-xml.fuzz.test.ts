// Pathological XML on every S3 route that reads an XML body (DeleteObjects, CompleteMultipartUpload,
// CreateBucket), fixed seed: long runs of `<?`, `<!--`, `<![CDATA[`, deep nesting, huge names and
// attribute lists, bare `&`, up to the 2 MiB the routes take, each ending in a construct never closed. Every
// answer is a quick 4xx in S3's XML error shape and the exported state is unchanged. The routes.fuzz run
// leaves S3 out (its requests need SigV4), so this signs its own. FUZZ_REPORT prints the slowest request.

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/app.js";
import { ec2Keys, s3, s3Emulator, tags, type Keys } from "../services/s3/s3-helpers.js";
import { exportState } from "./fuzz-world.js";

const SEED = Number(process.env.FUZZ_SEED ?? 20_301);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const MAX_BODY = 2 * 1024 * 1024 - 256;

/** the units a hostile body repeats, and the openings it may end on, never closed */
const UNITS = ["<?", "<!--", "<![CDATA[", "<a>", "</", "&", "<", "<!DOCTYPE x [", '<a b="', " a='1'", "&#x", "<Object><Key>k</Key></Object>", "]]>", "-->", "?>"];
const TAILS = ["<?", "<!--", "<![CDATA[", "<a", "&amp", '<a b="', "</a", "<!DOCTYPE"];

const hostileBody = fc
  .record({
    lead: fc.array(fc.constantFrom(...UNITS, "<Delete>", "<CompleteMultipartUpload>", "<CreateBucketConfiguration>"), { maxLength: 8 }),
    unit: fc.constantFrom(...UNITS, "a"),
    scale: fc.constantFrom(1, 100, 10_000, Infinity),
    tail: fc.constantFrom(...TAILS),
  })
  .map(({ lead, unit, scale, tail }) => {
    const head = lead.join("");
    const times = Math.max(0, Math.min(scale, Math.floor((MAX_BODY - head.length - tail.length) / unit.length)));
    return `${head}${unit.repeat(times)}${tail}`;
  });

let emu: Emulator;
let keys: Keys;
let uploadId: string;

beforeAll(async () => {
  emu = s3Emulator();
  keys = await ec2Keys(emu);
  await s3(emu, keys, "PUT", "/fuzzed");
  await s3(emu, keys, "PUT", "/fuzzed/k", { body: "v" });
  uploadId = tags((await s3(emu, keys, "POST", "/fuzzed/up?uploads")).text, "UploadId")[0]!;
  await s3(emu, keys, "PUT", `/fuzzed/up?partNumber=1&uploadId=${uploadId}`, { body: "p" });
});
afterAll(() => emu.close());

describe("fuzzing S3's XML bodies (fixed seed)", () => {
  it("answers every pathological body with a 4xx in S3's shape, changing nothing", async () => {
    const routes = (): Array<[string, string]> => [
      ["POST", "/fuzzed?delete"],
      ["POST", `/fuzzed/up?uploadId=${uploadId}`],
      ["PUT", "/fuzzed-new"],
    ];
    const before = await exportState(emu);
    let slowest = { ms: 0, route: "", bytes: 0 };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes()), hostileBody, async ([method, path], body) => {
        const started = performance.now();
        const res = await s3(emu, keys, method, path, { body });
        const ms = performance.now() - started;
        if (ms > slowest.ms) slowest = { ms, route: `${method} ${path}`, bytes: body.length };
        expect([400, 413]).toContain(res.status);
        expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>(MalformedXML|EntityTooLarge)<\/Code>/);
        expect(await exportState(emu)).toBe(before);
      }),
      { seed: SEED, numRuns: RUNS * 3 },
    );
    if (process.env.FUZZ_REPORT) console.log(`s3 xml fuzz: slowest ${slowest.ms.toFixed(1)} ms (${slowest.route}, ${slowest.bytes} bytes, signing included)`);
  }, 300_000);
});
