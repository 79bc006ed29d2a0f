// /group_snapshots (cinder/api/v3/group_snapshots.py, views/group_snapshots.py; 3.14+, a 404 before): create
// (202, the summary), list (id and name) and detail (paging, sorting and the name, status and group_id filters
// from 3.29), show, delete (202) and the reset_status action (3.19, admin).

import { rejectInvalidFilters } from "./resource-filters.js";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { actionVariants } from "../../../kernel/http/variants.js";
import { isoMicroNoZone } from "../../../kernel/time.js";
import { itemNotFound } from "../errors.js";
import { microversion } from "../microversion.js";
import * as ops from "../operations/group-snapshots.js";
import { createGroupSnapshotBody, groupSnapshotActionBody } from "../schemas/group-snapshots.js";
import type { GroupSnapshot } from "../state.js";
import { collectionBody } from "../views/links.js";
import type { BlockStorageDeps } from "./deps.js";
import { listPage, listQuery } from "./list.js";

const GROUP_SNAPSHOTS = 14;
const RESET_STATUS = 19;
const PAGINATION = 29;
const PROJECT_ID = 58;
const SORT_KEYS = ["created_at", "updated_at", "id", "name", "status", "group_id"] as const;

/** The detailed record; 3.58 adds the project (its policy lets the owner and admins see it). */
function groupSnapshotDetail(g: GroupSnapshot, mv: number) {
  return {
    id: g.id,
    group_id: g.groupId,
    group_type_id: g.groupTypeId,
    status: g.status,
    created_at: isoMicroNoZone(g.createdAt),
    name: g.name,
    description: g.description,
    ...(mv >= PROJECT_ID ? { project_id: g.projectId } : {}),
  };
}

export function groupSnapshotRoutes(deps: BlockStorageDeps): RouteDef[] {
  const gated = <R extends RouteDef>(r: R): R => ({
    ...r,
    handler: (c: Ctx, body: unknown) => {
      const v = microversion(c);
      if (v < GROUP_SNAPSHOTS) throw itemNotFound(`API version 3.${v} is not supported on this method.`);
      return r.handler(c, body as never);
    },
  });
  const id = (c: Ctx) => c.req.param("id")!;
  const list = (detail: boolean) => (c: Ctx) => {
    const s = deps.state();
    const mv = microversion(c);
    const caller = deps.caller(c);
    rejectInvalidFilters(c, caller, "group_snapshot");
    // before 3.29 Cinder reads no query parameter: the caller's project, newest first, unpaged
    const paged = mv >= PAGINATION;
    const query = paged
      ? listQuery(c, caller, deps.kernel.options.maxPageSize, SORT_KEYS)
      : { limit: Number.MAX_SAFE_INTEGER, marker: undefined, offset: 0, sort: [], projectId: caller.projectId };
    const [status, groupId, name] = paged ? [queryParam(c, "status"), queryParam(c, "group_id"), queryParam(c, "name")] : [undefined, undefined, undefined];
    const match = (g: GroupSnapshot) =>
      (status === undefined || g.status === status) && (groupId === undefined || g.groupId === groupId) && (name === undefined || g.name === name);
    const value = (g: GroupSnapshot, key: string) =>
      key === "created_at" ? g.createdAt : key === "updated_at" ? g.updatedAt : key === "group_id" ? g.groupId : key === "id" ? g.id : key === "name" ? g.name : g.status;
    const page = listPage(ops.groupSnapshotTable(s), query, match, value);
    const items = page.items.map((g) => (detail ? groupSnapshotDetail(g, mv) : { id: g.id, name: g.name }));
    const body = collectionBody(c, "group_snapshots", items, query.limit, () => page.items.at(-1)!.id);
    // Cinder's view names the links group_snapshot_links
    if (body.group_snapshots_links) {
      body.group_snapshot_links = body.group_snapshots_links;
      delete body.group_snapshots_links;
    }
    return c.json(body);
  };
  const routes: RouteDef[] = [
    route({
      method: "POST",
      path: "/group_snapshots",
      operation: "block-storage.group_snapshot.create",
      schema: createGroupSnapshotBody,
      handler: (c, { group_snapshot: b }) => {
        const input = { groupId: b.group_id, name: b.name ?? null, description: b.description ?? null };
        const made = deps.write(c, (s, ctx) => ({ ...ops.createGroupSnapshot(s, ctx, input) }));
        return c.json({ group_snapshot: { id: made.id, name: made.name, group_type_id: made.groupTypeId } }, 202);
      },
    }),
    { method: "GET", path: "/group_snapshots", operation: "block-storage.group_snapshot.list", handler: list(false) },
    { method: "GET", path: "/group_snapshots/detail", operation: "block-storage.group_snapshot.list-detail", handler: list(true) },
    {
      method: "GET",
      path: "/group_snapshots/:id",
      operation: "block-storage.group_snapshot.show",
      handler: (c) => c.json({ group_snapshot: groupSnapshotDetail(ops.visibleGroupSnapshot(deps.state(), deps.caller(c), id(c)), microversion(c)) }),
    },
    {
      method: "DELETE",
      path: "/group_snapshots/:id",
      operation: "block-storage.group_snapshot.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => ops.deleteGroupSnapshot(s, ctx, id(c)));
        return c.body(null, 202);
      },
    },
    route({
      method: "POST",
      path: "/group_snapshots/:id/action",
      operation: "block-storage.group_snapshot.action",
      variants: actionVariants("block-storage.group_snapshot.action", ["reset_status"]),
      schema: groupSnapshotActionBody,
      handler: (c, body) => {
        const mv = microversion(c);
        if (mv < RESET_STATUS) throw itemNotFound(`API version 3.${mv} is not supported on this method.`);
        deps.write(c, (s, ctx) => ops.resetGroupSnapshotStatus(s, ctx, id(c), body.reset_status.status));
        return c.body(null, 202);
      },
    }),
  ];
  return routes.map(gated);
}
