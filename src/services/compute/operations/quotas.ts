// Compute quotas (nova/api/openstack/compute/quota_sets.py, nova/quota.py): Nova's resources and defaults
// declared on the kernel's quotas (overrides, checks: 413 entityTooLarge); usage (instances, cores and RAM
// from the counters servers keep; key pairs per user; server groups per project); updates.

import { dictGet, dictPeek, dictSet } from "../../../kernel/store/dict.js";
import { filter, get, peek, put } from "../../../kernel/store/table.js";
import { Quotas } from "../../../kernel/quota.js";
import type { Caller } from "../../../kernel/operation.js";
import { COMPUTE_QUOTA_KEYS, DEFAULT_COMPUTE_QUOTAS, type ComputeQuotaKey, type ComputeQuotas, type ComputeState } from "../state.js";
import { badRequest, forbidden, quotaExceeded } from "../errors.js";

export type InstanceUsage = { instances: number; cores: number; ram: number };

/** Project-scoped usage; key pairs are a user's, so they count only where a caller names the user. */
function projectUsed(s: ComputeState, projectId: string, key: ComputeQuotaKey): number {
  switch (key) {
    case "instances":
    case "cores":
    case "ram":
      return instanceUsage(s, projectId)[key];
    case "server_groups":
      return filter(s.serverGroups, (g) => g.projectId === projectId).length;
    default:
      return 0;
  }
}

/** The kernel's quotas, with the defaults the `default` quota class may change (Nova's quota driver reads it). */
class ComputeQuotaSet extends Quotas<ComputeQuotaKey, ComputeState> {
  override limit(s: ComputeState, projectId: string, resource: ComputeQuotaKey): number {
    return peek(s.quotas, projectId)?.limits[resource] ?? peek(s.quotaClasses, DEFAULT_CLASS)?.limits[resource] ?? DEFAULT_COMPUTE_QUOTAS[resource];
  }

  override limits(s: ComputeState, projectId: string): ComputeQuotas {
    return effectiveQuotas(s, projectId);
  }
}

export const computeQuotas = new ComputeQuotaSet({
  resources: COMPUTE_QUOTA_KEYS,
  defaults: DEFAULT_COMPUTE_QUOTAS,
  overrides: (s) => s.quotas,
  used: projectUsed,
  exceeded: quotaExceeded,
});

/** The defaults in force: Nova's, under what the `default` quota class sets (os-quota-class-sets). */
export function defaultQuotas(s: ComputeState): ComputeQuotas {
  return { ...DEFAULT_COMPUTE_QUOTAS, ...get(s.quotaClasses, DEFAULT_CLASS)?.limits };
}

export const DEFAULT_CLASS = "default";

export function effectiveQuotas(s: ComputeState, projectId: string): ComputeQuotas {
  const own = get(s.quotas, projectId)?.limits;
  return { ...defaultQuotas(s), ...own };
}

/** nova-network's quotas as a class shows them before 2.50 (Nova's configured defaults; nothing counts them). */
export const NETWORK_CLASS_QUOTAS: Readonly<Record<string, number>> = { floating_ips: 10, fixed_ips: -1, security_groups: 10, security_group_rules: 20 };

/** PUT /os-quota-class-sets/{class}: any class may be set; Nova applies only `default`. */
export function updateQuotaClass(s: ComputeState, name: string, limits: Partial<ComputeQuotas>, network: Record<string, number> = {}): ComputeQuotas {
  const now = get(s.quotaClasses, name);
  put(s.quotaClasses, { id: name, limits: { ...now?.limits, ...limits }, network: { ...now?.network, ...network } });
  return quotaClass(s, name);
}

export function quotaClass(s: ComputeState, name: string): ComputeQuotas {
  return { ...DEFAULT_COMPUTE_QUOTAS, ...get(s.quotaClasses, name)?.limits };
}

/** A class's nova-network limits: the defaults and what was set. */
export function quotaClassNetwork(s: ComputeState, name: string): Record<string, number> {
  return { ...NETWORK_CLASS_QUOTAS, ...get(s.quotaClasses, name)?.network };
}

export function instanceUsage(s: ComputeState, projectId: string): Readonly<InstanceUsage> {
  // a read: addInstanceUsage writes a new record
  return dictPeek(s.usage, projectId) ?? { instances: 0, cores: 0, ram: 0 };
}

/** What a project (and, for key pairs, a user) uses of each quota. */
export function quotaUsage(s: ComputeState, projectId: string, userId: string | undefined): Record<ComputeQuotaKey, number> {
  const used = Object.fromEntries(COMPUTE_QUOTA_KEYS.map((k) => [k, 0])) as Record<ComputeQuotaKey, number>;
  Object.assign(used, instanceUsage(s, projectId));
  used.server_groups = projectUsed(s, projectId, "server_groups");
  if (userId) used.key_pairs = filter(s.keypairs, (k) => k.userId === userId).length;
  return used;
}

/**
 * Throws 413 entityTooLarge when adding `requested` would take the project past a limit (-1 is unlimited);
 * instances first, then cores, then RAM, as Nova reports them. Zero and negative deltas always pass.
 */
export function checkInstanceQuota(s: ComputeState, projectId: string, requested: Partial<InstanceUsage>): void {
  const used = instanceUsage(s, projectId);
  for (const key of ["instances", "cores", "ram"] as const) {
    const want = requested[key] ?? 0;
    if (want > 0) computeQuotas.check(s, projectId, key, want, used[key]);
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

/** A project reads its own quotas; anyone else's takes an admin (403). */
export function assertMayRead(caller: Caller, projectId: string): void {
  if (!caller.isAdmin && caller.projectId !== projectId) throw forbidden();
}

/**
 * Sets some limits for a project. Without `force`, a limit below what the project already uses is 400
 * (Nova: "Quota limit 1 for instances must be greater than or equal to already used and reserved 2.").
 */
export function updateQuotas(s: ComputeState, projectId: string, userId: string | undefined, limits: Partial<ComputeQuotas>, force: boolean): ComputeQuotas {
  if (!force) {
    const used = quotaUsage(s, projectId, userId);
    const below = computeQuotas.belowUsage(s, projectId, limits, (k) => used[k]);
    if (below) throw badRequest(`Quota limit ${below.limit} for ${below.resource} must be greater than or equal to already used and reserved ${below.used}.`);
  }
  computeQuotas.set(s, projectId, limits);
  return effectiveQuotas(s, projectId);
}

/** Back to the defaults. */
export function deleteQuotas(s: ComputeState, projectId: string): void {
  computeQuotas.delete(s, projectId);
}
