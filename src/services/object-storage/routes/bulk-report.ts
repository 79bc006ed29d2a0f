// The bulk middleware's report, shared by bulk delete, extract-archive and a manifest's delete: always a
// 200 (Swift streams it and sends its status line before the work is done) whose body carries the outcome,
// as request_helpers' heartbeat body: JSON (Accept: application/json), XML (application/xml, text/xml;
// root `delete` or `extract`, keys lower-cased with underscores) or text (sorted `Key: value` lines, then
// `Errors:` and one `name, status` line per failure).

import { requestHeader, type Ctx } from "../../../kernel/http/context.js";
import type { Kernel } from "../../../kernel/kernel.js";
import { xmlText } from "../wire.js";
import { dateHeader } from "./common.js";

type Format = "application/json" | "application/xml" | "text/xml" | "text/plain";

/** Accept's best match among the formats bulk offers (its order breaks ties), text/plain without one */
function format(c: Ctx): Format {
  const offered: Format[] = ["text/plain", "application/json", "application/xml", "text/xml"];
  let best: Format = "text/plain";
  let bestQ = -1;
  for (const entry of (requestHeader(c, "accept") ?? "").split(",")) {
    const [type, ...params] = entry.trim().toLowerCase().split(";");
    const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith("q="))?.slice(2) ?? 1);
    const match = offered.find((f) => f === type) ?? (type === "*/*" ? "text/plain" : undefined);
    if (match && Number.isFinite(q) && q > bestQ) [best, bestQ] = [match, q];
  }
  return best;
}

/** `result` without Errors, and the failures as [name, status] pairs */
export function bulkAnswer(c: Ctx, kernel: Kernel, result: Record<string, unknown> & { Errors: string[][] }, root: "delete" | "extract" = "delete"): Response {
  const type = format(c);
  const { Errors: errors, ...data } = result;
  const keys = Object.keys(data).sort();
  let body: string;
  if (type === "application/json") body = JSON.stringify({ ...data, Errors: errors });
  else if (type.endsWith("/xml")) {
    body = `<${root}>\n`;
    for (const key of keys) {
      const tag = key.replace(/ /g, "_").toLowerCase();
      body += `<${tag}>${xmlText(String(data[key]))}</${tag}>\n`;
    }
    body += "<errors>\n";
    for (const [name, status] of errors) body += `<object><name>${xmlText(name!)}</name><status>${xmlText(status!)}</status></object>\n`;
    body += `</errors>\n</${root}>\n`;
  } else {
    body = keys.map((key) => `${key}: ${data[key]}\n`).join("") + "Errors:\n" + errors.map(([name, status]) => `${name}, ${status}\n`).join("");
  }
  return c.body(body, 200, { ...dateHeader(kernel), "content-type": `${type}; charset=utf-8` });
}
