// Failover segments (masakari/ha/api.py FailoverSegmentAPI): create with a unique name, update, delete with
// its hosts; a segment whose hosts have notifications new, running or error is in use (409).

import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { filter, get } from "../../../kernel/store/table.js";
import { failoverSegmentInUse, failoverSegmentNotFound } from "../errors.js";
import type { InstanceHaState, RecoveryMethod, Segment } from "../state.js";
import { addRecord, assertNameFree, hostDeleted, removeRecord, renameRecord } from "./records.js";

export interface SegmentInput {
  name: string;
  description?: string | null;
  recoveryMethod: RecoveryMethod;
  serviceType: string;
  enabled?: boolean;
}

export function findSegment(s: InstanceHaState, id: string): Segment {
  const segment = get(s.segments, id);
  if (!segment) throw failoverSegmentNotFound(id);
  return segment;
}

export function createSegment(s: InstanceHaState, ctx: OperationContext<Caller | null>, input: SegmentInput): Segment {
  assertNameFree(s, "segment", input.name);
  const segment: Segment = {
    id: ctx.ids.uuid(),
    seq: ++s.seq.segment,
    name: input.name,
    description: input.description ?? null,
    recoveryMethod: input.recoveryMethod,
    serviceType: input.serviceType,
    enabled: input.enabled ?? true,
    activeNotifications: 0,
    createdAt: ctx.now,
    updatedAt: null,
  };
  addRecord(s, "segment", segment);
  ctx.tx.emit("instance-ha.segment.created", { id: segment.id, name: segment.name });
  return segment;
}

export function updateSegment(s: InstanceHaState, ctx: OperationContext<Caller | null>, id: string, input: Partial<SegmentInput>): Segment {
  const segment = findSegment(s, id);
  if (segment.activeNotifications > 0) throw failoverSegmentInUse(id, "updated");
  if (input.name !== undefined && input.name !== segment.name) renameRecord(s, "segment", segment, input.name);
  if (input.description !== undefined) segment.description = input.description;
  if (input.recoveryMethod !== undefined) segment.recoveryMethod = input.recoveryMethod;
  if (input.serviceType !== undefined) segment.serviceType = input.serviceType;
  if (input.enabled !== undefined) segment.enabled = input.enabled;
  segment.updatedAt = ctx.now;
  ctx.tx.emit("instance-ha.segment.updated", { id, name: segment.name });
  return segment;
}

/** Deletes the segment and its hosts (Masakari's failover_segment_delete takes them along). */
export function deleteSegment(s: InstanceHaState, ctx: OperationContext<Caller | null>, id: string): void {
  const segment = findSegment(s, id);
  if (segment.activeNotifications > 0) throw failoverSegmentInUse(id, "deleted");
  for (const host of filter(s.hosts, (h) => h.segmentId === id)) {
    removeRecord(s, "host", host);
    ctx.tx.emit("instance-ha.host.deleted", hostDeleted(host));
  }
  removeRecord(s, "segment", segment);
  const { seq, name, description, recoveryMethod, serviceType, enabled } = segment;
  ctx.tx.emit("instance-ha.segment.deleted", { id, seq, name, description, recoveryMethod, serviceType, enabled });
}
