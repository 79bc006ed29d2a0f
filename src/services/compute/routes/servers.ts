// Servers: create, list, list detail, show, update, delete (Nova v2.1). Metadata
// and ips are in server-metadata.ts, the listing's filters in server-list.ts.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import type { Caller } from "../../../kernel/operation.js";
import { badRequest } from "../errors.js";
import { microversion } from "../microversion.js";
import { createServers, type ServerCreateInput } from "../operations/server-create.js";
import { deleteServer, updateServer, visibleServer } from "../operations/servers.js";
import { recordAction } from "../operations/server-instance-actions.js";
import { isBase64, serverCreateSchema, serverUpdateSchema, type ServerCreateBody } from "../schemas/servers.js";
import { serverLinks, serverView, serverViewContext } from "../views/servers.js";
import type { ComputeDeps } from "./deps.js";
import type { ComputeProfile } from "../options.js";
import { listServers } from "./server-list.js";
import { serverMetadataRoutes } from "./server-metadata.js";
import { volumeAttachmentRoutes } from "./volume-attachments.js";
import { requestedHostname } from "../hostname.js";
import { rareOf } from "../server-rare.js";

/** Nova's schema refuses a key the negotiated version does not have yet. */
function notBefore(v: number, min: number, key: string, given: unknown): void {
  if (given !== undefined && v < min) throw badRequest(`Invalid input for field/attribute server. Value: ${key}. Additional properties are not allowed ('${key}' was unexpected)`);
}

/**
 * `networks`: the spec requires it at every version. Nova requires it from 2.37 (with `auto` and `none`);
 * before, it is an optional list and leaving it out means the project's usable networks.
 */
function networksOf(b: ServerCreateBody, v: number, profile: ComputeProfile): ServerCreateInput["networks"] {
  const legacy = profile === "upstream" && v < 37;
  if (b.networks === undefined) {
    if (legacy) return undefined;
    throw badRequest("Invalid input for field/attribute server. Value: networks. 'networks' is a required property");
  }
  if (typeof b.networks === "string") {
    if (legacy) throw badRequest(`Invalid input for field/attribute networks. Value: ${b.networks}. '${b.networks}' is not of type 'array'`);
    return b.networks;
  }
  return b.networks.map((n) => (n.port !== undefined ? { portId: n.port } : { networkId: n.uuid, fixedIp: n.fixed_ip }));
}

function createInput(b: ServerCreateBody, hints: { group?: string; same_host?: string[]; different_host?: string[] } | undefined, v: number, profile: ComputeProfile): ServerCreateInput {
  notBefore(v, 19, "description", b.description);
  notBefore(v, 52, "tags", b.tags);
  const hostname = requestedHostname(v, "server", b.hostname);
  if (b.user_data != null && !isBase64(b.user_data)) throw badRequest("User data needs to be valid base 64.");
  // personality is gone from 2.57; its contents are base64
  if (b.personality !== undefined && v >= 57) throw badRequest("Invalid input for field/attribute server. Value: personality. Additional properties are not allowed ('personality' was unexpected)");
  for (const f of b.personality ?? []) if (!isBase64(f.contents)) throw badRequest(`Personality content for ${f.path} cannot be decoded`);
  const networks = networksOf(b, v, profile);
  return {
    name: b.name,
    hostname,
    flavorRef: b.flavorRef,
    imageRef: b.imageRef || undefined,
    networks,
    keyName: b.key_name,
    securityGroups: b.security_groups?.map((g) => g.name),
    userData: b.user_data,
    availabilityZone: b.availability_zone,
    metadata: b.metadata,
    description: b.description,
    tags: b.tags,
    groupId: hints?.group,
    sameHost: hints?.same_host,
    differentHost: hints?.different_host,
    blockDevices: b.block_device_mapping_v2?.map((d) => ({
      sourceType: d.source_type,
      destinationType: d.destination_type ?? (d.source_type === "image" || d.source_type === "blank" ? "local" : "volume"),
      uuid: d.uuid,
      bootIndex: d.boot_index === undefined || d.boot_index === null || d.boot_index === "" ? null : d.boot_index,
      volumeSize: d.volume_size ?? undefined,
      deleteOnTermination: d.delete_on_termination,
      tag: d.tag,
    })),
    minCount: b.min_count,
    maxCount: b.max_count,
    accessIPv4: b.accessIPv4,
    accessIPv6: b.accessIPv6,
    configDrive: b.config_drive === true || (typeof b.config_drive === "string" && /^(true|1|yes)$/i.test(b.config_drive)),
    diskConfig: b["OS-DCF:diskConfig"],
    adminPass: b.adminPass,
    personality: b.personality,
  };
}

export function serverRoutes(deps: ComputeDeps): RouteDef[] {
  const viewContext = (c: Ctx, caller: Caller) => serverViewContext(deps.state(), deps.root(), baseUrl(c), microversion(c), caller.isAdmin);

  return [
    route({
      method: "POST",
      path: "/v2.1/servers",
      operation: "compute.server.create",
      schema: serverCreateSchema,
      handler: (c, body) => {
        const input = createInput(body.server, body["OS-SCH-HNT:scheduler_hints"] ?? body["os:scheduler_hints"], microversion(c), deps.profile);
        const { servers, adminPass } = deps.write(c, (s, ctx) => {
          const made = createServers(s, ctx, input);
          // each server's action log starts with its create, under this request's id
          for (const server of made.servers) recordAction(s, ctx, server, "create", c.get("requestId"));
          return made;
        });
        const first = servers[0];
        if (body.server.return_reservation_id === true) return c.json({ reservation_id: first.reservationId }, 202);
        const links = serverLinks(baseUrl(c), first.id);
        c.header("Location", links[0].href);
        const server: Record<string, unknown> = {
          id: first.id,
          links,
          "OS-DCF:diskConfig": rareOf(first).diskConfig,
          security_groups: first.securityGroups.map((name) => ({ name })),
          adminPass,
        };
        // the spec's creation response also names the server and its BUILD status; Nova's does not
        return c.json({ server: deps.profile === "spec" ? { id: first.id, name: first.name, status: "BUILD", ...server } : server }, 202);
      },
    }),
    { method: "GET", path: "/v2.1/servers", operation: "compute.server.list", handler: (c) => listServers(deps, c, false) },
    { method: "GET", path: "/v2.1/servers/detail", operation: "compute.server.list_detail", handler: (c) => listServers(deps, c, true) },
    {
      method: "GET",
      path: "/v2.1/servers/:id",
      operation: "compute.server.show",
      handler: (c) => {
        const caller = deps.caller(c);
        const server = visibleServer(deps.state(), caller, c.req.param("id")!);
        return c.json({ server: serverView(viewContext(c, caller), server, { serverGroups: true }) });
      },
    },
    route({
      method: "PUT",
      path: "/v2.1/servers/:id",
      operation: "compute.server.update",
      schema: serverUpdateSchema,
      handler: (c, { server: b }) => {
        const v = microversion(c);
        notBefore(v, 19, "description", b.description);
        const hostname = requestedHostname(v, "server", b.hostname);
        const server = deps.write(c, (s, ctx) =>
          updateServer(s, ctx, c.req.param("id")!, { name: b.name, hostname, description: b.description, accessIPv4: b.accessIPv4, accessIPv6: b.accessIPv6, diskConfig: b["OS-DCF:diskConfig"] }),
        );
        // the full record from 2.75; before, Nova answers without the extension attributes
        return c.json({ server: serverView(viewContext(c, deps.caller(c)), server, { serverGroups: true, full: v >= 75 }) });
      },
    }),
    {
      method: "DELETE",
      path: "/v2.1/servers/:id",
      operation: "compute.server.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => {
          const id = c.req.param("id")!;
          recordAction(s, ctx, visibleServer(s, ctx.caller, id), "delete", c.get("requestId"));
          deleteServer(s, ctx, id, deps.reclaimInstanceMs);
        });
        return c.body(null, 204);
      },
    },
    ...serverMetadataRoutes(deps),
    ...volumeAttachmentRoutes(deps),
  ];
}
