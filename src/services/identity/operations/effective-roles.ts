// A token's roles as they stand now. Keystone's (fernet) tokens carry no role list: each validation
// computes the user's roles on the token's scope from the current grants, and a token whose user holds no
// role there any more is invalid. So removing a grant elsewhere leaves a token alone, and removing one
// role of several takes just that role out of it.

import { get } from "../../../kernel/store/table.js";
import { rolesOn, withImpliedRoles, type AssignmentScope, type IdentityState, type Token } from "../state.js";
import type { OAuthAccessToken } from "../delegation-state.js";

export function assignmentScopeOf(scope: Token["scope"]): AssignmentScope | undefined {
  if (scope.kind === "project") return { project: scope.projectId };
  if (scope.kind === "domain") return { domain: scope.domainId };
  if (scope.kind === "system") return { system: "all" };
  return undefined;
}

/**
 * The role ids a token stands for now, or undefined when it stands for none. Called through liveToken,
 * which the token cache memoizes per committed slice: a few lookups per role.
 */
export function currentTokenRoles(s: IdentityState, token: Token): string[] | undefined {
  // a trust-scoped token carries the trustor's roles: the trust decides them, not its trustee's grants
  if (token.trustId !== undefined) return token.roleIds;
  if (token.accessTokenId !== undefined) {
    // an `oauth1` token lives while its access token does (revoked with it, or with its consumer)
    const access = get(s.oauthAccessTokens, token.accessTokenId);
    const roles = access ? oauthRoles(s, access) : [];
    return roles.length > 0 ? roles : undefined;
  }
  const target = assignmentScopeOf(token.scope);
  if (target === undefined) return token.roleIds;
  const held = withImpliedRoles(s, rolesOn(s, token.userId, target));
  // an application credential's token keeps to the credential's roles the user still holds
  const roles = token.applicationCredentialId !== null ? token.roleIds.filter((id) => held.includes(id)) : held;
  return roles.length > 0 ? roles : undefined;
}

/**
 * An access token's roles as Keystone's token model computes them: the delegated roles with those they
 * imply, each only while the authorizing user still holds it on the project.
 */
export function oauthRoles(s: IdentityState, access: OAuthAccessToken): string[] {
  const held = new Set(withImpliedRoles(s, rolesOn(s, access.authorizingUserId, { project: access.projectId })));
  return withImpliedRoles(s, access.roleIds).filter((id) => held.has(id));
}
