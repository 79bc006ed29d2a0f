// bulk extract-archive: a tar (or tar.gz) PUT to an account, container or prefix writes each regular file
// as an object, and answers bulk's report (text, JSON, XML); a malformed archive is reported as "Invalid
// Tar File" (never a 500), the caller's access and the container limits apply to every member.

import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { swiftTest } from "./setup.js";

/** a ustar archive; `type` "5" makes a directory entry, `pax` a pax header before the member */
function tar(entries: Array<{ name: string; body?: string; type?: string; pax?: Record<string, string> }>): Buffer {
  const blocks: Buffer[] = [];
  const header = (name: string, size: number, type: string) => {
    const h = Buffer.alloc(512);
    h.write(name, 0, 100, "utf8");
    h.write("0000644\0", 100);
    h.write("0000000\0", 108);
    h.write("0000000\0", 116);
    h.write(size.toString(8).padStart(11, "0") + "\0", 124);
    h.write("00000000000\0", 136);
    h.write("        ", 148);
    h.write(type, 156);
    h.write("ustar\0" + "00", 257);
    let sum = 0;
    for (const b of h) sum += b;
    h.write(sum.toString(8).padStart(6, "0") + "\0 ", 148);
    return h;
  };
  const data = (bytes: Buffer) => [bytes, Buffer.alloc((512 - (bytes.length % 512)) % 512)];
  for (const e of entries) {
    if (e.pax) {
      const records = Object.entries(e.pax).map(([k, v]) => {
        const rest = ` ${k}=${v}\n`;
        let len = rest.length + 1;
        while (String(len).length + rest.length !== len) len = String(len).length + rest.length;
        return `${len}${rest}`;
      });
      const paxBody = Buffer.from(records.join(""));
      blocks.push(header("PaxHeader", paxBody.length, "x"), ...data(paxBody));
    }
    const body = Buffer.from(e.body ?? "");
    blocks.push(header(e.name, e.type === "5" ? 0 : body.length, e.type ?? "0"), ...(e.type === "5" ? [] : data(body)));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

describe("bulk extract-archive", () => {
  it("extracts a tar into the account, creating containers, and reports in text", async () => {
    const t = await swiftTest();
    const archive = tar([
      { name: "photos/", type: "5" },
      { name: "photos/a.jpg", body: "jpeg" },
      { name: "./docs/readme.txt", body: "read me" },
      { name: "toplevel.txt", body: "ignored" },
    ]);
    const res = await t.req("PUT", "?extract-archive=tar", { body: archive, headers: { "X-Object-Meta-Batch": "7" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.text).toBe("Number Files Created: 2\nResponse Body: \nResponse Status: 201 Created\nErrors:\n");
    const photo = await t.req("GET", "photos/a.jpg");
    expect(photo.text).toBe("jpeg");
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(photo.headers.get("x-object-meta-batch")).toBe("7");
    expect((await t.req("GET", "docs/readme.txt")).text).toBe("read me");
    expect((await t.req("GET", "", {})).text).toBe("docs\nphotos\n");
  });

  it("extracts a tar.gz under a container prefix, with pax metadata, and reports in JSON and XML", async () => {
    const t = await swiftTest();
    await t.req("PUT", "site");
    const archive = gzipSync(tar([{ name: "index.html", body: "<p>hi</p>", pax: { "SCHILY.xattr.user.mime_type": "text/x-custom", "SCHILY.xattr.user.meta.Color": "blue" } }]));
    const res = await t.req("PUT", "site/v2/?extract-archive=tar.gz", { body: archive, headers: { Accept: "application/json" } });
    expect(res.json).toEqual({ "Response Status": "201 Created", "Response Body": "", "Number Files Created": 1, Errors: [] });
    const page = await t.req("GET", "site/v2/index.html");
    expect(page.text).toBe("<p>hi</p>");
    expect(page.headers.get("content-type")).toBe("text/x-custom");
    expect(page.headers.get("x-object-meta-color")).toBe("blue");
    const xml = await t.req("PUT", "site?extract-archive=tar", { body: tar([{ name: "x/y", body: "1" }]), headers: { Accept: "application/xml" } });
    expect(xml.text).toBe("<extract>\n<number_files_created>1</number_files_created>\n<response_body></response_body>\n<response_status>201 Created</response_status>\n<errors>\n</errors>\n</extract>\n");
    expect((await t.req("GET", "site/x/y")).text).toBe("1");
  });

  it("reports malformed archives as Invalid Tar File, never a 500", async () => {
    const t = await swiftTest();
    await t.req("PUT", "c");
    const before = t.snapshot();
    const good = tar([{ name: "a", body: "abc" }]);
    const corrupt = Buffer.from(good);
    corrupt[0] = 0x41; // checksum no longer matches
    const cases: Array<[string, Buffer | string, string]> = [
      ["tar", "", "Invalid Tar File: empty file"],
      ["tar", "not a tar at all", "Invalid Tar File: truncated header"],
      ["tar", corrupt, "Invalid Tar File: bad checksum"],
      ["tar", good.subarray(0, 514), "Invalid Tar File: unexpected end of data"],
      ["tar.gz", good, "Invalid Tar File: not a gzip file"],
      ["tar.gz", gzipSync(good).subarray(0, 30), "Invalid Tar File: unexpected end of data"],
      ["tar.bz2", good, "Invalid Tar File: bzip2 archives are not supported by this emulator"],
      ["tar", tar([{ name: "dir/", type: "5" }]), "Invalid Tar File: No Valid Files"],
    ];
    for (const [type, body, message] of cases) {
      const res = await t.req("PUT", `c?extract-archive=${type}`, { body, headers: { Accept: "application/json" } });
      expect(res.status, message).toBe(200);
      expect(res.json, message).toMatchObject({ "Response Status": "400 Bad Request", "Response Body": message, "Number Files Created": 0 });
    }
    expect(t.snapshot()).toBe(before);
    // an archive cut in a member's padding ends there, as tarfile's stream reads it
    const cut = await t.req("PUT", "c?extract-archive=tar", { body: good.subarray(0, 600), headers: { Accept: "application/json" } });
    expect(cut.json).toMatchObject({ "Response Status": "201 Created", "Number Files Created": 1 });
    await t.req("DELETE", "c/a");
    const unknown = await t.req("PUT", "c?extract-archive=zip", { body: good });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("Unsupported archive format");
    expect(t.snapshot()).toBe(before);
  });

  it("reads an archive sent in small uneven chunks", async () => {
    const t = await swiftTest();
    await t.req("PUT", "c");
    const bytes = tar([{ name: "one", body: "x".repeat(700) }, { name: "d/two", body: "yy" }]);
    let i = 0;
    const body = new ReadableStream<Uint8Array>({ pull: (ctl) => (i < bytes.length ? ctl.enqueue(bytes.subarray(i, (i += 7))) : ctl.close()) });
    const res = await t.req("PUT", "c?extract-archive=tar", { body, headers: { Accept: "application/json", "Transfer-Encoding": "chunked" } });
    expect(res.json).toMatchObject({ "Response Status": "201 Created", "Number Files Created": 2 });
    expect((await t.req("GET", "c/one")).text).toBe("x".repeat(700));
    expect((await t.req("GET", "c/d/two")).text).toBe("yy");
  });

  it("checks the caller's access for every member", async () => {
    const t = await swiftTest();
    await t.req("PUT", "mine");
    const before = t.snapshot();
    const anon = await t.req("PUT", "mine?extract-archive=tar", { token: null, body: tar([{ name: "a", body: "x" }]), headers: { Accept: "application/json" } });
    expect(anon.json["Response Status"]).toBe("401 Unauthorized");
    // the demo user writing into the admin's account: the container cannot be made, the object not written
    const foreign = await t.req("PUT", `${t.admin.account}?extract-archive=tar`, { body: tar([{ name: "theirs/a", body: "x" }]), headers: { Accept: "application/json" } });
    expect(foreign.json["Response Status"]).toBe("400 Bad Request");
    expect(foreign.json.Errors).toEqual([[`/v1/AUTH_${t.admin.project}/theirs`, "403 Forbidden"], ["theirs/a", "403 Forbidden"]]);
    expect(t.snapshot()).toBe(before);
    // a plain account PUT is no operation
    expect((await t.req("PUT", "", { body: "" })).status).toBe(405);
  });
});
