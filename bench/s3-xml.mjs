// S3's XML body reader on hostile 2 MiB bodies (runs of `<?`, `<!--`, `<![CDATA[` never closed, nesting,
// a huge name or attribute list, bare `&`) and on the largest documents the routes take: the CPU time of
// one parse, the event loop's block for that request (best of five, after a warm-up). The target: well under
// 50 ms for any body. Run: npm run build --silent && node bench/s3-xml.mjs

import { parseXml } from "../dist/bench-store.js";

const SIZE = 2 * 1024 * 1024 - 64;
const fill = (unit, around = 10) => unit.repeat(Math.floor((SIZE - around) / unit.length));
/** flat strings, as a request body decodes to (a concatenation would be a rope, slower to scan) */
const flat = (text) => Buffer.from(text).toString();

const BODIES = {
  "<? run": [`<Delete>${fill("<?")}`, 6002],
  "<!-- run": [`<Delete>${fill("<!--")}`, 6002],
  "<![CDATA[ run": [`<Delete>${fill("<![CDATA[")}`, 6002],
  nesting: [fill("<a>"), 6002],
  "huge name": [`<${fill("a")}>`, 6002],
  "attribute list": [`<Delete${fill(' a="1"')}>`, 6002],
  ampersands: [`<Delete>${fill("&")}</Delete>`, 6002],
  "end tags": [`<Delete>${fill("</")}`, 6002],
  "Delete of 1,000 keys (valid)": [`<Delete>${"<Object><Key>photos/2026/11/img-0001.jpg</Key></Object>".repeat(1000)}</Delete>`, 6002],
  "Complete past its 40,001 elements": [`<CompleteMultipartUpload>${fill("<Part><PartNumber>1</PartNumber><ETag>x</ETag></Part>", 60)}</CompleteMultipartUpload>`, 40001],
};

export function measureS3Xml() {
  const rows = [];
  for (const [name, [text, maxElements]] of Object.entries(BODIES)) {
    const body = flat(text);
    let best = Infinity;
    let outcome = "";
    for (let round = 0; round < 6; round++) {
      const before = process.cpuUsage();
      try {
        parseXml(body, maxElements);
        outcome = "read";
      } catch (error) {
        outcome = error.code;
      }
      const used = process.cpuUsage(before);
      if (round > 0) best = Math.min(best, (used.user + used.system) / 1000);
    }
    rows.push({ body: name, bytes: body.length, outcome, cpuMs: Number(best.toFixed(1)) });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(measureS3Xml());
