// Keystone's errors: {"error": {"code", "title", "message"}}, titled by HTTP reason as Keystone does.

import { ApiError, keystoneEnvelope } from "../../kernel/errors.js";

export const envelope = keystoneEnvelope;

export const validationError = (message: string) => new ApiError(400, "Bad Request", message);

export const unauthorized = (message = "The request you have made requires authentication.") =>
  new ApiError(401, "Unauthorized", message);

export const forbidden = (message = "You are not authorized to perform the requested action.") =>
  new ApiError(403, "Forbidden", message);

export const notFound = (kind: string, id: string) => new ApiError(404, "Not Found", `Could not find ${kind}: ${id}.`);

export const conflict = (kind: string, detail: string) =>
  new ApiError(409, "Conflict", `Conflict occurred attempting to store ${kind} - ${detail}.`);
