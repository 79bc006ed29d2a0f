// Subnets (Neutron v2.0): list, create (one, or bulk `{"subnets": [...]}`), show, update, delete.
// Handlers validate the body's shape, run one operation in one write, and render the view.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queries, type Ctx } from "../../../kernel/http/context.js";
import { get } from "../../../kernel/store/table.js";
import { createSubnet, deleteSubnet, updateSubnet, type SubnetInput, type SubnetPatch } from "../operations/subnets.js";
import { requestedProject } from "../schemas/networks.js";
import { subnetCreateSchema, subnetUpdateSchema, type SubnetCreateBody, type SubnetUpdateBody } from "../schemas/subnets.js";
import type { NetworkingState, Subnet } from "../state.js";
import { subnetView } from "../views/subnets.js";
import type { NetworkingDeps } from "./deps.js";
import { fieldsOf, listBody, selectFields, lazyMap } from "./list.js";
import { canSeeSubnet, visibleSubnet, visibleSubnets } from "../operations/visibility.js";
import type { Caller } from "../../../kernel/operation.js";

function subnetPatch(b: SubnetUpdateBody): SubnetPatch {
  return {
    name: b.name,
    description: b.description,
    gatewayIp: b.gateway_ip,
    allocationPools: b.allocation_pools,
    dnsNameservers: b.dns_nameservers,
    hostRoutes: b.host_routes,
    enableDhcp: b.enable_dhcp,
    serviceTypes: b.service_types,
    dnsPublishFixedIp: b.dns_publish_fixed_ip,
  };
}

function subnetInput(b: SubnetCreateBody): SubnetInput {
  return {
    ...subnetPatch(b),
    networkId: b.network_id,
    cidr: b.cidr,
    ipVersion: b.ip_version,
    ipv6RaMode: b.ipv6_ra_mode,
    ipv6AddressMode: b.ipv6_address_mode,
    subnetpoolId: b.subnetpool_id,
    useDefaultSubnetpool: b.use_default_subnetpool,
    prefixlen: b.prefixlen,
    projectId: requestedProject(b),
    tags: b.tags,
  };
}

function* subnetsOfNetwork(s: NetworkingState, caller: Caller, ids: readonly string[]): Generator<Subnet> {
  for (const id of ids) {
    const subnet = get(s.subnets, id);
    if (subnet && canSeeSubnet(s, caller, subnet)) yield subnet;
  }
}

const idOf = (c: Ctx) => c.req.param("subnetId") ?? "";
const render = (s: NetworkingState, subnet: Subnet) => subnetView(subnet, get(s.networks, subnet.networkId));

export function subnetRoutes(deps: NetworkingDeps): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/v2.0/subnets",
      operation: "networking.subnet.list",
      handler: (c) => {
        const s = deps.state();
        const caller = deps.caller(c);
        // `?network_id=<id>` (OSC's `subnet list --network`) walks that network's subnets, not the table
        const byNetwork = queries(c)["network_id"];
        const network = byNetwork?.length === 1 ? get(s.networks, byNetwork[0]) : undefined;
        const rows = network ? subnetsOfNetwork(s, caller, network.subnetIds) : visibleSubnets(s, caller, queries(c)["name"]);
        const views = lazyMap(rows, (subnet) => render(s, subnet));
        return c.json(listBody(c, "subnets", views, deps.kernel.options.maxPageSize));
      },
    },
    route({
      method: "POST",
      path: "/v2.0/subnets",
      operation: "networking.subnet.create",
      schema: subnetCreateSchema,
      handler: (c, body) => {
        if (body.subnets) {
          const items = body.subnets;
          const created = deps.write(c, (s, ctx) => items.map((item) => createSubnet(s, ctx, subnetInput(item))));
          const s = deps.state();
          return c.json({ subnets: created.map((subnet) => render(s, subnet)) }, 201);
        }
        const one = body.subnet as SubnetCreateBody;
        const subnet = deps.write(c, (s, ctx) => createSubnet(s, ctx, subnetInput(one)));
        return c.json({ subnet: render(deps.state(), subnet) }, 201);
      },
    }),
    {
      method: "GET",
      path: "/v2.0/subnets/:subnetId",
      operation: "networking.subnet.show",
      handler: (c) => {
        const s = deps.state();
        const subnet = visibleSubnet(s, deps.caller(c), idOf(c));
        return c.json({ subnet: selectFields(render(s, subnet), fieldsOf(c)) });
      },
    },
    route({
      method: "PUT",
      path: "/v2.0/subnets/:subnetId",
      operation: "networking.subnet.update",
      schema: subnetUpdateSchema,
      handler: (c, { subnet: patch }) => {
        const subnet = deps.write(c, (s, ctx) => updateSubnet(s, ctx, idOf(c), subnetPatch(patch)));
        return c.json({ subnet: render(deps.state(), subnet) });
      },
    }),
    {
      method: "DELETE",
      path: "/v2.0/subnets/:subnetId",
      operation: "networking.subnet.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteSubnet(s, ctx, idOf(c)));
        return c.body(null, 204);
      },
    },
  ];
}
