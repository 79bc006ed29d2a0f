// Hosts of a failover segment (masakari/ha/api.py HostAPI): a host's name is a nova-compute host (asked of
// compute through its contract) and unique across segments; while its segment has notifications new,
// running or error it cannot be updated or deleted (409 HostInUse). setHostFlags is the recovery
// engine's way to put a host on maintenance or take its reserved flag, with no such check.

import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { get } from "../../../kernel/store/table.js";
import { computeHostExists } from "../../compute/for-instance-ha.js";
import { computeNotFound, hostInUse, hostNotFound, hostNotFoundUnderSegment } from "../errors.js";
import type { Host, InstanceHaState } from "../state.js";
import { addRecord, assertNameFree, hostDeleted, removeRecord, renameRecord } from "./records.js";
import { findSegment } from "./segments.js";

export interface HostInput {
  name: string;
  type: string;
  controlAttributes: string;
  reserved?: boolean;
  onMaintenance?: boolean;
}

/** The host `id` of segment `segmentId` (404 for either). */
export function findHost(s: InstanceHaState, segmentId: string, id: string): Host {
  findSegment(s, segmentId);
  const host = get(s.hosts, id);
  if (!host) throw hostNotFound(id);
  if (host.segmentId !== segmentId) throw hostNotFoundUnderSegment(id, segmentId);
  return host;
}

export function createHost(s: InstanceHaState, ctx: OperationContext<Caller | null>, segmentId: string, input: HostInput): Host {
  findSegment(s, segmentId);
  if (!computeHostExists(ctx.root, input.name)) throw computeNotFound(input.name);
  assertNameFree(s, "host", input.name);
  const host: Host = {
    id: ctx.ids.uuid(),
    seq: ++s.seq.host,
    name: input.name,
    type: input.type,
    controlAttributes: input.controlAttributes,
    reserved: input.reserved ?? false,
    onMaintenance: input.onMaintenance ?? false,
    segmentId,
    activeNotifications: 0,
    createdAt: ctx.now,
    updatedAt: null,
  };
  addRecord(s, "host", host);
  ctx.tx.emit("instance-ha.host.created", { id: host.id, name: host.name, segmentId });
  return host;
}

export function updateHost(
  s: InstanceHaState,
  ctx: OperationContext<Caller | null>,
  segmentId: string,
  id: string,
  input: Partial<HostInput>,
): Host {
  const host = findHost(s, segmentId, id);
  if (findSegment(s, segmentId).activeNotifications > 0) throw hostInUse(id, "updated");
  if (input.name !== undefined && input.name !== host.name) {
    if (!computeHostExists(ctx.root, input.name)) throw computeNotFound(input.name);
    renameRecord(s, "host", host, input.name);
  }
  if (input.type !== undefined) host.type = input.type;
  if (input.controlAttributes !== undefined) host.controlAttributes = input.controlAttributes;
  return setHostFlags(s, ctx, id, { reserved: input.reserved, onMaintenance: input.onMaintenance });
}

export function deleteHost(s: InstanceHaState, ctx: OperationContext<Caller | null>, segmentId: string, id: string): void {
  const host = findHost(s, segmentId, id);
  if (findSegment(s, segmentId).activeNotifications > 0) throw hostInUse(id, "deleted");
  removeRecord(s, "host", host);
  ctx.tx.emit("instance-ha.host.deleted", hostDeleted(host));
}

/**
 * Sets a host's on_maintenance and reserved flags (either may be left undefined) and publishes
 * instance-ha.host.updated; for the recovery engine (a failed host goes on maintenance, a reserved host
 * taken loses its flag). 404 when there is no such host.
 */
export function setHostFlags(
  s: InstanceHaState,
  ctx: OperationContext<Caller | null>,
  id: string,
  flags: { onMaintenance?: boolean; reserved?: boolean },
): Host {
  const host = get(s.hosts, id);
  if (!host) throw hostNotFound(id);
  if (flags.onMaintenance !== undefined) host.onMaintenance = flags.onMaintenance;
  if (flags.reserved !== undefined) host.reserved = flags.reserved;
  host.updatedAt = ctx.now;
  ctx.tx.emit("instance-ha.host.updated", {
    id,
    name: host.name,
    segmentId: host.segmentId,
    onMaintenance: host.onMaintenance,
    reserved: host.reserved,
  });
  return host;
}
