// POST /servers/{id}/remote-consoles (2.6; mks 2.8), GET/DELETE /servers/{id}/os-server-password,
// GET /servers/{id}/diagnostics (admin; 2.48 standard format).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { get, put } from "../../../kernel/store/table.js";
import { badRequest, forbidden, itemNotFound } from "../errors.js";
import { microversion } from "../microversion.js";
import { consoleUrl, diagnostics } from "../operations/server-consoles.js";
import { visibleServer } from "../operations/servers.js";
import { remoteConsoleBody } from "../schemas/server-actions-extra.js";
import type { ComputeDeps } from "./deps.js";
import { computeHooks } from "../../networking/index.js";

export function serverConsoleRoutes(deps: ComputeDeps): RouteDef[] {
  const server = (c: Ctx) => visibleServer(deps.state(), deps.caller(c), c.req.param("id")!);
  return [
    route({
      method: "POST",
      path: "/v2.1/servers/:id/remote-consoles",
      operation: "compute.server.remote_console.create",
      schema: remoteConsoleBody,
      schemaFor: (c) => {
        if (microversion(c) < 6) throw itemNotFound("The resource could not be found.");
        return remoteConsoleBody;
      },
      handler: (c, { remote_console: r }) => {
        const v = microversion(c);
        if (v < 8 && (r.protocol === "mks" || r.type === "webmks")) {
          throw badRequest(`Invalid input for field/attribute ${r.protocol === "mks" ? "protocol" : "type"}. Value: ${r.protocol === "mks" ? "mks" : "webmks"}. '${r.protocol === "mks" ? "mks" : "webmks"}' is not one of the allowed values`);
        }
        if (r.type === "spice-direct") throw badRequest("Invalid input for field/attribute type. Value: spice-direct. 'spice-direct' is not one of the allowed values");
        const url = consoleUrl(deps.kernel, server(c), r.protocol, r.type, baseUrl(c), `get_${r.protocol}_console`);
        return c.json({ remote_console: { protocol: r.protocol, type: r.type, url } });
      },
    }),
    {
      method: "GET",
      path: "/v2.1/servers/:id/os-server-password",
      operation: "compute.server.password.show",
      handler: (c) => {
        const sv = server(c);
        return c.json({ password: get(deps.state().serverExtras, sv.id)?.password ?? "" });
      },
    },
    {
      method: "DELETE",
      path: "/v2.1/servers/:id/os-server-password",
      operation: "compute.server.password.clear",
      handler: (c) => {
        deps.write(c, (s, ctx) => {
          const sv = visibleServer(s, ctx.caller, c.req.param("id")!);
          const extra = get(s.serverExtras, sv.id);
          if (extra) extra.password = "";
          else put(s.serverExtras, { id: sv.id, password: "" });
        });
        return c.body(null, 204);
      },
    },
    {
      method: "GET",
      path: "/v2.1/servers/:id/diagnostics",
      operation: "compute.server.diagnostics",
      policy: "admin",
      forbidden: () => forbidden("Policy doesn't allow os_compute_api:os-server-diagnostics to be performed."),
      handler: (c) => {
        const caller = deps.caller(c);
        if (!caller.isAdmin) throw forbidden("Policy doesn't allow os_compute_api:os-server-diagnostics to be performed.");
        const sv = server(c);
        const root = deps.root();
        const macs = sv.portIds.map((p) => computeHooks.portById(root, p)?.macAddress ?? "");
        return c.json(diagnostics(sv, deps.kernel.clock.now(), microversion(c), macs));
      },
    },
  ];
}

