// Keystone v3 /groups: create, list (name, domain_id and their __ filters), show, update, delete, and
// membership: PUT/HEAD/DELETE /groups/{g}/users/{u}, GET /groups/{g}/users, GET /users/{u}/groups (the user
// too). Admin only otherwise.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, principalOf, type Ctx } from "../../../kernel/http/context.js";
import { groupCreateSchema, groupUpdateSchema } from "../schemas/groups.js";
import {
  addGroup, addMember, checkMember, deleteGroup, groupsOf, listGroups, membersOf, removeMember, requireGroup, updateGroup,
} from "../operations/groups.js";
import { assertSelfOrAdmin } from "../operations/users.js";
import { filterList, queryOf } from "../operations/list-filters.js";
import type { Group } from "../state-groups.js";
import { groupView } from "../views-groups.js";
import { userView } from "../views-directory.js";
import { directoryKit, listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

const FILTERED = ["name", "domain_id"];

export function groupRoutes(deps: IdentityDeps): RouteDef[] {
  const kit = directoryKit(deps);
  const one = (c: Ctx, g: Group) => ({ group: groupView(g, baseUrl(c)) });
  const member = "/v3/groups/:groupId/users/:userId";
  return [
    route({
      method: "POST",
      path: "/v3/groups",
      operation: "identity.group.create",
      schema: groupCreateSchema,
      policy: "admin",
      handler: (c, { group }) => {
        const created = deps.write(c, (s) => addGroup(s, kit.newId(), group, principalOf(c).domainId));
        return c.json(one(c, created), 201);
      },
    }),
    {
      method: "GET",
      path: "/v3/groups",
      operation: "identity.group.list",
      policy: "admin",
      handler: (c) => {
        const groups = filterList(listGroups(deps.state(), {}), queryOf(c.req.url), FILTERED, (g, attr) => (attr === "name" ? g.name : g.domainId));
        return listResponse(c, "groups", groups.map((g) => groupView(g, baseUrl(c))));
      },
    },
    {
      method: "GET",
      path: "/v3/groups/:groupId",
      operation: "identity.group.show",
      policy: "admin",
      handler: (c) => c.json(one(c, requireGroup(deps.state(), param(c, "groupId")))),
    },
    route({
      method: "PATCH",
      path: "/v3/groups/:groupId",
      operation: "identity.group.update",
      schema: groupUpdateSchema,
      policy: "admin",
      handler: (c, { group }) => {
        return c.json(one(c, deps.write(c, (s) => updateGroup(s, param(c, "groupId"), group))));
      },
    }),
    {
      method: "DELETE",
      path: "/v3/groups/:groupId",
      operation: "identity.group.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => deleteGroup(s, param(c, "groupId")));
        return c.body(null, 204);
      },
    },
    {
      method: "GET",
      path: "/v3/groups/:groupId/users",
      operation: "identity.group.members",
      policy: "admin",
      handler: (c) => listResponse(c, "users", membersOf(deps.state(), param(c, "groupId")).map((u) => userView(u, baseUrl(c)))),
    },
    {
      method: "GET",
      path: member,
      operation: "identity.group.member.check",
      policy: "admin",
      handler: (c) => {
        checkMember(deps.state(), param(c, "groupId"), param(c, "userId"));
        return c.body(null, 204);
      },
    },
    {
      method: "PUT",
      path: member,
      operation: "identity.group.member.add",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => addMember(s, param(c, "groupId"), param(c, "userId")));
        return c.body(null, 204);
      },
    },
    {
      method: "DELETE",
      path: member,
      operation: "identity.group.member.remove",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => removeMember(s, param(c, "groupId"), param(c, "userId")));
        return c.body(null, 204);
      },
    },
    {
      method: "GET",
      path: "/v3/users/:userId/groups",
      operation: "identity.user.groups",
      // Keystone's identity:list_groups_for_user: an admin, or the user asking about themselves
      policy: "authenticated",
      handler: (c) => {
        assertSelfOrAdmin(principalOf(c), param(c, "userId"));
        return listResponse(c, "groups", groupsOf(deps.state(), param(c, "userId")).map((g) => groupView(g, baseUrl(c))));
      },
    },
  ];
}
