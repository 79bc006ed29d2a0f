// Rejected token requests (Keystone status codes and envelope) and how authenticated routes read the token.

import { describe, expect, it } from "vitest";
import { call, login, passwordAuth, testEmulator } from "../../helpers/emulator.js";
import { issue, projectScope, tokenCount, TOKENS } from "./identity-helpers.js";

const KEYSTONE_401 = { error: { code: 401, title: "Unauthorized", message: "The request you have made requires authentication." } };

describe("POST /v3/auth/tokens: rejected requests", () => {
  const emu = testEmulator();

  it("answers a wrong password with 401, WWW-Authenticate and Keystone's envelope", async () => {
    const res = await issue(emu, passwordAuth("demo", "wrong", projectScope("demo")));
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Keystone uri="http://localhost/identity/v3"');
    expect(res.headers.get("x-subject-token")).toBeNull();
    expect(res.body).toEqual(KEYSTONE_401);
  });

  it("answers an unknown user, an unknown user id and an unknown user domain with the same 401", async () => {
    const unknownName = await issue(emu, passwordAuth("nobody", "demo"));
    const unknownId = await issue(emu, { auth: { identity: { methods: ["password"], password: { user: { id: "0".repeat(32), password: "x" } } } } });
    const unknownDomain = await issue(emu, {
      auth: { identity: { methods: ["password"], password: { user: { name: "demo", domain: { name: "Elsewhere" }, password: "demo" } } } },
    });
    for (const res of [unknownName, unknownId, unknownDomain]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(KEYSTONE_401);
    }
  });

  it("answers malformed JSON, an empty body, missing fields and wrong types with 400", async () => {
    const malformed = await call(emu, "POST", TOKENS, { raw: '{"auth": {' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({ code: 400, title: "Bad Request" });
    expect((await call(emu, "POST", TOKENS, { raw: "" })).status).toBe(400);

    const bodies: unknown[] = [
      {},
      { auth: {} },
      { auth: { identity: {} } },
      { auth: { identity: { methods: [] } } },
      { auth: { identity: { methods: ["password"] } } },
      { auth: { identity: { methods: ["password"], password: { user: { password: "demo" } } } } },
      // a user by name needs its domain
      { auth: { identity: { methods: ["password"], password: { user: { name: "demo", password: "demo" } } } } },
      { auth: { identity: { methods: "password", password: { user: { name: "demo", domain: { name: "Default" }, password: "demo" } } } } },
      { auth: { identity: { methods: ["password"], password: { user: { name: "demo", domain: { name: "Default" }, password: 42 } } } } },
      { auth: { identity: { methods: ["password"], password: { user: { name: "demo", domain: {}, password: "demo" } } } } },
      { auth: { identity: { methods: ["token"] } } },
      { ...passwordAuth("demo", "demo", { system: { all: false } }) },
      { ...passwordAuth("demo", "demo", { project: { domain: { name: "Default" } } }) },
      { ...passwordAuth("demo", "demo", "everything") },
      [],
      "auth",
    ];
    for (const body of bodies) {
      const res = await issue(emu, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe(400);
      expect(typeof res.body.error.message).toBe("string");
    }
  });

  it("answers an unsupported method with 401", async () => {
    const res = await issue(emu, { auth: { identity: { methods: ["totp"], totp: { user: { id: "x", passcode: "123456" } } } } });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toContain("unsupported method");
  });

  it("answers an unknown project, or one the user holds no role on, with 401", async () => {
    const unknown = await issue(emu, passwordAuth("demo", "demo", projectScope("no-such-project")));
    expect(unknown.status).toBe(401);
    const byId = await issue(emu, passwordAuth("demo", "demo", { project: { id: "f".repeat(32) } }));
    expect(byId.status).toBe(401);
    const notMine = await issue(emu, passwordAuth("demo", "demo", projectScope("admin")));
    expect(notMine.status).toBe(401);
    expect(notMine.headers.get("www-authenticate")).toContain("Keystone");
  });

  it("answers a body over maxBodyBytes with 413", async () => {
    const small = testEmulator({ maxBodyBytes: 1000 });
    const padded = { ...passwordAuth("demo", "demo"), padding: "x".repeat(2000) };
    const res = await issue(small, padded);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe(413);
    expect((await issue(small, passwordAuth("demo", "demo"))).status).toBe(201);
  });

  it("stores no token for any rejected request", async () => {
    const local = testEmulator();
    const before = await tokenCount(local);
    await issue(local, passwordAuth("demo", "wrong"));
    await issue(local, passwordAuth("demo", "demo", projectScope("admin")));
    await call(local, "POST", TOKENS, { raw: "{" });
    await issue(local, { auth: { identity: { methods: ["totp"] } } });
    expect(await tokenCount(local)).toBe(before);
    await issue(local, passwordAuth("demo", "demo"));
    expect(await tokenCount(local)).toBe(before + 1);
  });
});

describe("X-Auth-Token on authenticated routes", () => {
  const emu = testEmulator();

  it("refuses Authorization: Bearer instead of X-Auth-Token with 401", async () => {
    const token = await login(emu, "demo");
    const bearer = await call(emu, "GET", "/identity/v3/auth/projects", { headers: { Authorization: `Bearer ${token}` } });
    expect(bearer.status).toBe(401);
    expect(bearer.body).toEqual(KEYSTONE_401);
    expect(bearer.headers.get("www-authenticate")).toContain("Keystone");
    expect((await call(emu, "GET", "/identity/v3/auth/projects", { token })).status).toBe(200);
  });

  it("refuses a missing or unknown token with 401", async () => {
    expect((await call(emu, "GET", "/identity/v3/auth/catalog")).status).toBe(401);
    expect((await call(emu, "GET", "/identity/v3/auth/catalog", { token: "gAAAAAforged" })).status).toBe(401);
  });
});
