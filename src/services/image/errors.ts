// Glance answers errors with webob's plain bodies ("404 Not Found\n\nNo image found with ID x\n\n");
// clients only read the status code. Rendered as that text, JSON-encoded.

import { ApiError, reason, type ErrorEnvelope } from "../../kernel/errors.js";

export const envelope: ErrorEnvelope = (e) => `${e.status} ${reason(e.status)}\n\n${e.message}\n\n`;

export const imageNotFound = (id: string) => new ApiError(404, undefined, `No image found with ID ${id}`);
export const badRequest = (message: string) => new ApiError(400, undefined, message);
