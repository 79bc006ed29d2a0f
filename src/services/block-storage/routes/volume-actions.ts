// Volume actions: POST /volumes/{id}/action with one action key (cinder/api/contrib/volume_actions.py,
// admin_actions.py, volume_image_metadata.py). The key is dispatched and its body validated before the volume
// is looked up; each action is one write. Answers: 202 and no body, except os-set_bootable (200),
// os-initialize_connection (200 with connection_info), os-volume_upload_image (202 with what is being
// uploaded), and the image metadata actions (200: the set for os-set/os-show, no body for os-unset).

import type { z } from "zod";
import type { RouteDef } from "../../../kernel/http/service-app.js";
import { validate } from "../../../kernel/http/body.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { badRequest, forbidden, itemNotFound } from "../errors.js";
import { microversion } from "../microversion.js";
import {
  attach,
  beginDetaching,
  detach,
  extend,
  forbiddenAction,
  forceDetach,
  initializeConnection,
  reserve,
  resetStatus,
  retype,
  rollDetaching,
  setBootable,
  terminateConnection,
  unreserve,
  updateReadonly,
} from "../operations/volume-actions.js";
import { deleteVolume } from "../operations/volumes.js";
import { reimage } from "../operations/volume-reimage.js";
import { uploadToImage } from "../operations/volume-upload.js";
import { imageMetadataOf, setImageMetadata, unsetImageMetadata } from "../operations/volume-image-metadata.js";
import { isoMicroNoZone } from "../../../kernel/time.js";
import * as bodies from "../schemas/volume-actions.js";
import type { BlockStorageDeps } from "./deps.js";
import { actionVariants } from "../../../kernel/http/variants.js";

/** os-reimage's microversion */
const REIMAGE_VERSION = 68;

type Handler = (c: Ctx, id: string, body: unknown) => Response;

export function volumeActionRoutes(deps: BlockStorageDeps): RouteDef[] {
  const accepted = (c: Ctx) => c.body(null, 202);
  /** an action: its body schema and what it does */
  const act = <S extends z.ZodType>(schema: S, run: (c: Ctx, id: string, body: z.output<S>) => Response): Handler => (c, id, body) =>
    run(c, id, validate(schema, body));

  const actions: Record<string, Handler> = {
    "os-extend": act(bodies.extendBody, (c, id, b) => {
      deps.write(c, (s, ctx) => extend(s, ctx, id, b["os-extend"].new_size, microversion(c)));
      return accepted(c);
    }),
    "os-reimage": act(bodies.reimageBody, (c, id, b) => {
      // Cinder answers a version without the action as if the method were not there
      if (microversion(c) < REIMAGE_VERSION) throw itemNotFound("The resource could not be found.");
      const r = b["os-reimage"];
      deps.write(c, (s, ctx) => reimage(s, ctx, id, r.image_id, r.reimage_reserved ?? false));
      return accepted(c);
    }),
    "os-retype": act(bodies.retypeBody, (c, id, b) => {
      const { new_type, migration_policy } = b["os-retype"];
      deps.write(c, (s, ctx) => retype(s, ctx, id, new_type, migration_policy ?? "never", deps.options.profile));
      return accepted(c);
    }),
    "os-reserve": act(bodies.reserveBody, (c, id) => {
      deps.write(c, (s, ctx) => reserve(s, ctx, id));
      return accepted(c);
    }),
    "os-unreserve": act(bodies.unreserveBody, (c, id) => {
      deps.write(c, (s, ctx) => unreserve(s, ctx, id));
      return accepted(c);
    }),
    "os-attach": act(bodies.attachBody, (c, id, b) => {
      const a = b["os-attach"];
      deps.write(c, (s, ctx) => attach(s, ctx, id, { serverId: a.instance_uuid ?? null, hostName: a.host_name ?? null, mountpoint: a.mountpoint, mode: a.mode ?? "rw" }));
      return accepted(c);
    }),
    "os-begin_detaching": act(bodies.beginDetachingBody, (c, id) => {
      deps.write(c, (s, ctx) => beginDetaching(s, ctx, id));
      return accepted(c);
    }),
    "os-roll_detaching": act(bodies.rollDetachingBody, (c, id) => {
      deps.write(c, (s, ctx) => rollDetaching(s, ctx, id));
      return accepted(c);
    }),
    "os-detach": act(bodies.detachBody, (c, id, b) => {
      deps.write(c, (s, ctx) => detach(s, ctx, id, b["os-detach"]?.attachment_id ?? undefined));
      return accepted(c);
    }),
    "os-initialize_connection": act(bodies.initializeConnectionBody, (c, id, b) => {
      const info = deps.write(c, (s, ctx) => initializeConnection(s, ctx, id, b["os-initialize_connection"].connector));
      return c.json({ connection_info: info });
    }),
    "os-terminate_connection": act(bodies.terminateConnectionBody, (c, id) => {
      deps.write(c, (s, ctx) => terminateConnection(s, ctx, id));
      return accepted(c);
    }),
    "os-set_bootable": act(bodies.setBootableBody, (c, id, b) => {
      deps.write(c, (s, ctx) => setBootable(s, ctx, id, b["os-set_bootable"].bootable));
      return c.body(null, 200);
    }),
    "os-update_readonly_flag": act(bodies.updateReadonlyBody, (c, id, b) => {
      deps.write(c, (s, ctx) => updateReadonly(s, ctx, id, b["os-update_readonly_flag"].readonly));
      return accepted(c);
    }),
    "os-reset_status": act(bodies.resetStatusBody, (c, id, b) => {
      const r = b["os-reset_status"];
      deps.write(c, (s, ctx) => resetStatus(s, ctx, id, { status: r.status, attachStatus: r.attach_status, migrationStatus: r.migration_status }));
      return accepted(c);
    }),
    "os-volume_upload_image": act(bodies.uploadImageBody, (c, id, b) => {
      const u = b["os-volume_upload_image"];
      // making an image public is an admin's (Glance's publicize_image policy)
      if (u.visibility === "public" && !deps.caller(c).isAdmin) throw forbidden("Policy doesn't allow volume_extension:volume_actions:upload_public to be performed.");
      const answer = deps.write(c, (s, ctx) => ({
        ...uploadToImage(s, ctx, id, {
          imageName: u.image_name,
          force: u.force ?? false,
          diskFormat: u.disk_format ?? "raw",
          containerFormat: u.container_format ?? "bare",
          visibility: u.visibility ?? "private",
        }),
        updated_at: isoMicroNoZone(ctx.now),
      }));
      return c.json({ "os-volume_upload_image": answer }, 202);
    }),
    "os-force_detach": act(bodies.forceDetachBody, (c, id, b) => {
      deps.write(c, (s, ctx) => forceDetach(s, ctx, id, b["os-force_detach"]?.attachment_id ?? undefined));
      return accepted(c);
    }),
    "os-force_delete": act(bodies.forceDeleteBody, (c, id) => {
      deps.write(c, (s, ctx) => {
        if (!ctx.caller.isAdmin) throw forbiddenAction("force_delete");
        deleteVolume(s, ctx, id, { cascade: false, force: true });
      });
      return accepted(c);
    }),
    "os-set_image_metadata": act(bodies.setImageMetadataBody, (c, id, b) =>
      c.json({ metadata: deps.write(c, (s, ctx) => ({ ...setImageMetadata(s, ctx, id, b["os-set_image_metadata"].metadata) })) }),
    ),
    "os-unset_image_metadata": act(bodies.unsetImageMetadataBody, (c, id, b) => {
      deps.write(c, (s, ctx) => unsetImageMetadata(s, ctx, id, b["os-unset_image_metadata"].key));
      return c.body(null, 200);
    }),
    "os-show_image_metadata": act(bodies.showImageMetadataBody, (c, id) => c.json({ metadata: imageMetadataOf(deps.state(), deps.caller(c), id) })),
  };

  return [
    {
      method: "POST",
      path: "/volumes/:id/action",
      operation: "block-storage.volume.action",
      variants: actionVariants("block-storage.volume.action", Object.keys(actions)),
      schema: bodies.volumeActionBody,
      // dispatched on its one key; each action validates its own body (`schema` lists them all)
      bodyCheck: "parsed",
      handler: (c, body) => {
        if (!body || typeof body !== "object" || Array.isArray(body) || Object.keys(body).length !== 1) throw badRequest("Malformed request body");
        const key = Object.keys(body)[0]!;
        const handler = Object.hasOwn(actions, key) ? actions[key] : undefined;
        if (!handler) throw badRequest(`There is no such action: ${key}`);
        return handler(c, c.req.param("id")!, body);
      },
    },
  ];
}
