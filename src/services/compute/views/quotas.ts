// Quota sets and limits (nova/api/openstack/compute/quota_sets.py, views/limits.py): a set per
// microversion (network keys before 2.36, injected-file keys before 2.57), `/detail` as
// {in_use, limit, reserved}, and /limits' absolute values.

import type { ComputeQuotaKey, ComputeQuotas } from "../state.js";
import type { Microversion } from "../microversion.js";
import { NETWORK_QUOTA_KEYS, quotaKeys } from "../schemas/quotas.js";

export function quotaSetView(limits: ComputeQuotas, mv: Microversion, id?: string): Record<string, unknown> {
  const view: Record<string, unknown> = id === undefined ? {} : { id };
  for (const k of quotaKeys(mv)) view[k] = limits[k];
  if (mv < 36) for (const k of NETWORK_QUOTA_KEYS) view[k] = -1;
  return view;
}

export function quotaDetailView(limits: ComputeQuotas, used: Record<ComputeQuotaKey, number>, mv: Microversion, id: string): Record<string, unknown> {
  const view: Record<string, unknown> = { id };
  for (const k of quotaKeys(mv)) view[k] = { in_use: used[k], limit: limits[k], reserved: 0 };
  if (mv < 36) for (const k of NETWORK_QUOTA_KEYS) view[k] = { in_use: 0, limit: -1, reserved: 0 };
  return view;
}

export function limitsView(limits: ComputeQuotas, used: Record<ComputeQuotaKey, number>, mv: Microversion): Record<string, unknown> {
  const absolute: Record<string, number> = {
    maxServerMeta: limits.metadata_items,
    maxTotalInstances: limits.instances,
    maxTotalKeypairs: limits.key_pairs,
    maxTotalCores: limits.cores,
    maxTotalRAMSize: limits.ram,
    maxServerGroups: limits.server_groups,
    maxServerGroupMembers: limits.server_group_members,
    totalInstancesUsed: used.instances,
    totalCoresUsed: used.cores,
    totalRAMUsed: used.ram,
    totalServerGroupsUsed: used.server_groups,
  };
  if (mv < 39) absolute.maxImageMeta = limits.metadata_items;
  if (mv < 57) {
    absolute.maxPersonality = limits.injected_files;
    absolute.maxPersonalitySize = limits.injected_file_content_bytes;
  }
  if (mv < 36) {
    Object.assign(absolute, { maxSecurityGroups: -1, maxSecurityGroupRules: -1, maxTotalFloatingIps: -1, totalSecurityGroupsUsed: 0, totalFloatingIpsUsed: 0 });
  }
  return { limits: { rate: [], absolute } };
}
