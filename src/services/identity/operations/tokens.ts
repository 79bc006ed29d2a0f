// Token issue, validation and revocation (Keystone v3 /auth/tokens). Authentication by password,
// application credential, token exchange or an OAuth 1.0a access token (oauth1-flow.ts); scopes project,
// domain, system or none. Pure rules over the identity slice: no HTTP in here.

import { get, put } from "../../../kernel/store/table.js";
import type { Principal } from "../../../kernel/auth/principal.js";
import type { AuthRequest, DomainRef, UserRef } from "../schemas.js";
import { forbidden, notFound, unauthorized, validationError } from "../errors.js";
import { verifySecret } from "../secrets.js";
import type { IdentityContext } from "./context.js";
import { checkPasswordLogin } from "./user-records.js";
import { recordTrustUse, requestedTrust, trustScope, trustTokenUsable } from "./trust-auth.js";
import { currentTokenRoles, oauthRoles } from "./effective-roles.js";
import { oauthAccessTokenOf, type OAuthCall } from "./oauth1-flow.js";
import type { OAuthAccessToken } from "../delegation-state.js";
import {
  findByName, nameKey, rolesOn, withImpliedRoles,
  type AppCredential, type AssignmentScope, type IdentityState, type Token, type TokenScope, type User,
} from "../state.js";

/**
 * How long after its expiry a token still validates with ?allow_expired=1: Keystone's
 * [token] allow_expired_window, 48 hours by default. Past it the token is forgotten (token-sweep.ts).
 */
export const ALLOW_EXPIRED_WINDOW_MS = 48 * 3600_000;

/**
 * What issuing a token needs: the operation context's transaction, time and ids, the tokens' lifetime, and
 * what an omitted scope means: Keystone scopes to the user's default project (`defaultProjectScope`, the
 * upstream profile); the spec's table says an omitted scope is the unscoped token that discovers projects.
 */
export type TokenContext = Pick<IdentityContext, "tx" | "now" | "ids"> & { ttlMs: number; defaultProjectScope: boolean };

/** Who authenticated, before scoping. */
interface Authenticated {
  user: User;
  methods: string[];
  /** set by the `token` method: the exchanged token (expiry and audit chain carry over) */
  exchanged?: Token;
  /** set by the `application_credential` method: the scope and roles are the credential's */
  credential?: AppCredential;
  /** set by the `oauth1` method: the token's project and roles are the access token's */
  accessToken?: OAuthAccessToken;
}

export function findDomain(s: IdentityState, ref: DomainRef) {
  return ref.id !== undefined ? get(s.domains, ref.id) : findByName(s, s.domains, nameKey.domain(ref.name!));
}

function findUser(s: IdentityState, ref: UserRef): User | undefined {
  if (ref.id !== undefined) return get(s.users, ref.id);
  if (!ref.domain) throw validationError("Expecting to find domain in user. The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error.");
  const domain = findDomain(s, ref.domain);
  return domain ? findByName(s, s.users, nameKey.user(domain.id, ref.name!)) : undefined;
}

function userUsable(s: IdentityState, user: User | undefined): user is User {
  return !!user && user.enabled && get(s.domains, user.domainId)?.enabled === true;
}

/** A token that is known, not revoked and not expired (or, with allowExpired, merely not revoked). */
export function liveToken(s: IdentityState, id: string, now: number, allowExpired = false): Token | undefined {
  const token = get(s.tokens, id);
  if (!token || token.revokedAt !== null) return undefined;
  if (!allowExpired && token.expiresAt <= now) return undefined;
  const user = get(s.users, token.userId);
  if (!userUsable(s, user) || user.tokenEpoch !== token.userEpoch) return undefined;
  const scope = token.scope;
  if (scope.kind === "project" && get(s.projects, scope.projectId)?.enabled !== true) return undefined;
  if (scope.kind === "domain" && get(s.domains, scope.domainId)?.enabled !== true) return undefined;
  if (token.applicationCredentialId !== null && !get(s.appCredentials, token.applicationCredentialId)) return undefined;
  // roles as Keystone computes them at each validation: a token without any left is invalid
  const roleIds = currentTokenRoles(s, token);
  if (roleIds === undefined) return undefined;
  // a trust-scoped token lives while its trust does and its trustor still holds the delegated roles
  if (!trustTokenUsable(s, token)) return undefined;
  const same = roleIds.length === token.roleIds.length && roleIds.every((id) => token.roleIds.includes(id));
  return same ? token : { ...token, roleIds };
}

function authenticate(s: IdentityState, request: AuthRequest, now: number, headerToken: string | undefined, oauth: OAuthCall | undefined): Authenticated {
  const identity = request.auth.identity;
  let result: Authenticated | undefined;
  const sameUser = (user: User) => {
    if (result && result.user.id !== user.id) throw unauthorized("The methods named authenticate different users.");
  };
  for (const method of identity.methods) {
    if (method === "password") {
      if (!identity.password) throw validationError("'password' is a required property of identity.");
      const ref = identity.password.user;
      if (ref.id === undefined && ref.name === undefined) throw validationError("A password user needs an id or a name.");
      const user = findUser(s, ref);
      if (user) checkPasswordLogin(s, user, ref.password, now);
      if (!userUsable(s, user) || !verifySecret(ref.password, user.passwordHash)) throw unauthorized();
      sameUser(user);
      result = { ...result, user, methods: unique([...(result?.methods ?? []), "password"]) };
    } else if (method === "token") {
      const id = identity.token?.id ?? headerToken;
      if (!id) throw validationError("'token' is a required property of identity.");
      const old = liveToken(s, id, now);
      if (!old) throw unauthorized("The token you presented is not valid or has expired.");
      if (old.applicationCredentialId !== null) throw forbidden("A token created from an application credential cannot be exchanged.");
      if (get(s.trustTokens, old.id)) {
        throw forbidden("You are not authorized to perform the requested action: Using trust-scoped token to create another token. Create a new trust-scoped token instead.");
      }
      if (old.accessTokenId !== undefined) {
        throw forbidden("You are not authorized to perform the requested action: Using OAuth-scoped token to create another token. Create a new OAuth-scoped token instead.");
      }
      if (old.scope.kind === "system" && isProjectOrDomain(request.auth.scope)) {
        throw forbidden("Using a system-scoped token to create a project-scoped or domain-scoped token is not allowed.");
      }
      const user = get(s.users, old.userId)!;
      sameUser(user);
      // the new token names `token` first, then the methods that proved the identity originally
      const methods = unique(["token", ...old.methods, ...(result?.methods ?? [])]);
      result = { ...result, user, exchanged: old, methods };
    } else if (method === "application_credential") {
      const ref = identity.application_credential;
      if (!ref) throw validationError("'application_credential' is a required property of identity.");
      const credential = findCredential(s, ref);
      if (!credential || !verifySecret(ref.secret, credential.secretHash)) throw unauthorized();
      if (credential.expiresAt !== null && credential.expiresAt <= now) throw unauthorized("The application credential has expired.");
      const user = get(s.users, credential.userId);
      if (!userUsable(s, user)) throw unauthorized();
      sameUser(user);
      result = { ...result, user, credential, methods: unique([...(result?.methods ?? []), "application_credential"]) };
    } else if (method === "oauth1" && oauth) {
      if (!identity.oauth1) throw validationError("Expecting to find oauth1 in identity. The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error.");
      const accessToken = oauthAccessTokenOf(s, oauth, now);
      const user = get(s.users, accessToken.authorizingUserId);
      if (!userUsable(s, user)) throw unauthorized();
      sameUser(user);
      result = { ...result, user, accessToken, methods: unique([...(result?.methods ?? []), "oauth1"]) };
    } else {
      throw unauthorized(`Attempted to authenticate with an unsupported method: ${method}.`);
    }
  }
  return result!;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function isProjectOrDomain(scope: AuthRequest["auth"]["scope"]): boolean {
  return typeof scope === "object" && (scope.project !== undefined || scope.domain !== undefined);
}

function findCredential(
  s: IdentityState,
  ref: NonNullable<AuthRequest["auth"]["identity"]["application_credential"]>,
): AppCredential | undefined {
  if (ref.id !== undefined) return get(s.appCredentials, ref.id);
  if (ref.name === undefined || !ref.user) throw validationError("An application credential needs an id, or a name and its user.");
  const user = findUser(s, ref.user);
  return user ? findByName(s, s.appCredentials, nameKey.appCredential(user.id, ref.name)) : undefined;
}

/** An `oauth1` token's scope: the access token's project, whatever the request asked (as Keystone sets it). */
function oauthScope(s: IdentityState, access: OAuthAccessToken): { scope: TokenScope; roleIds: string[] } {
  if (get(s.projects, access.projectId)?.enabled !== true) throw unauthorized(`Could not find project: ${access.projectId}.`);
  const roleIds = oauthRoles(s, access);
  if (roleIds.length === 0) throw unauthorized(`User ${access.authorizingUserId} has no access to project ${access.projectId}`);
  return { scope: { kind: "project", projectId: access.projectId }, roleIds };
}

/** Resolves the requested scope to a token scope and the role ids the user holds on it. */
function scopeFor(s: IdentityState, who: Authenticated, request: AuthRequest, defaultProjectScope: boolean): { scope: TokenScope; roleIds: string[] } {
  const requested = request.auth.scope;
  if (who.credential) {
    if (requested !== undefined && requested !== "unscoped" && Object.keys(requested).length > 0) {
      throw unauthorized("Application credentials cannot request a scope.");
    }
    const cred = who.credential;
    if (get(s.projects, cred.projectId)?.enabled !== true) throw unauthorized();
    // the credential's roles, but only while the user still holds them on the project
    const held = new Set(withImpliedRoles(s, rolesOn(s, cred.userId, { project: cred.projectId })));
    const roleIds = cred.roleIds.filter((id) => held.has(id));
    if (roleIds.length === 0) throw unauthorized("The user no longer holds the roles of this application credential.");
    return { scope: { kind: "project", projectId: cred.projectId }, roleIds };
  }
  if (requested === "unscoped") return { scope: { kind: "unscoped" }, roleIds: [] };
  if (requested === undefined || Object.keys(requested).length === 0) {
    const fallback = defaultProjectScope ? who.user.defaultProjectId : null;
    if (fallback && get(s.projects, fallback)?.enabled) {
      const roleIds = withImpliedRoles(s, rolesOn(s, who.user.id, { project: fallback }));
      if (roleIds.length > 0) return { scope: { kind: "project", projectId: fallback }, roleIds };
    }
    return { scope: { kind: "unscoped" }, roleIds: [] };
  }
  const kinds = ["project", "domain", "system"].filter((k) => requested[k as "project"] !== undefined);
  if (kinds.length > 1) throw validationError("Specify only one of project, domain or system scope.");
  let scope: TokenScope;
  let target: AssignmentScope;
  if (requested.project) {
    const ref = requested.project;
    let project;
    if (ref.id !== undefined) project = get(s.projects, ref.id);
    else {
      if (!ref.domain) throw validationError("A project named in a scope needs its domain.");
      const domain = findDomain(s, ref.domain);
      project = domain ? findByName(s, s.projects, nameKey.project(domain.id, ref.name!)) : undefined;
    }
    if (!project || !project.enabled) throw unauthorized(`Could not find project: ${ref.id ?? ref.name}.`);
    scope = { kind: "project", projectId: project.id };
    target = { project: project.id };
  } else if (requested.domain) {
    const domain = findDomain(s, requested.domain);
    if (!domain || !domain.enabled) throw unauthorized(`Could not find domain: ${requested.domain.id ?? requested.domain.name}.`);
    scope = { kind: "domain", domainId: domain.id };
    target = { domain: domain.id };
  } else {
    scope = { kind: "system" };
    target = { system: "all" };
  }
  // direct, group and inherited grants, closed under implied roles; domain-specific roles only imply
  const roleIds = withImpliedRoles(s, rolesOn(s, who.user.id, target));
  if (roleIds.length === 0) throw unauthorized("The user has no role on the requested scope.");
  return { scope, roleIds };
}

/** POST /auth/tokens: authenticates, scopes and stores a new token. */
export function issueToken(
  s: IdentityState,
  ctx: TokenContext,
  request: AuthRequest,
  headerToken: string | undefined,
  /** the signed request, for the `oauth1` method */
  oauth?: OAuthCall,
): Token {
  // Keystone resolves the scope before it authenticates: an unusable trust is a 404 whatever the credentials
  const trust = requestedTrust(s, request, ctx.now);
  const who = authenticate(s, request, ctx.now, headerToken, oauth);
  // a trust-scoped token's user (the trustor under impersonation), project and roles are the trust's
  const trusted = trust && !who.credential && !who.accessToken ? { trust, ...trustScope(s, trust, who.user) } : undefined;
  const { scope, roleIds } = trusted ?? (who.accessToken ? oauthScope(s, who.accessToken) : scopeFor(s, who, request, ctx.defaultProjectScope));
  const user = trusted?.user ?? who.user;
  // an exchanged token keeps the expiry of the one it came from, as Keystone's does; a credential's
  // token never outlives the credential, a trust's never its trust
  let expiresAt = who.exchanged ? who.exchanged.expiresAt : ctx.now + ctx.ttlMs;
  if (who.credential?.expiresAt != null) expiresAt = Math.min(expiresAt, who.credential.expiresAt);
  if (trusted?.trust.expiresAt != null) expiresAt = Math.min(expiresAt, trusted.trust.expiresAt);
  // the audit chain: the new token's own id, then the id of the token the chain started from
  const chain = who.exchanged ? who.exchanged.auditIds[who.exchanged.auditIds.length - 1] : undefined;
  const token: Token = {
    id: ctx.ids.token(),
    userId: user.id,
    methods: who.methods,
    scope,
    roleIds,
    issuedAt: ctx.now,
    expiresAt,
    auditIds: chain === undefined ? [ctx.ids.auditId()] : [ctx.ids.auditId(), chain],
    revokedAt: null,
    applicationCredentialId: who.credential?.id ?? null,
    userEpoch: user.tokenEpoch,
    ...(trusted ? { trustId: trusted.trust.id } : {}),
    ...(who.accessToken ? { accessTokenId: who.accessToken.id } : {}),
  };
  put(s.tokens, token);
  if (trusted) recordTrustUse(s, trusted.trust, token);
  ctx.tx.emit("identity.token.issued", { userId: token.userId, scope: token.scope, auditId: token.auditIds[0], methods: token.methods });
  return token;
}

/** The caller may inspect or revoke a subject token if it is an admin or the token's own user. */
export function subjectToken(s: IdentityState, caller: Principal, subject: string, now: number, allowExpired: boolean): Token {
  return checkSubjectToken(liveToken(s, subject, now, true), caller, subject, now, allowExpired);
}

/**
 * subjectToken's checks on a token already looked up with liveToken(..., allowExpired = true), which
 * can be memoized per slice: only the expiry depends on the time.
 */
export function checkSubjectToken(token: Token | undefined, caller: Principal, subject: string, now: number, allowExpired: boolean): Token {
  if (!token || token.expiresAt + (allowExpired ? ALLOW_EXPIRED_WINDOW_MS : 0) <= now) throw notFound("token", subject);
  if (!caller.roles.includes("admin") && caller.userId !== token.userId) throw forbidden();
  return token;
}

export function revokeToken(s: IdentityState, ctx: IdentityContext, caller: Principal, subject: string): void {
  const token = subjectToken(s, caller, subject, ctx.now, false);
  const row = get(s.tokens, token.id)!;
  row.revokedAt = ctx.now;
  ctx.tx.emit("identity.token.revoked", { userId: token.userId, auditId: token.auditIds[0] });
}

/** What a live token resolves to for the kernel's auth step. */
export function principalOf(s: IdentityState, token: Token): Principal {
  const user = get(s.users, token.userId)!;
  const principal: Principal = {
    token: token.id,
    userId: user.id,
    userName: user.name,
    userDomainId: user.domainId,
    roles: token.roleIds.map((id) => get(s.roles, id)?.name).filter((n): n is string => !!n),
    methods: token.methods,
    expiresAt: token.expiresAt,
  };
  const scope = token.scope;
  if (scope.kind === "project") {
    principal.projectId = scope.projectId;
    principal.projectName = get(s.projects, scope.projectId)?.name;
  } else if (scope.kind === "domain") principal.domainId = scope.domainId;
  else if (scope.kind === "system") principal.system = true;
  if (token.applicationCredentialId !== null) {
    const cred = get(s.appCredentials, token.applicationCredentialId);
    principal.applicationCredential = { id: token.applicationCredentialId, unrestricted: cred?.unrestricted ?? false };
  }
  return principal;
}
