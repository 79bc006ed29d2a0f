// Prototype-named keys (`__proto__`, `constructor`) in documents the control API reads: a snapshot import
// treats them as keys the state lacks (400, nothing changed), and a merged seed world as ordinary keys
// (never as a prototype whose properties a section would inherit).

import { describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../helpers/emulator.js";

const state = async (emu: ReturnType<typeof testEmulator>) => (await call(emu, "GET", "/_emulator/state")).text;

describe("control API: prototype-named keys", () => {
  it("a snapshot whose slice has an extra constructor or __proto__ key is refused, changing nothing", async () => {
    const emu = testEmulator();
    const before = await state(emu);
    for (const extra of ["constructor", "__proto__", "toString"]) {
      const text = before.replace('"compute":{', `"compute":{"${extra}":{},`);
      expect(text).not.toBe(before);
      const res = await call(emu, "PUT", "/_emulator/state", { raw: text });
      expect(res.status, extra).toBe(400);
      expect(res.body.error.message).toContain(`${extra} is not part of this service's state`);
      expect(await state(emu)).toBe(before);
    }
  });

  it("a seed world's __proto__ key is a key (refused by the strict section), never a prototype it inherits from", async () => {
    const emu = testEmulator();
    const before = await state(emu);
    // `extends` merges this section into the default world's compute section
    const sneaky = '{"extends":"default","compute":{"__proto__":{"quotas":[{"project":"demo","instances":1}]}}}';
    const res = await call(emu, "POST", "/_emulator/seed", { raw: sneaky });
    expect(res.status, res.text).toBe(400);
    expect(res.text).toContain("__proto__");
    expect(await state(emu)).toBe(before);
    const token = await login(emu, "demo");
    const projectId = (await call(emu, "GET", "/identity/v3/auth/tokens", { token, headers: { "X-Subject-Token": token } })).body.token.project.id;
    const quota = await call(emu, "GET", `/compute/v2.1/os-quota-sets/${projectId}`, { token });
    expect(quota.body.quota_set.instances).toBe(10);
  });
});
