// Request bodies of /servers/{id}/os-volume_attachments (Nova's volumes.py schemas): attach names the volume
// and an optional device (`tag` from 2.49, `delete_on_termination` from 2.79); update (swap) is below.

import * as z from "zod";
import { validate } from "../../../kernel/http/body.js";
import type { Microversion } from "../microversion.js";
import { novaBool, UUID } from "./parameter-types.js";

const volumeId = z.string().regex(UUID, "must be a UUID");
const device = z.string().regex(/^\/dev\/[a-z0-9]+$/, "must be a device path such as /dev/vdb").nullable().optional();
const tag = z.string().min(1).max(60).regex(/^[^,/]*$/, "must not contain ',' or '/'");

const v21 = z.strictObject({ volumeAttachment: z.strictObject({ volumeId, device }) });
const v249 = z.strictObject({ volumeAttachment: z.strictObject({ volumeId, device, tag: tag.optional() }) });
const v279 = z.strictObject({
  volumeAttachment: z.strictObject({ volumeId, device, tag: tag.optional(), delete_on_termination: novaBool.optional() }),
});

/** Every version's body, for the route table (the handler validates against the negotiated one). */
export const volumeAttachmentCreateSchema = v279;

export interface VolumeAttachmentCreate {
  volumeId: string;
  device: string | null;
  tag: string | null;
  deleteOnTermination: boolean;
}

/** Validates an attach body for the microversion and returns it in one shape. */
export function parseVolumeAttachmentCreate(body: unknown, mv: Microversion): VolumeAttachmentCreate {
  const a: z.output<typeof v279>["volumeAttachment"] = validate(mv >= 79 ? v279 : mv >= 49 ? v249 : v21, body).volumeAttachment;
  return { volumeId: a.volumeId, device: a.device ?? null, tag: a.tag ?? null, deleteOnTermination: a.delete_on_termination ?? false };
}

// PUT /servers/{id}/os-volume_attachments/{volume_id} (Nova's volumes.py update schemas): a swap names the
// new volume; from 2.85 the body may repeat the attachment's keys (unchanged) and set delete_on_termination.
const u21 = z.strictObject({ volumeAttachment: z.strictObject({ volumeId }) });
const u285 = z.strictObject({
  volumeAttachment: z.strictObject({
    volumeId,
    device,
    tag: tag.optional(),
    delete_on_termination: novaBool.optional(),
    id: z.string().regex(UUID, "must be a UUID").optional(),
    serverId: z.string().regex(UUID, "must be a UUID").optional(),
  }),
});

/** Every version's body, for the route table. */
export const volumeAttachmentUpdateSchema = u285;

export interface VolumeAttachmentUpdate {
  volumeId: string;
  /** from 2.85 */
  deleteOnTermination?: boolean;
  /** from 2.85: may be given, but not changed */
  id?: string;
  serverId?: string;
  device?: string | null;
  tag?: string;
}

/** Validates an update body for the microversion. */
export function parseVolumeAttachmentUpdate(body: unknown, mv: Microversion): VolumeAttachmentUpdate {
  if (mv < 85) return { volumeId: validate(u21, body).volumeAttachment.volumeId };
  const a = validate(u285, body).volumeAttachment;
  return {
    volumeId: a.volumeId,
    deleteOnTermination: a.delete_on_termination,
    id: a.id,
    serverId: a.serverId,
    device: a.device,
    tag: a.tag,
  };
}
