// What a backup keeps of its volume besides the data and gives back on restore (cinder/backup/driver.py,
// BackupMetadataAPI): the volume's metadata (replacing the target's), its image metadata when it had any, and
// its name and description when the target is one the restore created (`restore_backup_…`) or has no name.

import type { BackedUpVolumeMeta, Volume } from "../state.js";

export function volumeMetaOf(v: Volume): BackedUpVolumeMeta {
  return { name: v.name, description: v.description, metadata: { ...v.metadata }, imageMetadata: v.imageMetadata ? { ...v.imageMetadata } : null };
}

export function restoreVolumeMeta(target: Volume, meta: BackedUpVolumeMeta | undefined): void {
  if (!meta) return;
  target.metadata = { ...meta.metadata };
  if (meta.imageMetadata) target.imageMetadata = { ...meta.imageMetadata };
  if (meta.name && (!target.name || target.name.startsWith("restore_backup_"))) {
    target.name = meta.name;
    target.description = meta.description;
  }
}

const strings = (v: unknown): Record<string, string> | undefined =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === "string") ? { ...(v as Record<string, string>) } : undefined;

/** The part of an imported backup record (import_record) that holds it, when well formed. */
export function volumeMetaFromRecord(value: unknown): BackedUpVolumeMeta | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const r = value as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  const metadata = strings(r.metadata);
  if (!metadata) return undefined;
  return { name: text(r.name), description: text(r.description), metadata, imageMetadata: strings(r.imageMetadata) ?? null };
}
