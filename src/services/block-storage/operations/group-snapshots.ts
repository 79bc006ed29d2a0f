// Group snapshots (cinder/group/api.py create_group_snapshot, delete_group_snapshot, reset_group_snapshot_status;
// api/v3/group_snapshots.py; 3.14, reset_status 3.19): one snapshot of each member volume, taken, shown and
// deleted together. Quota: only the snapshots it makes count (snapshots and gigabytes, per type too).

import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { emptyTable, filter, get, put, remove, type Table } from "../../../kernel/store/table.js";
import { badRequest, forbidden, inState, invalidVolumeState, itemNotFound } from "../errors.js";
import type { StepContext } from "../lifecycle.js";
import type { BlockStorageState, GroupSnapshot, Snapshot } from "../state.js";
import { checkQuota, useQuota } from "./quotas.js";
import { visibleGroup, volumesOfGroup } from "./groups.js";
import { typeNameOf } from "./volumes.js";
import { SNAPSHOT } from "./snapshots.js";

/** The lifecycle type of group snapshots (/_emulator/transitions overrides name it). */
export const GROUP_SNAPSHOT = "block-storage.group_snapshot";

/** GroupSnapshotStatus.ALL (cinder/objects/fields.py): what reset_status accepts. */
export const GROUP_SNAPSHOT_STATUSES = ["error", "available", "creating", "deleting", "deleted", "updating", "error_deleting"] as const;

export const groupSnapshotNotFound = (id: string) => itemNotFound(`GroupSnapshot ${id} could not be found.`);
/** Cinder's InvalidGroupSnapshot for one in the wrong state: 409 in the spec profile */
const invalidGroupSnapshotState = (reason: string) => inState(badRequest(`Invalid GroupSnapshot: ${reason}`));

export function groupSnapshotTable(s: BlockStorageState): Table<GroupSnapshot> {
  return (s.groupSnapshots ??= emptyTable({ groupBy: "projectId" }));
}

/** A group snapshot the caller may see: its project's, or any for an admin; others are 404 as if absent. */
export function visibleGroupSnapshot(s: BlockStorageState, caller: Caller, id: string): GroupSnapshot {
  const found = s.groupSnapshots && get(s.groupSnapshots, id);
  if (!found || (!caller.isAdmin && found.projectId !== caller.projectId)) throw groupSnapshotNotFound(id);
  return found;
}

/** The snapshots a group snapshot made, oldest first. */
export function snapshotsOfGroupSnapshot(s: BlockStorageState, id: string): Snapshot[] {
  return filter(s.snapshots, (snap) => snap.groupSnapshotId === id);
}

export interface CreateGroupSnapshotInput {
  groupId: string;
  name: string | null;
  description: string | null;
}

export function createGroupSnapshot(s: BlockStorageState, ctx: OperationContext, input: CreateGroupSnapshotInput): GroupSnapshot {
  const group = visibleGroup(s, ctx.caller, input.groupId);
  const volumes = volumesOfGroup(s, group.id);
  // _create_snapshot_in_db_validate, for every member before any is taken
  for (const volume of volumes) {
    if (volume.status === "maintenance") throw invalidVolumeState("The snapshot cannot be created when the volume is in maintenance mode.");
    if (volume.migrationStatus && !["success", "error", "none"].includes(volume.migrationStatus)) {
      throw invalidVolumeState("Snapshot cannot be created while volume is migrating.");
    }
    if (volume.status === "error") throw invalidVolumeState("The snapshot cannot be created when the volume is in error status.");
  }
  const projectId = ctx.caller.projectId;
  // one reservation for all of them: the totals first, then each type's share
  const total = volumes.reduce((n, v) => n + v.size, 0);
  checkQuota(s, projectId, "snapshots", volumes.length);
  checkQuota(s, projectId, "gigabytes", total);
  const byType = new Map<string, { count: number; size: number }>();
  for (const v of volumes) {
    const t = byType.get(typeNameOf(s, v)) ?? { count: 0, size: 0 };
    byType.set(typeNameOf(s, v), { count: t.count + 1, size: t.size + v.size });
  }
  for (const [typeName, t] of byType) {
    checkQuota(s, projectId, "snapshots", t.count, typeName);
    checkQuota(s, projectId, "gigabytes", t.size, typeName);
  }
  const made: GroupSnapshot = {
    id: ctx.ids.uuid(),
    groupId: group.id,
    groupTypeId: group.groupTypeId,
    projectId,
    userId: ctx.caller.userId,
    name: input.name,
    description: input.description,
    status: "creating",
    createdAt: ctx.now,
    updatedAt: null,
  };
  put(groupSnapshotTable(s), made);
  for (const volume of volumes) {
    const snapshot: Snapshot = {
      id: ctx.ids.uuid(),
      volumeId: volume.id,
      volumeTypeId: volume.volumeTypeId,
      projectId,
      userId: ctx.caller.userId,
      name: input.name,
      description: input.description,
      size: volume.size,
      status: "creating",
      metadata: {},
      groupSnapshotId: made.id,
      createdAt: ctx.now,
      updatedAt: null,
    };
    put(s.snapshots, snapshot);
    const typeName = typeNameOf(s, volume);
    useQuota(s, projectId, "snapshots", 1, typeName);
    useQuota(s, projectId, "gigabytes", volume.size, typeName);
    ctx.tx.emit("block-storage.snapshot.created", { id: snapshot.id, projectId, volumeId: volume.id, size: snapshot.size });
  }
  // the member snapshots move with the group snapshot (the volume manager finishes them together)
  ctx.enter(GROUP_SNAPSHOT, made.id, "creating");
  return made;
}

export function deleteGroupSnapshot(s: BlockStorageState, ctx: OperationContext, id: string): void {
  const found = visibleGroupSnapshot(s, ctx.caller, id);
  const sourceOfCreating = s.groups && filter(s.groups, (g) => g.status === "creating" && g.groupSnapshotId === id).length > 0;
  if ((found.status !== "available" && found.status !== "error") || sourceOfCreating) {
    throw invalidGroupSnapshotState("GroupSnapshot status must be available or error, and no Group can be currently using it as source for its creation.");
  }
  found.status = "deleting";
  found.updatedAt = ctx.now;
  for (const snap of snapshotsOfGroupSnapshot(s, id)) {
    snap.status = "deleting";
    snap.updatedAt = ctx.now;
    ctx.enter(SNAPSHOT, snap.id, null);
  }
  ctx.enter(GROUP_SNAPSHOT, id, "deleting");
}

/**
 * reset_status (3.19, admin): any GroupSnapshotStatus (case-insensitive); the group snapshot rests there. As in
 * Cinder: the status is checked first (the schema), then the lookup (404), then the policy (403).
 */
export function resetGroupSnapshotStatus(s: BlockStorageState, ctx: OperationContext, id: string, status: string): void {
  const wanted = status.toLowerCase();
  // Cinder's schema format check runs before the lookup
  if (status.trim() === "") throw badRequest("Invalid GroupSnapshot Status: The 'status' can not be empty.");
  if (!(GROUP_SNAPSHOT_STATUSES as readonly string[]).includes(wanted)) {
    throw badRequest(`Invalid GroupSnapshot Status: Group snapshot status: ${status} is invalid, valid statuses are: ('${GROUP_SNAPSHOT_STATUSES.join("', '")}').`);
  }
  const found = visibleGroupSnapshot(s, ctx.caller, id);
  if (!ctx.caller.isAdmin) throw forbidden("Policy doesn't allow group:reset_group_snapshot_status to be performed.");
  found.status = wanted;
  found.updatedAt = ctx.now;
  ctx.enter(GROUP_SNAPSHOT, id, null);
}

/** creating -> available (its snapshots too); deleting -> gone with its snapshots, their quota given back. */
export function finishGroupSnapshotStep(s: BlockStorageState, ctx: StepContext, found: GroupSnapshot, from: string, to: string): void {
  ctx.enter(GROUP_SNAPSHOT, found.id, null);
  const snapshots = snapshotsOfGroupSnapshot(s, found.id);
  if (to === "deleted") {
    for (const snap of snapshots) {
      remove(s.snapshots, snap.id);
      const typeName = get(s.volumeTypes, snap.volumeTypeId)?.name ?? snap.volumeTypeId;
      useQuota(s, snap.projectId, "snapshots", -1, typeName);
      useQuota(s, snap.projectId, "gigabytes", -snap.size, typeName);
    }
    remove(groupSnapshotTable(s), found.id);
    return;
  }
  const status = to === "available" ? "available" : from === "deleting" ? "error_deleting" : "error";
  found.status = status;
  found.updatedAt = ctx.now;
  for (const snap of snapshots) {
    if (snap.status !== from) continue;
    snap.status = status;
    snap.updatedAt = ctx.now;
  }
}

