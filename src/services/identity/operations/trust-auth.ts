// Authentication scoped to a trust (POST /v3/auth/tokens with scope {"OS-TRUST:trust": {"id"}}), as
// keystone/auth/core.py and keystone/models/token_model.py decide it: the trustee authenticates; the token
// carries the trust's project and roles, and the trustor as its user under impersonation; each token takes
// one of the trust's remaining uses. trustTokenUsable is the check a trust-scoped token must pass to stay valid.

import { get, put } from "../../../kernel/store/table.js";
import { forbidden, unauthorized, validationError } from "../errors.js";
import type { AuthRequest } from "../schemas.js";
import { rolesOn, withImpliedRoles, type IdentityState, type Token, type TokenScope, type User } from "../state.js";
import type { Trust } from "../delegation-state.js";
import { MAX_REDELEGATION_COUNT, usableTrust } from "./trusts.js";

const SERVER_SUFFIX = " The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error.";

/** The trust a token request scopes to (404 when it cannot be used), or undefined for any other scope. */
export function requestedTrust(s: IdentityState, request: AuthRequest, now: number): Trust | undefined {
  const scope = request.auth.scope;
  if (typeof scope !== "object" || scope["OS-TRUST:trust"] === undefined) return undefined;
  if (scope.project !== undefined || scope.domain !== undefined || scope.system !== undefined) {
    throw validationError(`Expecting to find system, project, domain, OS-TRUST:trust or unscoped in scope.${SERVER_SUFFIX}`);
  }
  const id = scope["OS-TRUST:trust"].id;
  if (!id) throw validationError(`Expecting to find trust_id in trust.${SERVER_SUFFIX}`);
  const trust = usableTrust(s, id, now);
  // every trust up the redelegation chain must still be valid, its trustee enabled
  let at = trust;
  for (let depth = 0; at.redelegatedTrustId !== null; depth++) {
    const parent = get(s.trusts, at.redelegatedTrustId);
    const trustee = parent && get(s.users, parent.trusteeUserId);
    if (!parent || !trustee?.enabled || depth >= MAX_REDELEGATION_COUNT) throw forbidden();
    at = parent;
  }
  return trust;
}

function usable(s: IdentityState, user: User | undefined): user is User {
  return !!user && user.enabled && get(s.domains, user.domainId)?.enabled === true;
}

/** The roles a trust delegates (implied ones included) if its trustor still holds them all, else undefined. */
function delegatedRoles(s: IdentityState, trust: Trust): string[] | undefined {
  if (trust.projectId === null) return [];
  const held = new Set(withImpliedRoles(s, rolesOn(s, trust.trustorUserId, { project: trust.projectId })));
  const delegated = withImpliedRoles(s, trust.roleIds);
  return delegated.every((id) => held.has(id)) ? delegated : undefined;
}

/** The token's user, scope and roles for the authenticated `user` consuming `trust`. */
export function trustScope(s: IdentityState, trust: Trust, user: User): { user: User; scope: TokenScope; roleIds: string[] } {
  // Keystone's Forbidden here ("User is not a trustee.", "Trustor is disabled.", "Trustee has no delegated
  // roles.") is a security error: without insecure_debug the client sees the generic message
  if (user.id !== trust.trusteeUserId) throw forbidden();
  const trustor = get(s.users, trust.trustorUserId);
  if (!usable(s, trustor)) throw forbidden();
  let scope: TokenScope = { kind: "unscoped" };
  if (trust.projectId !== null) {
    const project = get(s.projects, trust.projectId);
    if (!project?.enabled || get(s.domains, project.domainId)?.enabled !== true) throw unauthorized();
    scope = { kind: "project", projectId: project.id };
  }
  const roleIds = delegatedRoles(s, trust);
  if (!roleIds) throw forbidden();
  return { user: trust.impersonation ? trustor : user, scope, roleIds };
}

/** Records a token issued through a trust and takes one of the trust's uses. */
export function recordTrustUse(s: IdentityState, trust: Trust, token: Token): void {
  const row = get(s.trusts, trust.id)!;
  if (row.remainingUses !== null) row.remainingUses -= 1;
  put(s.trustTokens, {
    id: token.id,
    trustId: trust.id,
    trustorEpoch: get(s.users, trust.trustorUserId)!.tokenEpoch,
    trusteeEpoch: get(s.users, trust.trusteeUserId)!.tokenEpoch,
  });
}

/**
 * Whether a token is still valid as far as trusts go: any token not issued through a trust is; a
 * trust-scoped one while its trust exists, both agents are enabled and unchanged (a password change or a
 * revoked role bumps a user's epoch), and the trustor still holds the delegated roles.
 */
export function trustTokenUsable(s: IdentityState, token: Token): boolean {
  const link = get(s.trustTokens, token.id);
  if (!link) return true;
  const trust = get(s.trusts, link.trustId);
  if (!trust) return false;
  const trustor = get(s.users, trust.trustorUserId);
  const trustee = get(s.users, trust.trusteeUserId);
  if (!usable(s, trustor) || !usable(s, trustee)) return false;
  if (trustor.tokenEpoch !== link.trustorEpoch || trustee.tokenEpoch !== link.trusteeEpoch) return false;
  return delegatedRoles(s, trust) !== undefined;
}
