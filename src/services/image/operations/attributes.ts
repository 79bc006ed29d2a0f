// Which image attributes a caller may set, and the JSON patch of an update (Glance v2 images-images-v2
// "Update image"): read-only and reserved attributes are a 403, a bad value a 400, a missing property a 409.

import * as z from "zod";
import { describeIssues } from "../../../kernel/http/body.js";
import { own, withoutEntry } from "../../../kernel/own.js";
import { badRequest, conflict, forbidden, overLimit, readOnly, reservedAttribute } from "../errors.js";
import { imageAttributes, propertyValue, type PatchOperation } from "../schemas/images.js";
import type { Caller } from "../../../kernel/operation.js";
import type { Image } from "../state.js";
import { applyLocationOp, isLocationPath } from "./locations.js";

/** set by Glance alone; naming one in a create or update is a 403 */
export const READ_ONLY = new Set([
  "checksum", "created_at", "direct_url", "file", "os_hash_algo", "os_hash_value", "schema", "self", "size", "status",
  "updated_at", "virtual_size", "locations", "stores",
]);
const RESERVED = new Set(["deleted", "deleted_at", "location"]);
/** Glance's image_property_quota and image_tag_quota defaults */
export const MAX_PROPERTIES = 128;
export const MAX_TAGS = 128;

/** The 403 for an attribute a caller may not set (`id` is settable only on create). */
export function checkSettable(key: string, creating: boolean): void {
  if (READ_ONLY.has(key) || (!creating && key === "id")) throw readOnly(key);
  if (RESERVED.has(key) || key.startsWith("os_glance")) throw reservedAttribute(key);
}

/** A create body's keys, checked before the schema: Glance answers 403 for these, not 400. */
export function checkCreateKeys(body: unknown): void {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return;
  for (const key of Object.keys(body)) checkSettable(key, true);
}

/** Only an admin gives an image another owner. */
export function checkOwner(caller: Caller, owner: string | null | undefined): void {
  if (owner !== undefined && !caller.isAdmin && owner !== caller.projectId) throw forbidden("You are not permitted to create images owned by another project.");
}

/** Glance's default policy `publicize_image`: only an admin makes an image public. */
export function checkPublicize(caller: Caller, visibility: string | undefined): void {
  if (visibility === "public" && !caller.isAdmin) throw forbidden("You are not authorized to complete publicize_image action.");
}

export function checkQuantities(image: Pick<Image, "metadata" | "tags">): void {
  if (Object.keys(image.metadata).length > MAX_PROPERTIES) throw overLimit(`Attempted: ${Object.keys(image.metadata).length}, Maximum: ${MAX_PROPERTIES}`);
  if (image.tags.length > MAX_TAGS) throw overLimit(`Maximum number of tags exceeded: ${image.tags.length} > ${MAX_TAGS}`);
}

const BASE: Record<string, z.ZodType> = imageAttributes;

function parse<T extends z.ZodType>(schema: T, value: unknown, path: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(`Invalid value for '${path}': ${describeIssues(result.error)}`);
  return result.data;
}

/** The JSON pointer's one segment (`/name`, `/foo~1bar`); Glance patches no deeper than the top level. */
function attributeOf(path: string): string {
  if (!path.startsWith("/") || path.slice(1).includes("/")) throw badRequest(`Invalid JSON pointer for this resource: '${path}'`);
  return path.slice(1).replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Applies a JSON patch to a draft image (nothing is kept when one operation fails: the update throws). */
export function applyPatch(image: Image, ops: PatchOperation[], caller: Caller): void {
  for (const op of ops) {
    if (isLocationPath(op.path)) {
      applyLocationOp(image, op);
      continue;
    }
    const key = attributeOf(op.path);
    checkSettable(key, false);
    const base = own(BASE, key);
    if (base) {
      if (op.op === "remove") throw forbidden(`Properties ${key} must not be removed.`);
      if (key === "owner" && !caller.isAdmin) throw forbidden("Owner can't be updated by non admin.");
      if (key === "visibility") checkPublicize(caller, op.value as string);
      if ((key === "disk_format" || key === "container_format") && image.status !== "queued") {
        throw forbidden(`Attribute ${key} can be only replaced for a queued image.`);
      }
      setBase(image, key, parse(base, op.value, op.path));
      continue;
    }
    const exists = Object.hasOwn(image.metadata, key);
    if (op.op === "remove") {
      if (!exists) throw conflict(`Property ${key} does not exist.`);
      image.metadata = withoutEntry(image.metadata, key);
    } else {
      if (op.op === "replace" && !exists) throw conflict(`Property ${key} does not exist.`);
      if (key.length > 255) throw badRequest(`Property name '${key.slice(0, 40)}...' is longer than 255 characters.`);
      image.metadata = { ...image.metadata, [key]: parse(propertyValue, op.value, op.path) };
    }
  }
  checkQuantities(image);
}

function setBase(image: Image, key: string, value: unknown): void {
  switch (key) {
    case "name": image.name = value as string | null; break;
    case "visibility": image.visibility = value as Image["visibility"]; break;
    case "protected": image.protected = value as boolean; break;
    case "os_hidden": image.osHidden = value as boolean; break;
    case "min_disk": image.minDisk = value as number; break;
    case "min_ram": image.minRam = value as number; break;
    case "disk_format": image.diskFormat = value as string | null; break;
    case "container_format": image.containerFormat = value as string | null; break;
    case "tags": image.tags = [...new Set(value as string[])]; break;
    case "owner": image.ownerProjectId = value as string | null; break;
  }
}
