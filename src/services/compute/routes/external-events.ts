// POST /os-server-external-events (admin; nova/api/openstack/compute/server_external_events.py): events
// from Neutron, Cinder and Ironic for servers, answered one by one (200 delivered; 404 unknown server; 422
// no host; 400 tag missing where required) and 207 when any failed. The names each microversion accepts:
// volume-extended 2.51, power-update 2.76 (POWER_ON / POWER_OFF change the server's power here).

import * as z from "zod";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { get } from "../../../kernel/store/table.js";
import { badRequest, forbidden } from "../errors.js";
import { microversion } from "../microversion.js";
import { changeState, POWER } from "../lifecycle.js";
import type { ComputeDeps } from "./deps.js";

const NAMES = ["network-changed", "network-vif-plugged", "network-vif-unplugged", "network-vif-deleted", "volume-extended", "power-update", "accelerator-request-bound", "volume-reimaged"] as const;
const SINCE: Record<string, number> = { "volume-extended": 51, "power-update": 76, "accelerator-request-bound": 82, "volume-reimaged": 93 };
const TAG_REQUIRED = new Set(["volume-extended", "power-update", "accelerator-request-bound"]);
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

const eventsBody = z.strictObject({
  events: z
    .array(
      z.strictObject({
        name: z.enum(NAMES),
        server_uuid: z.string().regex(UUID, "is not a 'uuid'"),
        status: z.enum(["failed", "completed", "in-progress"]).optional(),
        tag: z.string().max(255).optional(),
      }),
    )
    .min(1),
});

export function externalEventRoutes(deps: ComputeDeps): RouteDef[] {
  return [
    route({
      method: "POST",
      path: "/v2.1/os-server-external-events",
      operation: "compute.server_external_event.create",
      policy: "admin",
      forbidden: () => forbidden("Policy doesn't allow os_compute_api:os-server-external-events:create to be performed."),
      schema: eventsBody,
      schemaFor: (c) => {
        if (!deps.caller(c).isAdmin) throw forbidden("Policy doesn't allow os_compute_api:os-server-external-events:create to be performed.");
        return eventsBody;
      },
      handler: (c, { events }) => {
        const v = microversion(c);
        for (const e of events) {
          if ((SINCE[e.name] ?? 0) > v) throw badRequest(`Invalid input for field/attribute name. Value: ${e.name}. '${e.name}' is not one of the allowed values`);
        }
        let result = 200;
        const answered = deps.write(c, (s, ctx) =>
          events.map((e) => {
            const out: Record<string, unknown> = { ...e };
            const server = get(s.servers, e.server_uuid);
            const fail = (code: number) => {
              out.status = "failed";
              out.code = code;
              result = 207;
              return out;
            };
            if (!server) return fail(404);
            if (TAG_REQUIRED.has(e.name) && e.tag === undefined) return fail(400);
            if (server.host === null) return fail(422);
            out.status = "completed";
            out.code = 200;
            if (e.name === "power-update" && server.taskState === null) {
              if (e.tag === "POWER_OFF" && server.vmState === "active") changeState(ctx, server, { vmState: "stopped", powerState: POWER.SHUTDOWN });
              if (e.tag === "POWER_ON" && server.vmState === "stopped") changeState(ctx, server, { vmState: "active", powerState: POWER.RUNNING });
            }
            return out;
          }),
        );
        return c.json({ events: answered }, result as 200);
      },
    }),
  ];
}
