// The block-storage section of a seed world: the default types, private types shared with projects, a
// configured default type, quota overrides; a section that names unknown projects or a type twice is refused whole.

import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { bs, exported, world, type World } from "./setup.js";

let w: World;
beforeEach(async () => {
  w = await world();
});

describe("block-storage seed", () => {
  it("seeds __DEFAULT__, lvmdriver-1 and ssd with ids derived from their names", async () => {
    const types = (await bs(w, "GET", "/types")).body.volume_types;
    expect(types.map((t: any) => t.name)).toEqual(["__DEFAULT__", "lvmdriver-1", "ssd"]);
    const again = await world();
    expect((await bs(again, "GET", "/types")).body.volume_types.map((t: any) => t.id)).toEqual(types.map((t: any) => t.id));
  });

  it("merges types, a private type's projects, the default type and quotas", async () => {
    const section = {
      volume_types: [{ name: "gold", is_public: false, projects: ["demo"], extra_specs: { volume_backend_name: "gold" } }],
      default_type: "gold",
      quotas: [{ project: "demo", volumes: 4 }],
    };
    const res = await call(w.emu, "POST", "/_emulator/seed?mode=merge", { body: { "block-storage": section } });
    expect(res.status, res.text).toBe(200);
    expect((await bs(w, "GET", "/types")).body.volume_types.map((t: any) => t.name)).toContain("gold");
    expect((await bs(w, "GET", "/types/default")).body.volume_type.name).toBe("gold");
    const v = await bs(w, "POST", "/volumes", { body: { volume: { size: 1 } } });
    expect(v.body.volume.volume_type).toBe("gold");
    expect((await bs(w, "GET", `/os-quota-sets/${w.demoProject}`)).body.quota_set.volumes).toBe(4);
  });

  it("refuses a bad section whole", async () => {
    const before = exported(w);
    for (const section of [
      { volume_types: [{ name: "ssd" }] },
      { volume_types: [{ name: "x", projects: ["nobody"] }] },
      { quotas: [{ project: "demo", volumes: "many" }] },
      { widgets: [] },
    ]) {
      const res = await call(w.emu, "POST", "/_emulator/seed?mode=merge", { body: { "block-storage": section } });
      expect(res.status, JSON.stringify(section)).toBe(400);
    }
    expect(exported(w)).toBe(before);
  });
});
