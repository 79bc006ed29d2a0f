// Glance 2.17's location API through HTTP: `POST /v2/images/{id}/locations` makes a queued image active
// with its one location (202, no body), carrying the validation data's hash; `GET` lists the locations
// for the service (here also an admin) and refuses an ordinary member. Bad input is Glance's 4xx with
// the image untouched; the version document offers v2.17 as CURRENT.

import { describe, expect, it } from "vitest";
import { imageWorld } from "./world.js";

const SHA512 = "a".repeat(128);

describe("image location API (2.17)", () => {
  it("the owner adds an http location to a queued image: 202, active, hash from validation data", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    const body = { url: "http://127.0.0.1:8080/a.img", validation_data: { os_hash_algo: "sha512", os_hash_value: SHA512 } };
    const added = await w.api("POST", `/v2/images/${img.id}/locations`, w.demo, { body });
    expect(added.status).toBe(202);
    expect(added.text).toBe("");
    const shown = (await w.api("GET", `/v2/images/${img.id}`, w.demo)).body;
    expect(shown).toMatchObject({ status: "active", os_hash_algo: "sha512", os_hash_value: SHA512 });
    // a second add: the image is no longer queued
    const again = await w.api("POST", `/v2/images/${img.id}/locations`, w.demo, { body: { url: "http://127.0.0.1/b.img" } });
    expect(again.status).toBe(409);
    expect(again.body).toContain("It's not allowed to add locations if image status is active.");
    const listed = await w.api("GET", `/v2/images/${img.id}/locations`, w.admin);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([{ url: "http://127.0.0.1:8080/a.img", metadata: {} }]);
  });

  it("another algorithm's hash is kept with its algorithm; no validation data leaves the hash empty", async () => {
    const w = await imageWorld();
    const a = await w.create(w.demo);
    const sha256 = "0123456789abcdef".repeat(4);
    expect((await w.api("POST", `/v2/images/${a.id}/locations`, w.demo, { body: { url: "http://localhost/a", validation_data: { os_hash_algo: "sha256", os_hash_value: sha256 } } })).status).toBe(202);
    expect((await w.api("GET", `/v2/images/${a.id}`, w.demo)).body).toMatchObject({ status: "active", os_hash_algo: "sha256", os_hash_value: sha256 });
    const b = await w.create(w.demo);
    expect((await w.api("POST", `/v2/images/${b.id}/locations`, w.demo, { body: { url: "http://localhost/b" } })).status).toBe(202);
    expect((await w.api("GET", `/v2/images/${b.id}`, w.demo)).body).toMatchObject({ status: "active", os_hash_algo: null, os_hash_value: null });
  });

  it("bad input is a 4xx in Glance's shape and leaves the image queued", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    const post = (token: string, body: unknown) => w.api("POST", `/v2/images/${img.id}/locations`, token, { body });
    const cases: Array<[string, unknown, number]> = [
      [w.demo, {}, 400],
      [w.demo, { url: 5 }, 400],
      [w.demo, { url: "http://localhost/a", validation_data: { os_hash_value: SHA512 } }, 400],
      [w.demo, { url: "http://localhost/a", validation_data: { os_hash_algo: "sha512", os_hash_value: "zz".repeat(64) } }, 400],
      [w.demo, { url: "http://localhost/a", validation_data: { os_hash_algo: "sha512", os_hash_value: "ab" } }, 400],
      [w.demo, { url: "http://localhost/a", validation_data: { os_hash_algo: "crc32", os_hash_value: "ab" } }, 400],
      [w.demo, { url: "http://localhost/a", validation_data: { checksum: "x" } }, 400],
      [w.demo, { url: "http://localhost/a", validation_data: null }, 400],
      [w.demo, { url: "http://example.com/remote.img" }, 400],
      // an ordinary user may only give an http location
      [w.demo, { url: "file:///etc/passwd" }, 403],
      [w.demo, { url: "swift+config://ref1/glance/x" }, 403],
      // an admin (as the service) is not limited to http, but the URL must still be one this cloud can reach
      [w.admin, { url: "file:///etc/passwd" }, 400],
      // a stranger does not see the image
      [w.alt, { url: "http://localhost/a" }, 404],
    ];
    for (const [token, body, status] of cases) {
      const res = await post(token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatch(new RegExp(`^${status} `));
    }
    const raw = await w.api("POST", `/v2/images/${img.id}/locations`, w.demo, { raw: "{not json", headers: { "Content-Type": "application/json" } });
    expect(raw.status).toBe(400);
    expect((await w.api("GET", `/v2/images/${img.id}`, w.demo)).body).toMatchObject({ status: "queued", os_hash_value: null });
    expect((await w.api("POST", `/v2/images/00000000-0000-0000-0000-000000000000/locations`, w.demo, { body: { url: "http://localhost/a" } })).status).toBe(404);
  });

  it("listing locations is an admin's (Glance: the service role's): a member's and a stranger's 403", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    expect((await w.upload(w.demo, img.id, "bytes")).status).toBe(204);
    const member = await w.api("GET", `/v2/images/${img.id}/locations`, w.demo);
    expect(member.status).toBe(403);
    expect(member.body).toMatch(/^403 Forbidden\n\nYou are not authorized/);
    expect((await w.api("GET", `/v2/images/${img.id}/locations`, w.alt)).status).toBe(403);
    expect((await w.api("GET", "/v2/images/00000000-0000-4000-8000-000000000000/locations", w.admin)).status).toBe(404);
    const admin = await w.api("GET", `/v2/images/${img.id}/locations`, w.admin);
    expect(admin.body).toEqual([{ url: `file:///var/lib/glance/images/${img.id}`, metadata: { store: "file" } }]);
    // uploaded: no longer queued, so no location may be added
    expect((await w.api("POST", `/v2/images/${img.id}/locations`, w.admin, { body: { url: "http://localhost/a" } })).status).toBe(409);
  });

  it("version discovery offers v2.17 as CURRENT", async () => {
    const w = await imageWorld();
    const res = await w.api("GET", "/versions", w.demo);
    expect(res.body.versions.map((v: { id: string; status: string }) => `${v.id}:${v.status}`)).toEqual(["v2.17:CURRENT", "v2.16:SUPPORTED", "v2.15:SUPPORTED", "v2.9:SUPPORTED", "v2.0:SUPPORTED"]);
  });
});
