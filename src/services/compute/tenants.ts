// Compute's part of a tenant (POST /_emulator/tenants) and of its teardown: the project's own quota limits,
// and the key pairs of the users a teardown removes (Nova scopes key pairs per user).

import { filter, remove } from "../../kernel/store/table.js";
import type { TenantHooks } from "../../kernel/service.js";
import { COMPUTE_QUOTA_KEYS, type ComputeQuotas, type ComputeState } from "./state.js";
import { updateQuotas } from "./operations/quotas.js";

export const computeTenants: TenantHooks<ComputeState> = {
  quotaKeys: COMPUTE_QUOTA_KEYS,
  setQuotas: (s, projectId, limits) => updateQuotas(s, projectId, undefined, limits as Partial<ComputeQuotas>, true),
  dropUsers(s, userIds) {
    if (userIds.length === 0) return;
    const users = new Set(userIds);
    for (const k of filter(s.keypairs, (k) => users.has(k.userId))) remove(s.keypairs, k.id);
  },
};
