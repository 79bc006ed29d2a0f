// Glance answers errors with webob's plain bodies ("404 Not Found\n\nNo image found with ID x\n\n");
// clients only read the status code and show the text. Rendered as that text, JSON-encoded. Constructors
// are named after the Glance exceptions (glance/common/exception.py) they stand for.

import { ApiError, reason, type ErrorEnvelope } from "../../kernel/errors.js";

export const envelope: ErrorEnvelope = (e) => `${e.status} ${reason(e.status)}\n\n${e.message}\n\n`;

export const imageNotFound = (id: string) => new ApiError(404, undefined, `No image found with ID ${id}`);
export const notFound = (message: string) => new ApiError(404, undefined, message);
export const badRequest = (message: string) => new ApiError(400, undefined, message);
export const forbidden = (message: string) => new ApiError(403, undefined, message);
export const conflict = (message: string) => new ApiError(409, undefined, message);
export const invalidContentType = (type: string) => new ApiError(415, undefined, `Invalid media type '${type}'`);
/** StorageQuotaFull / ImageSizeLimitExceeded and oslo.limit's ProjectOverLimit render as 413 */
export const overLimit = (message: string) => new ApiError(413, undefined, message);
export const readOnly = (attribute: string) => forbidden(`Attribute '${attribute}' is read-only.`);
export const reservedAttribute = (attribute: string) => forbidden(`Attribute '${attribute}' is reserved.`);
export const invalidStatusTransition = (from: string, to: string) => conflict(`Image status transition from ${from} to ${to} is not allowed`);
