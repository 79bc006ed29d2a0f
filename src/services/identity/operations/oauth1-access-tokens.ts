// A user's OS-OAUTH1 access tokens (keystone/api/users.py, /users/{user_id}/OS-OAUTH1/access_tokens):
// list, show, revoke (the tokens issued with one stop validating), and the roles each delegates; the drops
// a consumer's deletion or a project's reset make; and what counts as delegated authority.

import { get, remove, filter } from "../../../kernel/store/table.js";
import { ApiError } from "../../../kernel/errors.js";
import type { Principal } from "../../../kernel/auth/principal.js";
import { forbidden, notFound, unauthorized } from "../errors.js";
import type { IdentityState, Role } from "../state.js";
import type { OAuthAccessToken } from "../delegation-state.js";

const accessTokenNotFound = () => new ApiError(404, "Not Found", "Access token not found");

/**
 * Keystone's is_delegated_auth, and its refusal of application credentials beside it: a token issued
 * through a trust, an OAuth access token or an application credential.
 */
export function isDelegated(s: IdentityState, caller: Principal): boolean {
  if (caller.applicationCredential !== undefined || caller.methods.includes("application_credential")) return true;
  const token = get(s.tokens, caller.token);
  return token?.trustId !== undefined || token?.accessTokenId !== undefined;
}

function blockDelegated(s: IdentityState, caller: Principal): void {
  if (isDelegated(s, caller)) throw forbidden("Cannot manage OAuth access tokens with a token issued via delegation.");
}

export function listAccessTokens(s: IdentityState, caller: Principal, userId: string): OAuthAccessToken[] {
  blockDelegated(s, caller);
  return filter(s.oauthAccessTokens, (t) => t.authorizingUserId === userId);
}

/** One of the user's access tokens; another user's is as unknown (404). */
function userAccessToken(s: IdentityState, userId: string, id: string): OAuthAccessToken {
  const token = get(s.oauthAccessTokens, id);
  if (!token || token.authorizingUserId !== userId) throw accessTokenNotFound();
  return token;
}

export function showAccessToken(s: IdentityState, caller: Principal, userId: string, id: string): OAuthAccessToken {
  blockDelegated(s, caller);
  return userAccessToken(s, userId, id);
}

/** Revokes an access token: the tokens issued with it no longer validate (effective-roles.ts). */
export function deleteAccessToken(s: IdentityState, caller: Principal, userId: string, id: string): void {
  blockDelegated(s, caller);
  const token = get(s.oauthAccessTokens, id);
  if (!token) throw accessTokenNotFound();
  if (token.authorizingUserId !== userId) throw unauthorized("User IDs do not match");
  remove(s.oauthAccessTokens, id);
}

/** The roles an access token delegates (those since deleted left out). */
export function accessTokenRoles(s: IdentityState, userId: string, id: string): Role[] {
  return userAccessToken(s, userId, id).roleIds.map((roleId) => get(s.roles, roleId)).filter((r): r is Role => r !== undefined);
}

export function accessTokenRole(s: IdentityState, userId: string, id: string, roleId: string): Role {
  const token = get(s.oauthAccessTokens, id);
  if (!token) throw accessTokenNotFound();
  if (token.authorizingUserId !== userId) throw unauthorized("User IDs do not match");
  const role = get(s.roles, roleId);
  if (!token.roleIds.includes(roleId) || !role) throw notFound("role", roleId);
  return role;
}

/** Drops the request and access tokens `which` selects (a deleted consumer's, a reset project's). */
export function dropOAuthTokens(s: IdentityState, which: (t: { consumerId: string; projectId: string }) => boolean): void {
  for (const t of filter(s.oauthRequestTokens, which)) remove(s.oauthRequestTokens, t.id);
  for (const t of filter(s.oauthAccessTokens, which)) remove(s.oauthAccessTokens, t.id);
}
