// Swift's wire formats of times and metadata, shared by the views and the routes: X-Timestamp,
// Last-Modified, a listing's last_modified, metadata headers, listing formats.

import { escapeMarkup } from "../../kernel/http/render.js";
import { httpDateOf, isoString } from "../../kernel/time.js";

/** X-Timestamp: seconds with five decimals */
export const timestamp = (ms: number) => (ms / 1000).toFixed(5);
/** Last-Modified: Swift rounds up to the next whole second */
export const httpDate = (ms: number) => httpDateOf(Math.ceil(ms / 1000) * 1000);
/** a listing's last_modified: ISO 8601 with microseconds, no zone */
export const listingDate = (ms: number) => isoString(ms).replace("Z", "000");

/** Metadata as response headers: `<Prefix>Name` per entry. */
export function metaOut(prefix: string, metadata: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(metadata)) out[`${prefix}${name}`] = value;
  return out;
}

export type Format = "json" | "plain" | "xml";

/** XML listing bodies */
export const xmlText = (value: string | number) => escapeMarkup(String(value));
