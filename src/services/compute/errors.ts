// Nova's errors: {"<faultName>": {"code": N, "message": "..."}}, named as Nova names its faults: badRequest,
// unauthorized, forbidden, itemNotFound, conflictingRequest, entityTooLarge (quota), overLimit (rate).

import { ApiError, faultEnvelope, novaFaults } from "../../kernel/errors.js";

export const envelope = faultEnvelope;

export const { badRequest, forbidden, itemNotFound, conflictingRequest, notAcceptable } = novaFaults;

export const instanceNotFound = (id: string) => itemNotFound(`Instance ${id} could not be found.`);
/** `Cannot 'os-start' instance <id> while it is in vm_state active` */
export const invalidState = (action: string, id: string, attribute: string, state: string | null) =>
  conflictingRequest(`Cannot '${action}' instance ${id} while it is in ${attribute} ${state}`);
/** The spec: exceeding the compute quota yields 413 entityTooLarge. */
export const quotaExceeded = (resource: string, requested: number, used: number, limit: number) =>
  new ApiError(413, "entityTooLarge", `Quota exceeded for ${resource}: Requested ${requested}, but already used ${used} of ${limit} ${resource}`);
