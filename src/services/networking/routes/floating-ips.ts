// Floating IPs (Neutron v2.0 /floatingips): list (the SDK filters by floating_ip_address and
// port_id), allocate (201), show, associate/disassociate through PUT, release (204).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { scan } from "../../../kernel/store/table.js";
import { floatingIpCreateSchema, floatingIpUpdateSchema } from "../schemas/floating-ips.js";
import { createFloatingIp, deleteFloatingIp, updateFloatingIp, visibleFloatingIp } from "../operations/floating-ips.js";
import { floatingIpView } from "../views/floating-ips.js";
import { owns, ownedRows } from "../operations/common.js";
import { fieldsOf, lazyMap, listBody, selectFields } from "./list.js";
import type { NetworkingDeps } from "./deps.js";

export function floatingIpRoutes(deps: NetworkingDeps): RouteDef[] {
  const { kernel } = deps;
  const id = (c: Ctx) => c.req.param("floatingip_id")!;
  return [
    {
      method: "GET",
      path: "/v2.0/floatingips",
      operation: "networking.floatingip.list",
      handler: (c) => {
        const caller = deps.caller(c);
        const s = deps.state();
        const views = lazyMap(ownedRows(caller, s.floatingIps), (f) => floatingIpView(s, f));
        return c.json(listBody(c, "floatingips", views, kernel.options.maxPageSize));
      },
    },
    route({
      method: "POST",
      path: "/v2.0/floatingips",
      operation: "networking.floatingip.create",
      schema: floatingIpCreateSchema,
      handler: (c, { floatingip: b }) => {
        const fip = deps.write(c, (s, ctx) =>
          createFloatingIp(s, ctx, {
            floatingNetworkId: b.floating_network_id,
            floatingIpAddress: b.floating_ip_address,
            subnetId: b.subnet_id,
            portId: b.port_id,
            fixedIpAddress: b.fixed_ip_address,
            description: b.description,
            projectId: b.project_id ?? b.tenant_id,
            qosPolicyId: b.qos_policy_id,
            tags: b.tags,
            dnsName: b.dns_name,
            dnsDomain: b.dns_domain,
          }),
        );
        return c.json({ floatingip: floatingIpView(deps.state(), fip) }, 201);
      },
    }),
    {
      method: "GET",
      path: "/v2.0/floatingips/:floatingip_id",
      operation: "networking.floatingip.show",
      handler: (c) => {
        const s = deps.state();
        const fip = visibleFloatingIp(s, deps.caller(c), id(c));
        return c.json({ floatingip: selectFields(floatingIpView(s, fip), fieldsOf(c)) });
      },
    },
    route({
      method: "PUT",
      path: "/v2.0/floatingips/:floatingip_id",
      operation: "networking.floatingip.update",
      schema: floatingIpUpdateSchema,
      handler: (c, { floatingip: b }) => {
        const fip = deps.write(c, (s, ctx) =>
          updateFloatingIp(s, ctx, visibleFloatingIp(s, ctx.caller, id(c)), {
            portId: b.port_id,
            fixedIpAddress: b.fixed_ip_address,
            description: b.description,
            qosPolicyId: b.qos_policy_id,
          }),
        );
        return c.json({ floatingip: floatingIpView(deps.state(), fip) });
      },
    }),
    {
      method: "DELETE",
      path: "/v2.0/floatingips/:floatingip_id",
      operation: "networking.floatingip.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteFloatingIp(s, ctx, visibleFloatingIp(s, ctx.caller, id(c))));
        return c.body(null, 204);
      },
    },
  ];
}
