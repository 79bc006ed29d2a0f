// Timestamp formats the OpenStack services put on the wire, and the durations the control API takes.

import * as z from "zod";
import { ApiError } from "./errors.js";

/**
 * A formatting of whole units (ms, seconds), remembered: views format the same few record times on every
 * read (a list page formats each row's created and updated), and a Date and its formatting cost far more
 * than a lookup. Forgotten wholesale once it holds MEMO_SIZE values.
 */
const MEMO_SIZE = 8192;
function remembered(format: (unit: number) => string): (unit: number) => string {
  const memo = new Map<number, string>();
  return (unit) => {
    let text = memo.get(unit);
    if (text === undefined) {
      text = format(unit);
      if (memo.size >= MEMO_SIZE) memo.clear();
      memo.set(unit, text);
    }
    return text;
  };
}

const isoOfMs = remembered((ms) => new Date(ms).toISOString());
/** `Date.prototype.toISOString` of the whole ms. */
export function isoString(ms: number): string {
  return isoOfMs(Math.floor(ms));
}

const utcOfSecond = remembered((second) => new Date(second * 1000).toUTCString());
/** `Date.prototype.toUTCString`, an HTTP date (whole seconds): Swift's Date and Last-Modified on every object read. */
export function httpDateOf(ms: number): string {
  return utcOfSecond(Math.floor(ms / 1000));
}

/** `2031-05-01T12:00:00.000000Z`: Keystone tokens (microseconds, UTC, Z). */
export function isoMicro(ms: number): string {
  // toISOString always ends in `.mmmZ`: slicing beats a regex on the token-validation hot path
  return isoString(ms).slice(0, -1) + "000Z";
}

/** `2031-05-01T12:00:00.000000`: Cinder and Nova records (microseconds, no zone suffix). */
export function isoMicroNoZone(ms: number): string {
  return isoMicro(ms).slice(0, -1);
}

/** `2031-05-01T12:00:00.123456`: a time a client gave to the microsecond (a fractional ms), shown as given. */
export function isoMicroExactNoZone(ms: number): string {
  const whole = Math.floor(ms);
  const micros = Math.min(999, Math.round((ms - whole) * 1000));
  return new Date(whole).toISOString().slice(0, -1) + String(micros).padStart(3, "0");
}

/** `2031-05-01T12:00:00Z`: Nova's created/updated (seconds, Z). */
export function isoSeconds(ms: number): string {
  return isoString(ms).slice(0, 19) + "Z";
}

type Digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
/** The units parseDuration reads after the number; none is ms. */
type DurationUnit = "ms" | "s" | "m" | "h" | "d";

/**
 * The strings parseDuration takes, as a type: digits, an optional fraction, an optional unit (`250`, `90s`,
 * `1.5h`). `${number}` alone would let in `-5s`, `.5s`, `5.s` and `5 m`, which the parser refuses: the
 * string must also start with a digit and have a digit before its unit. What the type still lets through
 * are the number literals JavaScript has beyond decimals (`1e3s`, `0x10`); the parser answers those 400.
 */
export type DurationString = (`${number}` | `${number}${DurationUnit}`) & `${Digit}${string}` & (`${string}${Digit}` | `${string}${Digit}${DurationUnit}`);

/** A duration as the control API takes it: ms, or a DurationString. */
export type Duration = number | DurationString;

/**
 * The control API's duration fields: any number or string at the edge, as before (parseDuration's 400
 * names what a duration is), typed as a Duration so the typed client is held to what parses.
 */
export const durationSchema = () => z.union([z.number(), z.string()]) as z.ZodType<number | string, Duration>;

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
