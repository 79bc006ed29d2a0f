// Quota management (neutron/extensions/quotasv2.py with the DB driver): effective limits per project
// (defaults overlaid by the project's own), usage from the counters reserveQuota keeps, updates (with
// Neutron's optional check_limit) and reset to defaults.

import { get, put, remove, scan } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import { httpBadRequest, policyNotAuthorized, tenantQuotaNotFound } from "../errors.js";
import { DEFAULT_QUOTAS, QUOTA_RESOURCES, quotaUsed, type NetworkingState, type ProjectQuota, type QuotaResource } from "../state.js";
import type { NetworkingContext } from "./common.js";
import { QUOTA_KEYS, type QuotaKey } from "../schemas/quotas.js";

/** Resources Neutron reports that nothing here counts: RBAC policies and subnet pools are not emulated. */
const UNCOUNTED_DEFAULTS: Record<Exclude<QuotaKey, QuotaResource>, number> = { rbac_policy: 10, subnetpool: -1 };

const defaultOf = (key: QuotaKey): number => (key in DEFAULT_QUOTAS ? DEFAULT_QUOTAS[key as QuotaResource] : UNCOUNTED_DEFAULTS[key as keyof typeof UNCOUNTED_DEFAULTS]);
const counted = (key: QuotaKey): key is QuotaResource => (QUOTA_RESOURCES as readonly string[]).includes(key);

export type QuotaSet = Record<QuotaKey, number>;

export function defaultQuotas(): QuotaSet {
  return Object.fromEntries(QUOTA_KEYS.map((k) => [k, defaultOf(k)])) as QuotaSet;
}

/** The limits in force for a project: its own where set, the defaults elsewhere. */
export function effectiveQuotas(s: NetworkingState, projectId: string): QuotaSet {
  const own = (get(s.quotas, projectId)?.limits ?? {}) as Partial<QuotaSet>;
  return Object.fromEntries(QUOTA_KEYS.map((k) => [k, own[k] ?? defaultOf(k)])) as QuotaSet;
}

export function quotaDetails(s: NetworkingState, projectId: string): Record<QuotaKey, { used: number; limit: number; reserved: number }> {
  const limits = effectiveQuotas(s, projectId);
  return Object.fromEntries(
    QUOTA_KEYS.map((k) => [k, { used: counted(k) ? quotaUsed(s, projectId, k) : 0, limit: limits[k], reserved: 0 }]),
  ) as Record<QuotaKey, { used: number; limit: number; reserved: number }>;
}

/** Projects with limits of their own (the index an admin lists), each with its effective limits. */
export function listProjectQuotas(s: NetworkingState): Array<QuotaSet & { project_id: string; tenant_id: string }> {
  return Array.from(scan(s.quotas), (q) => ({ ...effectiveQuotas(s, q.id), project_id: q.id, tenant_id: q.id }));
}

/** A project reads its own quota; another project's takes an admin (policy get_quota). */
export function assertMayRead(caller: Caller, projectId: string): void {
  if (!caller.isAdmin && caller.projectId !== projectId) throw policyNotAuthorized("get_quota");
}

export function assertAdmin(caller: Caller, action: string): void {
  if (!caller.isAdmin) throw policyNotAuthorized(action);
}

/** Sets some limits; with checkLimit, a limit below what the project already uses is 400. */
export function updateQuotas(s: NetworkingState, ctx: NetworkingContext, projectId: string, limits: Partial<QuotaSet>, checkLimit: boolean): QuotaSet {
  assertAdmin(ctx.caller, "update_quota");
  const entries = Object.entries(limits).filter((e): e is [QuotaKey, number] => e[1] !== undefined);
  if (checkLimit) {
    for (const [key, limit] of entries) {
      const used = counted(key) ? quotaUsed(s, projectId, key) : 0;
      if (limit >= 0 && used > limit) {
        throw httpBadRequest(`Quota limit ${limit} for ${key} must be greater than or equal to already used ${used}`);
      }
    }
  }
  const current: ProjectQuota = get(s.quotas, projectId) ?? { id: projectId, limits: {} };
  const own = { ...(current.limits as Partial<QuotaSet>) };
  for (const [key, limit] of entries) own[key] = limit;
  put(s.quotas, { id: projectId, limits: own as ProjectQuota["limits"] });
  ctx.tx.emit("networking.quota.updated", { projectId, fields: entries.map(([k]) => k) });
  return effectiveQuotas(s, projectId);
}

/** Back to the defaults; a project without limits of its own is 404, as the DB driver answers. */
export function resetQuotas(s: NetworkingState, ctx: NetworkingContext, projectId: string): void {
  assertAdmin(ctx.caller, "delete_quota");
  if (!remove(s.quotas, projectId)) throw tenantQuotaNotFound(projectId);
  ctx.tx.emit("networking.quota.deleted", { projectId });
}
