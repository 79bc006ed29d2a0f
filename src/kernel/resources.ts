// A service's resource kinds as the control API lists them (GET /_emulator/resources, the dashboard) and
// reads their status (advance-until): each kind names its table in the service's slice, the owning project
// and the status of a row, and the summary a listing shows. Declared as data in the service module, so a
// new service is visible in the control API without touching control/.

import { get, type Table } from "./store/table.js";

export interface ResourceKind<S = any, R extends { id: string } = any> {
  /** `<service>.<resource>`: the lifecycle type /_emulator/transitions and advance-until name */
  type: string;
  /** the kind's rows in the service's slice */
  table(slice: S): Table<R>;
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
}

/** A kind with its types checked against the slice and the row, for the module's `resources` list. */
export const resourceKind = <S, R extends { id: string }>(
  kind: { table(slice: S): Table<R> } & Omit<ResourceKind<S, NoInfer<R>>, "table">,
): ResourceKind<S, R> => kind;

/** The row `id` of a kind, read from the whole root (the service's slice at `slice`); undefined when absent. */
export function findResource(kind: ResourceKind, root: Readonly<Record<string, unknown>>, slice: string, id: string): { id: string } | undefined {
  const state = root[slice];
  return state === undefined ? undefined : get(kind.table(state), id);
}
