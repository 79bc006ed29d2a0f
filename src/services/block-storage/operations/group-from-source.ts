// Groups created from a source (cinder/group/api.py create_from_src; api/v3/groups.py create-from-src, 3.14):
// a new group of the source's group type, volume types and zone, with one volume per snapshot of a group
// snapshot (from that snapshot) or per volume of a source group (a clone), all in one store update.

import type { OperationContext } from "../../../kernel/operation.js";
import { put } from "../../../kernel/store/table.js";
import { badRequest } from "../errors.js";
import type { BlockStorageState, VolumeGroup } from "../state.js";
import { checkQuota, useQuota } from "./quotas.js";
import { GROUP, groupTable, visibleGroup, volumesOfGroup } from "./groups.js";
import { snapshotsOfGroupSnapshot, visibleGroupSnapshot } from "./group-snapshots.js";
import { createVolume } from "./volumes.js";

export interface GroupFromSourceInput {
  name: string | null;
  description: string | null;
  groupSnapshotId: string | null;
  sourceGroupId: string | null;
}

export function createGroupFromSource(s: BlockStorageState, ctx: OperationContext, input: GroupFromSourceInput): VolumeGroup {
  const snapshot = input.groupSnapshotId ? visibleGroupSnapshot(s, ctx.caller, input.groupSnapshotId) : null;
  const source = visibleGroup(s, ctx.caller, snapshot ? snapshot.groupId : input.sourceGroupId!);
  const projectId = ctx.caller.projectId;
  checkQuota(s, projectId, "groups", 1);
  const group: VolumeGroup = {
    id: ctx.ids.uuid(),
    projectId,
    userId: ctx.caller.userId,
    name: input.name === null ? null : input.name.trim(),
    description: input.description === null ? null : input.description.trim(),
    status: "creating",
    availabilityZone: source.availabilityZone,
    groupTypeId: snapshot ? snapshot.groupTypeId : source.groupTypeId,
    volumeTypeIds: [...source.volumeTypeIds],
    groupSnapshotId: snapshot?.id ?? null,
    sourceGroupId: snapshot ? null : source.id,
    pending: null,
    createdAt: ctx.now,
    updatedAt: null,
  };
  put(groupTable(s), group);
  useQuota(s, projectId, "groups", 1);
  // each member of its source's type and size, with no name of its own (Cinder passes none)
  const member = (from: { snapshot_id?: string; source_volid?: string }, volumeTypeId: string): void => {
    createVolume(s, ctx, { ...from, group_id: group.id, availability_zone: group.availabilityZone, volume_type: volumeTypeId }, true);
  };
  if (snapshot) {
    const snapshots = snapshotsOfGroupSnapshot(s, snapshot.id);
    if (!snapshots.length) throw badRequest("Invalid Group: Group snapshot is empty. No group will be created.");
    for (const snap of snapshots) member({ snapshot_id: snap.id }, snap.volumeTypeId);
  } else {
    const volumes = volumesOfGroup(s, source.id);
    if (!volumes.length) throw badRequest("Invalid Group: Source Group is empty. No group will be created.");
    for (const volume of volumes) member({ source_volid: volume.id }, volume.volumeTypeId);
  }
  ctx.enter(GROUP, group.id, "creating");
  return group;
}
