// Vmove records (Masakari 1.3, masakari/objects/vmove.py) of a host notification: the recovery engine adds
// one per instance it moves and updates it as the move goes; the API only reads them.

import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { get, put } from "../../../kernel/store/table.js";
import { vmoveNotFound } from "../errors.js";
import type { InstanceHaState, VMove } from "../state.js";
import { findNotification } from "./notifications.js";

export type VMoveInput = Pick<VMove, "serverId" | "serverName" | "sourceHost" | "type"> & Partial<Pick<VMove, "destHost" | "status" | "message">>;

export function addVMove(s: InstanceHaState, ctx: OperationContext<Caller | null>, notificationId: string, input: VMoveInput): VMove {
  const notification = findNotification(s, notificationId);
  const vmove: VMove = {
    id: ctx.ids.uuid(),
    seq: ++s.seq.vmove,
    serverId: input.serverId,
    serverName: input.serverName,
    sourceHost: input.sourceHost,
    destHost: input.destHost ?? null,
    startTime: null,
    endTime: null,
    type: input.type,
    status: input.status ?? "pending",
    message: input.message ?? null,
    createdAt: ctx.now,
    updatedAt: null,
  };
  put(notification.vmoves, vmove);
  return vmove;
}

/** Updates a vmove; `ongoing` stamps its start time and a final status its end time, when not given. */
export function updateVMove(
  s: InstanceHaState,
  ctx: OperationContext<Caller | null>,
  notificationId: string,
  id: string,
  changes: Partial<Pick<VMove, "destHost" | "status" | "message" | "startTime" | "endTime">>,
): VMove {
  const vmove = get(findNotification(s, notificationId).vmoves, id);
  if (!vmove) throw vmoveNotFound(id);
  Object.assign(vmove, changes);
  if (changes.status === "ongoing" && changes.startTime === undefined && vmove.startTime === null) vmove.startTime = ctx.now;
  if ((changes.status === "succeeded" || changes.status === "failed") && changes.endTime === undefined) vmove.endTime = ctx.now;
  vmove.updatedAt = ctx.now;
  return vmove;
}
