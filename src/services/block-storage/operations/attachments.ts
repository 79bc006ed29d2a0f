// The attachments API (Cinder 3.27+, cinder/api/v3/attachments.py), what new-style Nova drives: create
// (reserved; attaching when a connector comes with it), update with the host's connector (attaching, the
// connection_info shown), complete (3.44: attached, the volume in-use), delete (the volume available once
// nothing holds it). Attachments live on their volume (Volume.attachments).

import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { scan } from "../../../kernel/store/table.js";
import { itemNotFound } from "../errors.js";
import { setStatus } from "../lifecycle.js";
import type { BlockStorageState, Volume, VolumeAttachment } from "../state.js";
import { volumeStatusMustBe } from "../errors.js";
import { visibleVolume } from "./volumes.js";

export const attachmentNotFound = (id: string) => itemNotFound(`Volume attachment could not be found with filter: attachment_id = ${id}.`);

/** The attachment and its volume, if the caller may see the volume. */
export function visibleAttachment(s: BlockStorageState, caller: Caller, id: string): { volume: Volume; attachment: VolumeAttachment } {
  for (const volume of scan(s.volumes)) {
    const attachment = volume.attachments.find((a) => a.id === id);
    if (!attachment) continue;
    if (!caller.isAdmin && volume.projectId !== caller.projectId) break;
    return { volume, attachment };
  }
  throw attachmentNotFound(id);
}

/** The volume status its attachments make: in-use once one is attached, else attaching or reserved. */
function settle(ctx: OperationContext, volume: Volume): void {
  const statuses = volume.attachments.map((a) => a.status);
  const status = statuses.includes("attached") ? "in-use" : statuses.includes("attaching") ? "attaching" : statuses.length ? "reserved" : "available";
  setStatus(ctx, volume, status);
}

export interface AttachmentInput {
  volumeId: string;
  serverId: string | null;
  connector: Record<string, unknown> | null;
  mode: "rw" | "ro";
}

export function createAttachment(s: BlockStorageState, ctx: OperationContext, input: AttachmentInput): { volume: Volume; attachment: VolumeAttachment } {
  const volume = visibleVolume(s, ctx.caller, input.volumeId);
  const allowed = volume.multiattach ? ["available", "reserved", "in-use"] : ["available"];
  if (!allowed.includes(volume.status)) throw volumeStatusMustBe(allowed.join(" or "), "reserve", volume.status);
  const attachment: VolumeAttachment = {
    id: ctx.ids.uuid(),
    serverId: input.serverId,
    hostName: typeof input.connector?.host === "string" ? input.connector.host : null,
    device: typeof input.connector?.mountpoint === "string" ? input.connector.mountpoint : null,
    status: input.connector ? "attaching" : "reserved",
    mode: input.mode,
    attachedAt: null,
    connector: input.connector,
  };
  volume.attachments = [...volume.attachments, attachment];
  settle(ctx, volume);
  return { volume, attachment: volume.attachments.at(-1)! };
}

export function updateAttachment(s: BlockStorageState, ctx: OperationContext, id: string, connector: Record<string, unknown>) {
  const { volume, attachment } = visibleAttachment(s, ctx.caller, id);
  attachment.connector = connector;
  if (typeof connector.host === "string") attachment.hostName = connector.host;
  if (typeof connector.mountpoint === "string") attachment.device = connector.mountpoint;
  if (attachment.status === "reserved") attachment.status = "attaching";
  settle(ctx, volume);
  return { volume, attachment };
}

export function completeAttachment(s: BlockStorageState, ctx: OperationContext, id: string): void {
  const { volume, attachment } = visibleAttachment(s, ctx.caller, id);
  if (attachment.status === "attached") return;
  attachment.status = "attached";
  attachment.attachedAt = ctx.now;
  settle(ctx, volume);
  ctx.tx.emit("block-storage.volume.attached", { id: volume.id, projectId: volume.projectId, attachmentId: id, serverId: attachment.serverId, device: attachment.device });
}

/** Removes the attachment; answers the volume's remaining ones. */
export function deleteAttachment(s: BlockStorageState, ctx: OperationContext, id: string): VolumeAttachment[] {
  const { volume, attachment } = visibleAttachment(s, ctx.caller, id);
  volume.attachments = volume.attachments.filter((a) => a.id !== id);
  settle(ctx, volume);
  if (attachment.status === "attached") {
    ctx.tx.emit("block-storage.volume.detached", { id: volume.id, projectId: volume.projectId, attachmentId: id, serverId: attachment.serverId });
  }
  return volume.attachments;
}
