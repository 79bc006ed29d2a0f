// The control token (--control-token): when set, every /_emulator route but health asks for it, as
// `Authorization: Bearer <token>` or `X-Skymock-Control-Token: <token>`; without it or with another, 401 in
// the control API's shape. Health stays open: orchestrators and the image's HEALTHCHECK probe it without
// secrets, and it reveals no state.

import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { ApiError } from "../kernel/errors.js";
import type { AppEnv } from "../kernel/http/context.js";
import { renderControlError } from "./http.js";

export const CONTROL_TOKEN_HEADER = "x-skymock-control-token";

/** Paths below the control API's mount that never ask for the token. */
const OPEN = new Set(["/_emulator/health"]);

export function controlGuard(token: string): MiddlewareHandler<AppEnv> {
  // digests of equal length, so the comparison takes the same time whatever the candidate's length
  const expected = digest(token);
  return async (c, next) => {
    if (OPEN.has(c.req.path.replace(/\/+$/, ""))) return next();
    // either header may carry it: a proxy in front may use Authorization for its own credential
    const candidates = presented(c.req.header("authorization"), c.req.header(CONTROL_TOKEN_HEADER));
    if (candidates.some((candidate) => timingSafeEqual(digest(candidate), expected))) return next();
    const error = new ApiError(
      401,
      "Unauthorized",
      candidates.length === 0
        ? "The control API requires the control token: send Authorization: Bearer <token> or X-Skymock-Control-Token: <token>."
        : "The control token is not valid.",
      { "WWW-Authenticate": 'Bearer realm="skymock control API"' },
    );
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return renderControlError(c, error);
  };
}

/** The tokens a request offers: the dedicated header's, and a Bearer credential's. */
function presented(authorization: string | undefined, header: string | undefined): string[] {
  const found: string[] = [];
  if (header) found.push(header);
  const bearer = authorization === undefined ? null : /^Bearer\s+(.+?)\s*$/i.exec(authorization);
  if (bearer) found.push(bearer[1]!);
  return found;
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}
