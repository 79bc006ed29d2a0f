// Cinder's quotas: the fixed resources (volumes, snapshots, gigabytes, backups, backup_gigabytes, groups,
// per_volume_gigabytes) and per volume type `volumes_<type>`, `gigabytes_<type>`, `snapshots_<type>` (-1 by
// default). Usage is kept in counters (s.usage) that every create and delete moves, so a check never counts.

import { addUsage } from "../../../kernel/quota.js";
import { dictGet } from "../../../kernel/store/dict.js";
import { get, put, remove, values } from "../../../kernel/store/table.js";
import { own } from "../../../kernel/own.js";
import { backupLimitExceeded, groupLimitExceeded, overQuota, snapshotLimitExceeded, volumeBackupSizeExceedsAvailableQuota, volumeLimitExceeded, volumeSizeExceedsAvailableQuota, invalidInput, badRequest } from "../errors.js";
import { BLOCK_STORAGE_QUOTA_KEYS, DEFAULT_BLOCK_STORAGE_QUOTAS, type BlockStorageState } from "../state.js";

/** Resources counted per volume type. */
export const PER_TYPE = ["volumes", "gigabytes", "snapshots"] as const;

export const typeKey = (resource: string, typeName: string) => `${resource}_${typeName}`;

/** Every quota key in wire order: the fixed ones, then each type's. */
export function quotaKeys(s: BlockStorageState): string[] {
  const perType = values(s.volumeTypes).flatMap((t) => PER_TYPE.map((r) => typeKey(r, t.name)));
  return [...BLOCK_STORAGE_QUOTA_KEYS, ...perType];
}

/** A project's default for `key`: the `default` quota class's, else the configured one (-1 per type). */
export function defaultLimit(s: BlockStorageState, key: string): number {
  return classLimit(s, "default", key);
}

/** A quota class's limit for `key`: its own, else the default class's, else the configured one. */
export function classLimit(s: BlockStorageState, quotaClass: string, key: string): number {
  const own_ = (name: string) => {
    const set = s.quotaClasses && own(s.quotaClasses, name);
    return set ? own(set, key) : undefined;
  };
  return own_(quotaClass) ?? own_("default") ?? own<number>(DEFAULT_BLOCK_STORAGE_QUOTAS, key) ?? -1;
}

/** PUT /os-quota-class-sets/{class}: the given limits kept for the class (keys already checked). */
export function updateQuotaClass(s: BlockStorageState, quotaClass: string, changes: Record<string, number>): void {
  const classes = s.quotaClasses ?? {};
  // built by spreads: the class is a name from the path (kernel/own.ts)
  s.quotaClasses = { ...classes, ...Object.fromEntries([[quotaClass, { ...own(classes, quotaClass), ...changes }]]) };
}

export function limitOf(s: BlockStorageState, projectId: string, key: string): number {
  const limits = get(s.quotas, projectId)?.limits;
  return (limits && own(limits, key)) ?? defaultLimit(s, key);
}

export function usedOf(s: BlockStorageState, projectId: string, key: string): number {
  const counters = dictGet(s.usage, projectId);
  return (counters && own(counters, key)) ?? 0;
}

/** Moves a counter (and its per-type twin when a type is named). */
export function useQuota(s: BlockStorageState, projectId: string, resource: string, delta: number, typeName?: string): void {
  if (delta === 0) return;
  addUsage(s.usage, projectId, resource, delta);
  if (typeName !== undefined && (PER_TYPE as readonly string[]).includes(resource)) addUsage(s.usage, projectId, typeKey(resource, typeName), delta);
}

function over(s: BlockStorageState, projectId: string, key: string, delta: number): { limit: number; used: number } | undefined {
  const limit = limitOf(s, projectId, key);
  const used = usedOf(s, projectId, key);
  return limit >= 0 && used + delta > limit ? { limit, used } : undefined;
}

/**
 * Throws Cinder's 413 when `delta` more of `resource` (and of its per-type key) would pass the limit:
 * VolumeSizeExceedsAvailableQuota for gigabytes, VolumeLimitExceeded for volumes, OverQuota otherwise.
 */
export function checkQuota(s: BlockStorageState, projectId: string, resource: string, delta: number, typeName?: string): void {
  if (delta <= 0) return;
  const keys = [resource, ...(typeName !== undefined && (PER_TYPE as readonly string[]).includes(resource) ? [typeKey(resource, typeName)] : [])];
  for (const key of keys) {
    const hit = over(s, projectId, key, delta);
    if (!hit) continue;
    // per-type keys (`gigabytes_ssd`) fail as their resource does
    const is = (name: string) => key === name || key.startsWith(`${name}_`);
    if (is("gigabytes")) throw volumeSizeExceedsAvailableQuota(delta, hit.used, hit.limit, key);
    if (is("volumes")) throw volumeLimitExceeded(hit.limit, key);
    if (is("snapshots")) throw snapshotLimitExceeded(hit.limit);
    if (key === "backups") throw backupLimitExceeded(hit.limit);
    if (key === "groups") throw groupLimitExceeded(hit.limit);
    if (key === "backup_gigabytes") throw volumeBackupSizeExceedsAvailableQuota(delta, hit.used, hit.limit);
    throw overQuota(key, delta, hit.used, hit.limit);
  }
}

/** What creating (or growing by) a volume of `size` GB needs: the per-volume size limit, then counts and gigabytes. */
export function checkVolumeQuota(s: BlockStorageState, projectId: string, typeName: string, count: number, size: number, newSize = size): void {
  const perVolume = limitOf(s, projectId, "per_volume_gigabytes");
  if (perVolume >= 0 && newSize > perVolume) {
    throw volumeSizeExceedsLimit(newSize, perVolume);
  }
  checkQuota(s, projectId, "volumes", count, typeName);
  checkQuota(s, projectId, "gigabytes", size, typeName);
}

function volumeSizeExceedsLimit(size: number, limit: number) {
  const error = volumeSizeExceedsAvailableQuota(size, 0, limit);
  return Object.assign(error, { message: `VolumeSizeExceedsLimit: Requested volume size ${size}G is larger than maximum allowed limit ${limit}G.` });
}

/** The limits in force for a project, every key. */
export function limitsOf(s: BlockStorageState, projectId: string): Record<string, number> {
  return Object.fromEntries(quotaKeys(s).map((k) => [k, limitOf(s, projectId, k)]));
}

/** Admin update: integers >= -1 for known keys; a limit below what is in use is refused. */
export function updateQuotas(s: BlockStorageState, projectId: string, changes: Record<string, number>): void {
  const known = new Set(quotaKeys(s));
  const bad = Object.keys(changes).filter((k) => !known.has(k));
  if (bad.length) throw badRequest(`Bad key(s) in quota set: ${bad.join(", ")}`);
  for (const [key, limit] of Object.entries(changes)) {
    if (limit < -1) throw invalidInput(`Quota limit ${limit} for ${key} must be -1 or greater.`);
    const used = usedOf(s, projectId, key);
    if (limit >= 0 && key !== "per_volume_gigabytes" && used > limit) {
      throw invalidInput(`Quota limit ${limit} for ${key} must be equal or greater than existing resources. Current usage is ${used}.`);
    }
  }
  const current = get(s.quotas, projectId)?.limits ?? {};
  put(s.quotas, { id: projectId, limits: { ...current, ...changes } });
}

/** Back to the defaults. */
export function deleteQuotas(s: BlockStorageState, projectId: string): void {
  remove(s.quotas, projectId);
}
