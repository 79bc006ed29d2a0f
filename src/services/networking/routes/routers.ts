// Routers and their interfaces (Neutron v2.0 /routers): list, create, show, update, delete,
// add/remove_router_interface (200) and add/remove_extraroutes.

import type { z } from "zod";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { scan } from "../../../kernel/store/table.js";
import { extraRoutesSchema, routerCreateSchema, routerInterfaceSchema, routerUpdateSchema, type GatewayInfoBody } from "../schemas/routers.js";
import { changeExtraRoutes, createRouter, deleteRouter, updateRouter, visibleRouter, type GatewayInput } from "../operations/routers.js";
import { addRouterInterface, removeRouterInterface } from "../operations/router-interfaces.js";
import { routerInterfaceView, routerView } from "../views/routers.js";
import { owns, ownedRows } from "../operations/common.js";
import { fieldsOf, lazyMap, listBody, selectFields } from "./list.js";
import type { NetworkingDeps } from "./deps.js";

function gatewayInput(info: GatewayInfoBody | undefined): GatewayInput | null | undefined {
  if (info === undefined || info === null) return info;
  return {
    networkId: info.network_id,
    enableSnat: info.enable_snat,
    externalFixedIps: info.external_fixed_ips?.map((ip) => ({ subnetId: ip.subnet_id, ipAddress: ip.ip_address })),
  };
}

export function routerRoutes(deps: NetworkingDeps): RouteDef[] {
  const { kernel } = deps;
  const id = (c: Ctx) => c.req.param("router_id")!;
  const show = (c: Ctx, router: Parameters<typeof routerView>[0]) => c.json({ router: selectFields(routerView(router, deps.caller(c)), fieldsOf(c)) });
  const interfaceAction = (add: boolean) => (c: Ctx, body: z.output<typeof routerInterfaceSchema>) => {
    const info = deps.write(c, (s, ctx) => {
      const router = visibleRouter(s, ctx.caller, id(c));
      const req = { subnetId: body.subnet_id, portId: body.port_id };
      return add ? addRouterInterface(s, ctx, router, req) : removeRouterInterface(s, ctx, router, req);
    });
    return c.json(routerInterfaceView(info));
  };
  const extraRoutes = (add: boolean) => (c: Ctx, body: z.output<typeof extraRoutesSchema>) => {
    const router = deps.write(c, (s, ctx) => changeExtraRoutes(s, ctx, visibleRouter(s, ctx.caller, id(c)), body.router.routes, add));
    return c.json({ router: routerView(router, deps.caller(c)) });
  };
  return [
    {
      method: "GET",
      path: "/v2.0/routers",
      operation: "networking.router.list",
      handler: (c) => {
        const caller = deps.caller(c);
        const views = lazyMap(ownedRows(caller, deps.state().routers), (r) => routerView(r, caller));
        return c.json(listBody(c, "routers", views, kernel.options.maxPageSize));
      },
    },
    route({
      method: "POST",
      path: "/v2.0/routers",
      operation: "networking.router.create",
      schema: routerCreateSchema,
      handler: (c, { router: b }) => {
        const router = deps.write(c, (s, ctx) =>
          createRouter(s, ctx, {
            name: b.name,
            description: b.description,
            adminStateUp: b.admin_state_up,
            projectId: b.project_id ?? b.tenant_id,
            tags: b.tags,
            gateway: gatewayInput(b.external_gateway_info),
            distributed: b.distributed,
            ha: b.ha,
            availabilityZoneHints: b.availability_zone_hints,
          }),
        );
        return c.json({ router: routerView(router, deps.caller(c)) }, 201);
      },
    }),
    {
      method: "GET",
      path: "/v2.0/routers/:router_id",
      operation: "networking.router.show",
      handler: (c) => show(c, visibleRouter(deps.state(), deps.caller(c), id(c))),
    },
    route({
      method: "PUT",
      path: "/v2.0/routers/:router_id",
      operation: "networking.router.update",
      schema: routerUpdateSchema,
      handler: (c, { router: b }) => {
        const router = deps.write(c, (s, ctx) =>
          updateRouter(s, ctx, visibleRouter(s, ctx.caller, id(c)), {
            name: b.name,
            description: b.description,
            adminStateUp: b.admin_state_up,
            gateway: gatewayInput(b.external_gateway_info),
            routes: b.routes,
            distributed: b.distributed,
            ha: b.ha,
          }),
        );
        return c.json({ router: routerView(router, deps.caller(c)) });
      },
    }),
    {
      method: "DELETE",
      path: "/v2.0/routers/:router_id",
      operation: "networking.router.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteRouter(s, ctx, visibleRouter(s, ctx.caller, id(c))));
        return c.body(null, 204);
      },
    },
    route({ method: "PUT", path: "/v2.0/routers/:router_id/add_router_interface", operation: "networking.router.add_interface", schema: routerInterfaceSchema, handler: interfaceAction(true) }),
    route({ method: "PUT", path: "/v2.0/routers/:router_id/remove_router_interface", operation: "networking.router.remove_interface", schema: routerInterfaceSchema, handler: interfaceAction(false) }),
    route({ method: "PUT", path: "/v2.0/routers/:router_id/add_extraroutes", operation: "networking.router.add_extraroutes", schema: extraRoutesSchema, handler: extraRoutes(true) }),
    route({ method: "PUT", path: "/v2.0/routers/:router_id/remove_extraroutes", operation: "networking.router.remove_extraroutes", schema: extraRoutesSchema, handler: extraRoutes(false) }),
  ];
}
