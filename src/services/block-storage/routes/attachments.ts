// The attachments API (Cinder 3.27+; os-complete 3.44): create, list (summary and detail), show, update
// with a connector, complete and delete. Below its microversion the API is not there (404, as Cinder).

import { rejectInvalidFilters } from "./resource-filters.js";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { scan } from "../../../kernel/store/table.js";
import { isoMicroNoZone } from "../../../kernel/time.js";
import { itemNotFound } from "../errors.js";
import { microversion } from "../microversion.js";
import { completeAttachment, createAttachment, deleteAttachment, updateAttachment, visibleAttachment } from "../operations/attachments.js";
import { connectionInfoOf } from "../operations/volume-actions.js";
import { queryBool } from "../schemas/parameter-types.js";
import { attachmentActionBody, createAttachmentBody, updateAttachmentBody } from "../schemas/attachments.js";
import type { Volume, VolumeAttachment } from "../state.js";
import type { BlockStorageDeps } from "./deps.js";

const ATTACHMENTS_VERSION = 27;
const COMPLETE_VERSION = 44;

const summary = (v: Volume, a: VolumeAttachment) => ({ id: a.id, status: a.status, instance: a.serverId, volume_id: v.id });

function detail(v: Volume, a: VolumeAttachment) {
  return {
    ...summary(v, a),
    attach_mode: a.mode,
    attached_at: a.attachedAt === null ? null : isoMicroNoZone(a.attachedAt),
    detached_at: null,
    connection_info: a.connector ? connectionInfoOf(v, a.connector) : null,
  };
}

export function attachmentRoutes(deps: BlockStorageDeps): RouteDef[] {
  const need = (c: Ctx, version: number) => {
    const v = microversion(c);
    if (v < version) throw itemNotFound(`API version 3.${v} is not supported on this method.`);
  };
  /** the body's schema on a route from `version` on (before it, the route is a 404 whatever the body) */
  const since = <S>(version: number, schema: S) => (c: Ctx) => {
    need(c, version);
    return schema;
  };
  const id = (c: Ctx) => c.req.param("id")!;
  const show = (c: Ctx, attachmentId: string) => {
    const caller = deps.caller(c);
    const { volume, attachment } = visibleAttachment(deps.state(), caller, attachmentId);
    return c.json({ attachment: detail(volume, attachment) });
  };
  const list = (full: boolean) => (c: Ctx) => {
    need(c, ATTACHMENTS_VERSION);
    const caller = deps.caller(c);
    rejectInvalidFilters(c, caller, "attachment");
    const all = caller.isAdmin && (queryBool(queryParam(c, "all_tenants") ?? "false") ?? false);
    const volumeId = queryParam(c, "volume_id");
    const instance = queryParam(c, "instance_id");
    const items: unknown[] = [];
    for (const v of scan(deps.state().volumes, { reverse: true })) {
      if (!all && v.projectId !== caller.projectId) continue;
      if (volumeId !== undefined && v.id !== volumeId) continue;
      for (const a of v.attachments) {
        if (instance !== undefined && a.serverId !== instance) continue;
        items.push(full ? detail(v, a) : summary(v, a));
      }
    }
    return c.json({ attachments: items });
  };
  return [
    route({
      method: "POST",
      path: "/attachments",
      operation: "block-storage.attachment.create",
      schema: createAttachmentBody,
      schemaFor: since(ATTACHMENTS_VERSION, createAttachmentBody),
      handler: (c, { attachment: a }) => {
        const made = deps.write(c, (s, ctx) =>
          createAttachment(s, ctx, { volumeId: a.volume_uuid, serverId: a.instance_uuid ?? null, connector: a.connector ?? null, mode: a.mode ?? "rw" }),
        );
        return show(c, made.attachment.id);
      },
    }),
    { method: "GET", path: "/attachments", operation: "block-storage.attachment.list", handler: list(false) },
    { method: "GET", path: "/attachments/detail", operation: "block-storage.attachment.list-detail", handler: list(true) },
    {
      method: "GET",
      path: "/attachments/:id",
      operation: "block-storage.attachment.show",
      handler: (c) => {
        need(c, ATTACHMENTS_VERSION);
        return show(c, id(c));
      },
    },
    route({
      method: "PUT",
      path: "/attachments/:id",
      operation: "block-storage.attachment.update",
      schema: updateAttachmentBody,
      schemaFor: since(ATTACHMENTS_VERSION, updateAttachmentBody),
      handler: (c, { attachment }) => {
        deps.write(c, (s, ctx) => updateAttachment(s, ctx, id(c), attachment.connector));
        return show(c, id(c));
      },
    }),
    route({
      method: "POST",
      path: "/attachments/:id/action",
      operation: "block-storage.attachment.complete",
      schema: attachmentActionBody,
      schemaFor: since(COMPLETE_VERSION, attachmentActionBody),
      handler: (c) => {
        deps.write(c, (s, ctx) => completeAttachment(s, ctx, id(c)));
        return c.body(null, 204);
      },
    }),
    {
      method: "DELETE",
      path: "/attachments/:id",
      operation: "block-storage.attachment.delete",
      handler: (c) => {
        need(c, ATTACHMENTS_VERSION);
        const remaining = deps.write(c, (s, ctx) => {
          const { volume } = visibleAttachment(s, ctx.caller, id(c));
          const left = deleteAttachment(s, ctx, id(c));
          return left.map((a) => summary(volume, a));
        });
        return c.json({ attachments: remaining });
      },
    },
  ];
}
