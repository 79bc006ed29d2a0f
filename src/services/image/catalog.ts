// Writes to the image catalog every path shares (the API, seeds, compute's snapshots, block storage's
// uploads): a new record, a removal, data arriving, and per-project reset back to the seed world. Each keeps
// the project's usage counters (image count, bytes) the quotas read, so no check ever counts the catalog.

import { createHash } from "node:crypto";
import type { BlobRef } from "../../kernel/blobs/types.js";
import { dictDelete, dictGet, dictSet } from "../../kernel/store/dict.js";
import { filter, get, put, remove, scan } from "../../kernel/store/table.js";
import type { ResetContext } from "../../kernel/service.js";
import type { Image, ImageState, Usage } from "./state.js";

export interface ImageInput {
  name: string | null;
  ownerProjectId: string | null;
  /** the server a snapshot was taken of */
  serverId?: string | null;
  status?: Image["status"];
  visibility?: Image["visibility"];
  protected?: boolean;
  osHidden?: boolean;
  minDisk?: number;
  minRam?: number;
  size?: number;
  diskFormat?: string | null;
  containerFormat?: string | null;
  metadata?: Record<string, string>;
  tags?: string[];
  /** a fixed id (seed, a create naming one); a new UUID otherwise */
  id?: string;
}

/** Snapshots are private to their project and start `queued` unless told otherwise. */
export function addImage(s: ImageState, ctx: { ids: { uuid(): string }; now: number }, input: ImageInput): Image {
  const image: Image = {
    id: input.id ?? ctx.ids.uuid(),
    name: input.name,
    status: input.status ?? "queued",
    visibility: input.visibility ?? "private",
    ownerProjectId: input.ownerProjectId,
    protected: input.protected ?? false,
    osHidden: input.osHidden ?? false,
    minDisk: input.minDisk ?? 0,
    minRam: input.minRam ?? 0,
    size: input.size ?? 0,
    diskFormat: input.diskFormat === undefined ? "qcow2" : input.diskFormat,
    containerFormat: input.containerFormat === undefined ? "bare" : input.containerFormat,
    metadata: { ...(input.metadata ?? {}) },
    tags: [...new Set(input.tags ?? [])],
    data: null,
    staged: null,
    stagedSha512: null,
    checksum: null,
    osHashValue: null,
    members: {},
    serverId: input.serverId ?? null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  // an image seeded or snapshotted active has bytes only in name: its checksums derive from its id
  if (image.status === "active") Object.assign(image, virtualChecksums(image.id));
  put(s.images, image);
  countUsage(s, image.ownerProjectId, 1, 0);
  return image;
}

/** Removes the record; returns the blobs it held, for the caller to free once the update commits. */
export function removeImage(s: ImageState, id: string): string[] {
  const image = remove(s.images, id);
  if (!image) return [];
  countUsage(s, image.ownerProjectId, -1, -(image.data?.size ?? 0));
  return blobsOf(image);
}

export function blobsOf(image: Image): string[] {
  return [image.data?.id, image.staged?.id].filter((b): b is string => b !== undefined);
}

/** The image's bytes arrived (an upload, an import): active, with their size and checksums. */
export function setImageData(s: ImageState, image: Image, data: BlobRef, sha512: string, now: number): void {
  countUsage(s, image.ownerProjectId, 0, data.size - (image.data?.size ?? 0));
  image.data = data;
  image.size = data.size;
  image.checksum = data.md5;
  image.osHashValue = sha512;
  image.status = "active";
  image.updatedAt = now;
}

/**
 * An image made active without bytes (a server snapshot, a volume uploaded to an image, a seeded one): its
 * checksums are those of its id, stable across runs, so clients that compare them see a value, not null.
 */
export function virtualChecksums(id: string): { checksum: string; osHashValue: string } {
  const text = `skymock-image:${id}`;
  return { checksum: createHash("md5").update(text).digest("hex"), osHashValue: createHash("sha512").update(text).digest("hex") };
}

export function usageOf(s: ImageState, projectId: string): Usage {
  return dictGet(s.usage, projectId) ?? { count: 0, bytes: 0 };
}

export function countUsage(s: ImageState, projectId: string | null, images: number, bytes: number): void {
  if (projectId === null || (images === 0 && bytes === 0)) return;
  const was = usageOf(s, projectId);
  const now = { count: Math.max(0, was.count + images), bytes: Math.max(0, was.bytes + bytes) };
  // a project that holds nothing leaves no entry behind (a torn-down tenant leaves no trace)
  if (now.count === 0 && now.bytes === 0) dictDelete(s.usage, projectId);
  else dictSet(s.usage, projectId, now);
}

/** The project's images become the seed's: new ones dropped, changed ones replaced, deleted ones back. */
export function resetImageProject(s: ImageState, seeded: ImageState, projectId: string, _context: ResetContext): void {
  const owned = (i: Image) => i.ownerProjectId === projectId;
  for (const row of filter(s.images, owned)) {
    const seedRow = get(seeded.images, row.id);
    if (!seedRow || !owned(seedRow)) remove(s.images, row.id);
  }
  for (const row of scan(seeded.images)) if (owned(row)) put(s.images, structuredClone(row));
  for (const task of filter(s.tasks, (t) => t.ownerProjectId === projectId)) remove(s.tasks, task.id);
  // memberships the project accepted or rejected elsewhere stay: they belong to the other project's images
  const seededUsage = dictGet(seeded.usage, projectId);
  if (seededUsage) dictSet(s.usage, projectId, seededUsage);
  else dictDelete(s.usage, projectId);
}
