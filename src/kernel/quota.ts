// Quota mechanics every service shares: declared resources and their defaults, per-project overrides (rows
// of { id: project, limits } in the service's slice), usage counted by the service, the check a create makes
// (raising the service's own error), and the limit / in_use / reserved shape quota APIs render from.

import { dictGet, dictSet, type Dict } from "./store/dict.js";
import { get, peek, put, remove, scan, type Table } from "./store/table.js";

export type Limits<K extends string> = Record<K, number>;

/** A project's own limits; resources it does not name take the defaults. */
export interface QuotaOverride<K extends string> {
  id: string;
  limits: Partial<Limits<K>>;
}

/** One resource of a project, as the quota detail APIs report it (Nova's shape; Neutron renames in_use). */
export interface QuotaDetail {
  limit: number;
  in_use: number;
  reserved: number;
}

export interface QuotaDeclaration<K extends string, S> {
  /** every resource the quota API reports, in its wire order */
  resources: readonly K[];
  defaults: Limits<K>;
  /** where the slice keeps per-project overrides */
  overrides: (s: S) => Table<QuotaOverride<K>>;
  /** what a project uses of a resource (0 for what the service does not count); kept O(1) by the service */
  used: (s: S, projectId: string, resource: K) => number;
  /** the service's own over-quota error */
  exceeded: (resource: K, requested: number, used: number, limit: number) => Error;
}

/** A service's quotas: it declares, the kernel keeps the mechanics. -1 is unlimited everywhere. */
export class Quotas<K extends string, S> {
  constructor(readonly declared: QuotaDeclaration<K, S>) {}

  limit(s: S, projectId: string, resource: K): number {
    return peek(this.declared.overrides(s), projectId)?.limits[resource] ?? this.declared.defaults[resource];
  }

  /** The limits in force for a project: its own where set, the defaults elsewhere. */
  limits(s: S, projectId: string): Limits<K> {
    const own = peek(this.declared.overrides(s), projectId)?.limits;
    const out = {} as Limits<K>;
    for (const k of this.declared.resources) out[k] = own?.[k] ?? this.declared.defaults[k];
    return out;
  }

  defaults(): Limits<K> {
    const out = {} as Limits<K>;
    for (const k of this.declared.resources) out[k] = this.declared.defaults[k];
    return out;
  }

  /**
   * Throws the service's error when `delta` more would take the project past its limit. `used` defaults to
   * the declared count; a caller passes its own for a count of its scope (key pairs per user, members of a
   * group, items in one request).
   */
  check(s: S, projectId: string, resource: K, delta = 1, used = this.declared.used(s, projectId, resource)): void {
    const limit = this.limit(s, projectId, resource);
    if (limit >= 0 && used + delta > limit) throw this.declared.exceeded(resource, delta, used, limit);
  }

  /** limit, in_use and reserved (always 0: nothing here reserves ahead of a commit) for every resource. */
  details(s: S, projectId: string): Record<K, QuotaDetail> {
    const limits = this.limits(s, projectId);
    const out = {} as Record<K, QuotaDetail>;
    for (const k of this.declared.resources) out[k] = { limit: limits[k], in_use: this.declared.used(s, projectId, k), reserved: 0 };
    return out;
  }

  /**
   * The first of `limits` set below what the project uses (-1 never is), for the service's 400; `used`
   * replaces the declared count (Nova counts key pairs of the user named in the request).
   */
  belowUsage(
    s: S,
    projectId: string,
    limits: Partial<Limits<K>>,
    used: (resource: K) => number = (k) => this.declared.used(s, projectId, k),
  ): { resource: K; limit: number; used: number } | undefined {
    for (const [resource, limit] of this.#entries(limits)) {
      const inUse = used(resource);
      if (limit >= 0 && inUse > limit) return { resource, limit, used: inUse };
    }
    return undefined;
  }

  /** Overlays some limits on the project's own; returns the resources named. */
  set(s: S, projectId: string, limits: Partial<Limits<K>>): K[] {
    const table = this.declared.overrides(s);
    const entries = this.#entries(limits);
    const own: Partial<Limits<K>> = { ...get(table, projectId)?.limits };
    for (const [k, limit] of entries) own[k] = limit;
    put(table, { id: projectId, limits: own });
    return entries.map(([k]) => k);
  }

  /** Back to the defaults; false when the project had no limits of its own. */
  delete(s: S, projectId: string): boolean {
    return remove(this.declared.overrides(s), projectId) !== undefined;
  }

  /** Projects with limits of their own, in the order they were first set. */
  *projects(s: S): Generator<string> {
    for (const row of scan(this.declared.overrides(s))) yield row.id;
  }

  #entries(limits: Partial<Limits<K>>): Array<[K, number]> {
    return (Object.entries(limits) as Array<[K, number | undefined]>).filter((e): e is [K, number] => e[1] !== undefined);
  }
}

/**
 * Adds a (possibly negative) count to a project's usage counter, never below 0: the counters services keep
 * so a check never counts a collection. A release on a project with no counters is a no-op.
 */
export function addUsage<K extends string>(usage: Dict<Partial<Record<K, number>>>, projectId: string, resource: K, delta: number): void {
  const counters = dictGet(usage, projectId);
  if (counters) counters[resource] = Math.max(0, (counters[resource] ?? 0) + delta);
  else if (delta > 0) dictSet(usage, projectId, { [resource]: delta } as Partial<Record<K, number>>);
}
