// Keystone's OS-OAUTH1 delegation (keystone/api/os_oauth1.py, keystone/oauth1/, keystone/auth/plugins/
// oauth1.py): a consumer's signed request for a request token on a project, a user's authorization of it
// with roles they hold there, the signed exchange for an access token, and the `oauth1` auth method's check.
// Errors as Keystone words them (its 401s with the detail insecure_debug would show).

import { get, put, remove } from "../../../kernel/store/table.js";
import { ApiError } from "../../../kernel/errors.js";
import type { Principal } from "../../../kernel/auth/principal.js";
import { forbidden, notFound, unauthorized, validationError } from "../errors.js";
import { findByName, nameKey, rolesOn, withImpliedRoles, type IdentityState } from "../state.js";
import type { OAuthAccessToken, OAuthRequestToken } from "../delegation-state.js";
import type { IdentityContext } from "./context.js";
import {
  isKeystoneId, OAuthProtocolError, parseAuthorization, queryPairs, readOAuthParams, signatureValid,
  type OAuthParams, type SignedRequest,
} from "./oauth1-signature.js";
import { isDelegated } from "./oauth1-access-tokens.js";

/** Keystone's [oauth1] request_token_duration and access_token_duration defaults, in seconds */
export const REQUEST_TOKEN_DURATION_S = 28800;
export const ACCESS_TOKEN_DURATION_S = 86400;

const SERVER_SUFFIX = " The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error.";
const expecting = (attribute: string) => validationError(`Expecting to find ${attribute} in request.${SERVER_SUFFIX}`);

/** Keystone's verifier alphabet: letters and digits but those easily confused (`jiIl1oO0`). */
const VERIFIER_CHARS = "abcdefghkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const VERIFIER = /^[a-hkmnp-zA-HJ-NP-Z2-9]{8}$/;

/** A signed call as an operation sees it: the request, the wall clock it was signed against, the nonces seen. */
export interface OAuthCall {
  request: SignedRequest;
  /** real epoch ms: the client stamped oauth_timestamp with its own clock */
  wallNow: number;
  nonces: { use(key: string, wallNow: number): boolean };
}

type Ids = IdentityContext["ids"];

function headerOf(call: OAuthCall): Map<string, string> {
  const params = parseAuthorization(call.request.authorization);
  // Keystone fails here with a 500 (OAuthHeadersMissingError); no credential is an authentication failure
  if (!params) throw unauthorized("No Authorization headers found, cannot proceed with OAuth related calls.");
  return params;
}

/** oauthlib's refusal, reported as Keystone's validate_oauth_params does (400). */
function checked(read: () => OAuthParams): OAuthParams {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof OAuthProtocolError)) throw error;
    throw validationError(`Validation failed with errors: ${error.error}, detail message is: ${error.description}.`);
  }
}

/** Records the nonce of a correctly signed request; false when it is a replay within the window. */
function fresh(call: OAuthCall, p: OAuthParams): boolean {
  return call.nonces.use(`${p.consumerKey}|${p.token ?? ""}|${p.timestamp}|${p.nonce}`, call.wallNow);
}

const expired = (t: { expiresAt: number | null }, now: number) => t.expiresAt !== null && now > t.expiresAt;

function requireRequestToken(s: IdentityState, id: string, now: number): OAuthRequestToken {
  const token = get(s.oauthRequestTokens, id);
  if (!token) throw new ApiError(404, "Not Found", "Request token not found");
  if (expired(token, now)) throw unauthorized("Request token is expired");
  return token;
}

/** POST /OS-OAUTH1/request_token: the consumer, signing with its secret alone, asks for a project. */
export function createRequestToken(s: IdentityState, ctx: Pick<IdentityContext, "now" | "ids">, call: OAuthCall, projectId: string | undefined): OAuthRequestToken {
  const header = headerOf(call);
  const consumerKey = header.get("oauth_consumer_key");
  if (!consumerKey) throw expecting("oauth_consumer_key");
  if (!projectId) throw expecting("Requested-Project-Id");
  if (!get(s.projects, projectId)) throw notFound("project", projectId);
  const consumer = get(s.oauthConsumers, consumerKey);
  if (!consumer) throw new ApiError(404, "Not Found", "Consumer not found");
  const p = checked(() => {
    const read = readOAuthParams(header, queryPairs(call.request.query), call.wallNow);
    const realm = header.get("realm");
    if (realm) throw new OAuthProtocolError("invalid_request", `Invalid realm [${realm.split(" ").map((r) => `'${r}'`).join(", ")}]. Allowed are [].`);
    if (!read.callback) throw new OAuthProtocolError("invalid_request", "Missing callback URI.");
    return read;
  });
  if (!signatureValid(call.request, p, consumer.secret, undefined) || !fresh(call, p)) throw unauthorized("Invalid signature");
  const token: OAuthRequestToken = {
    id: ctx.ids.hexId(),
    secret: ctx.ids.hexId(),
    consumerId: consumer.id,
    projectId,
    expiresAt: ctx.now + REQUEST_TOKEN_DURATION_S * 1000,
    authorizingUserId: null,
    verifier: null,
    roleIds: null,
  };
  put(s.oauthRequestTokens, token);
  return token;
}

export type RoleRef = { id: string } | { name: string };

function newVerifier(ids: Ids): string {
  // eight distinct characters, as Keystone's random.sample draws them
  const pool = [...VERIFIER_CHARS];
  let out = "";
  for (let i = 0; i < 8; i++) out += pool.splice(Math.floor(ids.random() * pool.length), 1)[0];
  return out;
}

/** PUT /OS-OAUTH1/authorize/{id}: the caller delegates roles it holds on the token's project; a verifier back. */
export function authorizeRequestToken(s: IdentityState, ctx: Pick<IdentityContext, "now" | "ids">, caller: Principal, id: string, roles: RoleRef[]): string {
  if (isDelegated(s, caller)) throw forbidden("Cannot authorize a request token with a token issued via delegation.");
  const token = requireRequestToken(s, id, ctx.now);
  const wanted = new Set<string>();
  for (const ref of roles) {
    if ("id" in ref && ref.id) wanted.add(ref.id);
    else {
      const name = (ref as { name: string }).name;
      const role = findByName(s, s.roles, nameKey.role(name));
      if (!role) throw notFound("role", name);
      wanted.add(role.id);
    }
  }
  const held = new Set(withImpliedRoles(s, rolesOn(s, caller.userId, { project: token.projectId })));
  if (![...wanted].every((roleId) => held.has(roleId))) throw unauthorized("authorizing user does not have role required");
  const row = get(s.oauthRequestTokens, id)!;
  row.authorizingUserId = caller.userId;
  row.verifier = newVerifier(ctx.ids);
  row.roleIds = [...wanted];
  return row.verifier;
}

/** POST /OS-OAUTH1/access_token: signed with the consumer's and the request token's secrets and the verifier. */
export function createAccessToken(s: IdentityState, ctx: Pick<IdentityContext, "now" | "ids">, call: OAuthCall): OAuthAccessToken {
  const header = headerOf(call);
  if (!header.get("oauth_consumer_key")) throw expecting("oauth_consumer_key");
  const requestTokenId = header.get("oauth_token");
  if (!requestTokenId) throw expecting("oauth_token");
  if (!header.get("oauth_verifier")) throw expecting("oauth_verifier");
  const requestToken = requireRequestToken(s, requestTokenId, ctx.now);
  const p = checked(() => {
    const read = readOAuthParams(header, queryPairs(call.request.query), call.wallNow);
    if (!isKeystoneId(requestTokenId)) throw new OAuthProtocolError("invalid_request", "Invalid resource owner key format.");
    if (!VERIFIER.test(read.verifier ?? "")) throw new OAuthProtocolError("invalid_request", "Invalid verifier format.");
    return read;
  });
  const consumer = get(s.oauthConsumers, p.consumerKey);
  if (!consumer) throw unauthorized("Provided consumer does not exist.");
  if (requestToken.consumerId !== consumer.id) throw unauthorized("Provided consumer key does not match stored consumer key.");
  const signed = signatureValid(call.request, p, consumer.secret, requestToken.secret);
  if (requestToken.verifier !== p.verifier) throw unauthorized("Provided verifier does not match stored verifier");
  if (!signed || !fresh(call, p)) throw unauthorized("Invalid signature");
  if (requestToken.authorizingUserId === null) throw unauthorized("Request Token does not have an authorizing user id.");
  const token: OAuthAccessToken = {
    id: ctx.ids.hexId(),
    secret: ctx.ids.hexId(),
    consumerId: consumer.id,
    authorizingUserId: requestToken.authorizingUserId,
    projectId: requestToken.projectId,
    roleIds: requestToken.roleIds ?? [],
    expiresAt: ctx.now + ACCESS_TOKEN_DURATION_S * 1000,
  };
  put(s.oauthAccessTokens, token);
  // a request token is good for one access token
  remove(s.oauthRequestTokens, requestToken.id);
  return token;
}

/**
 * The `oauth1` auth method: the request (POST /v3/auth/tokens, its query not signed) carries a signature
 * made with the consumer's and the access token's secrets. Any flaw in it is Keystone's one 401.
 */
export function oauthAccessTokenOf(s: IdentityState, call: OAuthCall, now: number): OAuthAccessToken {
  const header = headerOf(call);
  const id = header.get("oauth_token");
  if (!id) throw expecting("oauth_token");
  const access = get(s.oauthAccessTokens, id);
  if (!access) throw new ApiError(404, "Not Found", "Access token not found");
  if (expired(access, now)) throw unauthorized("Access token is expired");
  const refused = () => unauthorized("Could not validate the access token");
  let p: OAuthParams;
  try {
    p = readOAuthParams(header, [], call.wallNow);
  } catch (error) {
    if (error instanceof OAuthProtocolError) throw refused();
    throw error;
  }
  // Keystone's validator does not tie the access token to the signing consumer; here they must match
  const consumer = get(s.oauthConsumers, p.consumerKey);
  if (!consumer || consumer.id !== access.consumerId) throw refused();
  if (!signatureValid(call.request, p, consumer.secret, access.secret) || !fresh(call, p)) throw refused();
  return access;
}
