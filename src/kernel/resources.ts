// A service's resource kinds as the control API lists them (GET /_emulator/resources, the dashboard) and
// reads their status (advance-until) and detail: each kind names its rows in the service's slice (a table,
// or a view over nested rows), the owning project and the status of a row, the summary a listing shows and
// the detail one resource's card shows. Declared as data in the service module, so a new service is
// visible in the control API and the dashboard without touching control/ or dashboard/.

import type { Readable } from "node:stream";
import { get, has, scan, type Table } from "./store/table.js";
import type { Kernel } from "./kernel.js";

type Root = Readonly<Record<string, unknown>>;

/** Rows that live nested in a slice (object storage's containers and objects), as a listing reads them. */
export interface Rows<R> {
  readonly size: number;
  get(id: string): R | undefined;
  /** the rows in listing order, after the row `after` (from the start when undefined) */
  scan(after?: string): Iterable<R>;
}

/** A resource's bytes (an object's), for GET /_emulator/resources/{type}/{id}/content. */
export interface ResourceContent {
  body: Readable;
  size: number;
  contentType: string;
  /** the name the download is saved under */
  filename: string;
}

export interface ResourceKind<S = any, R extends { id: string } = any> {
  /** `<service>.<resource>`: the lifecycle type /_emulator/transitions and advance-until name */
  type: string;
  /** the kind's rows in the service's slice (a kind declares this or `rows`) */
  table?(slice: S): Table<R>;
  /** rows that are not one table's (nested in another resource) */
  rows?(slice: S): Rows<R>;
  /** the owning project's id; absent for kinds that belong to the cloud (hosts, flavors) */
  projectOf?(row: R): string | null;
  /** the status the API shows (`ACTIVE`, `available`); absent for kinds without one */
  statusOf?(row: R): string;
  /**
   * the status moves on the virtual clock (lifecycle steps, kernel/transitions.ts): the control API reads it
   * with the pending step (GET /_emulator/resources/{type}/{id}) and advances the clock until it shows one
   */
  lifecycle?: boolean;
  /** the row as a listing shows it: a few fields a person scans (id, name, status, project) */
  summary(row: R): Record<string, unknown>;
  /**
   * the row as one resource's card shows it (GET /_emulator/resources/{type}/{id}?detail=1): plain JSON,
   * nested objects and lists allowed, read from the whole state (`root`) through the owners' contracts.
   * Never a secret (a credential's secret, a password hash, a key): the dashboard shows it to whoever opens
   * it. The summary when absent.
   */
  detail?(row: R, root: Root): Record<string, unknown>;
  /** the row's bytes (an object's), streamed by the control API as a download; undefined when it has none */
  content?(row: R, root: Root, kernel: Kernel): ResourceContent | undefined;
}

/** A kind with its types checked against the slice and the row, for the module's `resources` list. */
export const resourceKind = <S, R extends { id: string }>(
  kind: ({ table(slice: S): Table<R> } | { rows(slice: S): Rows<R> }) & Omit<ResourceKind<S, NoInfer<R>>, "table" | "rows">,
): ResourceKind<S, R> => kind as ResourceKind<S, R>;

/** A table as Rows. */
export const tableRows = <R extends { id: string }>(table: Table<R>): Rows<R> => ({
  size: table.size,
  get: (id) => get(table, id),
  scan: (after) => scan(table, { after: after !== undefined && has(table, after) ? after : undefined }),
});

/** The kind's rows in the service's slice `state`. */
export function kindRows(kind: ResourceKind, state: unknown): Rows<{ id: string }> {
  if (kind.table) return tableRows(kind.table(state));
  if (kind.rows) return kind.rows(state);
  throw new Error(`resource kind ${kind.type} declares neither table nor rows`);
}

/** The row `id` of a kind, read from the whole root (the service's slice at `slice`); undefined when absent. */
export function findResource(kind: ResourceKind, root: Root, slice: string, id: string): { id: string } | undefined {
  const state = root[slice];
  return state === undefined ? undefined : kindRows(kind, state).get(id);
}

/** A detail's lists hold at most this many entries (a container's objects, a server's actions): a card, not a dump. */
export const DETAIL_LIST_MAX = 50;

/**
 * A row as a detail shows it: its own fields but `omit` (internal bookkeeping, and every secret or hash),
 * epoch-ms times (`createdAt`, `updatedAt`, ... any field ending in `At`) as ISO strings.
 */
export function plainDetail<R extends object>(row: R, omit: ReadonlyArray<keyof R & string> = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if ((omit as readonly string[]).includes(key)) continue;
    out[key] = key.endsWith("At") && typeof value === "number" ? isoTime(value) : value;
  }
  return out;
}

export const isoTime = (ms: number | null | undefined): string | null => (typeof ms === "number" && Number.isFinite(ms) ? new Date(ms).toISOString() : null);
