// The account and its containers through the Swift API: listings in json/plain/xml with prefix,
// delimiter, marker, end_marker, limit and reverse; HEAD counts; metadata; PUT 201/202; DELETE 204/409/404;
// the account belongs to its project (403 for another's, admin excepted); /info without a token.

import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { swiftTest } from "./setup.js";

const md5 = (s: string) => createHash("md5").update(s).digest("hex");

describe("account", () => {
  it("reads as empty before any write: 204 plain listing, 200 [] in JSON, HEAD 204 with zero counts", async () => {
    const t = await swiftTest();
    const plain = await t.req("GET", "");
    expect(plain.status).toBe(204);
    const json = await t.req("GET", "?format=json");
    expect(json.status).toBe(200);
    expect(json.json).toEqual([]);
    expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const head = await t.req("HEAD", "");
    expect(head.status).toBe(204);
    expect(head.headers.get("x-account-container-count")).toBe("0");
    expect(head.headers.get("x-account-object-count")).toBe("0");
    expect(head.headers.get("x-account-bytes-used")).toBe("0");
  });

  it("lists containers with counts and bytes, in plain text, JSON (format= or Accept) and XML", async () => {
    const t = await swiftTest();
    await t.req("PUT", "beta");
    await t.req("PUT", "alpha");
    await t.req("PUT", "alpha/o", { body: "12345" });
    expect((await t.req("GET", "")).text).toBe("alpha\nbeta\n");
    const json = await t.req("GET", "", { headers: { Accept: "application/json" } });
    expect(json.json).toEqual([
      { name: "alpha", count: 1, bytes: 5, last_modified: "2030-01-01T00:00:00.000000" },
      { name: "beta", count: 0, bytes: 0, last_modified: "2030-01-01T00:00:00.000000" },
    ]);
    const xml = await t.req("GET", "?format=xml");
    expect(xml.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(xml.text).toContain(`<account name="AUTH_${t.demo.project}"><container><name>alpha</name><count>1</count><bytes>5</bytes>`);
    const head = await t.req("HEAD", "");
    expect(head.headers.get("x-account-container-count")).toBe("2");
    expect(head.headers.get("x-account-object-count")).toBe("1");
    expect(head.headers.get("x-account-bytes-used")).toBe("5");
    expect((await t.req("GET", "?limit=1&marker=alpha")).text).toBe("beta\n");
  });

  it("POST sets and removes X-Account-Meta-* (204)", async () => {
    const t = await swiftTest();
    expect((await t.req("POST", "", { headers: { "X-Account-Meta-Team": "red", "X-Account-Meta-Gone": "x" } })).status).toBe(204);
    await t.req("POST", "", { headers: { "X-Remove-Account-Meta-Gone": "1" } });
    const head = await t.req("HEAD", "");
    expect(head.headers.get("x-account-meta-team")).toBe("red");
    expect(head.headers.get("x-account-meta-gone")).toBeNull();
  });

  it("belongs to its project: another project's token gets 403, an admin's may; no token 401", async () => {
    const t = await swiftTest();
    await t.req("PUT", "c");
    const before = t.snapshot();
    const other = await t.req("PUT", `${t.admin.account}/mine`, { token: t.demo.token });
    expect(other.status).toBe(403);
    expect(other.text).toContain("<h1>Forbidden</h1>");
    expect(t.snapshot()).toBe(before);
    expect((await t.req("GET", `${t.demo.account}?format=json`, { token: t.admin.token })).json).toMatchObject([{ name: "c" }]);
    expect((await t.req("GET", "", { token: null })).status).toBe(401);
    expect((await t.req("GET", "/v1/NOTAUTH")).status).toBe(404);
  });

  it("answers /info without a token", async () => {
    const t = await swiftTest();
    const info = await t.req("GET", "/info", { token: null });
    expect(info.status).toBe(200);
    expect(info.json.swift).toMatchObject({ container_listing_limit: 10000, max_meta_count: 90 });
    expect(info.json).toHaveProperty("slo");
    expect(info.json).toHaveProperty("tempurl");
  });
});

describe("containers", () => {
  it("PUT answers 201 then 202; HEAD 204 with counts and metadata; POST updates metadata (204)", async () => {
    const t = await swiftTest();
    expect((await t.req("PUT", "c", { headers: { "X-Container-Meta-Owner": "me" } })).status).toBe(201);
    expect((await t.req("PUT", "c")).status).toBe(202);
    await t.req("PUT", "c/a", { body: "abc" });
    const head = await t.req("HEAD", "c");
    expect(head.status).toBe(204);
    expect(head.headers.get("x-container-object-count")).toBe("1");
    expect(head.headers.get("x-container-bytes-used")).toBe("3");
    expect(head.headers.get("x-container-meta-owner")).toBe("me");
    expect(head.headers.get("x-timestamp")).toBe("1893456000.00000");
    expect((await t.req("POST", "c", { headers: { "X-Container-Meta-Owner": "", "X-Container-Meta-New": "1" } })).status).toBe(204);
    const after = await t.req("HEAD", "c");
    expect(after.headers.get("x-container-meta-owner")).toBeNull();
    expect(after.headers.get("x-container-meta-new")).toBe("1");
    expect((await t.req("POST", "missing", { headers: { "X-Container-Meta-New": "1" } })).status).toBe(404);
  });

  it("DELETE: 409 while not empty, 204 once empty, 404 when unknown", async () => {
    const t = await swiftTest();
    await t.req("PUT", "c");
    await t.req("PUT", "c/o", { body: "x" });
    const before = t.snapshot();
    const conflict = await t.req("DELETE", "c");
    expect(conflict.status).toBe(409);
    expect(conflict.text).toContain("<h1>Conflict</h1>");
    expect(t.snapshot()).toBe(before);
    await t.req("DELETE", "c/o");
    expect((await t.req("DELETE", "c")).status).toBe(204);
    expect((await t.req("DELETE", "c")).status).toBe(404);
    expect((await t.req("GET", "c")).status).toBe(404);
  });

  it("refuses a name longer than 256 (400) and quota values that are not integers (400)", async () => {
    const t = await swiftTest();
    expect((await t.req("PUT", "x".repeat(257))).status).toBe(400);
    expect((await t.req("PUT", "c", { headers: { "X-Container-Meta-Quota-Bytes": "lots" } })).status).toBe(400);
    expect((await t.req("GET", "?format=json")).json).toEqual([]);
  });
});

describe("object listings", () => {
  async function filled() {
    const t = await swiftTest();
    await t.req("PUT", "c");
    for (const name of ["a/1", "a/2", "b", "a/b/3", "c", "é", "z"]) await t.req("PUT", `c/${encodeURIComponent(name)}`, { body: name });
    return t;
  }

  it("lists names in byte order, in plain text, JSON and XML", async () => {
    const t = await filled();
    expect((await t.req("GET", "c")).text).toBe("a/1\na/2\na/b/3\nb\nc\nz\né\n");
    const json = await t.req("GET", "c?format=json&limit=1");
    expect(json.json).toEqual([{ name: "a/1", hash: md5("a/1"), bytes: 3, content_type: "application/octet-stream", last_modified: "2030-01-01T00:00:00.000000" }]);
    const xml = await t.req("GET", "c?format=xml&prefix=b");
    expect(xml.text).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>\n<container name="c"><object><name>b</name><hash>${md5("b")}</hash><bytes>1</bytes><content_type>application/octet-stream</content_type><last_modified>2030-01-01T00:00:00.000000</last_modified></object></container>`,
    );
  });

  it("applies prefix, delimiter (subdir entries), marker, end_marker, limit and reverse", async () => {
    const t = await filled();
    const names = async (q: string) => (await t.req("GET", `c?${q}`)).text.split("\n").filter(Boolean);
    expect(await names("prefix=a/")).toEqual(["a/1", "a/2", "a/b/3"]);
    expect(await names("delimiter=/")).toEqual(["a/", "b", "c", "z", "é"]);
    expect(await names("prefix=a/&delimiter=/")).toEqual(["a/1", "a/2", "a/b/"]);
    expect((await t.req("GET", "c?delimiter=/&format=json&limit=2")).json).toEqual([{ subdir: "a/" }, expect.objectContaining({ name: "b" })]);
    expect(await names("marker=a/2")).toEqual(["a/b/3", "b", "c", "z", "é"]);
    expect(await names("end_marker=b")).toEqual(["a/1", "a/2", "a/b/3"]);
    expect(await names("marker=a/1&end_marker=c&limit=2")).toEqual(["a/2", "a/b/3"]);
    expect(await names("reverse=true")).toEqual(["é", "z", "c", "b", "a/b/3", "a/2", "a/1"]);
    expect(await names("reverse=true&marker=c")).toEqual(["b", "a/b/3", "a/2", "a/1"]);
    expect(await names("reverse=true&delimiter=/&limit=3")).toEqual(["é", "z", "c"]);
    expect(await names("reverse=on&prefix=a/&delimiter=/")).toEqual(["a/b/", "a/2", "a/1"]);
    expect((await t.req("GET", "c?prefix=nothing")).status).toBe(204);
  });

  it("refuses a limit past 10,000 (412) or not a number (400)", async () => {
    const t = await filled();
    expect((await t.req("GET", "c?limit=10001")).status).toBe(412);
    expect((await t.req("GET", "c?limit=ten")).status).toBe(400);
    expect((await t.req("GET", "c?limit=10000")).status).toBe(200);
  });

  it("pages through many names in order", async () => {
    const t = await swiftTest();
    await t.req("PUT", "c");
    const all: string[] = [];
    for (let i = 0; i < 300; i++) {
      const name = `k${String((i * 7919) % 300).padStart(4, "0")}`;
      all.push(name);
      await t.req("PUT", `c/${name}`, { body: "x" });
    }
    all.sort();
    const seen: string[] = [];
    let marker = "";
    for (;;) {
      const page = (await t.req("GET", `c?limit=64&marker=${marker}`)).text.split("\n").filter(Boolean);
      if (!page.length) break;
      seen.push(...page);
      marker = page[page.length - 1]!;
    }
    expect(seen).toEqual(all);
    for (const name of all.filter((_, i) => i % 2 === 0)) await t.req("DELETE", `c/${name}`);
    expect((await t.req("GET", "c")).text.split("\n").filter(Boolean)).toEqual(all.filter((_, i) => i % 2 === 1));
  });
});

describe("resets", () => {
  it("a per-project reset removes that project's account and frees its bytes; others keep theirs", async () => {
    const t = await swiftTest();
    await t.req("PUT", "c");
    await t.req("PUT", "c/o", { body: "demo's" });
    await t.req("PUT", `${t.admin.account}/a`, { token: t.admin.token });
    await t.req("PUT", `${t.admin.account}/a/o`, { token: t.admin.token, body: "admin's" });
    const res = await t.emu.app.request(`http://localhost/_emulator/reset?project=${t.demo.project}`, { method: "POST" });
    expect(res.status).toBe(200);
    expect((await t.req("GET", "?format=json")).json).toEqual([]);
    expect((await t.req("GET", `${t.admin.account}/a/o`, { token: t.admin.token })).text).toBe("admin's");
    expect(t.emu.kernel.blobs.stats().count).toBe(1);
  });
});
