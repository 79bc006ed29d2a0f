// A volume type's encryption (/types/{id}/encryption): admins create, read, change and delete it while no
// volume of the type exists; volumes of an encrypted type are encrypted.

import { beforeEach, describe, expect, it } from "vitest";
import { advance, bs, createVolume, world, type World } from "./setup.js";

let w: World;
let typeId: string;
beforeEach(async () => {
  w = await world();
  typeId = (await bs(w, "POST", "/types", { token: w.admin, body: { volume_type: { name: "luks" } } })).body.volume_type.id;
});

const path = () => `/types/${typeId}/encryption`;
const create = (encryption: Record<string, unknown>, token = w.admin) => bs(w, "POST", path(), { token, body: { encryption } });
const LUKS = { provider: "luks", control_location: "front-end", cipher: "aes-xts-plain64", key_size: 256 };

describe("volume type encryption", () => {
  it("creates it (200, the fields given with the ids), shows it whole or by key, and its volumes are encrypted", async () => {
    expect((await bs(w, "GET", path(), { token: w.admin })).body).toEqual({});
    const res = await create({ ...LUKS, key_size: "256" });
    expect(res.status).toBe(200);
    const { encryption_id, ...given } = res.body.encryption;
    expect(given).toEqual({ ...LUKS, volume_type_id: typeId });
    const shown = (await bs(w, "GET", path(), { token: w.admin })).body;
    expect(shown).toMatchObject({ ...LUKS, volume_type_id: typeId, encryption_id, deleted: false, updated_at: null, deleted_at: null });
    expect((await bs(w, "GET", `${path()}/provider`, { token: w.admin })).body).toEqual({ provider: "luks" });
    const missing = await bs(w, "GET", `${path()}/nothing`, { token: w.admin });
    expect(missing.status).toBe(404);
    expect(missing.body.itemNotFound.message).toBe(`Volume type encryption for type ${typeId} does not exist.`);
    expect((await createVolume(w, { volume_type: "luks" })).encrypted).toBe(true);
    expect((await createVolume(w)).encrypted).toBe(false);
  });

  it("an encrypted volume is transferred only from 3.70", async () => {
    await create(LUKS);
    const v = await createVolume(w, { volume_type: "luks" });
    await advance(w, 2);
    const refused = await bs(w, "POST", "/volume-transfers", { body: { transfer: { volume_id: v.id } }, version: "3.69" });
    expect(refused.status).toBe(400);
    expect(refused.body.badRequest.message).toBe("Invalid volume: transferring encrypted volume is not supported");
    expect((await bs(w, "POST", "/volume-transfers", { body: { transfer: { volume_id: v.id } }, version: "3.70" })).status).toBe(202);
  });

  it("updates the fields given (200, answering them) and deletes it (202)", async () => {
    const id = (await create(LUKS)).body.encryption.encryption_id;
    await advance(w, 5);
    const res = await bs(w, "PUT", `${path()}/${id}`, { token: w.admin, body: { encryption: { control_location: "back-end", key_size: null } } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ encryption: { control_location: "back-end", key_size: null } });
    const shown = (await bs(w, "GET", path(), { token: w.admin })).body;
    expect(shown).toMatchObject({ provider: "luks", control_location: "back-end", key_size: null });
    expect(shown.updated_at).not.toBeNull();
    expect((await bs(w, "DELETE", `${path()}/${id}`, { token: w.admin })).status).toBe(202);
    expect((await bs(w, "GET", path(), { token: w.admin })).body).toEqual({});
    expect((await bs(w, "DELETE", `${path()}/${id}`, { token: w.admin })).status).toBe(404);
    expect((await bs(w, "PUT", `${path()}/${id}`, { token: w.admin, body: { encryption: { provider: "x" } } })).status).toBe(404);
  });

  it("refuses a second one, changes while a volume of the type exists (409, Cinder's 400), bad bodies, members", async () => {
    const id = (await create(LUKS)).body.encryption.encryption_id;
    const twice = await create(LUKS);
    expect(twice.status).toBe(409);
    expect(twice.body.conflictingRequest.message).toBe(`Volume type encryption for type ${typeId} already exists.`);
    await createVolume(w, { volume_type: "luks" });
    const update = await bs(w, "PUT", `${path()}/${id}`, { token: w.admin, body: { encryption: { provider: "x" } } });
    expect(update.status).toBe(409);
    expect(update.body.conflictingRequest.message).toBe("Cannot update encryption specs. Volume type in use.");
    expect((await bs(w, "DELETE", `${path()}/${id}`, { token: w.admin })).body.conflictingRequest.message).toBe("Cannot delete encryption specs. Volume type in use.");
    expect((await bs(w, "GET", path(), { token: w.admin })).body.provider).toBe("luks");

    const other = (await bs(w, "POST", "/types", { token: w.admin, body: { volume_type: { name: "other" } } })).body.volume_type.id;
    const at = (body: unknown) => bs(w, "POST", `/types/${other}/encryption`, { token: w.admin, body });
    expect((await at({ encryption: { provider: "luks" } })).status).toBe(400);
    expect((await at({ encryption: { provider: "luks", control_location: "middle" } })).status).toBe(400);
    expect((await at({ encryption: { ...LUKS, key_size: -1 } })).status).toBe(400);
    expect((await at({ encryption: LUKS, extra: 1 })).status).toBe(400);
    expect((await bs(w, "POST", "/types/00000000-0000-0000-0000-000000000000/encryption", { token: w.admin, body: { encryption: LUKS } })).status).toBe(404);
    expect((await bs(w, "GET", `/types/${other}/encryption`)).status).toBe(403);
    expect((await bs(w, "POST", `/types/${other}/encryption`, { body: { encryption: LUKS } })).status).toBe(403);
    expect((await bs(w, "GET", `/types/${other}/encryption`, { token: w.admin })).body).toEqual({});
  });

  it("answers Cinder's 400 for a type in use under --profile upstream", async () => {
    w = await world({ profile: "upstream" });
    typeId = (await bs(w, "POST", "/types", { token: w.admin, body: { volume_type: { name: "luks" } } })).body.volume_type.id;
    await createVolume(w, { volume_type: "luks" });
    const res = await create(LUKS);
    expect(res.status).toBe(400);
    expect(res.body.badRequest.message).toBe("Cannot create encryption specs. Volume type in use.");
  });
});
