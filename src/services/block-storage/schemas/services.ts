// Request bodies of PUT /os-services/{action} (cinder/api/schemas/services.py): a host as Cinder names hosts,
// the binary (or its deprecated alias `service`), a reason for disable-log-reason, a cluster (not served).

import * as z from "zod";

/** parameter_types.cinder_host: hostname[@backend[#pool]], or null (then refused as missing) */
const cinderHost = z.string().min(1).max(255).regex(/^[a-zA-Z0-9-._#@:/+[\]]*$/).nullable().optional();
const name = z.string().min(1).max(255);

const enableAndDisableShape = { binary: name.optional(), host: cinderHost, cluster: z.string().max(255).nullable().optional(), service: name.optional() };
const namesBinary = (b: { binary?: string; service?: string }) => b.binary !== undefined || b.service !== undefined;
const NAMES_BINARY = { message: "'binary' or 'service' is a required property" };

export const enableAndDisableBody = z.strictObject(enableAndDisableShape).refine(namesBinary, NAMES_BINARY);

/** the reason: 1-255 characters once its blanks are stripped (the `disabled_reason` format) */
export const disableLogReasonBody = z
  .strictObject({ ...enableAndDisableShape, disabled_reason: z.string().min(1).max(255).refine((r) => r.trim().length >= 1, "must not be blank").optional() })
  .refine(namesBinary, NAMES_BINARY);

export const freezeAndThawBody = z.strictObject({ cluster: z.string().max(255).nullable().optional(), host: cinderHost });
