// Floating IP port forwardings (Neutron v2.0 /floatingips/{floatingip_id}/port_forwardings): CRUD under a
// floating IP the caller sees.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { invalidAttribute } from "../errors.js";
import type { PortForwarding } from "../extension-state.js";
import { forwardingCreateSchema, forwardingUpdateSchema, type ForwardingBody } from "../schemas/port-forwarding.js";
import { createForwarding, deleteForwarding, findForwarding, forwardingsOf, updateForwarding, type ForwardingPatch } from "../operations/port-forwarding.js";
import { visibleFloatingIp } from "../operations/floating-ips.js";
import { fieldsOf, lazyMap, listBody, selectFields } from "./list.js";
import type { NetworkingDeps } from "./deps.js";

const single = (r: [number, number]) => (r[0] === r[1] ? r[0] : null);

export function forwardingView(pf: PortForwarding) {
  return {
    id: pf.id,
    protocol: pf.protocol,
    internal_ip_address: pf.internalIpAddress,
    internal_port_id: pf.internalPortId,
    internal_port: single(pf.internalPort),
    external_port: single(pf.externalPort),
    internal_port_range: `${pf.internalPort[0]}:${pf.internalPort[1]}`,
    external_port_range: `${pf.externalPort[0]}:${pf.externalPort[1]}`,
    description: pf.description,
  };
}

/** A port or a range (`a:b`, or a bare port); both forms given is 400, as Neutron answers. */
function portRange(side: "internal" | "external", port: number | undefined, range: string | undefined): [number, number] | undefined {
  if (port !== undefined && range !== undefined) throw invalidAttribute(`${side}_port_range`, `${side}_port and ${side}_port_range cannot be given together`);
  if (port !== undefined) return [port, port];
  if (range === undefined) return undefined;
  const [a, b = a] = range.split(":").map(Number);
  if (!(a >= 1 && b <= 65535 && a <= b)) throw invalidAttribute(`${side}_port_range`, `'${range}' is not a valid port range`);
  return [a, b];
}

function patchOf(b: ForwardingBody): ForwardingPatch {
  return {
    protocol: b.protocol,
    internalPortId: b.internal_port_id,
    internalIpAddress: b.internal_ip_address,
    internalPort: portRange("internal", b.internal_port, b.internal_port_range),
    externalPort: portRange("external", b.external_port, b.external_port_range),
    description: b.description,
  };
}

export function portForwardingRoutes(deps: NetworkingDeps): RouteDef[] {
  const { kernel } = deps;
  const collection = "/v2.0/floatingips/:floatingip_id/port_forwardings";
  const member = `${collection}/:pf_id`;
  const fipId = (c: Ctx) => c.req.param("floatingip_id")!;
  const pfId = (c: Ctx) => c.req.param("pf_id")!;
  return [
    {
      method: "GET",
      path: collection,
      operation: "networking.port_forwarding.list",
      handler: (c) => {
        const s = deps.state();
        const fip = visibleFloatingIp(s, deps.caller(c), fipId(c));
        return c.json(listBody(c, "port_forwardings", lazyMap(forwardingsOf(s, fip.id), forwardingView), kernel.options.maxPageSize));
      },
    },
    route({
      method: "POST",
      path: collection,
      operation: "networking.port_forwarding.create",
      schema: forwardingCreateSchema,
      schemaFor: (c) => {
        // another project's floating IP does not exist for the caller, whatever the body
        visibleFloatingIp(deps.state(), deps.caller(c), fipId(c));
        return forwardingCreateSchema;
      },
      handler: (c, { port_forwarding: b }) => {
        const p = patchOf(b);
        if (!p.internalPort) throw invalidAttribute("internal_port", "internal_port or internal_port_range is required");
        if (!p.externalPort) throw invalidAttribute("external_port", "external_port or external_port_range is required");
        const pf = deps.write(c, (s, ctx) =>
          createForwarding(s, ctx, visibleFloatingIp(s, ctx.caller, fipId(c)), {
            protocol: b.protocol,
            internalPortId: b.internal_port_id,
            internalIpAddress: b.internal_ip_address,
            internalPort: p.internalPort!,
            externalPort: p.externalPort!,
            description: b.description,
          }),
        );
        return c.json({ port_forwarding: forwardingView(pf) }, 201);
      },
    }),
    {
      method: "GET",
      path: member,
      operation: "networking.port_forwarding.show",
      handler: (c) => {
        const s = deps.state();
        const pf = findForwarding(s, visibleFloatingIp(s, deps.caller(c), fipId(c)), pfId(c));
        return c.json({ port_forwarding: selectFields(forwardingView(pf), fieldsOf(c)) });
      },
    },
    route({
      method: "PUT",
      path: member,
      operation: "networking.port_forwarding.update",
      schema: forwardingUpdateSchema,
      schemaFor: (c) => {
        findForwarding(deps.state(), visibleFloatingIp(deps.state(), deps.caller(c), fipId(c)), pfId(c));
        return forwardingUpdateSchema;
      },
      handler: (c, { port_forwarding: b }) => {
        const patch = patchOf(b);
        const pf = deps.write(c, (s, ctx) => {
          const fip = visibleFloatingIp(s, ctx.caller, fipId(c));
          return updateForwarding(s, ctx, fip, findForwarding(s, fip, pfId(c)), patch);
        });
        return c.json({ port_forwarding: forwardingView(pf) });
      },
    }),
    {
      method: "DELETE",
      path: member,
      operation: "networking.port_forwarding.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => {
          const fip = visibleFloatingIp(s, ctx.caller, fipId(c));
          deleteForwarding(s, fip, findForwarding(s, fip, pfId(c)));
        });
        return c.body(null, 204);
      },
    },
  ];
}
