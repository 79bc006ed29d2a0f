// Volumes (Cinder v3): create, list (summary and detail), show, update, delete. Handlers validate, run
// one operation, and render the committed state for the negotiated microversion.

import { rejectInvalidFilters } from "./resource-filters.js";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { get } from "../../../kernel/store/table.js";
import { own } from "../../../kernel/own.js";
import { microversion } from "../microversion.js";
import { createVolume, deleteVolume, updateVolume, visibleVolume, typeNameOf } from "../operations/volumes.js";
import { volumeNotFound } from "../errors.js";
import { createVolumeBody, updateVolumeBody } from "../schemas/volumes.js";
import { queryBool } from "../schemas/parameter-types.js";
import type { Volume } from "../state.js";
import { volumeDetail, volumeSummary, volumeView } from "../views/volumes.js";
import { collectionBody } from "../views/links.js";
import { listPage, listQuery, metadataFilter } from "./list.js";
import type { BlockStorageDeps } from "./deps.js";

// display_name: the column `name` stands for, which Cinder's database sorts by too
const SORT_KEYS = ["created_at", "updated_at", "id", "name", "display_name", "size", "status", "availability_zone", "bootable", "volume_type"] as const;

export function volumeRoutes(deps: BlockStorageDeps): RouteDef[] {
  const show = (c: Ctx, id: string) => {
    const caller = deps.caller(c);
    const volume = visibleVolume(deps.state(), caller, id);
    return c.json({ volume: volumeDetail(c, deps.state(), caller, volume, microversion(c)) });
  };

  const list = (c: Ctx, detail: boolean) => {
    const caller = deps.caller(c);
    rejectInvalidFilters(c, caller, "volume");
    const s = deps.state();
    const query = listQuery(c, caller, deps.kernel.options.maxPageSize, SORT_KEYS);
    const name = queryParam(c, "name");
    const status = queryParam(c, "status");
    const zone = queryParam(c, "availability_zone");
    const bootableRaw = queryParam(c, "bootable");
    const bootable = bootableRaw === undefined ? undefined : queryBool(bootableRaw);
    const metadata = metadataFilter(queryParam(c, "metadata"));
    // 3.10: the generic group's volumes; before it Cinder drops the filter
    const groupId = microversion(c) >= 10 ? queryParam(c, "group_id") : undefined;
    const match = (v: Volume) =>
      (groupId === undefined || (v.groupId ?? null) === groupId) &&
      (name === undefined || v.name === name) &&
      (status === undefined || v.status === status) &&
      (zone === undefined || v.availabilityZone === zone) &&
      (bootable === undefined || v.bootable === bootable) &&
      (metadata === undefined || Object.entries(metadata).every(([k, value]) => own(v.metadata, k) === value));
    const page = listPage(s.volumes, { ...query, name }, match, (v, key) => {
      switch (key) {
        case "updated_at":
          return v.updatedAt;
        case "availability_zone":
          return v.availabilityZone;
        case "volume_type":
          return typeNameOf(s, v);
        case "created_at":
          return v.createdAt;
        case "display_name":
          return v.name;
        default:
          return (v as unknown as Record<string, string | number | boolean | null>)[key] ?? null;
      }
    });
    const version = microversion(c);
    const items = page.items.map((v) => (detail ? volumeDetail(c, s, caller, v, version) : volumeSummary(c, v)));
    const body = collectionBody(c, "volumes", items, query.limit, () => page.items.at(-1)!.id);
    // 3.45: the number of volumes matching, whatever the page
    if (version >= 45 && queryBool(queryParam(c, "with_count") ?? "false")) body.count = page.count();
    return c.json(body);
  };

  return [
    route({
      method: "POST",
      path: "/volumes",
      operation: "block-storage.volume.create",
      schema: createVolumeBody,
      handler: (c, { volume }) => {
        // group_id is read from 3.13 (generic volume groups) on
        const body = { ...volume, group_id: microversion(c) >= 13 ? volume.group_id : undefined };
        const created = deps.write(c, (s, ctx) => createVolume(s, ctx, body));
        // the committed row: an immediate transition may already have moved it on
        const row = get(deps.state().volumes, created.id) ?? created;
        return c.json({ volume: volumeView(c, deps.state(), deps.caller(c), row, microversion(c)) }, 202);
      },
    }),
    { method: "GET", path: "/volumes", operation: "block-storage.volume.list", handler: (c) => list(c, false) },
    { method: "GET", path: "/volumes/detail", operation: "block-storage.volume.list-detail", handler: (c) => list(c, true) },
    {
      method: "GET",
      path: "/volumes/summary",
      operation: "block-storage.volume.summary",
      handler: (c) => {
        // 3.12: before it the path is a volume id, and no volume is called `summary`
        if (microversion(c) < 12) throw volumeNotFound("summary");
        const caller = deps.caller(c);
        const query = listQuery(c, caller, Number.MAX_SAFE_INTEGER, SORT_KEYS);
        const volumes = listPage(deps.state().volumes, query, () => true, () => null).items;
        const metadata: Record<string, string[]> = {};
        for (const v of volumes) {
          for (const [k, value] of Object.entries(v.metadata)) {
            const seen = Object.hasOwn(metadata, k) ? metadata[k]! : [];
            if (!seen.includes(value)) Object.defineProperty(metadata, k, { value: [...seen, value], enumerable: true, writable: true, configurable: true });
          }
        }
        const summary = { total_count: volumes.length, total_size: volumes.reduce((n, v) => n + v.size, 0), ...(microversion(c) >= 36 ? { metadata } : {}) };
        return c.json({ "volume-summary": summary });
      },
    },
    { method: "GET", path: "/volumes/:id", operation: "block-storage.volume.show", handler: (c) => show(c, c.req.param("id")!) },
    route({
      method: "PUT",
      path: "/volumes/:id",
      operation: "block-storage.volume.update",
      schema: updateVolumeBody,
      handler: (c, { volume }) => {
        const id = c.req.param("id")!;
        const caller = deps.caller(c);
        deps.write(c, (s, ctx) => updateVolume(s, ctx, id, volume));
        return c.json({ volume: volumeView(c, deps.state(), caller, visibleVolume(deps.state(), caller, id), microversion(c)) });
      },
    }),
    {
      method: "DELETE",
      path: "/volumes/:id",
      operation: "block-storage.volume.delete",
      handler: (c) => {
        const id = c.req.param("id")!;
        const cascade = queryBool(queryParam(c, "cascade") ?? "false") ?? false;
        deps.write(c, (s, ctx) => deleteVolume(s, ctx, id, { cascade, force: false }));
        return c.body(null, 202);
      },
    },
  ];
}

