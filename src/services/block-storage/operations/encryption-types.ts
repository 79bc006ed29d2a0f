// A volume type's encryption (cinder/api/contrib/volume_type_encryption.py): one set per type, created,
// changed and deleted by admins only while no volume of the type exists (its volumes are encrypted with it).

import type { OperationContext } from "../../../kernel/operation.js";
import { find, get } from "../../../kernel/store/table.js";
import { badRequest, inState, itemNotFound, volumeTypeNotFound } from "../errors.js";
import type { BlockStorageState, TypeEncryption, VolumeType } from "../state.js";

export const encryptionNotFound = (typeId: string) => itemNotFound(`Volume type encryption for type ${typeId} does not exist.`);

export interface EncryptionInput {
  provider?: string;
  control_location?: "front-end" | "back-end";
  cipher?: string | null;
  key_size?: number | null;
}

export function typeById(s: BlockStorageState, typeId: string): VolumeType {
  const type = get(s.volumeTypes, typeId);
  if (!type) throw volumeTypeNotFound(typeId);
  return type;
}

function refuseInUse(s: BlockStorageState, typeId: string, verb: string): void {
  if (find(s.volumes, (v) => v.volumeTypeId === typeId)) throw inState(badRequest(`Cannot ${verb} encryption specs. Volume type in use.`));
}

export function createEncryption(s: BlockStorageState, ctx: OperationContext, typeId: string, input: EncryptionInput & Required<Pick<EncryptionInput, "provider" | "control_location">>): TypeEncryption {
  refuseInUse(s, typeId, "create");
  const type = typeById(s, typeId);
  if (type.encryption) throw inState(badRequest(`Volume type encryption for type ${typeId} already exists.`));
  type.encryption = {
    encryptionId: ctx.ids.uuid(),
    provider: input.provider,
    controlLocation: input.control_location,
    cipher: input.cipher ?? null,
    keySize: input.key_size ?? null,
    createdAt: ctx.now,
    updatedAt: null,
  };
  return type.encryption;
}

export function updateEncryption(s: BlockStorageState, ctx: OperationContext, typeId: string, input: EncryptionInput): void {
  const type = typeById(s, typeId);
  refuseInUse(s, typeId, "update");
  if (!type.encryption) throw encryptionNotFound(typeId);
  const e = type.encryption;
  if (input.provider !== undefined) e.provider = input.provider;
  if (input.control_location !== undefined) e.controlLocation = input.control_location;
  if (input.cipher !== undefined) e.cipher = input.cipher;
  if (input.key_size !== undefined) e.keySize = input.key_size;
  e.updatedAt = ctx.now;
}

export function deleteEncryption(s: BlockStorageState, typeId: string): void {
  refuseInUse(s, typeId, "delete");
  const type = get(s.volumeTypes, typeId);
  if (!type?.encryption) throw encryptionNotFound(typeId);
  delete type.encryption;
}
