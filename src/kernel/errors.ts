// One error type for every service. Operations and validators throw ApiError; each service renders it in
// its upstream envelope (Keystone, Nova-style, Neutron), which the kernel provides as reusable shapes (the
// non-JSON ones, S3's XML and Swift's HTML and text, are in http/render.ts).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** upstream code: a Nova fault name, a Neutron exception type, a Keystone title; optional */
    readonly code: string | undefined,
    message: string,
    readonly headers: Record<string, string> = {},
    /** named details some shapes render beside the message (S3's <Key>, <BucketName>) */
    readonly fields: Record<string, string> = {},
  ) {
    super(withoutStackBelow500(status, message));
    Error.stackTraceLimit = stackTraceLimit;
  }
}

let stackTraceLimit = Error.stackTraceLimit;

/**
 * A client's error (4xx) is an answer, not a fault: no stack is captured for it (capturing one costs more
 * than rendering the answer); a 5xx keeps its stack for the log. Called in super()'s argument, so the limit
 * is 0 while Error's constructor runs; the constructor puts it back right after.
 */
function withoutStackBelow500(status: number, message: string): string {
  stackTraceLimit = Error.stackTraceLimit;
  if (status < 500) Error.stackTraceLimit = 0;
  return message;
}

/** Renders an ApiError as the service's JSON wire body. */
export type ErrorEnvelope = (error: ApiError) => unknown;

const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  409: "Conflict",
  410: "Gone",
  413: "Request Entity Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function reason(status: number): string {
  return REASONS[status] ?? "Error";
}

/** Keystone: {"error": {"code": 404, "title": "Not Found", "message": "..."}} */
export const keystoneEnvelope: ErrorEnvelope = (e) => ({
  error: { code: e.status, title: e.code ?? reason(e.status), message: e.message },
});

const NOVA_FAULTS: Record<number, string> = {
  400: "badRequest",
  401: "unauthorized",
  403: "forbidden",
  404: "itemNotFound",
  405: "badMethod",
  406: "notAcceptable",
  409: "conflictingRequest",
  413: "overLimit",
  415: "badMediaType",
  429: "overLimit",
  501: "notImplemented",
  503: "serviceUnavailable",
};

/**
 * Nova, Cinder, Masakari: {"<faultName>": {"code": N, "message": "..."}}. A 413 or 429 with a Retry-After
 * header also names it in the body, as a string: {"overLimit": {"code": 429, "message": "...", "retryAfter": "30"}}.
 */
export const faultEnvelope: ErrorEnvelope = (e) => {
  const retryAfter = e.status === 413 || e.status === 429 ? e.headers["Retry-After"] : undefined;
  const fault = { code: e.status, message: e.message, ...(retryAfter === undefined ? {} : { retryAfter }) };
  return { [e.code ?? NOVA_FAULTS[e.status] ?? "computeFault"]: fault };
};

/** The faults Nova-style services (Nova, Cinder, Masakari) share, named as Nova names them; each service
 * re-exports them from its errors.ts beside its own upstream-named constructors. */
export const novaFaults = {
  badRequest: (message: string) => new ApiError(400, "badRequest", message),
  forbidden: (message = "Policy doesn't allow this operation to be performed.") => new ApiError(403, "forbidden", message),
  itemNotFound: (message: string) => new ApiError(404, "itemNotFound", message),
  notAcceptable: (message: string) => new ApiError(406, "notAcceptable", message),
  conflictingRequest: (message: string) => new ApiError(409, "conflictingRequest", message),
};

/** Neutron: {"NeutronError": {"type": "<ExceptionClass>", "message": "...", "detail": ""}} */
export const neutronEnvelope: ErrorEnvelope = (e) => ({
  NeutronError: { type: e.code ?? defaultNeutronType(e.status), message: e.message, detail: "" },
});

function defaultNeutronType(status: number): string {
  switch (status) {
    case 400: return "BadRequest";
    case 401: return "NotAuthorized";
    case 403: return "NotAuthorized";
    case 404: return "NotFound";
    case 409: return "Conflict";
    // Neutron has no limiter of its own; webob's exception, as its fault wrapper names one
    case 429: return "HTTPTooManyRequests";
    default: return "NeutronException";
  }
}

/** The control API's own shape. */
export const plainEnvelope: ErrorEnvelope = (e) => ({ error: { status: e.status, code: e.code ?? reason(e.status), message: e.message } });

/** Short-hands used across services; services wrap them in constructors named after their upstream codes. */
export const badRequest = (message: string, code?: string) => new ApiError(400, code, message);
export const unauthorized = (message = "The request you have made requires authentication.", code?: string) =>
  new ApiError(401, code, message);
export const forbidden = (message = "You are not authorized to perform the requested action.", code?: string) =>
  new ApiError(403, code, message);
export const notFound = (message: string, code?: string) => new ApiError(404, code, message);
export const conflict = (message: string, code?: string) => new ApiError(409, code, message);
