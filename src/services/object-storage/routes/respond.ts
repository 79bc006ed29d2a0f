// Answers with Swift's common headers: Date on the virtual clock, and a listing in its negotiated format
// (an empty plain-text listing is 204, as Swift answers it).

import type { Ctx } from "../../../kernel/http/context.js";
import type { Kernel } from "../../../kernel/kernel.js";
import { dateHeader, FORMAT_TYPES, type Format } from "./common.js";

/** A bodiless answer (204, 201, 202) with Swift's text/html empty-body content type. */
export function empty(c: Ctx, kernel: Kernel, status: 200 | 201 | 202 | 204 | 304, headers: Record<string, string> = {}): Response {
  const all: Record<string, string> = { "content-type": "text/html; charset=UTF-8", ...dateHeader(kernel), ...headers };
  if (status !== 204 && status !== 304 && all["content-length"] === undefined) all["content-length"] = "0";
  return c.body(null, status, all);
}

export function listing(c: Ctx, kernel: Kernel, format: Format, count: number, body: string, headers: Record<string, string>): Response {
  const all = { ...dateHeader(kernel), ...headers, "content-type": FORMAT_TYPES[format] };
  if (c.req.method === "HEAD") return c.body(null, 204, { ...all, "content-length": "0" });
  if (format === "plain" && count === 0) return c.body(null, 204, all);
  return c.body(body, 200, all);
}
