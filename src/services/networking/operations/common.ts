// Rules every networking resource shares: the operation context, standard attributes, visibility per
// project, revision bumps, and quota accounting (usage kept per project, so a quota check never counts a
// collection).

import { scan, scanGroup, type Table } from "../../../kernel/store/table.js";
import type { Ids } from "../../../kernel/ids.js";
import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { addUsage } from "../../../kernel/quota.js";
import { policyNotAuthorized } from "../errors.js";
import { quotaUsed, type NetworkingState, type QuotaResource, type Standard } from "../state.js";
import { networkingQuotas } from "./quota-resources.js";

/**
 * What a networking operation uses of the kernel's operation context. Networking has no lifecycles and
 * touches no other slice, so its seed loader can run the same operations with ids derived from names.
 */
export type NetworkingContext = Pick<OperationContext, "caller" | "now" | "tx"> & { ids: Pick<Ids, "uuid" | "hexId" | "random"> };

export function newStandard(ctx: NetworkingContext, fields: { name?: string; description?: string; projectId?: string; tags?: string[] }): Standard {
  return {
    id: ctx.ids.uuid(),
    name: fields.name ?? "",
    description: fields.description ?? "",
    projectId: fields.projectId ?? ctx.caller.projectId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    revision: 0,
    tags: fields.tags ?? [],
  };
}

/** Marks a record changed: bumps its revision and update time. */
export function touch(r: { updatedAt: number; revision: number }, now: number): void {
  r.updatedAt = now;
  r.revision++;
}

/**
 * The rows of a table grouped by project that `owns` lets the caller see, in creation order: an admin's
 * all, a member's its project's group (never walking other projects' rows).
 */
export function ownedRows<T extends { id: string; projectId: string }>(caller: Caller, table: Table<T>): Iterable<T> {
  return caller.isAdmin ? scan(table) : scanGroup(table, caller.projectId);
}

/**
 * Whether a list should read the `indexed` rows an index gives for its filter rather than what it reads
 * without one (`own`: a member's rows, however it gathers them; an admin's default is the whole table).
 * A member reads the index only when it holds no more rows than the member's own (a name or value every
 * project has would otherwise read every project's). An admin reads it when it holds at most half the
 * table: a filter most rows pass finds its page soon in a scan, which stops when the page is full, where
 * the index's rows are all read first.
 */
export function indexPays(caller: Caller, indexed: number, own: () => number, tableSize: number): boolean {
  return caller.isAdmin ? indexed * 2 <= tableSize : indexed <= own();
}

/** Non-admins see their own project's resources; admins see all. Networks add shared and external. */
export function owns(caller: Caller, r: { projectId: string }): boolean {
  return caller.isAdmin || r.projectId === caller.projectId;
}

/** Only admins may create a resource in another project (`project_id`/`tenant_id` in the body). */
export function targetProject(caller: Caller, requested: string | undefined): string {
  if (requested === undefined || requested === caller.projectId) return caller.projectId;
  if (!caller.isAdmin) throw policyNotAuthorized("create a resource in another project");
  return requested;
}

/** Counts `count` more of a resource, or throws OverQuota (409) when they would pass the project's limit. */
export function reserveQuota(s: NetworkingState, projectId: string, resource: QuotaResource, count = 1): void {
  networkingQuotas.check(s, projectId, resource, count, quotaUsed(s, projectId, resource));
  addUsage(s.usage, projectId, resource, count);
}

export function releaseQuota(s: NetworkingState, projectId: string, resource: QuotaResource, count = 1): void {
  addUsage(s.usage, projectId, resource, -count);
}
