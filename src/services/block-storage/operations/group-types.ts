// Group types (cinder/volume/group_types.py, api/v3/group_types.py, group_specs.py; 3.11): admins create,
// rename, describe, publish and delete them and set their group specs; others see the public ones.

import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { ApiError } from "../../../kernel/errors.js";
import { own, withoutEntry } from "../../../kernel/own.js";
import { emptyTable, find, get, put, remove, scan, type Table } from "../../../kernel/store/table.js";
import { badRequest, itemNotFound } from "../errors.js";
import type { BlockStorageState, GroupType } from "../state.js";

export const groupTypeNotFound = (id: string) => itemNotFound(`Group type ${id} could not be found.`);
const exists = (name: string) => new ApiError(409, "conflictingRequest", `Group Type ${name} already exists.`);

function table(s: BlockStorageState): Table<GroupType> {
  return (s.groupTypes ??= emptyTable());
}

/** A group type the caller may see: any for an admin, a public one for others. */
export function visibleGroupType(s: BlockStorageState, caller: Caller, id: string): GroupType {
  const type = s.groupTypes && get(s.groupTypes, id);
  if (!type || (!caller.isAdmin && !type.isPublic)) throw groupTypeNotFound(id);
  return type;
}

/** Admins see all (or those `isPublic` asks for), others the public ones. */
export function listGroupTypes(s: BlockStorageState, caller: Caller, isPublic: boolean | undefined): GroupType[] {
  if (!s.groupTypes) return [];
  const wanted = caller.isAdmin ? isPublic : true;
  return [...scan(s.groupTypes)].filter((t) => wanted === undefined || t.isPublic === wanted);
}

export interface GroupTypeInput {
  name?: string;
  description?: string | null;
  isPublic?: boolean;
  groupSpecs?: Record<string, string>;
}

export function createGroupType(s: BlockStorageState, ctx: OperationContext, input: GroupTypeInput & { name: string }): GroupType {
  const name = input.name.trim();
  if (!name) throw badRequest("Group type name can not be empty.");
  if (find(table(s), (t) => t.name === name)) throw exists(name);
  const type: GroupType = { id: ctx.ids.uuid(), name, description: input.description ?? null, isPublic: input.isPublic ?? true, groupSpecs: { ...input.groupSpecs } };
  put(table(s), type);
  return type;
}

export function updateGroupType(s: BlockStorageState, id: string, input: GroupTypeInput): GroupType {
  if (input.name !== undefined && input.name !== null && input.name.trim() === "") throw badRequest("Group type name can not be empty.");
  if (input.name === undefined && input.description === undefined && input.isPublic === undefined) {
    throw badRequest("Specify group type name, description or a combination thereof.");
  }
  const type = s.groupTypes && get(s.groupTypes, id);
  if (!type) throw groupTypeNotFound(id);
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (find(table(s), (t) => t.name === name && t.id !== id)) throw exists(name);
    type.name = name;
  }
  if (input.description !== undefined) type.description = input.description;
  if (input.isPublic !== undefined) type.isPublic = input.isPublic;
  return type;
}

export function deleteGroupType(s: BlockStorageState, id: string): void {
  if (!s.groupTypes || !remove(s.groupTypes, id)) throw groupTypeNotFound(id);
}

function adminType(s: BlockStorageState, id: string): GroupType {
  const type = s.groupTypes && get(s.groupTypes, id);
  if (!type) throw groupTypeNotFound(id);
  return type;
}

export function groupSpecsOf(s: BlockStorageState, id: string): Record<string, string> {
  return adminType(s, id).groupSpecs;
}

export function groupSpec(s: BlockStorageState, id: string, key: string): string {
  const value = own(adminType(s, id).groupSpecs, key);
  if (value === undefined) throw itemNotFound(`Group Type ${id} has no extra spec with key ${key}.`);
  return value;
}

export function setGroupSpecs(s: BlockStorageState, id: string, specs: Record<string, string>): void {
  const type = adminType(s, id);
  type.groupSpecs = { ...type.groupSpecs, ...specs };
}

export function deleteGroupSpec(s: BlockStorageState, id: string, key: string): void {
  const type = adminType(s, id);
  if (own(type.groupSpecs, key) === undefined) throw itemNotFound(`Group Type ${id} has no specs with key ${key}.`);
  type.groupSpecs = withoutEntry(type.groupSpecs, key);
}
