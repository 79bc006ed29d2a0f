// Request bodies of /attachments (cinder/api/schemas/attachments.py).

import * as z from "zod";

const connector = z.record(z.string(), z.unknown());

export const createAttachmentBody = z.object({
  attachment: z.object({
    volume_uuid: z.string().min(1).max(255),
    instance_uuid: z.string().min(1).max(255).nullable().optional(),
    connector: connector.nullable().optional(),
    mode: z.enum(["rw", "ro"]).optional(),
  }),
});

export const updateAttachmentBody = z.object({ attachment: z.object({ connector }) });

export const attachmentActionBody = z.strictObject({ "os-complete": z.null() });
