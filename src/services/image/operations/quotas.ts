// Glance's per-project limits (Keystone unified limits in upstream, set by the seed here): how many images a
// project owns and how many MiB of data they hold. Over a limit is a 413, worded as oslo.limit words it.

import { Quotas } from "../../../kernel/quota.js";
import { overLimit } from "../errors.js";
import { usageOf } from "../catalog.js";
import type { ImageState, QuotaResource } from "../state.js";

const MIB = 1024 * 1024;

export const imageQuotas = new Quotas<QuotaResource, ImageState>({
  resources: ["image_count_total", "image_size_total"],
  // unlimited unless the seed sets limits, as Glance without unified limits configured
  defaults: { image_count_total: -1, image_size_total: -1 },
  overrides: (s) => s.limits,
  used: (s, projectId, resource) => {
    const usage = usageOf(s, projectId);
    return resource === "image_count_total" ? usage.count : Math.ceil(usage.bytes / MIB);
  },
  exceeded: (resource, delta, used, limit) =>
    overLimit(`Resource ${resource} is over limit of ${limit} due to current usage ${used} and delta ${delta}`),
});

/**
 * How many more bytes the project may upload before image_size_total (MiB) is reached; undefined when
 * unlimited. A project already at or over its limit is refused outright (as Glance checks before reading).
 */
export function bytesLeft(s: ImageState, projectId: string | null): number | undefined {
  if (projectId === null) return undefined;
  const limit = imageQuotas.limit(s, projectId, "image_size_total");
  if (limit < 0) return undefined;
  const used = usageOf(s, projectId).bytes;
  if (used >= limit * MIB) imageQuotas.check(s, projectId, "image_size_total", 1);
  return limit * MIB - used;
}
