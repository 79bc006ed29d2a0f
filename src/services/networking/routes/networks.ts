// Networks (Neutron v2.0): list, create (one, or bulk `{"networks": [...]}`), show, update, delete.
// Handlers validate the body, run one operation in one write, and render the view the caller may see.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queries, type Ctx } from "../../../kernel/http/context.js";
import { createNetwork, deleteNetwork, updateNetwork, type NetworkInput, type NetworkPatch } from "../operations/networks.js";
import { networkCreateSchema, networkUpdateSchema, requestedProject, type NetworkCreateBody, type NetworkUpdateBody } from "../schemas/networks.js";
import { networkView } from "../views/networks.js";
import type { NetworkingDeps } from "./deps.js";
import { fieldsOf, listBody, selectFields, lazyMap } from "./list.js";
import { visibleNetwork, visibleNetworks } from "../operations/visibility.js";

function networkPatch(b: NetworkUpdateBody): NetworkPatch {
  return {
    name: b.name,
    description: b.description,
    adminStateUp: b.admin_state_up,
    shared: b.shared,
    external: b["router:external"],
    isDefault: b.is_default,
    mtu: b.mtu,
    portSecurityEnabled: b.port_security_enabled,
    qosPolicyId: b.qos_policy_id,
    dnsDomain: b.dns_domain,
  };
}

function networkInput(b: NetworkCreateBody): NetworkInput {
  return {
    ...networkPatch(b),
    projectId: requestedProject(b),
    availabilityZoneHints: b.availability_zone_hints,
    tags: b.tags,
    provider: {
      networkType: b["provider:network_type"],
      physicalNetwork: b["provider:physical_network"],
      segmentationId: b["provider:segmentation_id"],
    },
  };
}

const idOf = (c: Ctx) => c.req.param("networkId") ?? "";

export function networkRoutes(deps: NetworkingDeps): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/v2.0/networks",
      operation: "networking.network.list",
      handler: (c) => {
        const caller = deps.caller(c);
        const s = deps.state();
        const views = lazyMap(visibleNetworks(s, caller, queries(c)["name"]), (n) => networkView(n, caller, s));
        return c.json(listBody(c, "networks", views, deps.kernel.options.maxPageSize));
      },
    },
    route({
      method: "POST",
      path: "/v2.0/networks",
      operation: "networking.network.create",
      schema: networkCreateSchema,
      handler: (c, body) => {
        const caller = deps.caller(c);
        if (body.networks) {
          const items = body.networks;
          const created = deps.write(c, (s, ctx) => items.map((item) => createNetwork(s, ctx, networkInput(item))));
          return c.json({ networks: created.map((n) => networkView(n, caller, deps.state())) }, 201);
        }
        const one = body.network as NetworkCreateBody;
        const network = deps.write(c, (s, ctx) => createNetwork(s, ctx, networkInput(one)));
        return c.json({ network: networkView(network, caller, deps.state()) }, 201);
      },
    }),
    {
      method: "GET",
      path: "/v2.0/networks/:networkId",
      operation: "networking.network.show",
      handler: (c) => {
        const caller = deps.caller(c);
        const network = visibleNetwork(deps.state(), caller, idOf(c));
        return c.json({ network: selectFields(networkView(network, caller, deps.state()), fieldsOf(c)) });
      },
    },
    route({
      method: "PUT",
      path: "/v2.0/networks/:networkId",
      operation: "networking.network.update",
      schema: networkUpdateSchema,
      handler: (c, { network: patch }) => {
        const caller = deps.caller(c);
        const network = deps.write(c, (s, ctx) => updateNetwork(s, ctx, idOf(c), networkPatch(patch)));
        return c.json({ network: networkView(network, caller, deps.state()) });
      },
    }),
    {
      method: "DELETE",
      path: "/v2.0/networks/:networkId",
      operation: "networking.network.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteNetwork(s, ctx, idOf(c)));
        return c.body(null, 204);
      },
    },
  ];
}
