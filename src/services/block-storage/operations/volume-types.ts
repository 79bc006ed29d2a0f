// Volume types (Cinder's types, types_manage, types_extra_specs and volume_type_access APIs): who may use
// which, admin create/update/delete, extra specs and project access for private types.

import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { find, get, put, remove } from "../../../kernel/store/table.js";
import { withoutEntry } from "../../../kernel/own.js";
import { ApiError } from "../../../kernel/errors.js";
import { badRequest, extraSpecNotFound, inState, invalidVolumeType, itemNotFound, volumeTypeNotFound } from "../errors.js";
import { typeByNameOrId, type BlockStorageState, type VolumeType } from "../state.js";

/** A public type, or a private one shared with the caller's project; admins use any. */
export function canUseType(caller: Pick<Caller, "projectId" | "isAdmin">, type: VolumeType): boolean {
  return caller.isAdmin || type.isPublic || type.projectIds.includes(caller.projectId);
}

/** A type the caller may see, by id (or by name, as `openstack volume type show` asks first). */
export function visibleType(s: BlockStorageState, caller: Caller, idOrName: string): VolumeType {
  const type = typeByNameOrId(s, idOrName);
  if (!type || !canUseType(caller, type)) throw volumeTypeNotFound(idOrName);
  return type;
}

const duplicate = (name: string) => new ApiError(409, "conflictingRequest", `Volume Type ${name} already exists.`);

export interface TypeInput {
  name: string;
  description?: string | null;
  isPublic?: boolean;
  extraSpecs?: Record<string, string>;
}

export function createType(s: BlockStorageState, ctx: OperationContext, input: TypeInput): VolumeType {
  const name = input.name.trim();
  if (!name) throw invalidVolumeType("Volume type name can not be empty.");
  if (find(s.volumeTypes, (t) => t.name === name)) throw duplicate(name);
  const type: VolumeType = {
    id: ctx.ids.uuid(),
    name,
    description: input.description ?? null,
    isPublic: input.isPublic ?? true,
    extraSpecs: { ...(input.extraSpecs ?? {}) },
    qosSpecsId: null,
    projectIds: [],
  };
  put(s.volumeTypes, type);
  ctx.tx.emit("block-storage.volume_type.created", { id: type.id, name });
  return type;
}

export function updateType(s: BlockStorageState, id: string, input: Partial<TypeInput>): VolumeType {
  const type = get(s.volumeTypes, id);
  if (!type) throw volumeTypeNotFound(id);
  if (input.name === undefined && input.description === undefined && input.isPublic === undefined) {
    throw badRequest("Specify volume type name, description, is_public or a combination thereof.");
  }
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) throw invalidVolumeType("Volume type name can not be empty.");
    if (type.id === s.defaultTypeId && name !== type.name) throw badRequest("The default volume type can not be renamed.");
    if (find(s.volumeTypes, (t) => t.name === name && t.id !== id)) throw duplicate(name);
    type.name = name;
  }
  if (input.description !== undefined) type.description = input.description;
  if (input.isPublic !== undefined) type.isPublic = input.isPublic;
  return type;
}

export function deleteType(s: BlockStorageState, ctx: OperationContext, id: string): void {
  const type = get(s.volumeTypes, id);
  if (!type) throw volumeTypeNotFound(id);
  if (id === s.defaultTypeId) throw badRequest("Default volume type can not be deleted.");
  if (find(s.volumes, (v) => v.volumeTypeId === id)) {
    throw inState(badRequest(`Volume Type ${id} deletion is not allowed with volumes present with the type.`));
  }
  remove(s.volumeTypes, id);
  ctx.tx.emit("block-storage.volume_type.deleted", { id });
}

function adminType(s: BlockStorageState, id: string): VolumeType {
  const type = get(s.volumeTypes, id);
  if (!type) throw volumeTypeNotFound(id);
  return type;
}

export function setExtraSpecs(s: BlockStorageState, id: string, specs: Record<string, string>): VolumeType {
  const type = adminType(s, id);
  type.extraSpecs = { ...type.extraSpecs, ...specs };
  return type;
}

export function deleteExtraSpec(s: BlockStorageState, id: string, key: string): void {
  const type = adminType(s, id);
  if (!Object.hasOwn(type.extraSpecs, key)) throw extraSpecNotFound(id, key);
  type.extraSpecs = withoutEntry(type.extraSpecs, key);
}

export function accessList(s: BlockStorageState, id: string): string[] {
  const type = adminType(s, id);
  if (type.isPublic) throw itemNotFound("Access list not available for public volume types.");
  return type.projectIds;
}

export function addProjectAccess(s: BlockStorageState, id: string, projectId: string): void {
  const type = adminType(s, id);
  if (type.isPublic) throw invalidVolumeType("Type access modification is not applicable to public volume type.");
  if (type.projectIds.includes(projectId)) {
    throw new ApiError(409, "conflictingRequest", `Volume type access for ${id} / ${projectId} combination already exists.`);
  }
  type.projectIds.push(projectId);
}

export function removeProjectAccess(s: BlockStorageState, id: string, projectId: string): void {
  const type = adminType(s, id);
  if (type.isPublic) throw invalidVolumeType("Type access modification is not applicable to public volume type.");
  if (!type.projectIds.includes(projectId)) throw itemNotFound(`Volume type access not found for ${id} / ${projectId} combination.`);
  type.projectIds = type.projectIds.filter((p) => p !== projectId);
}
