// What the control API reads from block storage: the status of a volume, snapshot or backup (GET
// /_emulator/resources/{type}/{id} and advance-until). Works on the ROOT state it is given.

import { get } from "../../kernel/store/table.js";
import { VOLUME } from "./lifecycle.js";
import { SLICE } from "./state.js";
import type { BlockStorageQuotaKey, BlockStorageState } from "./state.js";
import { updateQuotas } from "./operations/quotas.js";

export { BLOCK_STORAGE_QUOTA_KEYS } from "./state.js";

/** The lifecycle type of volumes (`block-storage.volume`), as /_emulator/transitions names it. */
export const VOLUME_TYPE = VOLUME;

export { SNAPSHOT as SNAPSHOT_TYPE } from "./operations/snapshots.js";
export { BACKUP as BACKUP_TYPE } from "./operations/backups.js";

const slice = (root: Readonly<Record<string, unknown>>) => root[SLICE] as BlockStorageState | undefined;

export function snapshotStatus(root: Readonly<Record<string, unknown>>, id: string): string | undefined {
  const s = slice(root);
  return s ? get(s.snapshots, id)?.status : undefined;
}

export function backupStatus(root: Readonly<Record<string, unknown>>, id: string): string | undefined {
  const s = slice(root);
  return s ? get(s.backups, id)?.status : undefined;
}

/** The status Cinder shows for the volume (`creating`, `available`, ...), or undefined when there is none. */
export function volumeStatus(root: Readonly<Record<string, unknown>>, id: string): string | undefined {
  const s = slice(root);
  return s ? get(s.volumes, id)?.status : undefined;
}

/** A tenant's own limits (POST /_emulator/tenants `quotas["block-storage"]`). */
export function setTenantQuotas(root: Record<string, unknown>, projectId: string, limits: Partial<Record<BlockStorageQuotaKey, number>>): void {
  const s = slice(root);
  if (s) updateQuotas(s, projectId, Object.fromEntries(Object.entries(limits).filter((e): e is [string, number] => e[1] !== undefined)));
}
