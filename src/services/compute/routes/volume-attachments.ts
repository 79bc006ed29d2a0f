// A server's volume attachments (Nova's os-volume_attachments): list, show, attach (200 with the
// attachment), update (a swap, 202; delete_on_termination from 2.85) and detach (202). The volume's side goes through block storage's for-compute.ts contract.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { microversion } from "../microversion.js";
import type { OperationContext } from "../../../kernel/operation.js";
import type { ComputeState } from "../state.js";
import { visibleServer } from "../operations/servers.js";
import { closeActionEvents, recordAction } from "../operations/server-instance-actions.js";
import { attachVolume, detachVolume, findAttachment, updateVolumeAttachment } from "../operations/volume-attachments.js";
import {
  parseVolumeAttachmentCreate,
  parseVolumeAttachmentUpdate,
  volumeAttachmentCreateSchema,
  volumeAttachmentUpdateSchema,
} from "../schemas/volume-attachments.js";
import { volumeAttachmentView } from "../views/volume-attachments.js";
import type { ComputeDeps } from "./deps.js";

/** The server's action log gets the volume action, done when the request is (the emulator attaches at once). */
function logAction(s: ComputeState, ctx: OperationContext, serverId: string, action: string, requestId: string): void {
  const server = visibleServer(s, ctx.caller, serverId);
  recordAction(s, ctx, server, action, requestId);
  closeActionEvents(ctx, server);
}

const BASE = "/v2.1/servers/:id/os-volume_attachments";

export function volumeAttachmentRoutes(deps: ComputeDeps): RouteDef[] {
  const server = (c: Parameters<RouteDef["handler"]>[0]) => visibleServer(deps.state(), deps.caller(c), c.req.param("id")!);

  return [
    {
      method: "GET",
      path: BASE,
      operation: "compute.server.volume_attachment.list",
      handler: (c) => {
        const s = server(c);
        const mv = microversion(c);
        return c.json({ volumeAttachments: s.volumesAttached.map((a) => volumeAttachmentView(s, a, mv)) });
      },
    },
    {
      method: "GET",
      path: `${BASE}/:volumeId`,
      operation: "compute.server.volume_attachment.show",
      handler: (c) => {
        const s = server(c);
        return c.json({ volumeAttachment: volumeAttachmentView(s, findAttachment(s, c.req.param("volumeId")!), microversion(c)) });
      },
    },
    route({
      method: "POST",
      path: BASE,
      operation: "compute.server.volume_attachment.create",
      schema: volumeAttachmentCreateSchema,
      handler: (c, body) => {
        const mv = microversion(c);
        const input = parseVolumeAttachmentCreate(body, mv);
        const id = c.req.param("id")!;
        const view = deps.write(c, (s, ctx) => {
          const entry = attachVolume(s, ctx, id, input);
          logAction(s, ctx, id, "attach_volume", c.get("requestId"));
          return volumeAttachmentView(visibleServer(s, ctx.caller, id), entry, mv, true);
        });
        return c.json({ volumeAttachment: view });
      },
    }),
    route({
      method: "PUT",
      path: `${BASE}/:volumeId`,
      operation: "compute.server.volume_attachment.update",
      schema: volumeAttachmentUpdateSchema,
      handler: (c, body) => {
        const mv = microversion(c);
        const input = parseVolumeAttachmentUpdate(body, mv);
        deps.write(c, (s, ctx) => {
          updateVolumeAttachment(s, ctx, c.req.param("id")!, c.req.param("volumeId")!, input, mv);
          logAction(s, ctx, c.req.param("id")!, "swap_volume", c.get("requestId"));
        });
        return c.body(null, 202);
      },
    }),
    {
      method: "DELETE",
      path: `${BASE}/:volumeId`,
      operation: "compute.server.volume_attachment.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => {
          detachVolume(s, ctx, c.req.param("id")!, c.req.param("volumeId")!);
          logAction(s, ctx, c.req.param("id")!, "detach_volume", c.get("requestId"));
        });
        return c.body(null, 202);
      },
    },
  ];
}
