// Who may use a container besides its project: X-Container-Read `.r:*` (anonymous GET/HEAD of objects),
// `.rlistings` (anonymous listings), `<project>:*` grants for reads and writes; temporary URLs signed with
// the account's Temp-URL-Key (SHA1/SHA256; the client's wall-clock expiry runs out on the virtual clock, counted from first use); container and account quotas (413).

import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CLOCK_SETUPS } from "../../helpers/clock-setups.js";
import { swiftTest } from "./setup.js";

describe("container ACLs", () => {
  it(".r:* lets anyone read objects; listings need .rlistings too", async () => {
    const t = await swiftTest();
    await t.req("PUT", "pub", { headers: { "X-Container-Read": ".r:*" } });
    await t.req("PUT", "pub/o", { body: "public" });
    const anon = await t.req("GET", "pub/o", { token: null });
    expect(anon.status).toBe(200);
    expect(anon.text).toBe("public");
    expect((await t.req("HEAD", "pub/o", { token: null })).status).toBe(200);
    expect((await t.req("GET", "pub", { token: null })).status).toBe(401);
    expect((await t.req("HEAD", "pub", { token: null })).headers.get("x-container-read")).toBeNull();
    await t.req("POST", "pub", { headers: { "X-Container-Read": ".r:*,.rlistings" } });
    expect((await t.req("GET", "pub", { token: null })).text).toBe("o\n");
    expect((await t.req("HEAD", "pub")).headers.get("x-container-read")).toBe(".r:*,.rlistings");
    const before = t.snapshot();
    expect((await t.req("PUT", "pub/x", { token: null, body: "x" })).status).toBe(401);
    expect((await t.req("DELETE", "pub/o", { token: null })).status).toBe(401);
    expect(t.snapshot()).toBe(before);
    await t.req("PUT", "private");
    await t.req("PUT", "private/o", { body: "secret" });
    expect((await t.req("GET", "private/o", { token: null })).status).toBe(401);
  });

  it("grants another project read (X-Container-Read) and write (X-Container-Write); others get 403", async () => {
    const t = await swiftTest();
    // the admin's account shares with the demo project
    const shared = `${t.admin.account}/shared`;
    await t.req("PUT", shared, { token: t.admin.token, headers: { "X-Container-Read": `${t.demo.project}:*` } });
    await t.req("PUT", `${shared}/o`, { token: t.admin.token, body: "for demo" });
    expect((await t.req("GET", `${shared}/o`)).text).toBe("for demo");
    expect((await t.req("GET", shared)).text).toBe("o\n");
    // the ACLs are the owner's to see
    expect((await t.req("HEAD", shared)).headers.get("x-container-read")).toBeNull();
    expect((await t.req("HEAD", shared, { token: t.admin.token })).headers.get("x-container-read")).toBe(`${t.demo.project}:*`);
    expect((await t.req("PUT", `${shared}/mine`, { body: "x" })).status).toBe(403);
    await t.req("POST", shared, { token: t.admin.token, headers: { "X-Container-Write": `${t.demo.project}:*` } });
    expect((await t.req("PUT", `${shared}/mine`, { body: "x" })).status).toBe(201);
    expect((await t.req("DELETE", shared)).status).toBe(403);
    await t.req("PUT", `${t.admin.account}/closed`, { token: t.admin.token });
    expect((await t.req("GET", `${t.admin.account}/closed`)).status).toBe(403);
  });
});

describe("temporary URLs", () => {
  const sign = (key: string, method: string, expires: number, path: string, digest = "sha1") =>
    createHmac(digest, key).update(`${method}\n${expires}\n${path}`).digest("hex");

  // the client computes temp_url_expires from its wall clock (swift tempurl: time() + seconds)
  const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

  it("serves GET/HEAD/PUT signed with the account's key until it expires on the virtual clock", async () => {
    const t = await swiftTest();
    await t.req("POST", "", { headers: { "X-Account-Meta-Temp-URL-Key": "secret" } });
    await t.req("PUT", "c");
    await t.req("PUT", "c/o", { body: "temp" });
    const expires = inSeconds(600);
    const path = `${t.demo.account}/c/o`;
    const get = `c/o?temp_url_sig=${sign("secret", "GET", expires, path)}&temp_url_expires=${expires}`;
    expect((await t.req("GET", get, { token: null })).text).toBe("temp");
    expect((await t.req("HEAD", get, { token: null })).status).toBe(200);
    const sha256 = `c/o?temp_url_sig=${sign("secret", "GET", expires, path, "sha256")}&temp_url_expires=${expires}`;
    expect((await t.req("GET", sha256, { token: null })).status).toBe(200);
    const put = `c/o?temp_url_sig=${sign("secret", "PUT", expires, path)}&temp_url_expires=${expires}`;
    expect((await t.req("PUT", put, { token: null, body: "replaced" })).status).toBe(201);
    expect((await t.req("GET", "c/o")).text).toBe("replaced");
    expect((await t.req("PUT", get, { token: null, body: "x" })).status).toBe(401);
    expect((await t.req("GET", `c/o?temp_url_sig=${"0".repeat(40)}&temp_url_expires=${expires}`, { token: null })).status).toBe(401);
    t.advance(10 * 60_000 + 1);
    expect((await t.req("GET", get, { token: null })).status).toBe(401);
    // one already past on the client's clock
    const past = inSeconds(-1);
    expect((await t.req("GET", `c/o?temp_url_sig=${sign("secret", "GET", past, path)}&temp_url_expires=${past}`, { token: null })).status).toBe(401);
  });

  describe.each(CLOCK_SETUPS)("with the clock at $name", ({ options, after }) => {
    it("serves a URL the client just made, until the virtual clock passes its expiry", async () => {
      const t = await swiftTest(options);
      await t.req("POST", "", { headers: { "X-Account-Meta-Temp-URL-Key": "secret" } });
      await t.req("PUT", "c");
      await t.req("PUT", "c/o", { body: "temp" });
      await after?.(t.emu); // (the day it moves outlives the tokens of the setup)
      // an hour: a real minute at factor 60, far more than the test takes
      const expires = inSeconds(3600);
      const get = `c/o?temp_url_sig=${sign("secret", "GET", expires, `${t.demo.account}/c/o`)}&temp_url_expires=${expires}`;
      expect((await t.req("GET", get, { token: null })).text).toBe("temp");
      t.advance(3000_000);
      expect((await t.req("GET", get, { token: null })).status).toBe(200);
      t.advance(600_001);
      expect((await t.req("GET", get, { token: null })).status).toBe(401);
      await t.emu.close();
    });
  });
});

describe("quotas", () => {
  it("container Quota-Bytes and Quota-Count refuse an upload past them (413), nothing stored", async () => {
    const t = await swiftTest();
    await t.req("PUT", "q", { headers: { "X-Container-Meta-Quota-Bytes": "10", "X-Container-Meta-Quota-Count": "2" } });
    expect((await t.req("PUT", "q/a", { body: "12345678" })).status).toBe(201);
    const before = t.snapshot();
    const over = await t.req("PUT", "q/b", { body: "123" });
    expect(over.status).toBe(413);
    expect(over.text).toContain("Upload exceeds quota.");
    expect(t.snapshot()).toBe(before);
    expect((await t.req("PUT", "q/b", { body: "1" })).status).toBe(201);
    expect((await t.req("PUT", "q/c", { body: "" })).status).toBe(413);
  });

  it("account Quota-Bytes: only an admin sets it; uploads past it are refused (413)", async () => {
    const t = await swiftTest();
    expect((await t.req("POST", "", { headers: { "X-Account-Meta-Quota-Bytes": "5" } })).status).toBe(403);
    expect((await t.req("POST", t.demo.account, { token: t.admin.token, headers: { "X-Account-Meta-Quota-Bytes": "5" } })).status).toBe(204);
    await t.req("PUT", "c");
    expect((await t.req("PUT", "c/a", { body: "12345" })).status).toBe(201);
    expect((await t.req("PUT", "c/b", { body: "1" })).status).toBe(413);
  });
});
