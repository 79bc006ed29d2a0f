// /groups (cinder/api/v3/groups.py, views/groups.py; 3.13+, a 404 before): create (202 with id and name),
// list and detail (own project's; an admin's all_tenants; name and status filters, limit/marker/sort), show,
// update (name, description, add_volumes/remove_volumes; 202), the actions delete and reset_status (3.20), and
// create-from-src (3.14, a group snapshot's or a group's copy).

import { rejectInvalidFilters } from "./resource-filters.js";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { actionVariants } from "../../../kernel/http/variants.js";
import { isoMicroNoZone } from "../../../kernel/time.js";
import { badRequest, forbidden, itemNotFound } from "../errors.js";
import { microversion } from "../microversion.js";
import * as ops from "../operations/groups.js";
import { createGroupFromSource } from "../operations/group-from-source.js";
import { createGroupBody, createGroupFromSourceBody, groupActionBody, updateGroupBody } from "../schemas/groups.js";
import { queryBool } from "../schemas/parameter-types.js";
import type { BlockStorageState, VolumeGroup } from "../state.js";
import { collectionBody } from "../views/links.js";
import type { BlockStorageDeps } from "./deps.js";
import { listPage, listQuery } from "./list.js";

const GROUPS = 13;
const FROM_SOURCE = 14;
const RESET_STATUS = 20;
const SORT_KEYS = ["created_at", "updated_at", "id", "name", "status"] as const;

/** The detailed record (views/groups.py): later microversions add the sources, members, replication, project. */
function groupDetail(c: Ctx, s: BlockStorageState, g: VolumeGroup, mv: number) {
  return {
    id: g.id,
    status: g.status,
    availability_zone: g.availabilityZone,
    created_at: isoMicroNoZone(g.createdAt),
    name: g.name,
    description: g.description,
    group_type: g.groupTypeId,
    volume_types: [...g.volumeTypeIds],
    ...(mv >= 14 ? { group_snapshot_id: g.groupSnapshotId ?? null, source_group_id: g.sourceGroupId ?? null } : {}),
    ...(mv >= 25 && queryBool(queryParam(c, "list_volume") ?? "false") ? { volumes: ops.volumesOfGroup(s, g.id).map((v) => v.id) } : {}),
    ...(mv >= 38 ? { replication_status: "disabled" } : {}),
    ...(mv >= 58 ? { project_id: g.projectId } : {}),
  };
}

export function groupRoutes(deps: BlockStorageDeps): RouteDef[] {
  const gated = <R extends RouteDef>(r: R): R => ({
    ...r,
    handler: (c: Ctx, body: unknown) => {
      const v = microversion(c);
      if (v < GROUPS) throw itemNotFound(`API version 3.${v} is not supported on this method.`);
      return r.handler(c, body as never);
    },
  });
  const id = (c: Ctx) => c.req.param("id")!;
  const list = (detail: boolean) => (c: Ctx) => {
    const s = deps.state();
    rejectInvalidFilters(c, deps.caller(c), "group");
    const query = listQuery(c, deps.caller(c), deps.kernel.options.maxPageSize, SORT_KEYS);
    const [name, status] = [queryParam(c, "name"), queryParam(c, "status")];
    const match = (g: VolumeGroup) => (name === undefined || g.name === name) && (status === undefined || g.status === status);
    const value = (g: VolumeGroup, key: string) =>
      key === "created_at" ? g.createdAt : key === "updated_at" ? g.updatedAt : key === "id" ? g.id : key === "name" ? g.name : g.status;
    const page = listPage(ops.groupTable(s), query, match, value);
    const mv = microversion(c);
    const items = page.items.map((g) => (detail ? groupDetail(c, s, g, mv) : { id: g.id, name: g.name }));
    return c.json(collectionBody(c, "groups", items, query.limit, () => page.items.at(-1)!.id));
  };
  const routes: RouteDef[] = [
    route({
      method: "POST",
      path: "/groups",
      operation: "block-storage.group.create",
      schema: createGroupBody,
      handler: (c, { group: b }) => {
        const input = {
          name: b.name ?? null,
          description: b.description ?? null,
          groupType: b.group_type,
          volumeTypes: b.volume_types,
          availabilityZone: b.availability_zone ?? null,
        };
        const made = deps.write(c, (s, ctx) => ({ ...ops.createGroup(s, ctx, input) }));
        return c.json({ group: { id: made.id, name: made.name } }, 202);
      },
    }),
    route({
      method: "POST",
      path: "/groups/action",
      operation: "block-storage.group.create-from-src",
      schema: createGroupFromSourceBody,
      handler: (c, { "create-from-src": b }) => {
        const mv = microversion(c);
        if (mv < FROM_SOURCE) throw itemNotFound(`API version 3.${mv} is not supported on this method.`);
        const input = { name: b.name ?? null, description: b.description ?? null, groupSnapshotId: b.group_snapshot_id ?? null, sourceGroupId: b.source_group_id ?? null };
        const made = deps.write(c, (s, ctx) => ({ ...createGroupFromSource(s, ctx, input) }));
        return c.json({ group: { id: made.id, name: made.name } }, 202);
      },
    }),
    { method: "GET", path: "/groups", operation: "block-storage.group.list", handler: list(false) },
    { method: "GET", path: "/groups/detail", operation: "block-storage.group.list-detail", handler: list(true) },
    {
      method: "GET",
      path: "/groups/:id",
      operation: "block-storage.group.show",
      handler: (c) => {
        const s = deps.state();
        return c.json({ group: groupDetail(c, s, ops.visibleGroup(s, deps.caller(c), id(c)), microversion(c)) });
      },
    },
    route({
      method: "PUT",
      path: "/groups/:id",
      operation: "block-storage.group.update",
      schema: updateGroupBody,
      handler: (c, { group: b }) => {
        if (Object.keys(b).length === 0) {
          throw badRequest("Name, description, add_volumes, and remove_volumes can not be all empty in the request body.");
        }
        deps.write(c, (s, ctx) =>
          ops.updateGroup(s, ctx, id(c), { name: b.name, description: b.description, addVolumes: b.add_volumes, removeVolumes: b.remove_volumes }),
        );
        return c.body(null, 202);
      },
    }),
    route({
      method: "POST",
      path: "/groups/:id/action",
      operation: "block-storage.group.action",
      variants: actionVariants("block-storage.group.action", ["delete", "reset_status"]),
      schema: groupActionBody,
      handler: (c, body) => {
        if ("delete" in body) {
          const deleteVolumes = body.delete["delete-volumes"] ?? false;
          deps.write(c, (s, ctx) => ops.deleteGroup(s, ctx, id(c), deleteVolumes));
          return c.body(null, 202);
        }
        const mv = microversion(c);
        if (mv < RESET_STATUS) throw itemNotFound(`API version 3.${mv} is not supported on this method.`);
        if (!deps.caller(c).isAdmin) throw forbidden("Policy doesn't allow group:reset_status to be performed.");
        deps.write(c, (s, ctx) => ops.resetGroupStatus(s, ctx, id(c), body.reset_status.status));
        return c.body(null, 202);
      },
    }),
  ];
  return routes.map(gated);
}

