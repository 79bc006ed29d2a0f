// The proxy API to Cinder's volumes (nova/api/openstack/compute/volumes.py, v2.1 until 2.36, 404 from
// it): os-volumes list, detail, show, create (200), delete (202), in Nova's camelCase record, with
// Cinder's refusals worded as Nova words them.

import * as z from "zod";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { ApiError } from "../../../kernel/errors.js";
import { isoMicroNoZone } from "../../../kernel/time.js";
import { volumeProxy, type ProxyVolume } from "../../block-storage/for-compute.js";
import { badRequest, forbidden, itemNotFound } from "../errors.js";
import { metadataSchema } from "../schemas/servers.js";
import { proxyGate } from "./proxy-security-groups.js";
import type { ComputeDeps } from "./deps.js";

const text = z.string().max(255).nullable().optional();
export const proxyVolumeBodySchema = z.strictObject({
  volume: z.strictObject({
    size: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]).pipe(z.number().int().min(1)),
    display_name: text,
    display_description: text,
    volume_type: text,
    availability_zone: text,
    snapshot_id: text,
    metadata: metadataSchema.optional(),
  }),
});

const volumeNotFound = (id: string) => itemNotFound(`Volume ${id} could not be found.`);

/** Nova's record: no attachment shows as one empty object. */
function volumeView(v: ProxyVolume) {
  return {
    id: v.id,
    status: v.status,
    size: v.size,
    availabilityZone: v.availabilityZone,
    createdAt: isoMicroNoZone(v.createdAt),
    attachments: v.attachments.length ? v.attachments.map((a) => ({ id: a.id, volumeId: v.id, serverId: a.serverId, device: a.device })) : [{}],
    displayName: v.name,
    displayDescription: v.description,
    volumeType: v.volumeType,
    snapshotId: v.snapshotId,
    metadata: v.metadata,
  };
}

/** Cinder's answer as Nova reports it: 404 not found, quota 403, other refusals 400. */
function novaWording(error: unknown, id: string): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.status === 404) return volumeNotFound(id);
  if (error.status === 413) return forbidden(error.message);
  return badRequest(error.message);
}

export function proxyVolumeRoutes(deps: ComputeDeps): RouteDef[] {
  const idOf = (c: Ctx) => c.req.param("volumeId") ?? "";
  const list = (c: Ctx) => {
    proxyGate(c);
    return c.json({ volumes: volumeProxy.proxyVolumes(deps.root(), deps.caller(c)).map(volumeView) });
  };
  return [
    { method: "GET", path: "/v2.1/os-volumes", operation: "compute.volume.list", handler: list },
    { method: "GET", path: "/v2.1/os-volumes/detail", operation: "compute.volume.list", handler: list },
    {
      method: "GET",
      path: "/v2.1/os-volumes/:volumeId",
      operation: "compute.volume.show",
      handler: (c) => {
        proxyGate(c);
        const v = volumeProxy.proxyVolume(deps.root(), deps.caller(c), idOf(c));
        if (!v) throw volumeNotFound(idOf(c));
        return c.json({ volume: volumeView(v) });
      },
    },
    route({
      method: "POST",
      path: "/v2.1/os-volumes",
      operation: "compute.volume.create",
      schema: proxyVolumeBodySchema,
      schemaFor: (c) => {
        proxyGate(c);
        return proxyVolumeBodySchema;
      },
      handler: (c, { volume: b }) => {
        const v = deps.write(c, (_s, ctx) => {
          try {
            return volumeProxy.createProxyVolume(ctx, {
              size: b.size,
              name: b.display_name,
              description: b.display_description,
              volumeType: b.volume_type,
              availabilityZone: b.availability_zone,
              snapshotId: b.snapshot_id,
              metadata: b.metadata,
            });
          } catch (error) {
            throw novaWording(error, b.snapshot_id ?? "");
          }
        });
        return c.json({ volume: volumeView(v) });
      },
    }),
    {
      method: "DELETE",
      path: "/v2.1/os-volumes/:volumeId",
      operation: "compute.volume.delete",
      handler: (c) => {
        proxyGate(c);
        deps.write(c, (_s, ctx) => {
          try {
            volumeProxy.deleteProxyVolume(ctx, idOf(c));
          } catch (error) {
            throw novaWording(error, idOf(c));
          }
        });
        return c.body(null, 202);
      },
    },
  ];
}
