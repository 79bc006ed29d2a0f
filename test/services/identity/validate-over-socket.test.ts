// Token validation over a real socket, where the emulator reads node's own request line and headers
// rather than Hono's (in-process tests never take that path): query parameters, the address the client
// used, and memoized bodies that must not leak from one variant of a request to another.

import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login, testEmulator } from "../../helpers/emulator.js";
import type { Emulator } from "../../../src/app.js";

let emu: Emulator;
let port: number;
let token: string;

beforeAll(async () => {
  emu = testEmulator();
  port = Number(new URL(await emu.listen(0)).port);
  token = await login(emu);
});
afterAll(() => emu.close());

/** GET /identity/v3/auth/tokens<query> validating the admin token, with any headers (Host included). */
function validate(query = "", headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path: `/identity/v3/auth/tokens${query}`, headers: { "x-auth-token": token, "x-subject-token": token, ...headers } },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }));
      },
    );
    req.once("error", reject);
    req.end();
  });
}

const identityUrls = (body: any): string[] =>
  body.token.catalog.find((s: { type: string }) => s.type === "identity").endpoints.map((e: { url: string }) => e.url);

describe("GET /identity/v3/auth/tokens over a socket", () => {
  it("answers with and without ?nocatalog, each time as asked", async () => {
    const full = await validate();
    const bare = await validate("?nocatalog");
    const fullAgain = await validate();
    expect(full.status).toBe(200);
    expect(full.body.token.catalog.length).toBeGreaterThan(0);
    expect(bare.status).toBe(200);
    expect(bare.body.token.catalog).toBeUndefined();
    expect(bare.body.token.user.name).toBe("admin");
    expect(fullAgain.body).toEqual(full.body);
  });

  it("builds catalog URLs from the Host header or X-Forwarded-*, per request", async () => {
    expect(identityUrls((await validate("", { host: `127.0.0.1:${port}` })).body)).toContain(`http://127.0.0.1:${port}/identity`);
    expect(identityUrls((await validate("", { host: `localhost:${port}` })).body)).toContain(`http://localhost:${port}/identity`);
    const proxied = await validate("", { "x-forwarded-proto": "https", "x-forwarded-host": "cloud.example.test" });
    expect(identityUrls(proxied.body)).toContain("https://cloud.example.test/identity");
    expect(identityUrls((await validate("", { host: `127.0.0.1:${port}` })).body)).toContain(`http://127.0.0.1:${port}/identity`);
  });

  it("validates an expired token only with ?allow_expired=1 (or true)", async () => {
    const local = testEmulator();
    const localPort = Number(new URL(await local.listen(0)).port);
    try {
      const admin = await login(local);
      local.clock.advance(2 * 3600_000);
      const fresh = await login(local);
      const get = (query: string) =>
        new Promise<number>((resolve, reject) => {
          const req = request(
            { host: "127.0.0.1", port: localPort, path: `/identity/v3/auth/tokens${query}`, headers: { "x-auth-token": fresh, "x-subject-token": admin } },
            (res) => {
              res.resume();
              res.on("end", () => resolve(res.statusCode!));
            },
          );
          req.once("error", reject);
          req.end();
        });
      expect(await get("")).toBe(404);
      expect(await get("?allow_expired=1")).toBe(200);
      expect(await get("?allow_expired=true")).toBe(200);
      expect(await get("?allow_expired=0")).toBe(404);
    } finally {
      await local.close();
    }
  });
});
