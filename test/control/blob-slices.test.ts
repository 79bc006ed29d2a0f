// Only the slices of services that declare `holdsBlobs` are looked through for blob references (a
// snapshot's blob check on import, the blobs a saved state still names): every service whose state can hold
// one must say so, or its bytes would go unchecked. An object and image data are put through
// the APIs, then every slice of the exported state is searched for a reference.

import { describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../helpers/emulator.js";

function hasBlobRef(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  const o = value as Record<string, unknown>;
  if (typeof o.md5 === "string" && typeof o.id === "string" && typeof o.size === "number") return true;
  return Object.values(o).some(hasBlobRef);
}

describe("services holding blob references", () => {
  it("declare holdsBlobs: every slice with a reference after an object and image data are stored", async () => {
    const emu = testEmulator();
    const token = await login(emu, "demo");
    const project = (await call(emu, "GET", "/identity/v3/auth/tokens", { token, headers: { "X-Subject-Token": token } })).body.token.project.id;
    expect((await call(emu, "PUT", `/object-store/v1/AUTH_${project}/box`, { token })).status).toBe(201);
    expect((await call(emu, "PUT", `/object-store/v1/AUTH_${project}/box/a.txt`, { token, raw: "hello", headers: { "Content-Length": "5" } })).status).toBe(201);
    const image = await call(emu, "POST", "/image/v2/images", { token, body: { name: "img", disk_format: "raw", container_format: "bare" } });
    expect(image.status, image.text).toBe(201);
    const upload = await call(emu, "PUT", `/image/v2/images/${image.body.id}/file`, { token, raw: "image bytes", headers: { "Content-Type": "application/octet-stream", "Content-Length": "11" } });
    expect(upload.status, upload.text).toBe(204);
    const state = (await call(emu, "GET", "/_emulator/state")).body.state as Record<string, unknown>;
    const withRefs = Object.keys(state).filter((slice) => hasBlobRef(state[slice])).sort();
    expect(withRefs).toContain("object-storage");
    expect(withRefs).toContain("image");
    const declared = emu.services.filter((s: { holdsBlobs?: boolean }) => s.holdsBlobs).map((s: { name: string }) => s.name);
    for (const slice of withRefs) expect(declared, `${slice} holds blob references`).toContain(slice);
  });
});
