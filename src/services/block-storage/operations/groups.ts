// Generic volume groups (cinder/group/api.py, api/v3/groups.py; 3.13): create from a group type and volume
// types, update the name, description and members (add_volumes/remove_volumes), delete (with its volumes on
// request), reset_status (3.20, admin). Immer recipes over the slice; the steps on the clock are at the end.

import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { emptyTable, filter, find, get, put, remove, type Table } from "../../../kernel/store/table.js";
import { badRequest, groupNotFound, invalidGroupState, invalidInput, invalidVolume, volumeTypeNotFoundByName } from "../errors.js";
import { DEFAULT_ZONE } from "../backends.js";
import { setStatus, type StepContext } from "../lifecycle.js";
import { typeByNameOrId, type BlockStorageState, type Volume, type VolumeGroup } from "../state.js";
import { checkQuota, useQuota } from "./quotas.js";
import { groupTypeNotFound } from "./group-types.js";

/** The lifecycle type of groups (/_emulator/transitions overrides name it). */
export const GROUP = "block-storage.group";

/** GroupStatus.ALL (cinder/objects/fields.py): what reset_status accepts. */
export const GROUP_STATUSES = ["error", "available", "creating", "deleting", "deleted", "updating", "in-use", "error_deleting"] as const;

const VALID_ADD = ["available", "in-use"];
const VALID_REMOVE = ["available", "in-use", "error", "error_deleting"];
const pyTuple = (xs: readonly string[]) => `(${xs.map((x) => `'${x}'`).join(", ")})`;

export function groupTable(s: BlockStorageState): Table<VolumeGroup> {
  return (s.groups ??= emptyTable({ groupBy: "projectId" }));
}

/** A group the caller may see: its project's, or any for an admin; others are 404 as if absent. */
export function visibleGroup(s: BlockStorageState, caller: Caller, id: string): VolumeGroup {
  const group = s.groups && get(s.groups, id);
  if (!group || (!caller.isAdmin && group.projectId !== caller.projectId)) throw groupNotFound(id);
  return group;
}

/** The group's member volumes, oldest first. */
export function volumesOfGroup(s: BlockStorageState, groupId: string): Volume[] {
  return filter(s.volumes, (v) => v.groupId === groupId);
}

export interface CreateGroupInput {
  name: string | null;
  description: string | null;
  groupType: string;
  volumeTypes: string[];
  availabilityZone: string | null;
}

export function createGroup(s: BlockStorageState, ctx: OperationContext, input: CreateGroupInput): VolumeGroup {
  // volume types first, then the group type (by name, or by id when it looks like one), as Cinder
  const typeIds = input.volumeTypes.map((nameOrId) => {
    const type = typeByNameOrId(s, nameOrId);
    if (!type) throw volumeTypeNotFoundByName(nameOrId);
    return type.id;
  });
  const groupType = s.groupTypes && (get(s.groupTypes, input.groupType) ?? find(s.groupTypes, (t) => t.name === input.groupType));
  if (!groupType || (!ctx.caller.isAdmin && !groupType.isPublic)) throw groupTypeNotFound(input.groupType);
  const zone = input.availabilityZone ?? DEFAULT_ZONE;
  if (zone !== DEFAULT_ZONE) throw invalidInput(`Availability zone '${zone}' is invalid.`);
  const projectId = ctx.caller.projectId;
  checkQuota(s, projectId, "groups", 1);
  const group: VolumeGroup = {
    id: ctx.ids.uuid(),
    projectId,
    userId: ctx.caller.userId,
    name: input.name,
    description: input.description,
    status: "creating",
    availabilityZone: zone,
    groupTypeId: groupType.id,
    volumeTypeIds: [...new Set(typeIds)],
    pending: null,
    createdAt: ctx.now,
    updatedAt: null,
  };
  put(groupTable(s), group);
  useQuota(s, projectId, "groups", 1);
  ctx.enter(GROUP, group.id, "creating");
  return group;
}

/** What a volume created into a group must meet: the group available and its type one of the group's. */
export function checkVolumeForGroup(s: BlockStorageState, caller: Caller, groupId: string, volumeTypeId: string, typeName: string): void {
  const group = visibleGroup(s, caller, groupId);
  if (group.status !== "available") throw invalidGroupState(`Group status must be available, but current status is: ${group.status}.`);
  if (!group.volumeTypeIds.includes(volumeTypeId)) {
    throw invalidInput(`Invalid volume_type provided: ${typeName} (requested type is not supported by the group ${group.id}).`);
  }
}

export interface UpdateGroupInput {
  name?: string | null;
  description?: string | null;
  addVolumes?: string | null;
  removeVolumes?: string | null;
}

const idList = (raw: string | null | undefined) => (raw ? raw.replace(/^,+|,+$/g, "").split(",").filter((x) => x !== "") : []);

export function updateGroup(s: BlockStorageState, ctx: OperationContext, id: string, input: UpdateGroupInput): void {
  const group = visibleGroup(s, ctx.caller, id);
  if (group.status !== "available") throw invalidGroupState(`Group status must be available, but current status is: ${group.status}.`);
  const add = idList(input.addVolumes);
  const removeIds = idList(input.removeVolumes);
  const both = add.filter((x) => removeIds.includes(x));
  if (both.length) throw invalidVolume(`UUIDs [${both.map((x) => `'${x}'`).join(", ")}] are in both add and remove volume list.`);
  const members = volumesOfGroup(s, id);
  const adding = add.filter((v) => !members.some((m) => m.id === v)).map((v) => checkAddable(s, group, v));
  const removing = removeIds.map((v) => {
    const member = members.find((m) => m.id === v);
    if (!member) throw invalidVolume(`Cannot remove volume ${v} from group ${id} because it is not in the group.`);
    if (!VALID_REMOVE.includes(member.status)) {
      throw invalidVolume(`Cannot remove volume ${v} from group ${id} because volume is in an invalid state: ${member.status}. Valid states are: ${pyTuple(VALID_REMOVE)}.`);
    }
    return member.id;
  });
  const name = input.name === undefined || input.name === group.name ? undefined : input.name;
  const description = input.description === undefined || input.description === group.description ? undefined : input.description;
  if (name === undefined && description === undefined && adding.length === 0 && removing.length === 0) {
    throw badRequest(`Invalid Group: Cannot update group ${id} because no valid name, description, add_volumes, or remove_volumes were provided.`);
  }
  if (name !== undefined) group.name = name;
  if (description !== undefined) group.description = description;
  group.updatedAt = ctx.now;
  if (adding.length || removing.length) {
    group.status = "updating";
    group.pending = { add: adding, remove: removing };
    ctx.enter(GROUP, group.id, "updating");
  }
}

function checkAddable(s: BlockStorageState, group: VolumeGroup, volumeId: string): string {
  const cannot = (why: string) => invalidVolume(`Cannot add volume ${volumeId} to group ${group.id} ${why}`);
  const volume = get(s.volumes, volumeId);
  if (!volume) throw cannot("because volume cannot be found.");
  if (volume.groupId) throw cannot(`because it is already in group ${volume.groupId}.`);
  if (volume.projectId !== group.projectId) throw cannot("as they belong to different projects.");
  if (!group.volumeTypeIds.includes(volume.volumeTypeId)) throw cannot(`because volume type ${volume.volumeTypeId} is not supported by the group.`);
  if (!VALID_ADD.includes(volume.status)) {
    throw cannot(`because volume is in an invalid state: ${volume.status}. Valid states are: ${pyTuple(VALID_ADD)}.`);
  }
  return volume.id;
}

/** The delete action: an available or errored group without volumes, or with them when `deleteVolumes`. */
export function deleteGroup(s: BlockStorageState, ctx: OperationContext, id: string, deleteVolumes: boolean): void {
  const group = visibleGroup(s, ctx.caller, id);
  if (!deleteVolumes && group.status !== "available" && group.status !== "error") {
    throw invalidGroupState(`Group status must be available or error, but current status is: ${group.status}`);
  }
  if (s.groupSnapshots && filter(s.groupSnapshots, (g) => g.groupId === id).length) throw invalidGroupState("Group has existing snapshots.");
  const volumes = volumesOfGroup(s, id);
  if (volumes.length && !deleteVolumes) throw invalidGroupState(`Group ${id} still contains volumes. The delete-volumes flag is required to delete it.`);
  for (const volume of volumes) {
    if (volume.attachments.length) throw invalidGroupState(`Volume in group ${id} is attached. Need to detach first.`);
    if (filter(s.snapshots, (snap) => snap.volumeId === volume.id).length) throw invalidGroupState("Volume in group still has dependent snapshots.");
  }
  if (filter(groupTable(s), (g) => g.status === "creating" && g.sourceGroupId === id).length) {
    const reason = deleteVolumes
      ? "Group status must be available or error and must not have dependent group snapshots"
      : "Group must not have attached volumes, volumes with snapshots, or dependent group snapshots";
    throw invalidGroupState(`Cannot delete group ${id}. ${reason}, and it cannot be the source for an ongoing group or group snapshot creation.`);
  }
  // the volumes go with the group: their own delete steps run on the volume lifecycle
  for (const volume of volumes) setStatus(ctx, volume, "deleting");
  group.status = "deleting";
  group.updatedAt = ctx.now;
  ctx.enter(GROUP, group.id, "deleting");
}

/** reset_status (3.20, admin): any GroupStatus; the group rests there. */
export function resetGroupStatus(s: BlockStorageState, ctx: OperationContext, id: string, status: string): void {
  const group = visibleGroup(s, ctx.caller, id);
  if (!(GROUP_STATUSES as readonly string[]).includes(status)) {
    throw badRequest(`Invalid Group Status: Group status: ${status} is invalid, valid status are: ${pyTuple(GROUP_STATUSES)}.`);
  }
  group.status = status;
  group.pending = null;
  group.updatedAt = ctx.now;
  ctx.enter(GROUP, group.id, null);
}

/** creating -> available; updating -> available with its members changed; deleting -> gone, quota given back. */
export function finishGroupStep(s: BlockStorageState, ctx: StepContext, group: VolumeGroup, from: string, to: string): void {
  ctx.enter(GROUP, group.id, null);
  if (to === "deleted") {
    for (const volume of volumesOfGroup(s, group.id)) volume.groupId = null;
    remove(groupTable(s), group.id);
    useQuota(s, group.projectId, "groups", -1);
    return;
  }
  if (from === "updating" && group.pending) {
    for (const v of group.pending.add) {
      const volume = get(s.volumes, v);
      if (volume && !volume.groupId) volume.groupId = group.id;
    }
    for (const v of group.pending.remove) {
      const volume = get(s.volumes, v);
      if (volume?.groupId === group.id) volume.groupId = null;
    }
  }
  group.pending = null;
  group.status = to === "available" ? "available" : from === "deleting" ? "error_deleting" : "error";
  group.updatedAt = ctx.now;
}
