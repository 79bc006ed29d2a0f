// Quota management (neutron/extensions/quotasv2.py with the DB driver) over the quotas declared in
// quota-resources.ts: limits, details, updates (with Neutron's optional check_limit) and reset to defaults.
// Usage comes from the counters reserveQuota keeps.

import type { Limits } from "../../../kernel/quota.js";
import type { Caller } from "../../../kernel/operation.js";
import { httpBadRequest, policyNotAuthorized, tenantQuotaNotFound } from "../errors.js";
import type { NetworkingState } from "../state.js";
import type { NetworkingContext } from "./common.js";
import { QUOTA_KEYS, type QuotaKey } from "../schemas/quotas.js";
import { networkingQuotas } from "./quota-resources.js";

export type QuotaSet = Limits<QuotaKey>;

export function defaultQuotas(): QuotaSet {
  return networkingQuotas.defaults();
}

/** The limits in force for a project: its own where set, the defaults elsewhere. */
export function effectiveQuotas(s: NetworkingState, projectId: string): QuotaSet {
  return networkingQuotas.limits(s, projectId);
}

/** Neutron's detail shape: `used` where the kernel (and Nova) say `in_use`. */
export function quotaDetails(s: NetworkingState, projectId: string): Record<QuotaKey, { used: number; limit: number; reserved: number }> {
  const details = networkingQuotas.details(s, projectId);
  return Object.fromEntries(
    QUOTA_KEYS.map((k) => [k, { used: details[k].in_use, limit: details[k].limit, reserved: details[k].reserved }]),
  ) as Record<QuotaKey, { used: number; limit: number; reserved: number }>;
}

/** Projects with limits of their own (the index an admin lists), each with its effective limits. */
export function listProjectQuotas(s: NetworkingState): Array<QuotaSet & { project_id: string; tenant_id: string }> {
  return Array.from(networkingQuotas.projects(s), (id) => ({ ...effectiveQuotas(s, id), project_id: id, tenant_id: id }));
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
  const below = checkLimit ? networkingQuotas.belowUsage(s, projectId, limits) : undefined;
  if (below) throw httpBadRequest(`Quota limit ${below.limit} for ${below.resource} must be greater than or equal to already used ${below.used}`);
  const fields = networkingQuotas.set(s, projectId, limits);
  ctx.tx.emit("networking.quota.updated", { projectId, fields });
  return effectiveQuotas(s, projectId);
}

/** Back to the defaults; a project without limits of its own is 404, as the DB driver answers. */
export function resetQuotas(s: NetworkingState, ctx: NetworkingContext, projectId: string): void {
  assertAdmin(ctx.caller, "delete_quota");
  if (!networkingQuotas.delete(s, projectId)) throw tenantQuotaNotFound(projectId);
  ctx.tx.emit("networking.quota.deleted", { projectId });
}
