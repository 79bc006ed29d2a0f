// Keystone OS-TRUST trusts (keystone/api/trusts.py, keystone/trust/core.py): create (the caller is the
// trustor and holds the delegated roles), list, show, delete (with the trusts redelegated from it and the
// tokens issued through them), and redelegation through a trust-scoped token. Pure rules, no HTTP.

import { isAdmin, type Principal } from "../../../kernel/auth/principal.js";
import { dictDelete, dictGet, dictSet } from "../../../kernel/store/dict.js";
import { filter, get, put, remove, scan } from "../../../kernel/store/table.js";
import { ApiError } from "../../../kernel/errors.js";
import { conflict, forbidden, notFound, validationError } from "../errors.js";
import type { TrustCreate } from "../schemas/trusts.js";
import { findByName, nameKey, rolesOn, withImpliedRoles, type IdentityState } from "../state.js";
import { trustKey, type Trust } from "../delegation-state.js";
import { requireProject, requireUser } from "./directory.js";

/** Keystone's [trust] max_redelegation_count default */
export const MAX_REDELEGATION_COUNT = 3;

const SERVER_SUFFIX = " The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error.";

/** Keystone's ForbiddenAction: the action (a policy rule or a reason) is shown to the client. */
export const forbiddenAction = (action: string) => new ApiError(403, "Forbidden", `You are not authorized to perform the requested action: ${action}.`);

/** A trust that can still be used: known, unexpired, with uses left (Keystone's get_trust; else 404). */
export function usableTrust(s: IdentityState, id: string, now: number): Trust {
  const trust = get(s.trusts, id);
  if (!trust || (trust.expiresAt !== null && trust.expiresAt < now) || trust.remainingUses === 0) throw notFound("trust", id);
  return trust;
}

/** The trust a token was issued through, if it is trust-scoped. */
export function trustOfToken(s: IdentityState, tokenId: string): Trust | undefined {
  const link = get(s.trustTokens, tokenId);
  return link ? get(s.trusts, link.trustId) : undefined;
}

/** Application-credential tokens may not read or manage trusts, restricted or not. */
function refuseApplicationCredential(caller: Principal): void {
  if (caller.applicationCredential || caller.methods.includes("application_credential")) {
    throw forbiddenAction("Using method 'application_credential' is not allowed for managing trusts");
  }
}

function parseExpiry(value: string | null | undefined, now: number): number | null {
  if (value === undefined || value === null) return null;
  const text = value.trim().replace(/(\.\d{3})\d+/, "$1");
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`;
  const at = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(zoned) : NaN;
  if (Number.isNaN(at)) throw validationError(`Timestamp not in expected format.${SERVER_SUFFIX}`);
  if (at < now) throw validationError(`The 'expires_at' must not be before now.${SERVER_SUFFIX}`);
  return at;
}

/** The trust and the trusts it was redelegated from, newest first. */
function pedigree(s: IdentityState, trust: Trust): Trust[] {
  const chain = [trust];
  let at = trust;
  while (at.redelegatedTrustId !== null) {
    const parent = get(s.trusts, at.redelegatedTrustId);
    if (!parent) break;
    chain.push(parent);
    at = parent;
  }
  return chain;
}

/** keystone/trust/core.py _validate_redelegation (Forbidden is a security error: its detail stays in the log). */
function validateRedelegation(parent: Trust, trust: Trust): void {
  const depth = parent.redelegationCount;
  if (!(depth > 0 && depth <= MAX_REDELEGATION_COUNT)) throw forbidden();
  if (trust.remainingUses !== null) throw forbidden();
  if (trust.expiresAt !== null) {
    if (parent.expiresAt !== null && parent.expiresAt < trust.expiresAt) throw forbidden();
  } else trust.expiresAt = parent.expiresAt;
  const parentRoles = new Set(parent.roleIds);
  if (!trust.roleIds.every((id) => parentRoles.has(id))) throw forbidden();
  if (!parent.impersonation && trust.impersonation) throw forbidden();
}

export function createTrust(s: IdentityState, id: string, caller: Principal, input: TrustCreate, now: number): Trust {
  if (caller.userId !== input.trustor_user_id) throw forbiddenAction("identity:create_trust");
  refuseApplicationCredential(caller);
  if (input.project_id && !input.roles?.length) throw forbiddenAction("At least one role should be specified");
  requireUser(s, input.trustee_user_id);
  const roleIds = (input.roles ?? []).map((ref) => {
    if (ref.id !== undefined) return ref.id;
    const role = findByName(s, s.roles, nameKey.role(ref.name!));
    if (!role) throw notFound("role", ref.name!);
    return role.id;
  });
  // a token scoped to a trust creates a redelegated trust; other delegated authority none (Keystone's
  // _find_redelegated_trust)
  if (get(s.tokens, caller.token)?.accessTokenId !== undefined) throw forbiddenAction("Redelegation allowed for delegated by trust only");
  const link = get(s.trustTokens, caller.token);
  const parent = link ? usableTrust(s, link.trustId, now) : undefined;
  // the roles must be held by the trustor at the root of the chain, on its project
  const root = parent ? pedigree(s, parent).at(-1)! : undefined;
  let held: string[] = [];
  if (input.project_id) {
    requireProject(s, input.project_id);
    const trustorId = root?.trustorUserId ?? input.trustor_user_id;
    const projectId = root?.projectId ?? input.project_id;
    held = withImpliedRoles(s, rolesOn(s, trustorId, { project: projectId }));
  }
  for (const roleId of roleIds) if (!held.includes(roleId)) throw notFound("role", roleId);

  const requested = input.redelegation_count ?? null;
  const redelegatable = (input.allow_redelegation ?? false) && requested !== 0;
  let count: number | null = requested;
  if (!redelegatable) count = 0;
  else {
    if (requested !== null && requested > MAX_REDELEGATION_COUNT) throw forbidden();
    if (input.remaining_uses != null) throw validationError("remaining_uses must not be set if redelegation is allowed");
  }
  const trust: Trust = {
    id,
    trustorUserId: input.trustor_user_id,
    trusteeUserId: input.trustee_user_id,
    projectId: input.project_id ?? null,
    impersonation: input.impersonation,
    expiresAt: parseExpiry(input.expires_at, now),
    remainingUses: input.remaining_uses ?? null,
    roleIds: [...new Set(roleIds)],
    redelegatedTrustId: null,
    redelegationCount: 0,
  };
  if (parent) {
    trust.redelegatedTrustId = parent.id;
    const remaining = parent.redelegationCount - 1;
    if (redelegatable && requested && requested !== remaining) throw forbidden();
    count ??= remaining;
    for (const t of pedigree(s, parent)) validateRedelegation(t, trust);
  }
  trust.redelegationCount = count ?? MAX_REDELEGATION_COUNT;
  const key = trustKey(trust);
  if (dictGet(s.trustLimitKeys, key) !== undefined) throw conflict("trust", "Duplicate entry");
  put(s.trusts, trust);
  dictSet(s.trustLimitKeys, key, id);
  return trust;
}

export interface TrustFilter {
  trustorUserId?: string;
  trusteeUserId?: string;
}

/**
 * Everyone's for an admin. A filter naming another user is refused to anyone else (Keystone's
 * list_trusts_for_trustor/_trustee rules); without a filter a non-admin sees the trusts it is trustor or
 * trustee of, where Keystone refuses the whole list (identity:list_trusts is an admin's).
 */
export function listTrusts(s: IdentityState, caller: Principal, f: TrustFilter): Trust[] {
  const admin = isAdmin(caller);
  if (f.trustorUserId !== undefined) {
    if (!admin && f.trustorUserId !== caller.userId) throw forbiddenAction("identity:list_trusts_for_trustor");
  } else if (f.trusteeUserId !== undefined) {
    if (!admin && f.trusteeUserId !== caller.userId) throw forbiddenAction("identity:list_trusts_for_trustee");
  }
  refuseApplicationCredential(caller);
  if (f.trustorUserId !== undefined) return filter(s.trusts, (t) => t.trustorUserId === f.trustorUserId);
  if (f.trusteeUserId !== undefined) return filter(s.trusts, (t) => t.trusteeUserId === f.trusteeUserId);
  if (admin) return [...scan(s.trusts)];
  return filter(s.trusts, (t) => t.trustorUserId === caller.userId || t.trusteeUserId === caller.userId);
}

/** A trust its trustor, its trustee or an admin may read; an unusable one is a 404 first. */
export function readTrust(s: IdentityState, caller: Principal, id: string, now: number, rule: string): Trust {
  const trust = usableTrust(s, id, now);
  if (!isAdmin(caller) && caller.userId !== trust.trustorUserId && caller.userId !== trust.trusteeUserId) throw forbiddenAction(rule);
  refuseApplicationCredential(caller);
  return trust;
}

export function trustRole(s: IdentityState, caller: Principal, id: string, roleId: string, now: number): string {
  const trust = readTrust(s, caller, id, now, "identity:get_role_for_trust");
  if (!trust.roleIds.includes(roleId) || !get(s.roles, roleId)) throw notFound("role", roleId);
  return roleId;
}

/** Deletes a trust with the trusts redelegated from it; every token issued through them is revoked. */
export function deleteTrust(s: IdentityState, caller: Principal, id: string, now: number): void {
  const trust = usableTrust(s, id, now);
  if (!isAdmin(caller) && caller.userId !== trust.trustorUserId) throw forbiddenAction("identity:delete_trust");
  refuseApplicationCredential(caller);
  const doomed = new Set<string>();
  const collect = (t: Trust) => {
    doomed.add(t.id);
    for (const child of filter(s.trusts, (c) => c.redelegatedTrustId === t.id)) if (!doomed.has(child.id)) collect(child);
  };
  collect(trust);
  for (const link of filter(s.trustTokens, (l) => doomed.has(l.trustId))) {
    const token = get(s.tokens, link.id);
    if (token && token.revokedAt === null) token.revokedAt = now;
    remove(s.trustTokens, link.id);
  }
  for (const trustId of doomed) dropTrust(s, trustId);
}

export function dropTrust(s: IdentityState, id: string): void {
  const trust = get(s.trusts, id);
  if (!trust) return;
  dictDelete(s.trustLimitKeys, trustKey(trust));
  remove(s.trusts, id);
}
