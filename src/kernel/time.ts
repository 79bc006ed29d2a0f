// Timestamp formats the OpenStack services put on the wire, and the durations the control API takes.

import { ApiError } from "./errors.js";

/** `2031-05-01T12:00:00.000000Z`: Keystone tokens (microseconds, UTC, Z). */
export function isoMicro(ms: number): string {
  // toISOString always ends in `.mmmZ`: slicing beats a regex on the token-validation hot path
  return new Date(Math.floor(ms)).toISOString().slice(0, -1) + "000Z";
}

/** `2031-05-01T12:00:00.000000`: Cinder and Nova records (microseconds, no zone suffix). */
export function isoMicroNoZone(ms: number): string {
  return isoMicro(ms).slice(0, -1);
}

/** `2031-05-01T12:00:00Z`: Nova's created/updated (seconds, Z). */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms)).toISOString().slice(0, 19) + "Z";
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
