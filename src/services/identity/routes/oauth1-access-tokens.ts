// Keystone v3 /users/{user_id}/OS-OAUTH1/access_tokens: a user's access tokens (list, show, revoke) and
// the roles each delegates. Admin only, as Keystone's policy (identity:list_access_tokens and the rest).

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, principalOf } from "../../../kernel/http/context.js";
import {
  accessTokenRole, accessTokenRoles, deleteAccessToken, listAccessTokens, showAccessToken,
} from "../operations/oauth1-access-tokens.js";
import { accessTokenRoleView, accessTokenView } from "../views-delegation.js";
import { listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

const COLLECTION = "/v3/users/:user_id/OS-OAUTH1/access_tokens";
const MEMBER = `${COLLECTION}/:access_token_id`;

export function oauth1AccessTokenRoutes(deps: IdentityDeps): RouteDef[] {
  return [
    {
      method: "GET",
      path: COLLECTION,
      operation: "identity.oauth1_access_token.list",
      policy: "admin",
      handler: (c) => {
        const tokens = listAccessTokens(deps.state(), principalOf(c), param(c, "user_id"));
        return listResponse(c, "access_tokens", tokens.map((t) => accessTokenView(t, baseUrl(c))));
      },
    },
    {
      method: "GET",
      path: MEMBER,
      operation: "identity.oauth1_access_token.show",
      policy: "admin",
      handler: (c) => {
        const token = showAccessToken(deps.state(), principalOf(c), param(c, "user_id"), param(c, "access_token_id"));
        return c.json({ access_token: accessTokenView(token, baseUrl(c)) });
      },
    },
    {
      method: "DELETE",
      path: MEMBER,
      operation: "identity.oauth1_access_token.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => deleteAccessToken(s, principalOf(c), param(c, "user_id"), param(c, "access_token_id")));
        return c.body(null, 204);
      },
    },
    {
      method: "GET",
      path: `${MEMBER}/roles`,
      operation: "identity.oauth1_access_token_role.list",
      policy: "admin",
      handler: (c) => {
        const roles = accessTokenRoles(deps.state(), param(c, "user_id"), param(c, "access_token_id"));
        return listResponse(c, "roles", roles.map((r) => accessTokenRoleView(r, baseUrl(c))));
      },
    },
    {
      method: "GET",
      path: `${MEMBER}/roles/:role_id`,
      operation: "identity.oauth1_access_token_role.show",
      policy: "admin",
      handler: (c) => {
        const role = accessTokenRole(deps.state(), param(c, "user_id"), param(c, "access_token_id"), param(c, "role_id"));
        return c.json({ role: accessTokenRoleView(role, baseUrl(c)) });
      },
    },
  ];
}
