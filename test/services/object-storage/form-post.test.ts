// formpost: browser form uploads signed with a Temp-URL key (HMAC of path, redirect, max_file_size,
// max_file_count, expires): 303 to the redirect with status and message, 201 text without one, 401 for a
// bad or expired signature, 400 for a malformed form; nothing is written when refused.

import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { swiftTest, type SwiftTest } from "./setup.js";

const BOUNDARY = "----skymockFormBoundary";
type Field = [string, string] | [string, string, string, string?];

function form(fields: Field[]): string {
  let body = "";
  for (const f of fields) {
    if (f.length === 2) body += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${f[0]}"\r\n\r\n${f[1]}\r\n`;
    else body += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${f[0]}"; filename="${f[1]}"\r\nContent-Type: ${f[3] ?? "text/plain"}\r\n\r\n${f[2]}\r\n`;
  }
  return `${body}--${BOUNDARY}--\r\n`;
}

function signed(t: SwiftTest, path: string, key: string, o: { redirect?: string; size?: number; count?: number; expires?: number; digest?: string } = {}): Field[] {
  const expires = o.expires ?? Math.floor(Date.now() / 1000) + 600;
  const v1 = `${t.demo.account}/${path}`;
  const digest = o.digest ?? "sha256";
  const mac = createHmac(digest, key).update(`${v1}\n${o.redirect ?? ""}\n${o.size ?? 1024}\n${o.count ?? 2}\n${expires}`);
  const signature = digest === "sha512" ? `sha512:${mac.digest("base64")}` : mac.digest("hex");
  return [["redirect", o.redirect ?? ""], ["max_file_size", String(o.size ?? 1024)], ["max_file_count", String(o.count ?? 2)], ["expires", String(expires)], ["signature", signature]];
}

const post = (t: SwiftTest, path: string, fields: Field[]) =>
  t.req("POST", path, { token: null, body: form(fields), headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` } });

async function withKey() {
  const t = await swiftTest();
  await t.req("POST", "", { headers: { "X-Account-Meta-Temp-URL-Key": "secret" } });
  await t.req("PUT", "up");
  return t;
}

describe("formpost", () => {
  it("uploads the file fields under the prefix and redirects with the status", async () => {
    const t = await withKey();
    const fields = signed(t, "up/in/", "secret", { redirect: "https://example.com/done?x=1" });
    const res = await post(t, "up/in/", [...fields, ["file1", "a.txt", "hello"], ["file2", "b.html", "<b>hi</b>", "text/html"]]);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("https://example.com/done?x=1&status=201&message=");
    expect((await t.req("GET", "up/in/a.txt")).text).toBe("hello");
    const b = await t.req("GET", "up/in/b.html");
    expect(b.text).toBe("<b>hi</b>");
    expect(b.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("answers 201 text without a redirect; a container key and sha512 base64 signatures work", async () => {
    const t = await swiftTest();
    await t.req("PUT", "box", { headers: { "X-Container-Meta-Temp-URL-Key": "boxkey" } });
    const res = await post(t, "box", [...signed(t, "box", "boxkey", { digest: "sha512" }), ["f", "x.bin", "xyz", "application/octet-stream"]]);
    expect(res.status).toBe(201);
    expect(res.text).toBe("201 Created");
    expect((await t.req("GET", "box/x.bin")).text).toBe("xyz");
  });

  it("refuses bad, foreign or expired signatures with a 401 and writes nothing", async () => {
    const t = await withKey();
    await t.req("PUT", "other", { headers: { "X-Container-Meta-Temp-URL-Key": "otherkey" } });
    const before = t.snapshot();
    const wrongKey = await post(t, "up", [...signed(t, "up", "guess"), ["f", "a", "x"]]);
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.text).toBe("FormPost: Invalid Signature");
    // a container's key does not reach another container
    expect((await post(t, "up", [...signed(t, "up", "otherkey"), ["f", "a", "x"]])).status).toBe(401);
    // signed for another path
    expect((await post(t, "up", [...signed(t, "other", "secret"), ["f", "a", "x"]])).status).toBe(401);
    const old = await post(t, "up", [...signed(t, "up", "secret", { expires: Math.floor(Date.now() / 1000) - 10 }), ["f", "a", "x"]]);
    expect(old.status).toBe(401);
    expect(old.text).toBe("FormPost: Form Expired");
    expect(t.snapshot()).toBe(before);
  });

  it("reads a body sent a byte at a time (boundaries split across chunks)", async () => {
    const t = await withKey();
    const bytes = new TextEncoder().encode(form([...signed(t, "up", "secret"), ["f", "slow.txt", "a\r\n--not-the-boundary\r\nb"]]));
    let i = 0;
    const body = new ReadableStream<Uint8Array>({ pull: (c) => (i < bytes.length ? c.enqueue(bytes.subarray(i, ++i)) : c.close()) });
    const res = await t.req("POST", "up", { token: null, body, headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` } });
    expect(res.status).toBe(201);
    expect((await t.req("GET", "up/slow.txt")).text).toBe("a\r\n--not-the-boundary\r\nb");
  });

  it("expires on the virtual clock from first use", async () => {
    const t = await withKey();
    const fields = signed(t, "up", "secret", { expires: Math.floor(Date.now() / 1000) + 60 });
    expect((await post(t, "up", [...fields, ["f", "a", "x"]])).status).toBe(201);
    t.advance(120_000);
    expect((await post(t, "up", [...fields, ["f", "b", "x"]])).status).toBe(401);
  });

  it("enforces max_file_size and max_file_count, and refuses malformed forms with a 400", async () => {
    const t = await withKey();
    const big = await post(t, "up", [...signed(t, "up", "secret", { size: 3 }), ["f", "big", "too big"]]);
    expect(big.status).toBe(400);
    expect(big.text).toBe("FormPost: max_file_size exceeded");
    expect((await t.req("GET", "up/big")).status).toBe(404);
    const many = await post(t, "up", [...signed(t, "up", "secret", { count: 1 }), ["f", "one", "1"], ["g", "two", "2"]]);
    expect(many.status).toBe(400);
    expect(many.text).toBe("400 Bad Request\r\nFormPost: Max File Count Exceeded");
    expect((await t.req("GET", "up/one")).status).toBe(200);
    expect((await t.req("GET", "up/two")).status).toBe(404);
    const none = await post(t, "up", signed(t, "up", "secret"));
    expect(none.status).toBe(400);
    expect(none.text).toBe("400 Bad Request\r\nFormPost: No Files To Process");
    const before = t.snapshot();
    for (const body of ["garbage", `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="x"\r\n\r\nunterminated`, `--${BOUNDARY}\r\n${"h".repeat(70_000)}`]) {
      const res = await t.req("POST", "up", { token: null, body, headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` } });
      expect(res.status).toBe(400);
    }
    const notInt = await post(t, "up", [["max_file_count", "lots"], ["f", "x", "1"]]);
    expect(notInt.status).toBe(400);
    expect(notInt.text).toBe("FormPost: max_file_count not an integer");
    expect(t.snapshot()).toBe(before);
    // a plain POST without a token is still refused
    expect((await t.req("POST", "up", { token: null, headers: { "X-Container-Meta-A": "b" } })).status).toBe(401);
  });
});
