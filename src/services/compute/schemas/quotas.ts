// Request body of PUT /os-quota-sets/{project_id} (nova/api/openstack/compute/schemas/quota_sets.py): any
// subset of the limits, each an integer from -1 (unlimited); `force` skips the check against usage. The
// network keys are refused from 2.36 and the injected-file keys from 2.57.

import * as z from "zod";
import { COMPUTE_QUOTA_KEYS, type ComputeQuotaKey } from "../state.js";
import type { Microversion } from "../microversion.js";
import { novaBool, novaInt } from "./parameter-types.js";

/** Nova-network's keys: shown (as -1) and accepted (and ignored) only before 2.36. */
export const NETWORK_QUOTA_KEYS = ["floating_ips", "fixed_ips", "security_groups", "security_group_rules"] as const;
export const INJECTED_QUOTA_KEYS = ["injected_files", "injected_file_content_bytes", "injected_file_path_bytes"] as const;

/** The limits a quota set shows at a microversion, in Nova's order. */
export function quotaKeys(mv: Microversion): ComputeQuotaKey[] {
  return COMPUTE_QUOTA_KEYS.filter((k) => mv < 57 || !(INJECTED_QUOTA_KEYS as readonly string[]).includes(k));
}

const limit = novaInt(-1).optional();

export function quotaUpdateSchema(mv: Microversion) {
  const keys: string[] = [...quotaKeys(mv), ...(mv < 36 ? NETWORK_QUOTA_KEYS : [])];
  return z.strictObject({
    quota_set: z.strictObject({ ...Object.fromEntries(keys.map((k) => [k, limit])), force: novaBool.optional() }),
  });
}
export type QuotaUpdateBody = Partial<Record<string, number>> & { force?: boolean };
