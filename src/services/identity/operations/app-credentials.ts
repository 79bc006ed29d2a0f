// Application credentials (Keystone v3 /users/{user_id}/application_credentials): create, list, show,
// delete. The rules follow keystone/api/users.py: the owner creates with a project-scoped token, the roles
// must be among the token's, and a restricted credential's token cannot manage credentials.

import { isAdmin, type Principal } from "../../../kernel/auth/principal.js";
import { dictDelete, dictSet } from "../../../kernel/store/dict.js";
import { filter, get, put, remove } from "../../../kernel/store/table.js";
import type { AppCredentialCreate } from "../schemas/app-credentials.js";
import { resolveAccessRules } from "./access-rules.js";
import type { IdentityContext } from "./context.js";
import { conflict, forbidden, notFound, validationError } from "../errors.js";
import { hashSecret } from "../secrets.js";
import { findByName, nameKey, rolesOn, withImpliedRoles, type AppCredential, type IdentityState } from "../state.js";

/** Keystone refuses credential management to tokens of restricted application credentials. */
function assertMayManage(caller: Principal): void {
  if (caller.applicationCredential && !caller.applicationCredential.unrestricted) {
    throw forbidden("Using method 'application_credential' is not allowed for managing additional application credentials.");
  }
}

/** Reads are for the owner and admins. */
function assertMayRead(s: IdentityState, caller: Principal, userId: string): void {
  if (caller.userId !== userId && !isAdmin(caller)) throw forbidden();
  if (!get(s.users, userId)) throw notFound("user", userId);
}

/**
 * ISO-8601; a time without a zone is UTC, as Keystone reads it. Blank or null: never expires. The clock
 * keeps milliseconds; `fraction` is the second's fraction as Keystone stores it (microseconds), so the
 * credential renders the time the client sent.
 */
function parseExpiry(field: string, value: string | null | undefined, now: number): { at: number; fraction: string } | null {
  if (value === undefined || value === null || value.trim() === "") return null;
  const text = value.trim();
  const digits = /T\d{2}:\d{2}:\d{2}\.(\d+)/.exec(text)?.[1] ?? "";
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`;
  const at = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(zoned.replace(/(\.\d{3})\d+/, "$1")) : NaN;
  if (Number.isNaN(at)) throw validationError(`Invalid ${field}: '${value}' is not an ISO-8601 time.`);
  if (at <= now) throw validationError(`The '${field}' must not be before now.`);
  return { at, fraction: digits.padEnd(6, "0").slice(0, 6) };
}

/** The expiry asked for: the spec's `expiration` or Keystone's `expires_at` (the upstream schema refuses the first). */
function requestedExpiry(input: AppCredentialCreate, now: number): { at: number; fraction: string } | null {
  const spec = parseExpiry("expiration", input.expiration, now);
  const keystone = parseExpiry("expires_at", input.expires_at, now);
  if (spec && keystone && spec.at !== keystone.at) throw validationError("'expiration' and 'expires_at' name different times; give one.");
  return keystone ?? spec;
}

/**
 * The token's roles as Keystone sees them when the credential is made: its tokens carry no role list but
 * compute it at each validation, so a role granted after the token was issued counts. A token of an
 * application credential (or a trust) keeps the roles it was given.
 */
function currentTokenRoles(s: IdentityState, tokenId: string, userId: string, projectId: string): string[] {
  const token = get(s.tokens, tokenId);
  if (!token) return [];
  const delegated = token.applicationCredentialId !== null || token.trustId !== undefined || token.accessTokenId !== undefined;
  return delegated ? token.roleIds : withImpliedRoles(s, rolesOn(s, userId, { project: projectId }));
}

/**
 * The requested roles as ids, with the roles they imply (Keystone adds them), each among the token's roles
 * (400 otherwise); none requested: the token's roles.
 */
function credentialRoles(s: IdentityState, tokenRoleIds: string[], requested: AppCredentialCreate["roles"]): string[] {
  if (!requested || requested.length === 0) return [...tokenRoleIds];
  const out: string[] = [];
  for (const given of requested) {
    // the spec names roles by name alone: "reader" is {"name": "reader"}
    const ref = typeof given === "string" ? { name: given } : given;
    let id = "id" in ref ? ref.id : undefined;
    if (id === undefined) {
      if (ref.name === undefined) throw validationError("Each role of an application credential needs an id or a name.");
      const role = findByName(s, s.roles, nameKey.role(ref.name));
      if (!role) throw notFound("role", ref.name);
      id = role.id;
    }
    out.push(id);
  }
  for (let i = 0; i < out.length; i++) {
    for (const implied of get(s.roleInferences, out[i]!)?.implied ?? []) if (!out.includes(implied)) out.push(implied);
  }
  const unique = [...new Set(out)];
  if (unique.some((id) => !tokenRoleIds.includes(id))) {
    throw validationError("Invalid application credential: Cannot create an application credential with unassigned role");
  }
  return unique;
}

export function createAppCredential(
  s: IdentityState,
  ctx: IdentityContext,
  caller: Principal,
  userId: string,
  input: AppCredentialCreate,
): { credential: AppCredential; secret: string } {
  assertMayManage(caller);
  if (caller.userId !== userId) throw forbidden("Cannot create an application credential for another user.");
  const projectId = caller.projectId;
  if (projectId === undefined) throw forbidden("An application credential can only be created with a project-scoped token.");
  // Keystone refuses delegated authority here: a trust-scoped or OAuth token makes no application credential
  const callerToken = get(s.tokens, caller.token);
  if (callerToken?.trustId !== undefined || callerToken?.accessTokenId !== undefined) throw forbidden();
  const roleIds = credentialRoles(s, currentTokenRoles(s, caller.token, userId, projectId), input.roles);
  const held = new Set(withImpliedRoles(s, rolesOn(s, userId, { project: projectId })));
  const missing = roleIds.find((id) => !held.has(id));
  if (missing !== undefined) {
    throw validationError(`Invalid application credential: Could not find role assignment with role: ${missing}, user or group: ${userId}, project, domain, or system: ${projectId}.`);
  }
  const expiry = requestedExpiry(input, ctx.now);
  if (findByName(s, s.appCredentials, nameKey.appCredential(userId, input.name))) {
    throw conflict("application_credential", "Duplicate application credential");
  }
  const secret = input.secret || ctx.ids.secret();
  const credential: AppCredential = {
    id: ctx.ids.hexId(),
    name: input.name,
    description: input.description ?? null,
    userId,
    projectId,
    roleIds,
    secretHash: hashSecret(secret, ctx.ids.hexId().slice(0, 16)),
    expiresAt: expiry?.at ?? null,
    unrestricted: input.unrestricted ?? false,
    accessRules: resolveAccessRules(s, ctx.ids, userId, input.access_rules ?? []),
  };
  if (expiry) dictSet(s.appCredentialExpiryFraction, credential.id, expiry.fraction);
  put(s.appCredentials, credential);
  dictSet(s.names, nameKey.appCredential(userId, credential.name), credential.id);
  ctx.tx.emit("identity.application_credential.created", { id: credential.id, name: credential.name, userId, projectId });
  return { credential, secret };
}

export function listAppCredentials(s: IdentityState, caller: Principal, userId: string, name?: string): AppCredential[] {
  assertMayRead(s, caller, userId);
  if (name !== undefined) {
    const one = findByName(s, s.appCredentials, nameKey.appCredential(userId, name));
    return one ? [one] : [];
  }
  return filter(s.appCredentials, (cred) => cred.userId === userId);
}

export function showAppCredential(s: IdentityState, caller: Principal, userId: string, id: string): AppCredential {
  assertMayRead(s, caller, userId);
  const cred = get(s.appCredentials, id);
  if (!cred || cred.userId !== userId) throw notFound("application credential", id);
  return cred;
}

/** Tokens issued from the credential stop working at once: liveToken requires the credential to exist. */
export function deleteAppCredential(s: IdentityState, ctx: IdentityContext, caller: Principal, userId: string, id: string): void {
  if (caller.userId !== userId) throw forbidden("Cannot delete an application credential of another user.");
  assertMayManage(caller);
  const cred = get(s.appCredentials, id);
  if (!cred || cred.userId !== userId) throw notFound("application credential", id);
  remove(s.appCredentials, id);
  dictDelete(s.names, nameKey.appCredential(userId, cred.name));
  dictDelete(s.appCredentialExpiryFraction, id);
  ctx.tx.emit("identity.application_credential.deleted", { id, name: cred.name, userId, projectId: cred.projectId });
}
