// The image catalog belongs to the image service: its own seed section (`image: images:`), the older
// `compute: images:` still read into it, per-project reset and the state export; compute reads it through
// image/for-compute.ts, so Nova's proxy and Glance show one catalog.

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { derivedId } from "../../../src/kernel/seed-helpers.js";
import { call, login, testEmulator } from "../../helpers/emulator.js";

/** the catalog in its order: Glance lists newest first, so its default list reversed */
const names = async (emu: ReturnType<typeof testEmulator>, token: string) =>
  (await call(emu, "GET", "/image/v2/images", { token })).body.images.map((i: { name: string }) => i.name).reverse();

describe("the image catalog", () => {
  it("keeps the default world's images in the image service's slice, not compute's", () => {
    const state = testEmulator().kernel.store.state as Record<string, Record<string, unknown>>;
    expect(JSON.stringify(state.image.images)).toContain('"name":"cirros"');
    expect(state.compute.images).toBeUndefined();
  });

  it("loads an `image:` section and still reads images listed under `compute:`, with the same derived ids", async () => {
    const emu = testEmulator();
    const token = await login(emu, "demo");
    const seed = (body: unknown) => call(emu, "POST", "/_emulator/seed?mode=merge", { body });
    expect((await seed({ image: { images: [{ name: "ubuntu", project: "demo", visibility: "private" }] } })).status).toBe(200);
    expect((await seed({ compute: { images: [{ name: "debian" }] } })).status).toBe(200);
    expect(await names(emu, token)).toEqual(["cirros", "ubuntu", "debian"]);
    // a name listed in both sections is one image: the second load is a duplicate, refused whole
    const dup = await seed({ compute: { images: [{ name: "ubuntu" }] } });
    expect(dup.status).toBe(400);
    expect(dup.body.error.message).toMatch(/^Seed compute: Image ubuntu \(.+\) already exists\.$/);
    const bad = await seed({ image: { images: [{ name: "x", project: "nobody" }] } });
    expect(bad.body.error.message).toBe("Seed image: Image x names project nobody, which the identity seed does not have.");
    expect((await seed({ image: { widgets: [] } })).status).toBe(400);
    expect(await names(emu, token)).toEqual(["cirros", "ubuntu", "debian"]);
    // nova's proxy reads the same catalog
    const nova = await call(emu, "GET", "/compute/v2.1/images", { token });
    expect(nova.body.images.map((i: { name: string }) => i.name)).toEqual(["cirros", "ubuntu", "debian"]);
  });

  it("keeps the old catalog order for a world file that extends the default and lists images under `compute:`", async () => {
    const dir = mkdtempSync(join(tmpdir(), "skymock-images-"));
    const file = (name: string, text: string) => (writeFileSync(join(dir, name), text), join(dir, name));
    const emu = testEmulator({ seed: file("a.yaml", "extends: default\ncompute:\n  images:\n    - { name: debian }\n") });
    expect(await names(emu, await login(emu, "demo"))).toEqual(["cirros", "debian"]);
    const dup = file("b.yaml", "extends: default\ncompute:\n  images:\n    - { id: b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11, name: cirros }\n");
    expect(() => testEmulator({ seed: dup })).toThrow(/Seed compute: Image cirros \(b5f5c6a2-.+\) already exists/);
  });

  it("gives a project's images back to the seed on a per-project reset, and exports and imports with the state", async () => {
    const emu = testEmulator();
    const demo = derivedId("project", "default", "demo");
    const seed = { image: { images: [{ name: "mine", project: "demo", visibility: "private" }, { name: "theirs", project: "admin" }] } };
    expect((await call(emu, "POST", "/_emulator/seed?mode=merge", { body: seed })).status).toBe(200);
    const exported = (await call(emu, "GET", "/_emulator/state")).body;
    expect(exported.state.image.images).toBeDefined();
    expect((await call(emu, "POST", `/_emulator/reset?project=${demo}`)).status).toBe(200);
    // the merged images are not in the seed world: demo's goes, admin's stays
    expect(await names(emu, await login(emu, "admin"))).toEqual(["cirros", "theirs"]);
    expect((await call(emu, "PUT", "/_emulator/state", { raw: JSON.stringify(exported) })).status).toBe(200);
    expect(await names(emu, await login(emu, "admin"))).toEqual(["cirros", "mine", "theirs"]);
  });
});
