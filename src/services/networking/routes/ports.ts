// Ports (Neutron v2.0): list (with OSC's `fixed_ips=ip_address=...` / `subnet_id=...` filters), create (one,
// or bulk `{"ports": [...]}`), show, update, delete. Handlers validate, run one write, render the view.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queries, type Ctx } from "../../../kernel/http/context.js";
import type { Caller } from "../../../kernel/operation.js";
import { canonicalIp } from "../ip.js";
import { invalidInput } from "../errors.js";
import { targetProject } from "../operations/common.js";
import { createPort, deletePort, type PortInput } from "../operations/ports.js";
import { updatePort, type PortPatch } from "../operations/port-update.js";
import { requestedProject } from "../schemas/networks.js";
import { portCreateSchema, portUpdateSchema, type PortCreateBody, type PortUpdateBody } from "../schemas/ports.js";
import type { NetworkingState, Port } from "../state.js";
import { portView } from "../views/ports.js";
import type { NetworkingDeps } from "./deps.js";
import { fieldsOf, listBody, selectFields, lazyMap } from "./list.js";
import { canSeePort, visiblePort } from "../operations/visibility.js";
import { candidatePorts, PORT_ROW_FIELDS } from "../operations/port-queries.js";
import { rowFilter } from "../operations/row-filters.js";

const addressRequests = (list: PortUpdateBody["fixed_ips"]) => list?.map((f) => ({ subnetId: f.subnet_id, ipAddress: f.ip_address }));

function portPatch(b: PortUpdateBody): PortPatch {
  return {
    name: b.name,
    description: b.description,
    adminStateUp: b.admin_state_up,
    fixedIps: addressRequests(b.fixed_ips),
    securityGroups: b.security_groups,
    deviceId: b.device_id,
    deviceOwner: b.device_owner,
    allowedAddressPairs: b.allowed_address_pairs === null ? null : b.allowed_address_pairs?.map((p) => ({ ipAddress: p.ip_address, macAddress: p.mac_address })),
    portSecurityEnabled: b.port_security_enabled,
    qosPolicyId: b.qos_policy_id,
    macAddress: b.mac_address,
    bindingHostId: b["binding:host_id"],
    bindingVnicType: b["binding:vnic_type"],
    bindingProfile: b["binding:profile"],
    extraDhcpOpts: b.extra_dhcp_opts?.map((o) => ({ optName: o.opt_name, optValue: o.opt_value, ipVersion: o.ip_version })),
    dnsName: b.dns_name,
  };
}

function portInput(b: PortCreateBody, caller: Caller): PortInput {
  const patch = portPatch(b);
  return {
    ...patch,
    networkId: b.network_id,
    projectId: targetProject(caller, requestedProject(b)),
    // null, like absent, means the default group on create (Neutron's is_attr_set); [] means none
    securityGroups: patch.securityGroups ?? undefined,
    allowedAddressPairs: patch.allowedAddressPairs ?? undefined,
    bindingProfile: patch.bindingProfile ?? undefined,
    tags: b.tags,
  };
}

/** `fixed_ips=ip_address=10.0.0.5`, `fixed_ips=subnet_id=<id>`, `fixed_ips=ip_address_substr=10.0`: one
 * address of the port must match all the kinds given (any value of each). */
function fixedIpFilter(values: string[]): (p: Port) => boolean {
  const wanted: Record<string, string[]> = { ip_address: [], subnet_id: [], ip_address_substr: [] };
  for (const value of values) {
    const eq = value.indexOf("=");
    const key = eq < 0 ? "" : value.slice(0, eq);
    if (!Object.hasOwn(wanted, key)) throw invalidInput(`'${value}' is not a valid fixed_ips filter: use ip_address=, subnet_id= or ip_address_substr=`);
    const given = value.slice(eq + 1);
    wanted[key].push(key === "ip_address" ? (canonicalIp(given) ?? given) : given);
  }
  const { ip_address: ips, subnet_id: subnets, ip_address_substr: substrings } = wanted;
  return (p) =>
    p.fixedIps.some(
      (f) =>
        (ips.length === 0 || ips.includes(f.ipAddress)) &&
        (subnets.length === 0 || subnets.includes(f.subnetId)) &&
        (substrings.length === 0 || substrings.some((sub) => f.ipAddress.includes(sub))),
    );
}

function* visiblePorts(s: NetworkingState, caller: Caller, keep: (p: Port) => boolean, c: Ctx): Generator<Port> {
  const one = (key: string) => {
    const values = queries(c)[key];
    return values?.length === 1 ? values[0] : undefined;
  };
  const rows = candidatePorts(s, caller, { deviceId: one("device_id"), networkId: one("network_id"), names: queries(c)["name"] });
  const matches = rowFilter(queries(c), PORT_ROW_FIELDS);
  for (const p of rows) if (matches(p) && keep(p) && canSeePort(s, caller, p)) yield p;
}

const idOf = (c: Ctx) => c.req.param("portId") ?? "";

export function portRoutes(deps: NetworkingDeps): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/v2.0/ports",
      operation: "networking.port.list",
      handler: (c) => {
        const caller = deps.caller(c);
        const s = deps.state();
        const fixedIps = queries(c)["fixed_ips"];
        const keep = fixedIps ? fixedIpFilter(fixedIps) : () => true;
        const views = lazyMap(visiblePorts(s, caller, keep, c), (p) => portView(s, p, caller));
        return c.json(listBody(c, "ports", views, deps.kernel.options.maxPageSize, { ownFilters: ["fixed_ips"] }));
      },
    },
    route({
      method: "POST",
      path: "/v2.0/ports",
      operation: "networking.port.create",
      schema: portCreateSchema,
      handler: (c, body) => {
        const caller = deps.caller(c);
        const items = body.ports ?? [body.port as PortCreateBody];
        const created = deps.write(c, (s, ctx) => items.map((item) => createPort(s, ctx, portInput(item, caller))));
        const s = deps.state();
        const views = created.map((p) => portView(s, p, caller));
        return c.json(body.ports ? { ports: views } : { port: views[0] }, 201);
      },
    }),
    {
      method: "GET",
      path: "/v2.0/ports/:portId",
      operation: "networking.port.show",
      handler: (c) => {
        const caller = deps.caller(c);
        const s = deps.state();
        return c.json({ port: selectFields(portView(s, visiblePort(s, caller, idOf(c)), caller), fieldsOf(c)) });
      },
    },
    route({
      method: "PUT",
      path: "/v2.0/ports/:portId",
      operation: "networking.port.update",
      schema: portUpdateSchema,
      handler: (c, { port: patch }) => {
        const caller = deps.caller(c);
        const port = deps.write(c, (s, ctx) => updatePort(s, ctx, idOf(c), portPatch(patch)));
        return c.json({ port: portView(deps.state(), port, caller) });
      },
    }),
    {
      method: "DELETE",
      path: "/v2.0/ports/:portId",
      operation: "networking.port.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deletePort(s, ctx, idOf(c)));
        return c.body(null, 204);
      },
    },
  ];
}
