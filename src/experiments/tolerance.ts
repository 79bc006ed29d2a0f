// Whether a probe's response meets its tolerance (status, a selector's values against an expected value, a
// range or a count), and what it saw, in words a report can quote.

import type { Tolerance } from "./schema.js";
import { select } from "./select.js";

export interface Seen {
  status: number;
  /** the selected values, when the tolerance selects: the first 10, a resource shown by its id, name and status */
  values?: unknown[];
  /** how many values the selector reached */
  count?: number;
}

export interface Verdict {
  ok: boolean;
  seen: Seen;
  /** why it failed, in plain words */
  reason?: string;
}

export function checkTolerance(tolerance: Tolerance | undefined, status: number, body: unknown): Verdict {
  const seen: Seen = { status };
  const fail = (reason: string): Verdict => ({ ok: false, seen, reason });
  const statuses = tolerance?.status === undefined ? undefined : [tolerance.status].flat();
  if (statuses ? !statuses.includes(status) : status < 200 || status > 299) {
    return fail(`status ${status}, expected ${statuses ? statuses.join(" or ") : "2xx"}`);
  }
  if (tolerance?.select === undefined) return { ok: true, seen };
  const values = select(body, tolerance.select);
  seen.values = values.slice(0, 10).map(brief);
  seen.count = values.length;
  const { equals, range, count } = tolerance;
  if (count !== undefined) {
    const [min, max] = typeof count === "number" ? [count, count] : [count.min ?? 0, count.max ?? Infinity];
    if (values.length < min || values.length > max) return fail(`${tolerance.select} reached ${values.length} value(s), expected ${min === max ? min : `${min}..${max === Infinity ? "" : max}`}`);
  }
  if (equals !== undefined) {
    if (values.length === 0) return fail(`${tolerance.select} reached nothing, expected ${JSON.stringify(equals)}`);
    const other = values.find((v) => JSON.stringify(v) !== JSON.stringify(equals));
    if (other !== undefined) return fail(`${tolerance.select} was ${JSON.stringify(other)}, expected ${JSON.stringify(equals)}`);
  }
  if (range !== undefined) {
    if (values.length === 0) return fail(`${tolerance.select} reached nothing, expected a number in [${range[0]}, ${range[1]}]`);
    const out = values.find((v) => typeof v !== "number" || v < range[0] || v > range[1]);
    if (out !== undefined) return fail(`${tolerance.select} was ${JSON.stringify(out)}, expected a number in [${range[0]}, ${range[1]}]`);
  }
  return { ok: true, seen };
}

const SHOWN = ["id", "notification_uuid", "name", "status", "host_status", "state"];

/** a resource as a report shows it: its id, name and status fields; other values as they are */
function brief(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const shown = Object.fromEntries(SHOWN.filter((k) => Object.hasOwn(record, k)).map((k) => [k, record[k]]));
  return Object.keys(shown).length > 0 ? shown : value;
}
