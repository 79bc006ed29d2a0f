// Image (Glance v2) slice: the image catalog (seeded images, uploads, server snapshots, volume uploads), the
// import tasks, per-project usage counters for the image quotas, and the read-only metadata definitions.
// The image service owns it; compute and block storage reach it through for-compute.ts / for-block-storage.ts.

import type { BlobRef } from "../../kernel/blobs/types.js";
import type { QuotaOverride } from "../../kernel/quota.js";
import { emptyDict, type Dict } from "../../kernel/store/dict.js";
import { emptyTable, type Table } from "../../kernel/store/table.js";
import { own } from "../../kernel/own.js";

export const SLICE = "image";
/** the work a fault rule names to fail an upload after its bytes arrived (the image ends `killed`) */
export const STORE_OPERATION = "image.image.store";

export type ImageStatus = "queued" | "saving" | "active" | "killed" | "deleted" | "pending_delete" | "deactivated" | "uploading" | "importing";
export type Visibility = "public" | "private" | "shared" | "community";
export type MemberStatus = "pending" | "accepted" | "rejected";

export interface Member {
  /** the project the image is shared with */
  memberId: string;
  status: MemberStatus;
  createdAt: number;
  updatedAt: number;
}

/** A catalog record: a seeded image, an API upload, a server snapshot or a volume uploaded to an image. */
export interface Image {
  id: string;
  name: string | null;
  status: ImageStatus;
  visibility: Visibility;
  ownerProjectId: string | null;
  protected: boolean;
  osHidden: boolean;
  minDisk: number;
  minRam: number;
  /** bytes; meaningful once data arrived (null on the wire before) */
  size: number;
  diskFormat: string | null;
  containerFormat: string | null;
  /** custom properties, rendered at the top level of the image */
  metadata: Record<string, string>;
  tags: string[];
  /** the uploaded (or imported) bytes in the blob store; null for images that never got any */
  data: BlobRef | null;
  /** bytes staged for an import (`PUT /stage`), not yet the image's data */
  staged: BlobRef | null;
  /** the staged bytes' SHA-512, computed as they arrived */
  stagedSha512: string | null;
  /** hex MD5 (Glance's `checksum`); null until data arrives */
  checksum: string | null;
  /** hex SHA-512 (`os_hash_value`, os_hash_algo sha512) */
  osHashValue: string | null;
  /** the algorithm of osHashValue when not sha512 (given by the location API's validation data); absent: sha512 */
  osHashAlgo?: string | null;
  /** projects the image is shared with, by project id (visibility `shared`) */
  members: Record<string, Member>;
  /** locations added by a JSON patch (`/locations`), after the store's own; absent: none */
  locations?: ImageLocation[];
  /** set for snapshots of a server */
  serverId: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface ImageLocation {
  url: string;
  metadata: Record<string, unknown>;
}

/** A metadata definitions namespace (`/v2/metadefs`): from the seed, or written by an admin. */
export interface MetadefNamespace {
  id: string;
  namespace: string;
  displayName: string;
  description: string;
  visibility: "public" | "private";
  protected: boolean;
  ownerProjectId: string | null;
  resourceTypes: Array<{ name: string; prefix?: string; properties_target?: string }>;
  /** property name -> its JSON-schema-like definition (title, type, enum, ...) */
  properties: Record<string, Record<string, unknown>>;
  objects: Array<MetadefObject>;
  tags?: MetadefTag[];
  createdAt: number;
  /** absent: never written since createdAt */
  updatedAt?: number;
}

export interface MetadefObject {
  name: string;
  description: string;
  required: string[];
  properties: Record<string, Record<string, unknown>>;
  /** absent for the seed's: the namespace's */
  createdAt?: number;
  updatedAt?: number;
}

export interface MetadefTag {
  name: string;
  createdAt: number;
  updatedAt: number;
}

export interface Metadefs {
  /** keyed by namespace name */
  namespaces: Table<MetadefNamespace>;
  /** the resource types (`GET /v2/metadefs/resource_types`), keyed by name */
  resourceTypes: Table<{ id: string; createdAt: number }>;
}

/** An import task (`/v2/tasks`), one per `POST /import`. */
export interface Task {
  id: string;
  imageId: string;
  ownerProjectId: string | null;
  userId: string;
  method: string;
  /** a legacy `POST /v2/tasks` import: its input as sent (type `import`); absent for interoperable imports */
  legacyInput?: Record<string, unknown>;
  status: "pending" | "processing" | "success" | "failure";
  message: string;
  createdAt: number;
  updatedAt: number;
}

export type QuotaResource = "image_count_total" | "image_size_total";

export interface Usage {
  /** images the project owns */
  count: number;
  /** bytes of their data */
  bytes: number;
}

export interface ImageState {
  images: Table<Image>;
  tasks: Table<Task>;
  /** per-project counters the quota check reads, kept O(1) per write */
  usage: Dict<Usage>;
  /** per-project quota limits (Keystone's unified limits for Glance, set by the seed) */
  limits: Table<QuotaOverride<QuotaResource>>;
  metadefs: Metadefs;
  /** blobs of images removed through compute's contract (Nova's image delete), freed once that commits */
  released: string[];
}

export function initialImageState(): ImageState {
  // an image's owner, visibility and name change in place, then tell the index (images.ts: fieldChanged)
  return { images: emptyTable({ groupBy: "ownerProjectId", alsoGroupBy: ["visibility", "name"] }), tasks: emptyTable(), usage: emptyDict(), limits: emptyTable(), metadefs: { namespaces: emptyTable(), resourceTypes: emptyTable() }, released: [] };
}

export function imageSliceOf(root: Readonly<Record<string, unknown>>): ImageState {
  return root[SLICE] as ImageState;
}

export interface Viewer {
  projectId?: string;
  isAdmin: boolean;
}

/** The caller's membership of a shared image, if any. */
export function membershipOf(caller: Viewer, image: Image): Member | undefined {
  return caller.projectId ? own(image.members, caller.projectId) : undefined;
}

/**
 * Whether the caller may see an image at all (show, boot, download): admins all; everyone public and
 * community images; the owner its own; a project it was shared with, whatever its member status.
 */
export function canSee(caller: Viewer, image: Image): boolean {
  if (caller.isAdmin || image.visibility === "public" || image.visibility === "community") return true;
  if (image.ownerProjectId !== null && image.ownerProjectId === caller.projectId) return true;
  return image.visibility === "shared" && membershipOf(caller, image) !== undefined;
}

export function owns(caller: Viewer, image: Image): boolean {
  return caller.isAdmin || (image.ownerProjectId !== null && image.ownerProjectId === caller.projectId);
}
