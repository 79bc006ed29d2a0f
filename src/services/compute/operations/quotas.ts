// Compute quotas (nova/api/openstack/compute/quota_sets.py, nova/quota.py): effective limits (defaults
// overlaid by a project's own), usage (instances, cores and RAM from the counters servers keep; key pairs per
// user; server groups per project), the checks creates make (413 entityTooLarge), updates.

import { dictGet, dictSet } from "../../../kernel/store/dict.js";
import { filter, get, put, remove } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import { COMPUTE_QUOTA_KEYS, DEFAULT_COMPUTE_QUOTAS, type ComputeQuotaKey, type ComputeQuotas, type ComputeState } from "../state.js";
import { badRequest, forbidden, quotaExceeded } from "../errors.js";

export type InstanceUsage = { instances: number; cores: number; ram: number };

export function effectiveQuotas(s: ComputeState, projectId: string): ComputeQuotas {
  const own = get(s.quotas, projectId)?.limits ?? {};
  return Object.fromEntries(COMPUTE_QUOTA_KEYS.map((k) => [k, own[k] ?? DEFAULT_COMPUTE_QUOTAS[k]])) as ComputeQuotas;
}

export function instanceUsage(s: ComputeState, projectId: string): InstanceUsage {
  return dictGet(s.usage, projectId) ?? { instances: 0, cores: 0, ram: 0 };
}

/** What a project (and, for key pairs, a user) uses of each quota. */
export function quotaUsage(s: ComputeState, projectId: string, userId: string | undefined): Record<ComputeQuotaKey, number> {
  const used = Object.fromEntries(COMPUTE_QUOTA_KEYS.map((k) => [k, 0])) as Record<ComputeQuotaKey, number>;
  Object.assign(used, instanceUsage(s, projectId));
  used.server_groups = filter(s.serverGroups, (g) => g.projectId === projectId).length;
  if (userId) used.key_pairs = filter(s.keypairs, (k) => k.userId === userId).length;
  return used;
}

/**
 * Throws 413 entityTooLarge when adding `requested` would take the project past a limit (-1 is unlimited);
 * instances first, then cores, then RAM, as Nova reports them. Zero and negative deltas always pass.
 */
export function checkInstanceQuota(s: ComputeState, projectId: string, requested: Partial<InstanceUsage>): void {
  const limits = effectiveQuotas(s, projectId);
  const used = instanceUsage(s, projectId);
  for (const key of ["instances", "cores", "ram"] as const) {
    const want = requested[key] ?? 0;
    if (want <= 0 || limits[key] < 0) continue;
    if (used[key] + want > limits[key]) throw quotaExceeded(key, want, used[key], limits[key]);
  }
}

/** Adds a (possibly negative) delta to a project's instance counters. */
export function addInstanceUsage(s: ComputeState, projectId: string, delta: Partial<InstanceUsage>): void {
  const now = instanceUsage(s, projectId);
  dictSet(s.usage, projectId, {
    instances: Math.max(0, now.instances + (delta.instances ?? 0)),
    cores: Math.max(0, now.cores + (delta.cores ?? 0)),
    ram: Math.max(0, now.ram + (delta.ram ?? 0)),
  });
}

/** One more of a counted resource (key_pairs per user, server_groups per project) must fit its limit. */
export function checkCountQuota(s: ComputeState, projectId: string, key: "key_pairs" | "server_groups" | "server_group_members", used: number): void {
  const limit = effectiveQuotas(s, projectId)[key];
  if (limit >= 0 && used + 1 > limit) throw quotaExceeded(key, 1, used, limit);
}

/** A project reads its own quotas; anyone else's takes an admin (403). */
export function assertMayRead(caller: Caller, projectId: string): void {
  if (!caller.isAdmin && caller.projectId !== projectId) throw forbidden();
}

/**
 * Sets some limits for a project. Without `force`, a limit below what the project already uses is 400
 * (Nova: "Quota limit 1 for instances must be greater than or equal to already used and reserved 2.").
 */
export function updateQuotas(s: ComputeState, projectId: string, userId: string | undefined, limits: Partial<ComputeQuotas>, force: boolean): ComputeQuotas {
  const used = quotaUsage(s, projectId, userId);
  const entries = Object.entries(limits).filter((e): e is [ComputeQuotaKey, number] => e[1] !== undefined);
  if (!force) {
    for (const [key, limit] of entries) {
      if (limit >= 0 && used[key] > limit) {
        throw badRequest(`Quota limit ${limit} for ${key} must be greater than or equal to already used and reserved ${used[key]}.`);
      }
    }
  }
  const own = { ...(get(s.quotas, projectId)?.limits ?? {}) };
  for (const [key, limit] of entries) own[key] = limit;
  put(s.quotas, { id: projectId, limits: own });
  return effectiveQuotas(s, projectId);
}

/** Back to the defaults. */
export function deleteQuotas(s: ComputeState, projectId: string): void {
  remove(s.quotas, projectId);
}
