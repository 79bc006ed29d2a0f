// Agents (Neutron v2.0 /agents, admin only: a non-admin lists none and finds none) and the scheduler
// sub-resources: an agent's DHCP networks and L3 routers, a network's DHCP agents, a router's L3 agents.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { get, scan } from "../../../kernel/store/table.js";
import { policyNotAuthorized } from "../errors.js";
import { agentUpdateSchema, dhcpNetworkSchema, l3RouterSchema } from "../schemas/agents.js";
import {
  agentsHosting, deleteAgent, hostedBy, scheduleNetwork, scheduleRouter, unscheduleNetwork, unscheduleRouter, updateAgent, visibleAgent,
} from "../operations/agents.js";
import { visibleNetwork } from "../operations/visibility.js";
import { visibleRouter } from "../operations/routers.js";
import { agentView } from "../views/agents.js";
import { networkView } from "../views/networks.js";
import { routerView } from "../views/routers.js";
import { fieldsOf, lazyMap, listBody, selectFields } from "./list.js";
import type { NetworkingDeps } from "./deps.js";

const AGENT = "/v2.0/agents/:agent_id";

export function agentRoutes(deps: NetworkingDeps): RouteDef[] {
  const { kernel } = deps;
  const page = kernel.options.maxPageSize;
  const agentId = (c: Ctx) => c.req.param("agent_id")!;
  const now = () => kernel.clock.now();
  return [
    {
      method: "GET",
      path: "/v2.0/agents",
      operation: "networking.agent.list",
      handler: (c) => {
        const caller = deps.caller(c);
        const s = deps.state();
        const rows = caller.isAdmin ? scan(s.ext.agents) : [];
        return c.json(listBody(c, "agents", lazyMap(rows, (a) => agentView(a, now(), hostedBy(s, a).length)), page));
      },
    },
    {
      method: "GET",
      path: AGENT,
      operation: "networking.agent.show",
      handler: (c) => {
        const s = deps.state();
        const agent = visibleAgent(s, deps.caller(c), agentId(c));
        return c.json({ agent: selectFields(agentView(agent, now(), hostedBy(s, agent).length), fieldsOf(c)) });
      },
    },
    route({
      method: "PUT",
      path: AGENT,
      operation: "networking.agent.update",
      schema: agentUpdateSchema,
      handler: (c, { agent: b }) => {
        const agent = deps.write(c, (s, ctx) =>
          updateAgent(visibleAgent(s, ctx.caller, agentId(c)), { adminStateUp: b.admin_state_up, description: b.description }),
        );
        return c.json({ agent: agentView(agent, now(), hostedBy(deps.state(), agent).length) });
      },
    }),
    {
      method: "DELETE",
      path: AGENT,
      operation: "networking.agent.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteAgent(s, visibleAgent(s, ctx.caller, agentId(c))));
        return c.body(null, 204);
      },
    },
    {
      method: "GET",
      path: `${AGENT}/dhcp-networks`,
      operation: "networking.agent_dhcp_network.list",
      handler: (c) => {
        const s = deps.state();
        const caller = deps.caller(c);
        const agent = visibleAgent(s, caller, agentId(c));
        const rows = agent.kind === "dhcp" ? hostedBy(s, agent).map((id) => get(s.networks, id)).filter((n) => n !== undefined) : [];
        return c.json(listBody(c, "networks", lazyMap(rows, (n) => networkView(n, caller)), page));
      },
    },
    route({
      method: "POST",
      path: `${AGENT}/dhcp-networks`,
      operation: "networking.agent_dhcp_network.create",
      policy: "admin",
      forbidden: () => policyNotAuthorized("create_dhcp-network"),
      schema: dhcpNetworkSchema,
      handler: (c, b) => {
        deps.write(c, (s, ctx) => scheduleNetwork(s, ctx.caller, visibleAgent(s, ctx.caller, agentId(c)), b.network_id));
        return c.json(null, 201);
      },
    }),
    {
      method: "DELETE",
      path: `${AGENT}/dhcp-networks/:network_id`,
      operation: "networking.agent_dhcp_network.delete",
      policy: "admin",
      forbidden: () => policyNotAuthorized("delete_dhcp-network"),
      handler: (c) => {
        deps.write(c, (s, ctx) => unscheduleNetwork(s, ctx.caller, visibleAgent(s, ctx.caller, agentId(c)), c.req.param("network_id")!));
        return c.body(null, 204);
      },
    },
    {
      method: "GET",
      path: `${AGENT}/l3-routers`,
      operation: "networking.agent_l3_router.list",
      handler: (c) => {
        const s = deps.state();
        const agent = visibleAgent(s, deps.caller(c), agentId(c));
        const rows = agent.kind === "l3" ? agent.hosted.map((id) => get(s.routers, id)).filter((r) => r !== undefined) : [];
        return c.json(listBody(c, "routers", lazyMap(rows, routerView), page));
      },
    },
    route({
      method: "POST",
      path: `${AGENT}/l3-routers`,
      operation: "networking.agent_l3_router.create",
      policy: "admin",
      forbidden: () => policyNotAuthorized("create_l3-router"),
      schema: l3RouterSchema,
      handler: (c, b) => {
        deps.write(c, (s, ctx) => scheduleRouter(s, ctx.caller, visibleAgent(s, ctx.caller, agentId(c)), b.router_id));
        return c.json(null, 201);
      },
    }),
    {
      method: "DELETE",
      path: `${AGENT}/l3-routers/:router_id`,
      operation: "networking.agent_l3_router.delete",
      policy: "admin",
      forbidden: () => policyNotAuthorized("delete_l3-router"),
      handler: (c) => {
        deps.write(c, (s, ctx) => unscheduleRouter(s, ctx.caller, visibleAgent(s, ctx.caller, agentId(c)), c.req.param("router_id")!));
        return c.body(null, 204);
      },
    },
    {
      method: "GET",
      path: "/v2.0/networks/:network_id/dhcp-agents",
      operation: "networking.network_dhcp_agent.list",
      policy: "admin",
      forbidden: () => policyNotAuthorized("get_dhcp-agents"),
      handler: (c) => {
        const s = deps.state();
        const network = visibleNetwork(s, deps.caller(c), c.req.param("network_id")!);
        return c.json(listBody(c, "agents", lazyMap(agentsHosting(s, "dhcp", network.id), (a) => agentView(a, now(), hostedBy(s, a).length)), page));
      },
    },
    {
      method: "GET",
      path: "/v2.0/routers/:router_id/l3-agents",
      operation: "networking.router_l3_agent.list",
      policy: "admin",
      forbidden: () => policyNotAuthorized("get_l3-agents"),
      handler: (c) => {
        const s = deps.state();
        const router = visibleRouter(s, deps.caller(c), c.req.param("router_id")!);
        return c.json(listBody(c, "agents", lazyMap(agentsHosting(s, "l3", router.id), (a) => agentView(a, now(), hostedBy(s, a).length)), page));
      },
    },
  ];
}
