// /servers/{id}/os-interface: list, show, attach (200 with the attachment), detach (202); the
// attachment's tag from 2.70 (given from 2.49); recorded as instance actions attach_interface/detach_interface.

import * as z from "zod";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import type { Port } from "../../networking/index.js";
import { badRequest } from "../errors.js";
import { microversion } from "../microversion.js";
import { attachInterface, detachInterface, interfaceOf } from "../operations/server-interfaces.js";
import { closeActionEvents, recordAction } from "../operations/server-instance-actions.js";
import { visibleServer } from "../operations/servers.js";
import type { ComputeDeps } from "./deps.js";

const attachBody = z.strictObject({
  interfaceAttachment: z.strictObject({
    port_id: z.string().min(1).optional(),
    net_id: z.string().min(1).optional(),
    fixed_ips: z.array(z.strictObject({ ip_address: z.string().min(1) })).max(1).optional(),
    tag: z.string().min(1).max(60).regex(/^[^,/]*$/).optional(),
  }),
});

function attachmentView(port: Port, version: number): Record<string, unknown> {
  const view: Record<string, unknown> = {
    fixed_ips: port.fixedIps.map((ip) => ({ subnet_id: ip.subnetId, ip_address: ip.ipAddress })),
    mac_addr: port.macAddress,
    net_id: port.networkId,
    port_id: port.id,
    port_state: port.status,
  };
  if (version >= 70) view.tag = null;
  return view;
}

export function serverInterfaceRoutes(deps: ComputeDeps): RouteDef[] {
  const base = "/v2.1/servers/:id/os-interface";
  const server = (c: Ctx) => visibleServer(deps.state(), deps.caller(c), c.req.param("id")!);
  return [
    {
      method: "GET",
      path: base,
      operation: "compute.server.interface.list",
      handler: (c) => {
        const sv = server(c);
        const root = deps.root();
        return c.json({ interfaceAttachments: sv.portIds.map((p) => attachmentView(interfaceOf(root, sv, p), microversion(c))) });
      },
    },
    {
      method: "GET",
      path: `${base}/:portId`,
      operation: "compute.server.interface.show",
      handler: (c) => c.json({ interfaceAttachment: attachmentView(interfaceOf(deps.root(), server(c), c.req.param("portId")!), microversion(c)) }),
    },
    route({
      method: "POST",
      path: base,
      operation: "compute.server.interface.attach",
      schema: attachBody,
      schemaFor: (c) => {
        // the server first: another project's server is 404 whatever the body
        server(c);
        return attachBody;
      },
      handler: (c, { interfaceAttachment: a }) => {
        const v = microversion(c);
        if (a.tag !== undefined && v < 49) {
          throw badRequest("Invalid input for field/attribute interfaceAttachment. Value: tag. Additional properties are not allowed ('tag' was unexpected)");
        }
        const portId = deps.write(c, (s, ctx) => {
          const sv = visibleServer(s, ctx.caller, c.req.param("id")!);
          recordAction(s, ctx, sv, "attach_interface", c.get("requestId"));
          const id = attachInterface(ctx, sv, { portId: a.port_id, netId: a.net_id, fixedIp: a.fixed_ips?.[0]?.ip_address });
          closeActionEvents(ctx, sv);
          return id;
        });
        const sv = server(c);
        return c.json({ interfaceAttachment: attachmentView(interfaceOf(deps.root(), sv, portId), v) });
      },
    }),
    {
      method: "DELETE",
      path: `${base}/:portId`,
      operation: "compute.server.interface.detach",
      handler: (c) => {
        deps.write(c, (s, ctx) => {
          const sv = visibleServer(s, ctx.caller, c.req.param("id")!);
          recordAction(s, ctx, sv, "detach_interface", c.get("requestId"));
          detachInterface(ctx, sv, c.req.param("portId")!);
          closeActionEvents(ctx, sv);
        });
        return c.body(null, 202);
      },
    },
  ];
}
