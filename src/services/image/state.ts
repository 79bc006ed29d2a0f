// Image (Glance v2) slice: the image catalog, seeded images and server snapshots. The image service owns
// it; compute boots from it and adds snapshots to it through for-compute.ts.

import { emptyTable, type Table } from "../../kernel/store/table.js";

export const SLICE = "image";

/** A catalog record: a seeded image or a server snapshot (compute's createImage). */
export interface Image {
  id: string;
  name: string;
  status: "queued" | "saving" | "active" | "killed" | "deleted";
  visibility: "public" | "private" | "shared" | "community";
  ownerProjectId: string | null;
  minDisk: number;
  minRam: number;
  size: number;
  diskFormat: string;
  containerFormat: string;
  metadata: Record<string, string>;
  /** set for snapshots of a server */
  serverId: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface ImageState {
  images: Table<Image>;
}

export function initialImageState(): ImageState {
  return { images: emptyTable() };
}

export function imageSliceOf(root: Readonly<Record<string, unknown>>): ImageState {
  return root[SLICE] as ImageState;
}

/** What a caller sees of the catalog: public and community images plus its project's own; admins all. */
export function canSee(caller: { projectId?: string; isAdmin: boolean }, image: Image): boolean {
  return caller.isAdmin || image.visibility === "public" || image.visibility === "community" || image.ownerProjectId === caller.projectId;
}
