// Bounds a client cannot talk its way past: bulk delete reads at most 10,000 lines (a 413 in its report, the
// rest of the body left unread), conditional creation holds under racing uploads, NUL never enters a
// name, and a path segment `.` or `..` (which the server's URL parsing would drop) is refused.

import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { swiftTest } from "./setup.js";

/** An endless chunked body: `chunk` over and over, counting how many the server pulled. */
function endless(chunk: string) {
  const bytes = new TextEncoder().encode(chunk);
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      counter.pulled++;
      controller.enqueue(bytes);
    },
  });
  return { stream, counter };
}

describe("bulk delete", () => {
  it("stops reading a body past 10,000 names and reports a 413, deleting nothing", async () => {
    const t = await swiftTest();
    await t.req("PUT", "c");
    await t.req("PUT", "c/o", { body: "x" });
    const before = t.snapshot();
    const { stream, counter } = endless("/c/o\n".repeat(1000));
    const res = await t.req("POST", "?bulk-delete", { body: stream, headers: { Accept: "application/json" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ "Response Status": "413 Request Entity Too Large", "Response Body": "Maximum Bulk Deletes: 10000 per request", "Number Deleted": 0 });
    // 10,001 names are 11 chunks of 1,000 (a pull or two ahead of the reader at most)
    expect(counter.pulled).toBeLessThan(15);
    expect(t.snapshot()).toBe(before);
  });

  it("refuses a line longer than any path (400 Invalid File Name) without reading on", async () => {
    const t = await swiftTest();
    const { stream, counter } = endless("a".repeat(1000));
    const res = await t.req("POST", "?bulk-delete", { body: stream });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Response Status: 400 Bad Request");
    expect(res.text).toContain("Invalid File Name");
    expect(counter.pulled).toBeLessThan(6);
  });

  it("deletes objects before containers, and reports a NUL in a name as 412", async () => {
    const t = await swiftTest();
    await t.req("PUT", "d");
    await t.req("PUT", "d/o", { body: "x" });
    const res = await t.req("POST", "?bulk-delete", { body: "/d\n/d/o\n/d/a%00b\n", headers: { Accept: "application/json" } });
    expect(res.json).toMatchObject({ "Number Deleted": 2, Errors: [["/d/a\u0000b", "412 Precondition Failed"]] });
    expect((await t.req("GET", "d")).status).toBe(404);
  });
});

describe("If-None-Match: *", () => {
  it("lets exactly one of twenty racing uploads create the object; the others get 412", async () => {
    const t = await swiftTest();
    await t.req("PUT", "c");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.req("PUT", "c/new", { body: `upload ${i}`, headers: { "If-None-Match": "*" } })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(19);
    const winner = statuses.indexOf(201);
    expect((await t.req("GET", "c/new")).text).toBe(`upload ${winner}`);
    expect((await t.req("GET", "c?format=json")).json).toHaveLength(1);
  });
});

describe("names", () => {
  it("refuses NUL in a container or object name, a copy source or a DLO prefix (412); listings never carry one", async () => {
    const t = await swiftTest();
    await t.req("PUT", "c");
    await t.req("PUT", "c/o", { body: "x" });
    const before = t.snapshot();
    for (const [method, path, headers] of [
      ["PUT", "c%00x"],
      ["PUT", "c/a%00b"],
      ["PUT", "c/copy", { "X-Copy-From": "c/o%00" }],
      ["PUT", "c/dlo", { "X-Object-Manifest": "c/o%00" }],
      ["COPY", "c/o", { Destination: "c/x%00" }],
    ] as Array<[string, string, Record<string, string>?]>) {
      const res = await t.req(method, path, { headers, body: method === "PUT" ? "" : undefined });
      expect(res.status, `${method} ${path}`).toBe(412);
      expect(res.text).toContain("Invalid UTF8 or contains NULL");
    }
    const slo = await t.req("PUT", "c/m?multipart-manifest=put", { body: JSON.stringify([{ path: "/c/o\u0000" }]) });
    expect(slo.status).toBe(400);
    expect(slo.text).toContain("412 Precondition Failed");
    expect(t.snapshot()).toBe(before);
    expect((await t.req("GET", "c")).text).toBe("o\n");
  });

  it("refuses an X-Object-Manifest that is not container/prefix (400)", async () => {
    const t = await swiftTest();
    await t.req("PUT", "c");
    for (const value of ["nocontainer", "/c/p", "c/", "c//p", "c/p?x", "c/%zz"]) {
      expect((await t.req("PUT", "c/dlo", { headers: { "X-Object-Manifest": value }, body: "" })).status, value).toBe(400);
    }
  });

  it("refuses a path segment . or .. as sent on the wire (400), not reaching the container or account", async () => {
    const t = await swiftTest();
    const base = await t.emu.listen(0, "127.0.0.1");
    try {
      await t.req("PUT", "c");
      const before = t.snapshot();
      const send = (path: string, method = "PUT") =>
        new Promise<{ status: number; text: string }>((resolve, reject) => {
          // host, port and path apart: a URL string would be parsed, dot segments removed, on this side already
          const { hostname, port } = new URL(base);
          const req = request({ hostname, port, path: `/object-store${t.demo.account}/${path}`, method, headers: { "X-Auth-Token": t.demo.token, "Content-Length": "1", "X-Container-Meta-Hit": "yes", "X-Account-Meta-Hit": "yes" } }, (res) => {
            let text = "";
            res.on("data", (c) => (text += c));
            res.on("end", () => resolve({ status: res.statusCode!, text }));
          });
          req.on("error", reject);
          req.end("x");
        });
      // (c/.. would be the account, c/. the container, c/a/../b the object b)
      for (const [path, method] of [["c/."], ["c/..", "POST"], ["c/%2e"], ["c/a/../b"]] as Array<[string, string?]>) {
        const res = await send(path, method);
        expect(res.status, path).toBe(400);
        expect(res.text).toMatch(/^<html><h1>Bad Request<\/h1>/);
      }
      expect(t.snapshot()).toBe(before);
      expect((await send("c/.x")).status).toBe(201);
    } finally {
      await t.emu.close();
    }
  });
});
