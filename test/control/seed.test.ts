import { beforeEach, describe, expect, it } from "vitest";
import { call, login } from "../helpers/emulator.js";
import { createWidget, toyEmulator } from "../helpers/toy-service/index.js";

const emu = toyEmulator();
const seed = (body: string, query = "", contentType = "application/yaml") =>
  call(emu, "POST", `/_emulator/seed${query}`, { raw: body, headers: { "Content-Type": contentType } });
const widgetNames = async (token: string) => (await call(emu, "GET", "/toy/widgets", { token })).body.widgets.map((w: { name: string }) => w.name);

const yamlWorld = `
extends: default
identity:
  projects:
    - { name: staging, domain: default }
  users:
    - { name: alice, password: secret, default_project: staging }
  assignments:
    - { user: alice, role: member, project: staging }
toy:
  widgets:
    - { id: w-1, name: from-yaml, project: p-1 }
`;

beforeEach(async () => {
  expect((await call(emu, "POST", "/_emulator/seed?scenario=default")).status).toBe(200);
});

describe("POST /_emulator/seed", () => {
  it("loads a YAML world, which reset then returns to", async () => {
    const res = await seed(yamlWorld);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ seeded: "body", mode: "replace" });
    const alice = await login(emu, "alice", "staging", "secret");
    expect(await widgetNames(alice)).toEqual(["from-yaml"]);
    await createWidget(emu, alice, "made-later");
    await call(emu, "POST", "/_emulator/reset");
    expect(await widgetNames(await login(emu, "alice", "staging", "secret"))).toEqual(["from-yaml"]);
  });

  it("loads a JSON world; without `extends` it replaces the default world entirely", async () => {
    const world = {
      identity: {
        domains: [{ id: "default", name: "Default" }],
        roles: [{ name: "admin" }],
        projects: [{ name: "solo" }],
        users: [{ name: "root", password: "pw", default_project: "solo" }],
        assignments: [{ user: "root", role: "admin", project: "solo" }],
      },
    };
    const res = await seed(JSON.stringify(world), "", "application/json");
    expect(res.status, res.text).toBe(200);
    await login(emu, "root", "solo", "pw");
    await expect(login(emu, "admin")).rejects.toThrow(/401/);
  });

  it("?scenario=default goes back to the default world", async () => {
    await seed(yamlWorld);
    const res = await call(emu, "POST", "/_emulator/seed?scenario=default");
    expect(res.body).toEqual({ seeded: "default", mode: "replace" });
    await expect(login(emu, "alice", "staging", "secret")).rejects.toThrow(/401/);
    await login(emu, "admin");
  });

  it("?mode=merge adds to the running state and leaves the reset target alone", async () => {
    const admin = await login(emu);
    await createWidget(emu, admin, "runtime");
    const res = await seed("toy:\n  widgets:\n    - { id: merged, name: merged, project: p-1 }\n", "?mode=merge");
    expect(res.status, res.text).toBe(200);
    expect(res.body.mode).toBe("merge");
    expect(await widgetNames(admin)).toEqual(["runtime", "merged"]);
    await call(emu, "POST", "/_emulator/reset");
    expect(await widgetNames(await login(emu))).toEqual([]);
  });

  it("lists the scenarios it can load", async () => {
    expect((await call(emu, "GET", "/_emulator/scenarios")).body.scenarios).toContain("default");
  });

  it("says which seed world is in use, and the worlds merged into it until a reset", async () => {
    const seedOf = async () => (await call(emu, "GET", "/_emulator/scenarios")).body.seed;
    expect(await seedOf()).toEqual({ ref: "default", merged: [] });
    expect((await seed(yamlWorld)).status).toBe(200);
    expect(await seedOf()).toEqual({ ref: "body", merged: [] });
    expect((await seed("toy:\n  widgets:\n    - { id: m, name: m, project: p-1 }\n", "?mode=merge")).status).toBe(200);
    expect(await seedOf()).toEqual({ ref: "body", merged: ["body"] });
    // a refused seed changes nothing
    expect((await seed("nope: {}\n")).status).toBe(400);
    expect(await seedOf()).toEqual({ ref: "body", merged: ["body"] });
    await call(emu, "POST", "/_emulator/reset");
    expect(await seedOf()).toEqual({ ref: "body", merged: [] });
  });
});

/** Nine levels of ten aliases each: 10^9 strings once expanded, a few hundred bytes as text. */
function billionLaughs(): string {
  let yaml = "identity:\n  projects:\n    - &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (let i = 1; i < 9; i++) yaml += `    - &l${i} [${Array(10).fill(`*l${i - 1}`).join(", ")}]\n`;
  return yaml;
}

describe("a bad seed changes nothing", () => {
  const cases: Array<[string, () => Promise<{ status: number; body: any }>, number, RegExp]> = [
    ["a section for a service that is not running", () => seed("mainframe:\n  jobs: []\n"), 400, /mainframe/],
    ["malformed YAML", () => seed("identity: [unclosed\n"), 400, /neither valid JSON nor valid YAML/],
    ["malformed JSON", () => seed('{"identity": ', "", "application/json"), 400, /neither valid JSON nor valid YAML/],
    ["a document that is not an object", () => seed("- just\n- a list\n"), 400, /object of service sections/],
    ["YAML aliases that expand to billions of values", () => seed(billionLaughs()), 400, /expands to more than 1000000 values/],
    ["a section its service rejects", () => seed("identity:\n  users:\n    - { nom: x }\n"), 400, /users/],
    ["a name clash in a merge", () => seed("identity:\n  projects:\n    - { name: demo }\n", "?mode=merge"), 409, /Conflict/],
    ["an unknown scenario", () => call(emu, "POST", "/_emulator/seed?scenario=nope"), 404, /No scenario named nope/],
    ["a scenario name that is a path", () => call(emu, "POST", "/_emulator/seed?scenario=../package"), 404, /No scenario/],
    ["an `extends` of an unknown scenario", () => seed("extends: nope\n"), 400, /unknown scenario/],
    ["an empty body", () => seed(""), 400, /scenario=/],
    ["an unknown mode", () => seed("toy: {}\n", "?mode=upsert"), 400, /replace.*merge/],
  ];

  for (const [what, send, status, message] of cases) {
    it(`rejects ${what}`, async () => {
      const token = await login(emu);
      await createWidget(emu, token, "before");
      const before = emu.kernel.store.state;
      const res = await send();
      expect(res.status).toBe(status);
      expect(res.body.error.message).toMatch(message);
      expect(emu.kernel.store.state).toBe(before);
      expect(await widgetNames(token)).toEqual(["before"]);
      // and reset still returns to the world loaded before the bad seed
      await call(emu, "POST", "/_emulator/reset");
      await login(emu, "demo");
    });
  }
});
