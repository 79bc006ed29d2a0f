// Keystone v3 /users: create, list (Keystone's filters), show, update, delete (admin; a user may read their
// own record), and POST /users/{user_id}/password, which Keystone leaves open to whoever knows the password.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, principalOf, type Ctx } from "../../../kernel/http/context.js";
import { passwordChangeSchema, userCreateSchema, userUpdateSchema } from "../schemas.js";
import { addUser, changePassword, deleteUser, listUsers, showUser, updateUser } from "../operations/users.js";
import { userView } from "../views-directory.js";
import type { IdentityState, User } from "../state.js";
import { userRecord } from "../operations/user-records.js";
import { queryOf } from "../operations/list-filters.js";
import { directoryKit, listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

export function userRoutes(deps: IdentityDeps): RouteDef[] {
  const kit = directoryKit(deps);
  const sc = deps.options.securityCompliance;
  const view = (c: Ctx, s: IdentityState, u: User) => userView(u, baseUrl(c), userRecord(s, u.id));
  const one = (c: Ctx, u: User) => ({ user: view(c, deps.state(), u) });
  return [
    route({
      method: "POST",
      path: "/v3/users",
      operation: "identity.user.create",
      schema: userCreateSchema,
      policy: "admin",
      handler: (c, { user }) => {
        return c.json(one(c, deps.write(c, (s, ctx) => addUser(s, ctx, kit.newId(), kit.salt(), user, principalOf(c), sc))), 201);
      },
    }),
    {
      method: "GET",
      path: "/v3/users",
      operation: "identity.user.list",
      policy: "admin",
      handler: (c) => {
        const s = deps.state();
        return listResponse(c, "users", listUsers(s, queryOf(c.req.url)).map((u) => view(c, s, u)));
      },
    },
    {
      method: "GET",
      path: "/v3/users/:userId",
      operation: "identity.user.show",
      policy: "authenticated",
      handler: (c) => c.json(one(c, showUser(deps.state(), principalOf(c), param(c, "userId")))),
    },
    route({
      method: "PATCH",
      path: "/v3/users/:userId",
      operation: "identity.user.update",
      schema: userUpdateSchema,
      policy: "admin",
      handler: (c, { user }) => {
        return c.json(one(c, deps.write(c, (s, ctx) => updateUser(s, ctx, param(c, "userId"), kit.salt(), user, sc))));
      },
    }),
    {
      method: "DELETE",
      path: "/v3/users/:userId",
      operation: "identity.user.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteUser(s, ctx, param(c, "userId")));
        return c.body(null, 204);
      },
    },
    route({
      method: "POST",
      path: "/v3/users/:userId/password",
      operation: "identity.user.password",
      schema: passwordChangeSchema,
      policy: "public",
      handler: (c, { user }) => {
        deps.write(c, (s, ctx) => changePassword(s, ctx, param(c, "userId"), kit.salt(), user, sc));
        return c.body(null, 204);
      },
    }),
  ];
}
