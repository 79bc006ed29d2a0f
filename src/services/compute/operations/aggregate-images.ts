// Image cache management by aggregate (2.81, POST /os-aggregates/{id}/images; nova/api/openstack/compute/
// aggregates.py images, conductor cache_images): Nova's refusals, then the request is cast to the aggregate's
// hosts. The emulator keeps no image cache on its hosts, so nothing changes once the request is accepted.

import type { Caller } from "../../../kernel/operation.js";
import { findImage } from "../../image/for-compute.js";
import type { ComputeState } from "../state.js";
import { badRequest } from "../errors.js";
import { showAggregate } from "./aggregates.js";

/** Refuses a request Nova refuses (400 id or images, 404 aggregate); returns the aggregate's hosts asked to cache. */
export function cacheImages(s: ComputeState, root: Readonly<Record<string, unknown>>, caller: Caller, id: string, imageIds: string[]): string[] {
  if (!/^-?\d+$/.test(id.trim())) throw badRequest("Invalid input received: id must be an integer.");
  if (new Set(imageIds).size !== imageIds.length) throw badRequest("Duplicate images in request");
  const aggregate = showAggregate(s, id.trim());
  for (const imageId of imageIds) {
    if (!findImage(root, imageId, caller)) throw badRequest(`Image ${imageId} could not be found.`);
  }
  return [...aggregate.hosts];
}
