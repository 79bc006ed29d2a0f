// Keystone v3 /users: create, list (name, domain_id, enabled), show, update, delete (admin; a user may
// read their own record), and POST /users/{user_id}/password, the user's own password change.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, principalOf, type Ctx } from "../../../kernel/http/context.js";
import { passwordChangeSchema, userCreateSchema, userUpdateSchema } from "../schemas.js";
import { addUser, changePassword, deleteUser, listUsers, showUser, updateUser } from "../operations/users.js";
import { userView } from "../views-directory.js";
import type { User } from "../state.js";
import { boolQuery, directoryKit, listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

export function userRoutes(deps: IdentityDeps): RouteDef[] {
  const kit = directoryKit(deps);
  const one = (c: Ctx, u: User) => ({ user: userView(u, baseUrl(c)) });
  return [
    {
      method: "POST",
      path: "/v3/users",
      operation: "identity.user.create",
      schema: userCreateSchema,
      policy: "admin",
      handler: async (c) => {
        const { user } = await kit.body(c, userCreateSchema);
        return c.json(one(c, deps.write(c, (s, { tx }) => addUser(s, tx, kit.newId(), kit.salt(), user, principalOf(c)))), 201);
      },
    },
    {
      method: "GET",
      path: "/v3/users",
      operation: "identity.user.list",
      policy: "admin",
      handler: (c) => {
        const users = listUsers(deps.state(), { name: c.req.query("name"), domainId: c.req.query("domain_id"), enabled: boolQuery(c, "enabled") });
        return listResponse(c, "users", users.map((u) => userView(u, baseUrl(c))));
      },
    },
    {
      method: "GET",
      path: "/v3/users/:userId",
      operation: "identity.user.show",
      policy: "authenticated",
      handler: (c) => c.json(one(c, showUser(deps.state(), principalOf(c), param(c, "userId")))),
    },
    {
      method: "PATCH",
      path: "/v3/users/:userId",
      operation: "identity.user.update",
      schema: userUpdateSchema,
      policy: "admin",
      handler: async (c) => {
        const { user } = await kit.body(c, userUpdateSchema);
        return c.json(one(c, deps.write(c, (s, { tx }) => updateUser(s, tx, param(c, "userId"), kit.salt(), user))));
      },
    },
    {
      method: "DELETE",
      path: "/v3/users/:userId",
      operation: "identity.user.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, { tx }) => deleteUser(s, tx, param(c, "userId")));
        return c.body(null, 204);
      },
    },
    {
      method: "POST",
      path: "/v3/users/:userId/password",
      operation: "identity.user.password",
      schema: passwordChangeSchema,
      policy: "authenticated",
      handler: async (c) => {
        const { user } = await kit.body(c, passwordChangeSchema);
        deps.write(c, (s, { tx }) => changePassword(s, tx, principalOf(c), param(c, "userId"), kit.salt(), user));
        return c.body(null, 204);
      },
    },
  ];
}
