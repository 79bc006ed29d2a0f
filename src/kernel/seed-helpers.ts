// What seed loaders share: ids derived from names (the same world seeds the same ids on every start) and a
// transaction that publishes nothing (seeding is not an event any subscriber should see).

import { createHash } from "node:crypto";
import type { Tx } from "./store/store.js";

/** 32 hex digits derived from the parts: stable across starts, distinct per (kind, scope, name). */
export function derivedId(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 32);
}

/**
 * A UUID-shaped id (8-4-4-4-12, version 4) from 32 hex digits, as one flat string: joined from its pieces
 * with a template it would be a rope of eight joins over sliced pieces, about 400 bytes a row's id where the
 * flat string is 56 (a seeded world of 100k servers holds one per server, port and action).
 */
export function uuidOf(hex: string): string {
  const variant = "89ab"[parseInt(hex[16], 16) & 3];
  return [hex.slice(0, 8), hex.slice(8, 12), `4${hex.slice(13, 16)}`, `${variant}${hex.slice(17, 20)}`, hex.slice(20, 32)].join("-");
}

/** The transaction seed loaders write with: no events, no after-commit work. */
export const noTx: Tx = { emit: () => {}, afterCommit: () => {} };
