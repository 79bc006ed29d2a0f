// Image locations in a JSON patch (Glance v2 "Update image", `/locations` and `/locations/{n|-}`), as Glance
// serves them with show_multiple_locations on (tempest's manage_locations): a location is a loopback http(s)
// URL (the web-download filter) or the image's own store URL; others are Glance's 400.

import * as z from "zod";
import { describeIssues } from "../../../kernel/http/body.js";
import { badRequest, conflict, forbidden, imageNotFound } from "../errors.js";
import type { PatchOperation } from "../schemas/images.js";
import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { get } from "../../../kernel/store/table.js";
import { canSee, owns, type Image, type ImageLocation, type ImageState, type Viewer } from "../state.js";
import { filteredUri } from "./loopback-uri.js";

/** where this cloud's one store keeps an image's bytes */
export const storeUrl = (id: string) => `file:///var/lib/glance/images/${id}`;

const location = z.object({
  url: z.string().min(1).max(2048),
  metadata: z.record(z.string(), z.unknown()),
  validation_data: z.strictObject({ checksum: z.string().max(32).optional(), os_hash_algo: z.literal("sha512").optional(), os_hash_value: z.string().max(128).optional() }).optional(),
});

/** The image's locations as shown: its store's when it holds bytes, then those added by patch. */
export function locationsOf(image: Image): ImageLocation[] {
  const own = image.data ? [{ url: storeUrl(image.id), metadata: { store: "file" } }] : [];
  return [...own, ...(image.locations ?? [])];
}

export const isLocationPath = (path: string) => path === "/locations" || path.startsWith("/locations/");

function parseLocation(image: Image, value: unknown): z.output<typeof location> {
  const parsed = location.safeParse(value);
  if (!parsed.success) throw badRequest(`Invalid location: ${describeIssues(parsed.error)}`);
  const url = parsed.data.url;
  if (url !== storeUrl(image.id) && !filteredUri(url)) throw badRequest(`Invalid location: ${url.slice(0, 255)}`);
  return parsed.data;
}

/** One `/locations` operation on a draft image. */
export function applyLocationOp(image: Image, op: PatchOperation): void {
  if (image.status !== "queued" && image.status !== "active") throw conflict(`Not allowed to modify locations of an image in status '${image.status}'`);
  const current = locationsOf(image);
  const index = op.path === "/locations" ? undefined : op.path.slice("/locations/".length);
  if (op.op === "replace") {
    if (index !== undefined) throw badRequest(`Invalid JSON pointer for this resource: '${op.path}'`);
    if (!Array.isArray(op.value)) throw badRequest("Invalid locations: must be a list");
    const next = op.value.map((v) => parseLocation(image, v));
    // Glance lets a replace change metadata only, unless the list was empty
    if (current.length > 0 && (next.length !== current.length || next.some((l, i) => l.url !== current[i]!.url))) {
      throw badRequest("Cannot replace locations from a non-empty list to a non-empty list with different URLs.");
    }
    if (image.data && next.length > 0 && next[0]!.url !== storeUrl(image.id)) throw badRequest("Invalid location: the uploaded data's location comes first");
    setLocations(image, next);
    return;
  }
  if (op.op === "remove") {
    const at = index === undefined ? NaN : Number(index);
    if (!/^\d+$/.test(index ?? "") || at >= current.length) throw badRequest(`Invalid JSON pointer for this resource: '${op.path}'`);
    if (current.length === 1) throw forbidden("Cannot remove last location in the image.");
    if (current[at]!.url === storeUrl(image.id)) throw forbidden("Cannot remove the location of the image's uploaded data.");
    setLocations(image, current.filter((_, i) => i !== at));
    return;
  }
  const added = parseLocation(image, op.value);
  if (added.url === storeUrl(image.id) || current.some((l) => l.url === added.url)) throw badRequest(`Duplicate location: ${added.url.slice(0, 255)}`);
  const at = index === "-" ? current.length : Number(index);
  if (!/^(\d+|-)$/.test(index ?? "") || at > current.length || (image.data && at === 0)) throw badRequest(`Invalid JSON pointer for this resource: '${op.path}'`);
  const next = [...current];
  next.splice(at, 0, added);
  setLocations(image, next);
  if (image.status === "queued") {
    // an image given its first location is active at once, without hashing (Glance sets only validation data)
    image.status = "active";
    image.checksum = added.validation_data?.checksum ?? null;
    image.osHashValue = added.validation_data?.os_hash_value ?? null;
  }
}

function setLocations(image: Image, all: Array<{ url: string; metadata: Record<string, unknown> }>): void {
  image.locations = all.filter((l) => l.url !== storeUrl(image.id)).map((l) => ({ url: l.url, metadata: l.metadata }));
}

// ---- The location API of Glance 2.17 (`POST`/`GET /v2/images/{id}/locations`) ----

/** digest sizes in hex characters of the algorithms Glance's add-location schema names */
const HEX_LENGTH: Record<string, number> = { md5: 32, sha1: 40, sha256: 64, sha512: 128 };

/** the body of `POST /v2/images/{id}/locations`: Glance's schema is permissive at the top, strict below */
export const addLocationBody = z.object({
  url: z.string().max(2048),
  validation_data: z
    .strictObject({ os_hash_algo: z.enum(["sha1", "sha256", "sha512", "md5"]).optional(), os_hash_value: z.string().max(128).optional() })
    .refine((v) => (v.os_hash_algo === undefined) === (v.os_hash_value === undefined), "os_hash_algo and os_hash_value go together")
    .optional(),
});
export type AddLocationBody = z.output<typeof addLocationBody>;

/**
 * Adds a location to a queued image, as Glance's location_import task does (here at once: the image is
 * active when the 202 is answered). Checks in Glance's order: visible (404), queued (409), the service
 * or the owner's member (403), an ordinary user only with an http location (403), the hash (400).
 */
export function addLocationByApi(s: ImageState, ctx: OperationContext, id: string, body: AddLocationBody, service: boolean): void {
  const image = visibleImage(s, ctx.caller, id);
  if (image.status !== "queued") throw conflict(`It's not allowed to add locations if image status is ${image.status}.`);
  if (!service && !owns(ctx.caller, image)) throw forbidden(`You are not authorized to complete add_image_location action.`);
  if (!service && !/^https?:\/\//i.test(body.url)) throw forbidden("http store must be enabled to use location API by normal user.");
  const v = body.validation_data;
  if (v?.os_hash_value !== undefined) {
    if (!/^([0-9a-fA-F]{2})*$/.test(v.os_hash_value)) throw badRequest(`os_hash_value (${v.os_hash_value}) is not a valid hexadecimal value`);
    const want = HEX_LENGTH[v.os_hash_algo ?? "sha512"]!;
    if (v.os_hash_value.length !== want) {
      throw badRequest(`os_hash_value: (${v.os_hash_value}) is not the correct size for (${v.os_hash_algo}) (should be (${want / 2}) bytes)`);
    }
  }
  if (!filteredUri(body.url)) throw badRequest(`Invalid location: ${body.url.slice(0, 255)}`);
  image.locations = [{ url: body.url, metadata: {} }];
  image.status = "active";
  image.osHashAlgo = v?.os_hash_algo ?? null;
  image.osHashValue = v?.os_hash_value?.toLowerCase() ?? null;
  image.updatedAt = ctx.now;
}

/** `GET /v2/images/{id}/locations`: the image's locations, each its url and metadata. */
export function listLocations(s: ImageState, caller: Caller, id: string): ImageLocation[] {
  return locationsOf(visibleImage(s, caller, id));
}

function visibleImage(s: ImageState, caller: Viewer, id: string): Image {
  const image = get(s.images, id);
  if (!image || !canSee(caller, image)) throw imageNotFound(id);
  return image;
}
