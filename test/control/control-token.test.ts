// --control-token: with it set, every /_emulator route but health asks for it (Bearer or
// X-Skymock-Control-Token) and answers 401 in the control API's shape without it; the services are untouched.

import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../helpers/emulator.js";
import { SkymockClient } from "../../src/client/index.js";
import { OptionsError, resolveOptions } from "../../src/config.js";
import type { Emulator } from "../../src/app.js";

const TOKEN = "s3cret-control-token";
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe("the control API with a control token", () => {
  const emu = testEmulator({ controlToken: TOKEN });

  it("answers 401 in the control API's shape without the token or with a wrong one, on every route", async () => {
    const routes: Array<[string, string, unknown?]> = [
      ["GET", "/_emulator"],
      ["GET", "/_emulator/openapi.json"],
      ["GET", "/_emulator/state"],
      ["PUT", "/_emulator/state", {}],
      ["POST", "/_emulator/reset"],
      ["POST", "/_emulator/clock/advance", { by: "1h" }],
      ["GET", "/_emulator/faults"],
      ["POST", "/_emulator/tenants", {}],
      ["GET", "/_emulator/logins"],
      ["GET", "/_emulator/rate-limit"],
      ["GET", "/_emulator/compute/hosts"],
      ["GET", "/_emulator/no-such-route"],
    ];
    for (const [method, path, body] of routes) {
      const refused: Array<Record<string, string>> = [{}, bearer("wrong"), { "X-Skymock-Control-Token": "wrong" }, { Authorization: TOKEN }, bearer(`${TOKEN}x`)];
      for (const headers of refused) {
        const res = await call(emu, method, path, { headers, body });
        expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.body).toEqual({ error: { status: 401, code: "Unauthorized", message: expect.stringMatching(/control token/) } });
        expect(res.headers.get("www-authenticate")).toBe('Bearer realm="skymock control API"');
      }
    }
    // a refused call changed nothing
    expect((await call(emu, "GET", "/_emulator/clock", { headers: bearer(TOKEN) })).body.epochMs).toBe(Date.parse("2030-01-01T00:00:00Z"));
  });

  it("says which is wrong: a missing token or a token that is not it", async () => {
    expect((await call(emu, "GET", "/_emulator/faults")).body.error.message).toMatch(/requires the control token/);
    expect((await call(emu, "GET", "/_emulator/faults", { headers: bearer("nope") })).body.error.message).toBe("The control token is not valid.");
  });

  it("takes it as Authorization: Bearer or as X-Skymock-Control-Token", async () => {
    expect((await call(emu, "GET", "/_emulator/faults", { headers: bearer(TOKEN) })).status).toBe(200);
    expect((await call(emu, "GET", "/_emulator/faults", { headers: { authorization: `bearer   ${TOKEN}  ` } })).status).toBe(200);
    expect((await call(emu, "GET", "/_emulator/faults", { headers: { "X-Skymock-Control-Token": TOKEN } })).status).toBe(200);
    // a proxy's own credential in Authorization does not hide the dedicated header's token
    expect((await call(emu, "GET", "/_emulator/faults", { headers: { ...bearer("proxy"), "X-Skymock-Control-Token": TOKEN } })).status).toBe(200);
    const advanced = await call(emu, "POST", "/_emulator/clock/advance", { headers: bearer(TOKEN), body: { by: "1m" } });
    expect(advanced.status).toBe(200);
  });

  it("keeps health open: probes carry no secrets and it reveals no state", async () => {
    for (const path of ["/_emulator/health", "/_emulator/health/"]) {
      const res = await call(emu, "GET", path);
      expect(res.status, path).toBe(200);
      expect(res.body.status).toBe("ok");
    }
  });

  it("leaves the services alone: they take their own tokens, never the control token", async () => {
    const token = await login(emu);
    expect((await call(emu, "GET", "/compute/v2.1/flavors", { token })).status).toBe(200);
    expect((await call(emu, "GET", "/compute/v2.1/flavors", { headers: bearer(TOKEN) })).status).toBe(401);
  });

  it("is documented in the OpenAPI document: optional, and never for health", async () => {
    const doc = (await call(emu, "GET", "/_emulator/openapi.json", { headers: bearer(TOKEN) })).body;
    expect(doc.components.securitySchemes.controlToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.controlTokenHeader).toMatchObject({ type: "apiKey", in: "header", name: "X-Skymock-Control-Token" });
    expect(doc.security).toEqual([{}, { controlToken: [] }, { controlTokenHeader: [] }]);
    expect(doc.paths["/_emulator/health"].get.security).toEqual([{}]);
  });

  it("is off by default: the control API is open", async () => {
    expect((await call(testEmulator(), "GET", "/_emulator/faults")).status).toBe(200);
  });
});

describe("SkymockClient with controlToken", () => {
  let emu: Emulator | undefined;
  afterEach(async () => {
    await emu?.close();
    emu = undefined;
  });

  it("sends it on every call; without it calls fail with a 401 SkymockError", async () => {
    emu = testEmulator({ controlToken: TOKEN });
    const url = await emu.listen(0, "127.0.0.1");
    const client = new SkymockClient(url, { controlToken: TOKEN });
    expect((await client.getClock()).frozen).toBe(true);
    await client.addFault({ service: "compute", effect: { type: "error", status: 503 } });
    expect(await client.listFaults()).toHaveLength(1);
    await expect(new SkymockClient(url).listFaults()).rejects.toMatchObject({ name: "SkymockError", status: 401, code: "Unauthorized" });
    await expect(new SkymockClient(url, { controlToken: "wrong" }).listFaults()).rejects.toMatchObject({ status: 401 });
    // health is answered whatever the client holds
    expect((await new SkymockClient(url).health()).status).toBe("ok");
  });

  it("sends it as X-Skymock-Control-Token, beside a proxy's own credential", async () => {
    let seen: IncomingHttpHeaders = {};
    const server = createServer((req, res) => {
      seen = req.headers;
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      await new SkymockClient(`http://127.0.0.1:${port}`, { controlToken: TOKEN, token: "Bearer proxy", tokenHeader: "Authorization" }).getClock();
      expect(seen["x-skymock-control-token"]).toBe(TOKEN);
      expect(seen.authorization).toBe("Bearer proxy");
    } finally {
      server.close();
    }
  });
});

describe("the controlToken option", () => {
  it("is absent by default and refuses an empty token", () => {
    expect(resolveOptions({}).controlToken).toBeUndefined();
    expect(resolveOptions({ controlToken: "abc" }).controlToken).toBe("abc");
    expect(() => resolveOptions({ controlToken: "" })).toThrow(OptionsError);
    expect(() => resolveOptions({ controlToken: "" })).toThrow("--control-token (SKYMOCK_CONTROL_TOKEN, config key controlToken): \"\" is not a token (non-empty text)");
  });
});
