// Security groups (Neutron v2.0): list, create (one, or bulk), show, update, delete; the rule routes are
// mounted with them. Listing gives the caller's project its `default` group if it has none yet, as Neutron
// creates it on first use.

import type { SecurityGroup } from "../state.js";
import { rowFilter } from "../operations/row-filters.js";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queries, type Ctx } from "../../../kernel/http/context.js";
import { dictGet } from "../../../kernel/store/dict.js";
import { has, scan } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import { targetProject } from "../operations/common.js";
import { candidateGroups, createGroup, deleteGroup, ensureDefaultGroup, updateGroup, visibleGroup, type GroupInput } from "../operations/security-groups.js";
import { requestedProject } from "../schemas/networks.js";
import { groupCreateSchema, groupUpdateSchema, type GroupCreateBody } from "../schemas/security-groups.js";
import { groupView } from "../views/security-groups.js";
import type { NetworkingDeps } from "./deps.js";
import { fieldsOf, lazyFilter, lazyMap, listBody, selectFields } from "./list.js";
import { securityGroupRuleRoutes, type ListWithDefault } from "./security-group-rules.js";

function groupInput(b: GroupCreateBody, caller: Caller): GroupInput {
  return { name: b.name, description: b.description, stateful: b.stateful, projectId: targetProject(caller, requestedProject(b)), tags: b.tags };
}

const idOf = (c: Ctx) => c.req.param("groupId") ?? "";

export function securityGroupRoutes(deps: NetworkingDeps): RouteDef[] {
  /**
   * The list `render` makes, after giving the caller's project its default group when it has none (a write
   * only then). Both happen in one write, so a list refused for its query (a filter, limit or marker) creates
   * nothing; rendered from the draft, it is copied out as plain JSON before the draft ends.
   */
  const listWithDefault: ListWithDefault = (c, render) => {
    const { projectId } = deps.caller(c);
    const s = deps.state();
    const current = dictGet(s.defaultGroups, projectId);
    if (projectId === "" || (current !== undefined && has(s.securityGroups, current))) return render(s);
    return deps.write(c, (draft, ctx) => {
      ensureDefaultGroup(draft, ctx, projectId);
      return JSON.parse(JSON.stringify(render(draft))) as Record<string, unknown>;
    });
  };
  return [
    {
      method: "GET",
      path: "/v2.0/security-groups",
      operation: "networking.security_group.list",
      handler: (c) => {
        const caller = deps.caller(c);
        const body = listWithDefault(c, (s) => {
          const matches = rowFilter<SecurityGroup>(queries(c), { name: (g) => g.name, project_id: (g) => g.projectId, tenant_id: (g) => g.projectId });
          const views = lazyMap(lazyFilter(candidateGroups(s, caller, queries(c)["name"]), matches), (g) => groupView(s, g));
          return listBody(c, "security_groups", views, deps.kernel.options.maxPageSize);
        });
        return c.json(body);
      },
    },
    route({
      method: "POST",
      path: "/v2.0/security-groups",
      operation: "networking.security_group.create",
      schema: groupCreateSchema,
      handler: (c, body) => {
        const caller = deps.caller(c);
        const items = body.security_groups ?? [body.security_group as GroupCreateBody];
        const created = deps.write(c, (s, ctx) => items.map((item) => createGroup(s, ctx, groupInput(item, caller))));
        const s = deps.state();
        const views = created.map((g) => groupView(s, g));
        return c.json(body.security_groups ? { security_groups: views } : { security_group: views[0] }, 201);
      },
    }),
    {
      method: "GET",
      path: "/v2.0/security-groups/:groupId",
      operation: "networking.security_group.show",
      handler: (c) => {
        const s = deps.state();
        return c.json({ security_group: selectFields(groupView(s, visibleGroup(s, deps.caller(c), idOf(c))), fieldsOf(c)) });
      },
    },
    route({
      method: "PUT",
      path: "/v2.0/security-groups/:groupId",
      operation: "networking.security_group.update",
      schema: groupUpdateSchema,
      handler: (c, { security_group: patch }) => {
        const group = deps.write(c, (s, ctx) => updateGroup(s, ctx, idOf(c), patch));
        return c.json({ security_group: groupView(deps.state(), group) });
      },
    }),
    {
      method: "DELETE",
      path: "/v2.0/security-groups/:groupId",
      operation: "networking.security_group.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteGroup(s, ctx, idOf(c)));
        return c.body(null, 204);
      },
    },
    ...securityGroupRuleRoutes(deps, listWithDefault),
  ];
}
