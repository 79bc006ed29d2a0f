// Block storage's part of a tenant (POST /_emulator/tenants `quotas["block-storage"]`): the project's own limits.

import type { TenantHooks } from "../../kernel/service.js";
import { BLOCK_STORAGE_QUOTA_KEYS, type BlockStorageState } from "./state.js";
import { updateQuotas } from "./operations/quotas.js";

export const blockStorageTenants: TenantHooks<BlockStorageState> = {
  quotaKeys: BLOCK_STORAGE_QUOTA_KEYS,
  setQuotas: (s, projectId, limits) => updateQuotas(s, projectId, limits),
};
