// The control API's own request handling: no fault gate, no OpenStack token (it is the test harness's back
// door; --control-token guards it, guard.ts), errors as {"error": {status, code, message}}.

import type { Context } from "hono";
import { ZodError } from "zod";
import { ApiError, plainEnvelope } from "../kernel/errors.js";
import { describeIssues, readJson } from "../kernel/http/body.js";
import type { Ctx } from "../kernel/http/context.js";
import { reportError } from "../log.js";

export function handle(fn: (c: Ctx) => Response | Promise<Response>) {
  return async (c: Ctx): Promise<Response> => {
    try {
      return await fn(c);
    } catch (error) {
      return renderControlError(c, error);
    }
  };
}

export function renderControlError(c: Context, error: unknown): Response {
  let e: ApiError;
  if (error instanceof ApiError) e = error;
  else if (error instanceof ZodError) e = new ApiError(400, undefined, describeIssues(error));
  else if (error instanceof RangeError) e = new ApiError(400, undefined, error.message);
  else {
    reportError("control API error", error);
    e = new ApiError(500, undefined, "Internal error in the control API.");
  }
  return c.json(plainEnvelope(e) as object, e.status as 400);
}

/** A JSON body, or {} when the body is empty (control calls with optional bodies). */
export async function optionalJson(c: Ctx, maxBytes: number): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  return readJson(c, maxBytes);
}

/** Durations as numbers of ms, or strings like `90s`, `5m`, `2h`, `1d`, `250ms`. */
export function parseDuration(value: unknown): number {
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) return value;
  if (typeof value === "string") {
    const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(value.trim());
    if (m) {
      const n = Number(m[1]);
      const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] ?? "ms"]!;
      return n * unit;
    }
  }
  throw new ApiError(400, undefined, `Not a duration: ${JSON.stringify(value)} (a number of ms, or e.g. "90s", "5m", "2h").`);
}

/** A non-negative integer query parameter; absent is undefined, anything else a 400. */
export function queryInt(c: Ctx, name: string): number | undefined {
  const value = c.req.query(name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new ApiError(400, undefined, `Query parameter ${name} must be a non-negative integer, not ${JSON.stringify(value)}.`);
  return Number(value);
}
