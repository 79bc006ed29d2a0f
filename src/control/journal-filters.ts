// The journals' filters, shared by their lists (journals.ts) and their live tails (journal-streams.ts).

import type { Ctx } from "../kernel/http/context.js";
import type { RequestRecord as KernelRecord } from "../kernel/request-journal.js";
import { ApiError } from "../kernel/errors.js";
import { compileGlob } from "../kernel/glob.js";

type EventEntry = { type: string; payload: Record<string, unknown> };
type Filter<T> = ((entry: T) => boolean) | undefined;

/** Both filters of a list, one test: undefined when the query sets none. */
const all = <T>(...tests: Array<Filter<T>>): Filter<T> => {
  const set = tests.filter((t): t is (entry: T) => boolean => t !== undefined);
  return set.length === 0 ? undefined : (entry) => set.every((t) => t(entry));
};

/**
 * The events a query asks for: `type`, an exact type or a glob (`identity.*`, `compute.*.error`: `*` matches
 * across dots); `service`, the type's first part; `project`, the payload's projectId.
 */
export function eventFilter(c: Ctx): Filter<EventEntry> {
  const [type, service, project] = given(c, "type", "service", "project");
  const pattern = type === undefined ? undefined : compileGlob(type, true);
  return all<EventEntry>(
    pattern && ((e) => pattern.test(e.type)),
    service === undefined ? undefined : (e) => e.type.startsWith(`${service}.`),
    project === undefined ? undefined : (e) => e.payload.projectId === project,
  );
}

/** The requests a query asks for: `service`, `project`, `method`, and `status` (`404`, or a class: `5xx`). */
export function requestFilter(c: Ctx): Filter<KernelRecord> {
  const [service, project, method, status] = given(c, "service", "project", "method", "status");
  if (status !== undefined && !/^[1-5](\d\d|xx)$/i.test(status)) throw new ApiError(400, undefined, `status is a status code (404) or a class (5xx), not ${JSON.stringify(status)}.`);
  const statusTest = status === undefined ? undefined : /xx$/i.test(status) ? (s: number) => Math.floor(s / 100) === Number(status[0]) : (s: number) => s === Number(status);
  return all<KernelRecord>(
    service === undefined ? undefined : (r) => r.service === service,
    project === undefined ? undefined : (r) => r.project === project,
    method === undefined ? undefined : (r) => r.method === method.toUpperCase(),
    statusTest && ((r) => statusTest(r.status)),
  );
}

/** A request as the control API shows it: `at` as ISO time. */
export const requestView = <R extends { at: number }>(r: R) => ({ ...r, at: new Date(Math.floor(r.at)).toISOString() });

/** The query parameters' values, an empty one as absent (a form's blank field). */
function given(c: Ctx, ...names: string[]): Array<string | undefined> {
  return names.map((name) => c.req.query(name) || undefined);
}
