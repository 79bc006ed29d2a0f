// The XML bodies S3 reads (DeleteObjects, CompleteMultipartUpload, CreateBucketConfiguration): what a
// client sends is read (comments, the prolog, CDATA, references, a namespace), and a hostile body (runs of
// `<?`, `<!--`, `<![CDATA[` never closed, deep nesting, huge names, a DOCTYPE, a reference to a character
// XML forbids, more elements than the call takes) is a 400 MalformedXML that changes nothing.

import { describe, expect, it } from "vitest";
import { ec2Keys, errorCode, s3, s3Emulator, tags } from "./s3-helpers.js";

const KiB = 1024;
/** Bodies near the 2 MiB the routes take, each hostile in its own way. */
export function hostileXml(root: string, size = 2 * 1024 * KiB - 64): Record<string, string> {
  const fill = (unit: string) => unit.repeat(Math.floor((size - root.length - 2) / unit.length));
  return {
    "processing instructions": `<${root}>${fill("<?")}`,
    comments: `<${root}>${fill("<!--")}`,
    "CDATA sections": `<${root}>${fill("<![CDATA[")}`,
    nesting: fill("<a>"),
    "a huge name": `<${fill("a")}>`,
    "a huge attribute list": `<${root}${fill(' a="1"')}>`,
    "bare ampersands": `<${root}>${fill("&")}</${root}>`,
    "unclosed end tags": `<${root}>${fill("</")}`,
    "many elements": `<${root}>${fill("<Object><Key>k</Key></Object>")}</${root}>`,
  };
}

describe("S3 XML bodies", () => {
  it("reads a body as clients write it: prolog, namespace, comments, CDATA and references", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/xmlb");
    for (const key of ["a&b", "c<d", "e]]>f"]) await s3(emu, keys, "PUT", `/xmlb/${encodeURIComponent(key)}`, { body: "v" });
    const body =
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- three keys -->\n<Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Object><Key>a&amp;b</Key></Object><Object><Key>c&#x3C;d</Key></Object><Object><Key><![CDATA[e]]]]><![CDATA[>f]]></Key></Object>` +
      `<Quiet>false</Quiet></Delete>`;
    const res = await s3(emu, keys, "POST", "/xmlb?delete", { body });
    expect([res.status, tags(res.text, "Key")]).toEqual([200, ["a&b", "c<d", "e]]>f"]]);
    expect(tags((await s3(emu, keys, "GET", "/xmlb")).text, "Key")).toEqual([]);
  });

  it("refuses malformed and hostile bodies on every XML route with MalformedXML, changing nothing", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/xmlb");
    await s3(emu, keys, "PUT", "/xmlb/k", { body: "v" });
    const started = await s3(emu, keys, "POST", "/xmlb/big?uploads");
    const uploadId = tags(started.text, "UploadId")[0]!;
    const part = await s3(emu, keys, "PUT", `/xmlb/big?partNumber=1&uploadId=${uploadId}`, { body: "p" });
    const small = {
      doctype: `<!DOCTYPE Delete [<!ENTITY x "k">]><Delete><Object><Key>&x;</Key></Object></Delete>`,
      "a NUL reference": "<Delete><Object><Key>&#0;</Key></Object></Delete>",
      "a raw control character": "<Delete><Object><Key>\u0001</Key></Object></Delete>",
      "a surrogate reference": "<Delete><Object><Key>&#xD800;</Key></Object></Delete>",
      "an unknown entity": "<Delete><Object><Key>&nbsp;</Key></Object></Delete>",
      "a mismatched end tag": "<Delete><Object><Key>k</Object></Key></Delete>",
      "an attribute on an end tag": '<Delete></Delete x="1">',
      "two roots": "<Delete/><Delete/>",
      "text after the root": "<Delete/>x",
    };
    const routes: Array<[string, string, string]> = [
      ["POST", "/xmlb?delete", "Delete"],
      ["POST", `/xmlb/big?uploadId=${uploadId}`, "CompleteMultipartUpload"],
      ["PUT", "/xmlb-new", "CreateBucketConfiguration"],
    ];
    for (const [method, path, root] of routes) {
      for (const [name, body] of Object.entries({ ...small, ...hostileXml(root) })) {
        const res = await s3(emu, keys, method, path, { body: body.replaceAll("Delete", root) });
        // CreateBucket takes a smaller body than the 2 MiB the POST routes do: 413 before it is read
        const expected = res.status === 413 ? "EntityTooLarge" : "MalformedXML";
        expect([path, name, res.status === 400 || res.status === 413, errorCode(res) ?? expected]).toEqual([path, name, true, expected]);
      }
    }
    expect(tags((await s3(emu, keys, "GET", "/xmlb")).text, "Key")).toEqual(["k"]);
    expect((await s3(emu, keys, "HEAD", "/xmlb-new")).status).toBe(404);
    const parts = await s3(emu, keys, "GET", `/xmlb/big?uploadId=${uploadId}`);
    expect(tags(parts.text, "ETag")).toEqual([part.headers.get("etag")]);
  });

  it("refuses a Delete of more than 1,000 keys and a document past what the call can hold", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/xmlb");
    await s3(emu, keys, "PUT", "/xmlb/k", { body: "v" });
    const objects = (n: number) => `<Delete>${"<Object><Key>k</Key></Object>".repeat(n)}</Delete>`;
    expect(errorCode(await s3(emu, keys, "POST", "/xmlb?delete", { body: objects(1001) }))).toBe("MalformedXML");
    expect(errorCode(await s3(emu, keys, "POST", "/xmlb?delete", { body: `<Delete>${"<Quiet/>".repeat(7000)}</Delete>` }))).toBe("MalformedXML");
    expect(tags((await s3(emu, keys, "GET", "/xmlb")).text, "Key")).toEqual(["k"]);
    expect((await s3(emu, keys, "POST", "/xmlb?delete", { body: objects(1000) })).status).toBe(200);
  });
});
