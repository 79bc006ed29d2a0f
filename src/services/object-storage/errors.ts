// Swift's refusals as webob renders them: `<html><h1>Not Found</h1><p>The resource could not be
// found.</p></html>` (text/html), with the reasons of the statuses Swift answers that the kernel's table lacks.

import { ApiError } from "../../kernel/errors.js";
import { htmlErrors, type ErrorRenderer } from "../../kernel/http/render.js";

const REASONS: Record<number, string> = {
  411: "Length Required",
  412: "Precondition Failed",
  416: "Requested Range Not Satisfiable",
  422: "Unprocessable Entity",
};

/** htmlErrors, naming 411/412/416/422 as webob does */
export const swiftErrors: ErrorRenderer = (error, request) => {
  const title = REASONS[error.status];
  if (!title) return htmlErrors(error, request);
  return { body: `<html><h1>${title}</h1><p>${error.message.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</p></html>`, contentType: "text/html; charset=UTF-8" };
};

// codes mark the refusals callers (the S3 contract) tell apart; the wire shows only status and message
export const notFound = () => new ApiError(404, "NotFound", "The resource could not be found.");
export const containerNotFound = () => new ApiError(404, "ContainerNotFound", "The resource could not be found.");
export const containerNotEmpty = () => new ApiError(409, "ContainerNotEmpty", "There was a conflict when trying to complete your request.");
/** a large object's segment gone, changed or out of the caller's reach (Swift's SegmentError, a 409) */
export const segmentConflict = () => new ApiError(409, "Conflict", "There was a conflict when trying to complete your request.");
export const invalidUtf8 = () => new ApiError(412, "PreconditionFailed", "Invalid UTF8 or contains NULL");
export const forbidden = () => new ApiError(403, "Forbidden", "Access was denied to this resource.");
export const badRequest = (message: string) => new ApiError(400, "BadRequest", message);
export const lengthRequired = () => new ApiError(411, "LengthRequired", "Missing Content-Length header.");
export const etagMismatch = () => new ApiError(422, "Unprocessable", "The server could not comply with the request since it is either malformed or otherwise incorrect.");
export const preconditionFailed = () => new ApiError(412, "PreconditionFailed", "A precondition for this request was not met.");
export const quotaExceeded = () => new ApiError(413, "QuotaExceeded", "Upload exceeds quota.");
export const unauthorized = () => new ApiError(401, "Unauthorized", "This server could not verify that you are authorized to access the document you requested.");
/** tempurl's refusal of a URL that is malformed, expired, badly signed or out of its scope */
export const tempUrlInvalid = () => new ApiError(401, "Unauthorized", "Temp URL invalid");
