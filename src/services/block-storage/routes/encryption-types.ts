// /types/{id}/encryption (cinder/api/contrib/volume_type_encryption.py, admins only): the type's encryption
// as Cinder's database row ({} when none), one field of it, and create/update answering the fields given
// (create adds the type's and the encryption's ids), delete 202.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { own } from "../../../kernel/own.js";
import { isoMicroNoZone } from "../../../kernel/time.js";
import { createEncryption, deleteEncryption, encryptionNotFound, typeById, updateEncryption } from "../operations/encryption-types.js";
import { createEncryptionBody, updateEncryptionBody } from "../schemas/volume-types.js";
import type { TypeEncryption } from "../state.js";
import type { BlockStorageDeps } from "./deps.js";

const row = (typeId: string, e: TypeEncryption) => ({
  volume_type_id: typeId,
  encryption_id: e.encryptionId,
  key_size: e.keySize,
  provider: e.provider,
  control_location: e.controlLocation,
  cipher: e.cipher,
  deleted: false,
  created_at: isoMicroNoZone(e.createdAt),
  updated_at: e.updatedAt === null ? null : isoMicroNoZone(e.updatedAt),
  deleted_at: null,
});

export function encryptionTypeRoutes(deps: BlockStorageDeps): RouteDef[] {
  const admin = { policy: "admin" as const };
  const typeId = (c: Ctx) => c.req.param("type_id")!;
  const current = (c: Ctx) => {
    const type = typeById(deps.state(), typeId(c));
    return type.encryption && row(type.id, type.encryption);
  };
  return [
    { method: "GET", path: "/types/:type_id/encryption", operation: "block-storage.encryption_type.show", ...admin, handler: (c) => c.json(current(c) ?? {}) },
    {
      method: "GET",
      path: "/types/:type_id/encryption/:key",
      operation: "block-storage.encryption_type.show_key",
      ...admin,
      handler: (c) => {
        const key = c.req.param("key")!;
        const fields: Record<string, unknown> = current(c) ?? {};
        if (!Object.hasOwn(fields, key)) throw encryptionNotFound(typeId(c));
        return c.json(Object.fromEntries([[key, own(fields, key)]]));
      },
    },
    route({
      method: "POST",
      path: "/types/:type_id/encryption",
      operation: "block-storage.encryption_type.create",
      ...admin,
      schema: createEncryptionBody,
      handler: (c, { encryption }) => {
        const id = typeId(c);
        const made = deps.write(c, (s, ctx) => createEncryption(s, ctx, id, encryption).encryptionId);
        return c.json({ encryption: { ...encryption, volume_type_id: id, encryption_id: made } });
      },
    }),
    route({
      method: "PUT",
      path: "/types/:type_id/encryption/:encryption_id",
      operation: "block-storage.encryption_type.update",
      ...admin,
      schema: updateEncryptionBody,
      handler: (c, { encryption }) => {
        deps.write(c, (s, ctx) => updateEncryption(s, ctx, typeId(c), encryption));
        return c.json({ encryption });
      },
    }),
    {
      method: "DELETE",
      path: "/types/:type_id/encryption/:encryption_id",
      operation: "block-storage.encryption_type.delete",
      ...admin,
      handler: (c) => {
        deps.write(c, (s) => deleteEncryption(s, typeId(c)));
        return c.body(null, 202);
      },
    },
  ];
}
