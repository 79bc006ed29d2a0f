// A state exported after per-project resets imports again: a reset rebuilds networking's tables and must
// leave them as valid as any other (found by the bench: 40 tenants made and reset, then the export was
// refused on import as "rules: table counters are not valid").

import { describe, expect, it } from "vitest";
import { call, testEmulator } from "../helpers/emulator.js";

describe("a snapshot taken after per-project resets", () => {
  it("imports, with every tenant's networking gone as the resets left it", async () => {
    const emu = testEmulator();
    const projects: string[] = [];
    for (let i = 0; i < 40; i++) {
      const made = await call(emu, "POST", "/_emulator/tenants", { body: { name: `t${i}` } });
      expect(made.status, made.text).toBe(201);
      projects.push(made.body.project.id);
    }
    for (const id of projects.slice(0, 30)) expect((await call(emu, "POST", `/_emulator/reset?project=${id}`)).status).toBeLessThan(300);
    const exported = await call(emu, "GET", "/_emulator/state");
    expect(exported.status).toBe(200);
    const put = await call(emu, "PUT", "/_emulator/state", { body: exported.body });
    expect(put.status, put.text).toBe(200);
    expect((await call(emu, "GET", "/_emulator/state")).text).toBe(exported.text);
  });
});
