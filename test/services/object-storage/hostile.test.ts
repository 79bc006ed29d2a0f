// Hostile input never gets a 500 and changes nothing: malformed encodings, names, headers, ranges,
// manifests, copy destinations and bulk-delete bodies each get a 4xx in Swift's HTML shape.

import { describe, expect, it } from "vitest";
import { swiftTest } from "./setup.js";

describe("hostile input", () => {
  it("answers every malformed request with a 4xx and leaves the state as it was", async () => {
    const t = await swiftTest();
    await t.req("PUT", "c");
    await t.req("PUT", "c/o", { body: "x" });
    const before = t.snapshot();
    const cases: Array<[string, string, Record<string, string>?, string?]> = [
      ["GET", "c/%ff"],
      ["PUT", "c/%E0%A4%A", {}, "x"],
      ["PUT", `c/${"n".repeat(1025)}`, {}, "x"],
      ["PUT", "c/o", { "X-Delete-At": "soon" }, "y"],
      ["PUT", "c/o", { "X-Delete-After": "-5" }, "y"],
      ["POST", "c/o", { "X-Delete-At": "1e99" }],
      ["PUT", "c/o", { ETag: "zz" }, "y"],
      ["PUT", "c/o", { "If-None-Match": "abc" }, "y"],
      ["GET", "c/o", { Range: "bytes=9-" }],
      ["COPY", "c/o", { Destination: "%zz/x" }],
      ["COPY", "c/o", { Destination: "c/x", "Destination-Account": "AUTH_other" }],
      ["PUT", "c/x", { "X-Copy-From": "/c/missing" }, ""],
      ["PUT", "c/m?multipart-manifest=put", {}, '[{"path": 5}]'],
      ["PUT", "c/m?multipart-manifest=put", {}, '{"path": "/c/o"}'],
      ["PUT", "c/m?multipart-manifest=put", {}, '[{"path": "/c/o", "range": "0-1"}]'],
      ["PUT", "c/m?multipart-manifest=put", {}, '[{"path": "/"}]'],
      ["GET", "c?limit=-1"],
      ["GET", "c?limit=99999999999999999999"],
      ["POST", "", { "X-Account-Meta-Quota-Bytes": "x" }],
      ["PUT", "d", { "X-Container-Meta-Quota-Count": "-1" }],
      ["POST", "c/o", { [`X-Object-Meta-${"k".repeat(200)}`]: "v" }],
      ["GET", "/v1/AUTH_"],
      ["GET", "/v1/AUTH_x/c/o?temp_url_sig=sha512:!!!&temp_url_expires=9999999999"],
      ["GET", "/v1/AUTH_x/c/o?temp_url_sig=abc&temp_url_expires=notatime"],
    ];
    for (const [method, path, headers, body] of cases) {
      const res = await t.req(method, path, { headers, body });
      expect(res.status, `${method} ${path} -> ${res.status} ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      if (method !== "HEAD") expect(res.text, `${method} ${path}`).toMatch(/^<html><h1>/);
    }
    expect(t.snapshot()).toBe(before);
    const bulk = await t.req("POST", "?bulk-delete", { body: "%zz\n/c/nope\n\n/", headers: { Accept: "application/json" } });
    expect(bulk.status).toBe(200);
    expect(bulk.json).toMatchObject({ "Number Deleted": 0 });
    expect(t.snapshot()).toBe(before);
  });
});
