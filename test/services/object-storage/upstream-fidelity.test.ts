// What Swift's own suite expects beyond the basics: per-policy account usage headers, /healthcheck and
// /crossdomain.xml (and an /info that names only what is served), the ResellerAdmin role, COPY answering
// with the copy's metadata, X-Object-Manifest set by POST, metadata names with underscores, and temp URLs
// (inline / filename= dispositions; an invalid one is a 401 even beside a valid token); `.r:*` for others.

import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, login } from "../../helpers/emulator.js";
import { swiftTest } from "./setup.js";

describe("account usage per storage policy", () => {
  it("HEAD and GET show Policy-0's container, object and byte counts once the account has a container", async () => {
    const t = await swiftTest();
    expect((await t.req("HEAD", "")).headers.get("x-account-storage-policy-policy-0-bytes-used")).toBeNull();
    await t.req("PUT", "c");
    await t.req("PUT", "c/o", { body: "12345" });
    await t.req("PUT", "d");
    for (const method of ["HEAD", "GET"]) {
      const res = await t.req(method, "");
      expect(res.headers.get("x-account-storage-policy-policy-0-container-count")).toBe("2");
      expect(res.headers.get("x-account-storage-policy-policy-0-object-count")).toBe("1");
      expect(res.headers.get("x-account-storage-policy-policy-0-bytes-used")).toBe("5");
    }
    const info = (await t.req("GET", "/info", { token: null })).json;
    expect(info.swift.policies[0].name).toBe("Policy-0");
  });
});

describe("middlewares outside the accounts", () => {
  it("/healthcheck answers OK and /crossdomain.xml Swift's default policy, without a token", async () => {
    const t = await swiftTest();
    const health = await t.req("GET", "/healthcheck", { token: null });
    expect(health.status).toBe(200);
    expect(health.text).toBe("OK");
    expect(health.headers.get("content-type")).toBe("text/plain");
    expect(health.headers.get("x-trans-id")).toBeTruthy();
    const cross = await t.req("GET", "/crossdomain.xml", { token: null });
    expect(cross.status).toBe(200);
    expect(cross.headers.get("content-type")).toBe("application/xml");
    expect(cross.text.startsWith('<?xml version="1.0"?>\n<!DOCTYPE cross-domain-policy SYSTEM "http://www.adobe.com/xml/dtds/cross-domain-policy.dtd" >\n<cross-domain-policy>\n')).toBe(true);
    expect(cross.text).toContain('<allow-access-from domain="*" secure="false" />');
    expect(cross.text.endsWith("</cross-domain-policy>")).toBe(true);
  });

  it("/info claims crossdomain, staticweb, formpost and bulk_upload, and none of the middlewares the emulator does not serve", async () => {
    const t = await swiftTest();
    const info = (await t.req("GET", "/info", { token: null })).json;
    expect(info).toHaveProperty("crossdomain");
    expect(info).toHaveProperty("staticweb");
    expect(info.formpost).toEqual({ allowed_digests: ["sha1", "sha256", "sha512"], deprecated_digests: ["sha1"] });
    expect(info.bulk_upload).toEqual({ max_containers_per_extraction: 10_000, max_failed_extractions: 1000 });
    for (const unserved of [ "container_sync", "symlink", "s3api"]) expect(info).not.toHaveProperty(unserved);
  });
});

describe("ResellerAdmin", () => {
  it("is seeded; its holder sets another project's account quota, a member cannot", async () => {
    const t = await swiftTest();
    const roles = (await call(t.emu, "GET", "/identity/v3/roles?name=ResellerAdmin", { token: t.admin.token })).body.roles;
    expect(roles).toHaveLength(1);
    await call(t.emu, "POST", "/_emulator/tenants", { body: { name: "reseller", password: "reseller" } });
    const user = (await call(t.emu, "GET", "/identity/v3/users?name=reseller", { token: t.admin.token })).body.users[0];
    const project = (await call(t.emu, "GET", "/identity/v3/projects?name=reseller", { token: t.admin.token })).body.projects[0];
    const memberToken = await login(t.emu, "reseller", "reseller", "reseller");
    expect((await t.req("POST", "", { token: memberToken, headers: { "X-Account-Meta-Quota-Bytes": "3" } })).status).toBe(403);
    expect((await t.req("POST", "", { headers: { "X-Account-Meta-Quota-Bytes": "3" } })).status).toBe(403);
    await call(t.emu, "PUT", `/identity/v3/projects/${project.id}/users/${user.id}/roles/${roles[0].id}`, { token: t.admin.token });
    const reseller = await login(t.emu, "reseller", "reseller", "reseller");
    expect((await t.req("POST", "", { token: reseller, headers: { "X-Account-Meta-Quota-Bytes": "3" } })).status).toBe(204);
    expect((await t.req("HEAD", "")).headers.get("x-account-meta-quota-bytes")).toBe("3");
    await t.req("PUT", "c");
    expect((await t.req("PUT", "c/o", { body: "1234" })).status).toBe(413);
  });
});

describe("objects", () => {
  it("COPY answers with the copy's metadata (the source's and the request's) and its source account", async () => {
    const t = await swiftTest();
    await t.req("PUT", "c");
    await t.req("PUT", "c/src", { body: "x", headers: { "X-Object-Meta-Color": "red" } });
    const copy = await t.req("COPY", "c/src", { headers: { Destination: "c/dst", "X-Object-Meta-Size": "big" } });
    expect(copy.status).toBe(201);
    expect(copy.headers.get("x-object-meta-color")).toBe("red");
    expect(copy.headers.get("x-object-meta-size")).toBe("big");
    expect(copy.headers.get("x-copied-from")).toBe("c/src");
    expect(copy.headers.get("x-copied-from-account")).toBe(`AUTH_${t.demo.project}`);
    const put = await t.req("PUT", "c/dst2", { body: "", headers: { "X-Copy-From": "c/src", "X-Fresh-Metadata": "true" } });
    expect(put.headers.get("x-object-meta-color")).toBeNull();
  });

  it("POST sets X-Object-Manifest, making the object a dynamic large object; a POST without it drops it", async () => {
    const t = await swiftTest();
    await t.req("PUT", "c");
    await t.req("PUT", "c/seg/1", { body: "ab" });
    await t.req("PUT", "c/seg/2", { body: "cd" });
    await t.req("PUT", "c/big", { body: "" });
    expect((await t.req("POST", "c/big", { headers: { "X-Object-Manifest": "c/seg/" } })).status).toBe(202);
    const got = await t.req("GET", "c/big");
    expect(got.text).toBe("abcd");
    expect(got.headers.get("x-object-manifest")).toBe("c/seg/");
    await t.req("POST", "c/big", { headers: { "X-Object-Meta-A": "1" } });
    expect((await t.req("GET", "c/big")).text).toBe("");
  });

  it("reads underscores in metadata names as hyphens, as Swift's WSGI does", async () => {
    const t = await swiftTest();
    await t.req("PUT", "c", { headers: { "X-Container-Meta-test_container_meta": "Meta1" } });
    expect((await t.req("HEAD", "c")).headers.get("x-container-meta-test-container-meta")).toBe("Meta1");
    await t.req("PUT", "c/o", { body: "", headers: { "X-Object-Meta-my_key": "v" } });
    expect((await t.req("HEAD", "c/o")).headers.get("x-object-meta-my-key")).toBe("v");
  });
});

describe("public read ACL", () => {
  it("`.r:*,.rlistings` lets another project's token read and list (tempest's test_access_public_object_with_another_user_creds)", async () => {
    const t = await swiftTest();
    await call(t.emu, "POST", "/_emulator/tenants", { body: { name: "other", password: "other" } });
    const other = await login(t.emu, "other", "other", "other");
    await t.req("PUT", "pub");
    await t.req("PUT", "pub/o", { body: "public bytes" });
    expect((await t.req("GET", "pub/o", { token: other })).status).toBe(403);
    expect((await t.req("POST", "pub", { headers: { "X-Container-Read": ".r:*,.rlistings" } })).status).toBe(204);
    expect((await t.req("HEAD", "pub")).headers.get("x-container-read")).toBe(".r:*,.rlistings");
    expect((await t.req("GET", "pub/o", { token: other })).text).toBe("public bytes");
    expect((await t.req("GET", "pub/o", { token: null })).text).toBe("public bytes");
    expect((await t.req("GET", "pub", { token: other })).text).toBe("o\n");
    expect((await t.req("PUT", "pub/x", { token: other, body: "no" })).status).toBe(403);
  });
});

describe("temp URLs", () => {
  const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;
  const signed = (key: string, method: string, path: string, expires: number) =>
    `temp_url_sig=${createHmac("sha256", key).update(`${method}\n${expires}\n${path}`).digest("hex")}&temp_url_expires=${expires}`;

  async function world() {
    const t = await swiftTest();
    await t.req("POST", "", { headers: { "X-Account-Meta-Temp-URL-Key": "k" } });
    await t.req("PUT", "c");
    await t.req("PUT", "c/dir/report.txt", { body: "data" });
    const expires = inSeconds(600);
    return { t, expires, url: `c/dir/report.txt?${signed("k", "GET", `${t.demo.account}/c/dir/report.txt`, expires)}` };
  }

  it("names the download: attachment by default, inline with `inline`, filename= either way; Expires", async () => {
    const { t, url, expires } = await world();
    const plain = await t.req("GET", url, { token: null });
    expect(plain.headers.get("content-disposition")).toBe(`attachment; filename="report.txt"; filename*=UTF-8''report.txt`);
    expect(plain.headers.get("expires")).toBe(new Date(expires * 1000).toUTCString());
    expect((await t.req("GET", `${url}&inline`, { token: null })).headers.get("content-disposition")).toBe("inline");
    expect((await t.req("HEAD", `${url}&inline=`, { token: null })).headers.get("content-disposition")).toBe("inline");
    const named = await t.req("GET", `${url}&inline&filename=${encodeURIComponent("my file é.txt")}`, { token: null });
    expect(named.headers.get("content-disposition")).toBe(`inline; filename="my file %C3%A9.txt"; filename*=UTF-8''my%20file%20%C3%A9.txt`);
    expect((await t.req("GET", `${url}&filename=x.txt`, { token: null })).headers.get("content-disposition")).toBe(`attachment; filename="x.txt"; filename*=UTF-8''x.txt`);
    // a plain GET with the token names nothing
    expect((await t.req("GET", "c/dir/report.txt")).headers.get("content-disposition")).toBeNull();
  });

  it("an expired or badly signed URL is a 401 even when a valid token comes with it (tempurl decides alone)", async () => {
    const { t, url } = await world();
    expect((await t.req("GET", url)).text).toBe("data");
    t.advance(600_001);
    const expired = await t.req("GET", url);
    expect(expired.status).toBe(401);
    expect(expired.text).toContain("Temp URL invalid");
    expect((await t.req("GET", `c/dir/report.txt?temp_url_sig=${"0".repeat(64)}&temp_url_expires=${inSeconds(600)}`)).status).toBe(401);
    expect((await t.req("GET", "c/dir/report.txt?temp_url_expires=1")).status).toBe(401);
    expect((await t.req("GET", "c/dir/report.txt")).status).toBe(200);
  });
});
