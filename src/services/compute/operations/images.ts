// The image catalog compute reads (and createImage adds to): visibility (public and community images plus
// the caller's project's own; admins see all, as in Glance), lookup by id or URL, listing filters, and
// delete (owner or admin).

import { get, put, remove, values } from "../../../kernel/store/table.js";
import type { Caller, OperationContext } from "../../../kernel/operation.js";
import type { ComputeState, Image } from "../state.js";
import { forbidden, itemNotFound } from "../errors.js";
import { refId } from "./flavors.js";

export function canSee(caller: Pick<Caller, "projectId" | "isAdmin">, image: Image): boolean {
  return caller.isAdmin || image.visibility === "public" || image.visibility === "community" || image.ownerProjectId === caller.projectId;
}

/** An image the caller may use, by id or by a URL ending in its id (an imageRef). */
export function findImage(s: ComputeState, ref: string, caller: Pick<Caller, "projectId" | "isAdmin">): Image | undefined {
  const image = get(s.images, refId(ref));
  return image && canSee(caller, image) ? image : undefined;
}

export const imageNotFound = (id: string) => itemNotFound(`Image ${id} could not be found.`);

export function visibleImage(s: ComputeState, caller: Caller, id: string): Image {
  const image = findImage(s, id, caller);
  if (!image) throw imageNotFound(id);
  return image;
}

export interface ImageQuery {
  name?: string;
  /** API status (ACTIVE, SAVING, ...) */
  status?: string;
  /** a server id: only its snapshots */
  server?: string;
  /** `snapshot`: only images of servers; anything else: only the others */
  type?: string;
  minRam?: number;
  minDisk?: number;
}

/** Nova's mapping of Glance's status to the API's (queued images show SAVING). */
export function apiImageStatus(image: Image): string {
  return { active: "ACTIVE", queued: "SAVING", saving: "SAVING", deleted: "DELETED", killed: "ERROR" }[image.status] ?? "UNKNOWN";
}

export function listImages(s: ComputeState, caller: Caller, q: ImageQuery): Image[] {
  return values(s.images).filter(
    (i) =>
      canSee(caller, i) &&
      (q.name === undefined || i.name === q.name) &&
      (q.status === undefined || apiImageStatus(i) === q.status.toUpperCase()) &&
      (q.server === undefined || (i.serverId !== null && (i.serverId === q.server || q.server.endsWith(`/${i.serverId}`)))) &&
      (q.type === undefined || (q.type === "snapshot") === (i.serverId !== null)) &&
      (q.minRam === undefined || i.minRam >= q.minRam) &&
      (q.minDisk === undefined || i.minDisk >= q.minDisk),
  );
}

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

/**
 * Adds an image to the catalog (a server snapshot: createImage). Snapshots are private to their project
 * and start `queued` unless told otherwise; the caller moves them on (saving, active) as the upload goes.
 */
export function addImage(s: ComputeState, ctx: Pick<OperationContext, "ids" | "now" | "tx">, input: ImageInput): Image {
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
  ctx.tx.emit("compute.image.created", { imageId: image.id, name: image.name, projectId: image.ownerProjectId, serverId: image.serverId });
  return image;
}

/** Only the owning project (or an admin) may delete an image; others get 403, as Glance answers. */
export function deleteImage(s: ComputeState, ctx: OperationContext, id: string): void {
  const image = visibleImage(s, ctx.caller, id);
  if (!ctx.caller.isAdmin && image.ownerProjectId !== ctx.caller.projectId) throw forbidden(`You are not permitted to delete image ${id}.`);
  remove(s.images, id);
  ctx.tx.emit("compute.image.deleted", { imageId: id, projectId: image.ownerProjectId });
}
