// GET /_emulator/clouds.yaml, /_emulator/os-environment and /_emulator/logins, and the Emulator object's
// cloudsYaml() and osEnvironment(): how a client logs in as a seed user or a tenant.

import { afterEach, describe, expect, it } from "vitest";
import { load } from "js-yaml";
import { call, testEmulator } from "../helpers/emulator.js";
import type { Emulator } from "../../src/app.js";

describe("GET /_emulator/clouds.yaml", () => {
  it("is admin's clouds.yaml by default, as text/yaml, pointing at the address the request used", async () => {
    const emu = testEmulator();
    const res = await call(emu, "GET", "/_emulator/clouds.yaml", { headers: { Host: "cloud.test:8480" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/yaml/);
    expect(load(res.text)).toEqual({
      clouds: {
        skymock: {
          auth: {
            auth_url: "http://cloud.test:8480/identity",
            username: "admin",
            password: "admin",
            project_name: "admin",
            user_domain_name: "Default",
            project_domain_name: "Default",
          },
          region_name: "RegionOne",
          interface: "public",
          identity_api_version: 3,
        },
      },
    });
  });

  it("for another user, under another cloud name; a proxy's X-Forwarded-* address wins", async () => {
    const emu = testEmulator();
    const res = await call(emu, "GET", "/_emulator/clouds.yaml?user=demo&cloud=lab", {
      headers: { Host: "inner:1", "X-Forwarded-Host": "outer.example", "X-Forwarded-Proto": "https" },
    });
    const cloud = (load(res.text) as any).clouds.lab;
    expect(cloud.auth).toMatchObject({ auth_url: "https://outer.example/identity", username: "demo", password: "demo", project_name: "demo" });
  });

  it("is a 404 naming the known users for a user it cannot log in as", async () => {
    const emu = testEmulator();
    const res = await call(emu, "GET", "/_emulator/clouds.yaml?user=mallory");
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ status: 404, code: "Not Found", message: 'No user "mallory" to log in as. Known users: admin, demo, masakari.' });
  });

  it("knows a seeded world's users, and those of a world merged in until the next reset", async () => {
    const emu = testEmulator({ seed: "two-tenants" });
    expect((await call(emu, "GET", "/_emulator/clouds.yaml?user=alt")).text).toContain("username: alt");
    const extra = { identity: { projects: [{ name: "extra" }], users: [{ name: "eve", password: "pw", default_project: "extra" }] } };
    expect((await call(emu, "POST", "/_emulator/seed?mode=merge", { body: extra })).status).toBe(200);
    expect((await call(emu, "GET", "/_emulator/os-environment?user=eve")).body.OS_PROJECT_NAME).toBe("extra");
    await call(emu, "POST", "/_emulator/reset");
    expect((await call(emu, "GET", "/_emulator/os-environment?user=eve")).status).toBe(404);
  });
});

describe("GET /_emulator/os-environment and /_emulator/logins", () => {
  it("OS_* for a user as a JSON object", async () => {
    const emu = testEmulator();
    const res = await call(emu, "GET", "/_emulator/os-environment?user=demo", { headers: { Host: "127.0.0.1:8480" } });
    expect(res.body).toEqual({
      OS_AUTH_URL: "http://127.0.0.1:8480/identity",
      OS_IDENTITY_API_VERSION: "3",
      OS_USERNAME: "demo",
      OS_PASSWORD: "demo",
      OS_PROJECT_NAME: "demo",
      OS_USER_DOMAIN_NAME: "Default",
      OS_PROJECT_DOMAIN_NAME: "Default",
      OS_REGION_NAME: "RegionOne",
      OS_INTERFACE: "public",
    });
  });

  it("lists every login, tenants after the seed world's users", async () => {
    const emu = testEmulator();
    const t = (await call(emu, "POST", "/_emulator/tenants", { body: { name: "w1" } })).body;
    const logins = (await call(emu, "GET", "/_emulator/logins")).body.logins;
    expect(logins.map((l: { username: string }) => l.username)).toEqual(["admin", "demo", "masakari", "w1"]);
    expect(logins[3]).toEqual(t.credentials);
    expect((await call(emu, "GET", "/_emulator/clouds.yaml?user=w1")).text).toContain(t.user.password);
  });
});

describe("emulator.cloudsYaml() and emulator.osEnvironment()", () => {
  let emu: Emulator | undefined;
  afterEach(async () => {
    await emu?.close();
    emu = undefined;
  });

  it("need the listening URL or a base URL", async () => {
    emu = testEmulator();
    expect(() => emu!.cloudsYaml()).toThrow(/not listening/);
    expect(emu.osEnvironment("demo", "http://example.test:1/").OS_AUTH_URL).toBe("http://example.test:1/identity");
    const url = await emu.listen(0, "127.0.0.1");
    expect(emu.osEnvironment().OS_AUTH_URL).toBe(`${url}/identity`);
    expect(emu.cloudsYaml("demo")).toContain("username: demo");
    // the same document the HTTP route renders for that address
    const viaHttp = await (await fetch(`${url}/_emulator/clouds.yaml?user=demo`)).text();
    expect(emu.cloudsYaml("demo")).toBe(viaHttp);
  });

  it("throw naming the known users for an unknown one", () => {
    emu = testEmulator();
    expect(() => emu!.osEnvironment("nobody", "http://x")).toThrow("skymock: no user nobody to log in as. Known: admin, demo, masakari.");
  });
});
