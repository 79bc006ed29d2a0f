// Writes to the image catalog: a new record (seed, server snapshot), a removal, and per-project reset back
// to the seed world. Upstream errors are the caller's: compute answers in Nova's words.

import { filter, get, put, remove, scan } from "../../kernel/store/table.js";
import type { ResetContext } from "../../kernel/service.js";
import type { Image, ImageState } from "./state.js";

export interface ImageInput {
  name: string;
  ownerProjectId: string | null;
  /** the server a snapshot was taken of */
  serverId?: string | null;
  status?: Image["status"];
  visibility?: Image["visibility"];
  minDisk?: number;
  minRam?: number;
  size?: number;
  diskFormat?: string;
  containerFormat?: string;
  metadata?: Record<string, string>;
  /** a fixed id (seed); a new UUID otherwise */
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
    minDisk: input.minDisk ?? 0,
    minRam: input.minRam ?? 0,
    size: input.size ?? 0,
    diskFormat: input.diskFormat ?? "qcow2",
    containerFormat: input.containerFormat ?? "bare",
    metadata: { ...(input.metadata ?? {}) },
    serverId: input.serverId ?? null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  put(s.images, image);
  return image;
}

export function removeImage(s: ImageState, id: string): void {
  remove(s.images, id);
}

/** The project's images become the seed's: new ones dropped, changed ones replaced, deleted ones back. */
export function resetImageProject(s: ImageState, seeded: ImageState, projectId: string, _context: ResetContext): void {
  const owned = (i: Image) => i.ownerProjectId === projectId;
  for (const row of filter(s.images, owned)) {
    const seedRow = get(seeded.images, row.id);
    if (!seedRow || !owned(seedRow)) remove(s.images, row.id);
  }
  for (const row of scan(seeded.images)) if (owned(row)) put(s.images, structuredClone(row));
}
