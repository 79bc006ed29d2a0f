// Auto-allocated topology (Neutron v2.0 /auto-allocated-topology/{project_id}): GET creates once and
// answers the network id (`fields=dry-run` only checks), DELETE tears it down (204).

import type { RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { allocateTopology, deleteTopology, dryRun } from "../operations/auto-allocated-topology.js";
import { fieldsOf } from "./list.js";
import type { NetworkingDeps } from "./deps.js";

export function autoAllocatedTopologyRoutes(deps: NetworkingDeps): RouteDef[] {
  const path = "/v2.0/auto-allocated-topology/:project_id";
  const project = (c: Ctx) => c.req.param("project_id")!;
  return [
    {
      method: "GET",
      path,
      operation: "networking.auto_allocated_topology.show",
      handler: (c) => {
        const answer = dryRun(deps.state(), deps.caller(c), project(c), fieldsOf(c)) ?? deps.write(c, (s, ctx) => allocateTopology(s, ctx, project(c)));
        return c.json({ auto_allocated_topology: answer });
      },
    },
    {
      method: "DELETE",
      path,
      operation: "networking.auto_allocated_topology.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteTopology(s, ctx, project(c)));
        return c.body(null, 204);
      },
    },
  ];
}
