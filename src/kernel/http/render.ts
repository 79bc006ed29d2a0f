// How a service writes its errors on the wire: a whole body and its content type. JSON envelopes (the
// OpenStack services: Keystone, Nova-style, Neutron), S3's XML <Error> document, Swift's HTML and plain text.

import { reason, type ApiError, type ErrorEnvelope } from "../errors.js";

export interface ErrorBody {
  body: string;
  contentType: string;
}

/** What a renderer may name besides the error: the request's id (S3's <RequestId>) and path (<Resource>). */
export interface ErrorRequest {
  requestId: string;
  method: string;
  path: string;
}

export type ErrorRenderer = (error: ApiError, request: ErrorRequest) => ErrorBody;

/** The OpenStack default: the service's JSON envelope. */
export function jsonErrors(envelope: ErrorEnvelope): ErrorRenderer {
  return (error) => ({ body: JSON.stringify(envelope(error)), contentType: "application/json" });
}

/** S3 codes for errors thrown without one (the kernel's 401/404/405/413/429 among them). */
const S3_CODES: Record<number, string> = {
  400: "InvalidRequest",
  401: "AccessDenied",
  403: "AccessDenied",
  404: "NoSuchKey",
  405: "MethodNotAllowed",
  409: "OperationAborted",
  411: "MissingContentLength",
  412: "PreconditionFailed",
  413: "EntityTooLarge",
  416: "InvalidRange",
  // S3 throttles with 503 SlowDown; a 429 the kernel answers keeps its status and gets the code
  429: "SlowDown",
  500: "InternalError",
  501: "NotImplemented",
  503: "ServiceUnavailable",
};

/**
 * S3: `<?xml ...?><Error><Code>NoSuchKey</Code><Message>...</Message><Key>...</Key><RequestId>...</RequestId></Error>`.
 * The error's `fields` become elements after the message (S3's <Key>, <BucketName>); `codes` overrides the
 * code given to errors thrown without one.
 */
export function xmlErrors(codes: Record<number, string> = {}): ErrorRenderer {
  return (error, request) => {
    const code = error.code ?? codes[error.status] ?? S3_CODES[error.status] ?? "InternalError";
    let fields = "";
    for (const [name, value] of Object.entries(error.fields)) fields += `<${name}>${escapeMarkup(value)}</${name}>`;
    return {
      body:
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${escapeMarkup(code)}</Code>` +
        `<Message>${escapeMarkup(error.message)}</Message>${fields}<RequestId>${escapeMarkup(request.requestId)}</RequestId></Error>`,
      contentType: "application/xml",
    };
  };
}

/** Swift (webob): `<html><h1>Not Found</h1><p>The resource could not be found.</p></html>`. */
export const htmlErrors: ErrorRenderer = (error) => ({
  body: `<html><h1>${reason(error.status)}</h1><p>${escapeMarkup(error.message)}</p></html>`,
  contentType: "text/html; charset=UTF-8",
});

/** Swift's other shape: the message alone, as plain text (`Invalid UTF8 or contains NULL`). */
export const textErrors: ErrorRenderer = (error) => ({ body: error.message, contentType: "text/plain; charset=utf-8" });

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}
