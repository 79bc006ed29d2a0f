// Cinder's generalized resource filters (3.31+, cinder/api/common.py reject_invalid_filters, called by the
// volume, snapshot, backup, attachment, type, message, group and group snapshot lists): a list request
// from a non-admin naming a filter the resource does not allow (etc/cinder/resource_filters.json, Cinder's
// defaults) is a 400 naming them; paging and sorting keys are not filters, and `all_tenants` (which
// cinderclient always sends) is let through. Below 3.31 unknown keys are ignored, as Cinder ignores them.
// GET /resource_filters (3.33) answers the configured lists.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import type { Caller } from "../../../kernel/operation.js";
import { badRequest, itemNotFound } from "../errors.js";
import { microversion } from "../microversion.js";

/** etc/cinder/resource_filters.json */
export const RESOURCE_FILTERS = {
  volume: ["name", "status", "metadata", "bootable", "migration_status", "availability_zone", "group_id", "size", "created_at", "updated_at", "consumes_quota"],
  backup: ["name", "status", "volume_id"],
  snapshot: ["name", "status", "volume_id", "metadata", "availability_zone", "consumes_quota"],
  group: ["name"],
  group_snapshot: ["name", "status", "group_id"],
  attachment: ["volume_id", "status", "instance_id", "attach_status"],
  message: ["resource_uuid", "resource_type", "event_id", "request_id", "message_level"],
  pool: ["name", "volume_type"],
  volume_type: ["is_public", "extra_specs"],
} as const;

/** The resources whose lists Cinder checks (those with process_general_filtering). */
export type FilteredResource = "volume" | "backup" | "snapshot" | "attachment" | "volume_type" | "message" | "group" | "group_snapshot";

const RESOURCE_FILTER_VERSION = 31;
const RESOURCE_FILTER_CONFIG_VERSION = 33;
const COUNT_VERSION = 45;
/** the lists that take with_count from 3.45 (popped before the check) */
const COUNTED = new Set<FilteredResource>(["volume", "snapshot", "backup"]);
/** popped before the check: paging and sorting (get_pagination_params, get_sort_params) */
const NOT_FILTERS = new Set(["limit", "marker", "offset", "sort", "sort_key", "sort_dir", "all_tenants"]);
/** keys a list pops before the check besides those (groups: list_volume) */
const POPPED: Partial<Record<FilteredResource, readonly string[]>> = { group: ["list_volume"] };

/** Refuses the filters a non-admin may not use on this resource's list (from 3.31). */
export function rejectInvalidFilters(c: Ctx, caller: Caller, resource: FilteredResource): void {
  const version = microversion(c);
  if (version < RESOURCE_FILTER_VERSION || caller.isAdmin) return;
  const keys = [...new Set(new URL(c.req.url).searchParams.keys())];
  if (keys.some((k) => !/^[\x00-\x7f]*$/.test(k))) throw badRequest("Filter keys can only contain ASCII characters.");
  const allowed: readonly string[] = RESOURCE_FILTERS[resource];
  const invalid = keys.filter((k) => !NOT_FILTERS.has(k) && !(POPPED[resource] ?? []).includes(k) && !(k === "with_count" && version >= COUNT_VERSION && COUNTED.has(resource)) && !allowed.includes(k));
  if (invalid.length > 0) throw badRequest(`Invalid filters ${invalid.join(",")} are found in query options.`);
}

export function resourceFilterRoutes(): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/resource_filters",
      operation: "block-storage.resource-filter.list",
      handler: (c) => {
        if (microversion(c) < RESOURCE_FILTER_CONFIG_VERSION) throw itemNotFound("The resource could not be found.");
        const wanted = queryParam(c, "resource");
        const rows = Object.entries(RESOURCE_FILTERS)
          .filter(([resource]) => wanted === undefined || resource === wanted)
          .map(([resource, filters]) => ({ resource, filters: [...filters] }));
        return c.json({ resource_filters: rows });
      },
    },
  ];
}
