// An image's custom properties named like built-in object properties (`__proto__`, `constructor`) are
// ordinary properties: kept from the seed world, rendered by Glance at the top of the record and by Nova
// in the image's metadata.

import { describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../../helpers/emulator.js";

describe("image: prototype-named custom properties", () => {
  it("a seeded __proto__ property is shown by Glance and in Nova's image metadata", async () => {
    const emu = testEmulator();
    const world = '{"image":{"images":[{"name":"odd","properties":{"__proto__":"x","constructor":"y","os_distro":"z"}}]}}';
    expect((await call(emu, "POST", "/_emulator/seed?mode=merge", { raw: world })).status).toBe(200);
    const token = await login(emu);
    const listed = await call(emu, "GET", "/image/v2/images?name=odd", { token });
    expect(listed.body.images).toHaveLength(1);
    const image = listed.body.images[0];
    expect(Object.hasOwn(image, "__proto__")).toBe(true);
    expect([image.constructor, image.os_distro]).toEqual(["y", "z"]);
    const glance = await call(emu, "GET", `/image/v2/images/${image.id}`, { token });
    expect(glance.text).toMatch(/^\{"__proto__":"x","constructor":"y","os_distro":"z","id":/);
    const nova = await call(emu, "GET", `/compute/v2.1/images/${image.id}`, { token });
    expect(nova.text).toContain('"metadata":{"__proto__":"x","constructor":"y","os_distro":"z"}');
  });

  it("a property value that is not a string is a 400 naming it, and the world stays as it was", async () => {
    const emu = testEmulator();
    const before = (await call(emu, "GET", "/_emulator/state")).text;
    const world = '{"image":{"images":[{"name":"odd","properties":{"__proto__":{"nested":1}}}]}}';
    const res = await call(emu, "POST", "/_emulator/seed?mode=merge", { raw: world });
    expect(res.status).toBe(400);
    expect(res.text).toContain("__proto__");
    expect((await call(emu, "GET", "/_emulator/state")).text).toBe(before);
  });
});
