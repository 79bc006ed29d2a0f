// The resources Neutron's quotas report (neutron/extensions/quotasv2.py) and their defaults, declared on the
// kernel's quotas: what reserveQuota (common.ts) checks against and what quota management (quotas.ts) reads.

import { Quotas } from "../../../kernel/quota.js";
import { overQuota } from "../errors.js";
import { DEFAULT_QUOTAS, QUOTA_RESOURCES, quotaUsed, type NetworkingState, type QuotaResource } from "../state.js";
import { QUOTA_KEYS, type QuotaKey } from "../schemas/quotas.js";

const counted = (key: QuotaKey): key is QuotaResource => (QUOTA_RESOURCES as readonly string[]).includes(key);

/** Neutron's quotas; RBAC policies and subnet pools are reported but not emulated, so never counted. */
export const networkingQuotas = new Quotas<QuotaKey, NetworkingState>({
  resources: QUOTA_KEYS,
  defaults: { ...DEFAULT_QUOTAS, rbac_policy: 10, subnetpool: -1 },
  overrides: (s) => s.quotas,
  used: (s, projectId, key) => (counted(key) ? quotaUsed(s, projectId, key) : 0),
  exceeded: (resource) => overQuota(resource),
});
