// /snapshots (cinder/api/v3/snapshots.py, v3/snapshot_metadata.py, contrib/admin_actions.py): create (202),
// list and detail (filters, all_tenants for admins, limit/marker with `snapshots_links`), show, update,
// metadata, delete (202), the admin actions os-reset_status / os-force_delete, and the owner's
// os-update_snapshot_status (contrib/snapshot_actions.py).

import { rejectInvalidFilters } from "./resource-filters.js";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { own } from "../../../kernel/own.js";
import { get } from "../../../kernel/store/table.js";
import { badRequest, forbidden, itemNotFound } from "../errors.js";
import { microversion } from "../microversion.js";
import {
  createSnapshot,
  deleteSnapshot,
  deleteSnapshotMetadataItem,
  forceDeleteSnapshot,
  resetSnapshotStatus,
  setSnapshotMetadata,
  updateSnapshot,
  updateSnapshotStatus,
  visibleSnapshot,
} from "../operations/snapshots.js";
import {
  snapshotActionSchema,
  snapshotCreateSchema,
  snapshotMetadataSchema,
  snapshotMetaItemSchema,
  snapshotUpdateSchema,
} from "../schemas/snapshots.js";
import type { Snapshot } from "../state.js";
import { snapshotDetail, snapshotSummary } from "../views/snapshots.js";
import type { BlockStorageDeps } from "./deps.js";
import { listPage, listQuery, metadataFilter } from "./list.js";
import { queryBool } from "../schemas/parameter-types.js";
import { collectionBody } from "../views/links.js";
import { actionVariants } from "../../../kernel/http/variants.js";

const id = (c: Ctx) => c.req.param("id")!;

// display_name: the column `name` stands for, which Cinder's database sorts by too (tempest sorts by it)
const SORT_KEYS = ["created_at", "updated_at", "id", "name", "display_name", "status", "size", "volume_id"] as const;

function sortValue(snap: Snapshot, key: string): string | number | null {
  switch (key) {
    case "created_at":
      return snap.createdAt;
    case "updated_at":
      return snap.updatedAt;
    case "volume_id":
      return snap.volumeId;
    case "display_name":
      return snap.name;
    default:
      return (snap as unknown as Record<string, string | number | null>)[key] ?? null;
  }
}

/** Cinder's SnapshotMetadataNotFound */
const snapshotMetadataNotFound = (snapshotId: string, key: string) => itemNotFound(`Snapshot ${snapshotId} has no metadata with key ${key}.`);

export function snapshotRoutes(deps: BlockStorageDeps): RouteDef[] {
  const list = (detail: boolean) => (c: Ctx) => {
    const mv = microversion(c);
    const caller = deps.caller(c);
    rejectInvalidFilters(c, caller, "snapshot");
    const s = deps.state();
    const query = listQuery(c, caller, deps.kernel.options.maxPageSize, SORT_KEYS);
    const [status, volumeId, name] = [queryParam(c, "status"), queryParam(c, "volume_id"), queryParam(c, "name")];
    // the metadata filter arrived in 3.22; before it Cinder drops it
    const metadata = mv >= 22 ? metadataFilter(queryParam(c, "metadata")) : undefined;
    const match = (snap: Snapshot) =>
      (status === undefined || snap.status === status) &&
      (volumeId === undefined || snap.volumeId === volumeId) &&
      (name === undefined || snap.name === name) &&
      (metadata === undefined || Object.entries(metadata).every(([k, v]) => own(snap.metadata, k) === v));
    const page = listPage(s.snapshots, { ...query, name }, match, sortValue);
    const items = page.items.map((snap) => (detail ? snapshotDetail(snap, mv, true) : snapshotSummary(snap)));
    const body = collectionBody(c, "snapshots", items, query.limit, () => page.items.at(-1)!.id);
    if (mv >= 45 && queryBool(queryParam(c, "with_count") ?? "false")) body.count = page.count();
    return c.json(body);
  };

  return [
    route({
      method: "POST",
      path: "/snapshots",
      operation: "block-storage.snapshot.create",
      schema: snapshotCreateSchema,
      handler: (c, { snapshot: body }) => {
        const mv = microversion(c);
        const created = deps.write(c, (s, ctx) => createSnapshot(s, ctx, body, mv));
        // the committed row: an immediate transition may already have moved it on
        const snapshot = get(deps.state().snapshots, created.id) ?? created;
        return c.json({ snapshot: snapshotDetail(snapshot, mv, false) }, 202);
      },
    }),
    { method: "GET", path: "/snapshots", operation: "block-storage.snapshot.list", handler: list(false) },
    { method: "GET", path: "/snapshots/detail", operation: "block-storage.snapshot.list-detail", handler: list(true) },
    {
      method: "GET",
      path: "/snapshots/:id",
      operation: "block-storage.snapshot.show",
      handler: (c) => c.json({ snapshot: snapshotDetail(visibleSnapshot(deps.state(), deps.caller(c), id(c)), microversion(c), true) }),
    },
    route({
      method: "PUT",
      path: "/snapshots/:id",
      operation: "block-storage.snapshot.update",
      schema: snapshotUpdateSchema,
      handler: (c, { snapshot: body }) => {
        const snapshot = deps.write(c, (s, ctx) => updateSnapshot(s, ctx, id(c), body));
        return c.json({ snapshot: snapshotDetail(snapshot, microversion(c), false) });
      },
    }),
    {
      method: "DELETE",
      path: "/snapshots/:id",
      operation: "block-storage.snapshot.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteSnapshot(s, ctx, id(c)));
        return c.body(null, 202);
      },
    },
    route({
      method: "POST",
      path: "/snapshots/:id/action",
      operation: "block-storage.snapshot.action",
      variants: actionVariants("block-storage.snapshot.action", ["os-reset_status", "os-force_delete", "os-update_snapshot_status"]),
      schema: snapshotActionSchema,
      handler: (c, body) => {
        if ("os-update_snapshot_status" in body) {
          // policy snapshot_extension:snapshot_actions:update_snapshot_status is open: the owner (or an admin)
          const { status, progress } = body["os-update_snapshot_status"];
          deps.write(c, (s, ctx) => updateSnapshotStatus(s, ctx, id(c), status, progress ?? undefined));
          return c.body(null, 202);
        }
        const action = "os-reset_status" in body ? "reset_status" : "force_delete";
        if (!deps.caller(c).isAdmin) throw forbidden(`Policy doesn't allow volume_extension:snapshot_admin_actions:${action} to be performed.`);
        deps.write(c, (s, ctx) =>
          "os-reset_status" in body ? resetSnapshotStatus(s, ctx, id(c), body["os-reset_status"].status) : forceDeleteSnapshot(s, ctx, id(c)),
        );
        return c.body(null, 202);
      },
    }),
    {
      method: "GET",
      path: "/snapshots/:id/metadata",
      operation: "block-storage.snapshot.metadata.list",
      handler: (c) => c.json({ metadata: { ...visibleSnapshot(deps.state(), deps.caller(c), id(c)).metadata } }),
    },
    ...(["POST", "PUT"] as const).map(
      (method): RouteDef => route({
        method,
        path: "/snapshots/:id/metadata",
        operation: method === "PUT" ? "block-storage.snapshot.metadata.replace" : "block-storage.snapshot.metadata.update",
        schema: snapshotMetadataSchema,
        handler: (c, { metadata }) => {
          return c.json({ metadata: deps.write(c, (s, ctx) => setSnapshotMetadata(s, ctx, id(c), metadata, method === "PUT")) });
        },
      }),
    ),
    {
      method: "GET",
      path: "/snapshots/:id/metadata/:key",
      operation: "block-storage.snapshot.metadata.show",
      handler: (c) => {
        const key = c.req.param("key")!;
        const metadata = visibleSnapshot(deps.state(), deps.caller(c), id(c)).metadata;
        if (!Object.hasOwn(metadata, key)) throw snapshotMetadataNotFound(id(c), key);
        return c.json({ meta: { [key]: metadata[key] } });
      },
    },
    route({
      method: "PUT",
      path: "/snapshots/:id/metadata/:key",
      operation: "block-storage.snapshot.metadata.set",
      schema: snapshotMetaItemSchema,
      handler: (c, { meta }) => {
        const key = c.req.param("key")!;
        if (!Object.hasOwn(meta, key)) throw badRequest("Request body and URI mismatch");
        if (Object.keys(meta).length > 1) throw badRequest("Request body contains too many items");
        deps.write(c, (s, ctx) => setSnapshotMetadata(s, ctx, id(c), meta, false));
        return c.json({ meta: { [key]: meta[key] } });
      },
    }),
    {
      method: "DELETE",
      path: "/snapshots/:id/metadata/:key",
      operation: "block-storage.snapshot.metadata.delete",
      handler: (c) => {
        const key = c.req.param("key")!;
        const found = deps.write(c, (s, ctx) => deleteSnapshotMetadataItem(s, ctx, id(c), key));
        if (!found) throw snapshotMetadataNotFound(id(c), key);
        return c.body(null, 200);
      },
    },
  ];
}
