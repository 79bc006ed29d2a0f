// The control API's own request handling: no fault gate, no OpenStack token (it is the test harness's back
// door; --control-token guards it, guard.ts), errors as {"error": {status, code, message}}.

import type { Context } from "hono";
import { ZodError } from "zod";
import { ApiError, plainEnvelope } from "../kernel/errors.js";
import { describeIssues, readJson, readText } from "../kernel/http/body.js";
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
  const text = await readText(c, maxBytes);
  if (text.trim() === "") return {};
  return readJson(c, maxBytes);
}

/** A non-negative integer query parameter; absent is undefined, anything else a 400. */
export function queryInt(c: Ctx, name: string): number | undefined {
  const value = c.req.query(name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new ApiError(400, undefined, `Query parameter ${name} must be a non-negative integer, not ${JSON.stringify(value)}.`);
  return Number(value);
}
