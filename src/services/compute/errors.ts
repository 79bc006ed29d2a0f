// Nova's errors: {"<faultName>": {"code": N, "message": "..."}}, named as Nova names its faults: badRequest,
// unauthorized, forbidden, itemNotFound, conflictingRequest, entityTooLarge (quota), overLimit (rate).

import { ApiError, faultEnvelope } from "../../kernel/errors.js";

export const envelope = faultEnvelope;

export const badRequest = (message: string) => new ApiError(400, "badRequest", message);
export const forbidden = (message = "Policy doesn't allow this operation to be performed.") => new ApiError(403, "forbidden", message);
export const itemNotFound = (message: string) => new ApiError(404, "itemNotFound", message);
export const instanceNotFound = (id: string) => itemNotFound(`Instance ${id} could not be found.`);
export const conflictingRequest = (message: string) => new ApiError(409, "conflictingRequest", message);
/** `Cannot 'os-start' instance <id> while it is in vm_state active` */
export const invalidState = (action: string, id: string, attribute: string, state: string | null) =>
  conflictingRequest(`Cannot '${action}' instance ${id} while it is in ${attribute} ${state}`);
/** The spec: exceeding the compute quota yields 413 entityTooLarge. */
export const quotaExceeded = (resource: string, requested: number, used: number, limit: number) =>
  new ApiError(413, "entityTooLarge", `Quota exceeded for ${resource}: Requested ${requested}, but already used ${used} of ${limit} ${resource}`);
export const notAcceptable = (message: string) => new ApiError(406, "notAcceptable", message);
