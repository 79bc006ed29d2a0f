// Wire JSON of Keystone's delegation records: trusts (OS-TRUST), OAuth1 consumers and tokens (OS-OAUTH1).

import { get } from "../../kernel/store/table.js";
import { isoMicro } from "../../kernel/time.js";
import { roleView } from "./views-directory.js";
import type { IdentityState, Role } from "./state.js";
import type { OAuthAccessToken, OAuthConsumer, Trust } from "./delegation-state.js";

/** A trust as a list shows it: without its roles. */
export function trustSummary(t: Trust, base: string) {
  return {
    id: t.id,
    trustor_user_id: t.trustorUserId,
    trustee_user_id: t.trusteeUserId,
    project_id: t.projectId,
    impersonation: t.impersonation,
    expires_at: t.expiresAt === null ? null : isoMicro(t.expiresAt),
    remaining_uses: t.remainingUses,
    redelegated_trust_id: t.redelegatedTrustId,
    redelegation_count: t.redelegationCount,
    deleted_at: null,
    links: { self: `${base}/identity/v3/OS-TRUST/trusts/${t.id}` },
  };
}

export function trustRoles(s: IdentityState, t: Trust): Role[] {
  return t.roleIds.map((id) => get(s.roles, id)).filter((r): r is Role => !!r);
}

/** A trust with its roles, as create and show render it. */
export function trustView(s: IdentityState, t: Trust, base: string) {
  return {
    ...trustSummary(t, base),
    roles: trustRoles(s, t).map((r) => roleView(r, base)),
    roles_links: { self: `${base}/identity/v3/OS-TRUST/trusts/${t.id}/roles`, next: null, previous: null },
  };
}

/** A consumer; its secret only in the create response. */
export function consumerView(c: OAuthConsumer, base: string, withSecret = false) {
  return {
    ...c.extra,
    id: c.id,
    description: c.description,
    ...(withSecret ? { secret: c.secret } : {}),
    links: { self: `${base}/identity/v3/OS-OAUTH1/consumers/${c.id}` },
  };
}

/** A request or access token as its create answers it, form-encoded (Keystone writes the expiry unescaped). */
export function oauthTokenForm(t: { id: string; secret: string; expiresAt: number | null }): string {
  const expiry = t.expiresAt === null ? "" : `&oauth_expires_at=${isoMicro(t.expiresAt)}`;
  return `oauth_token=${t.id}&oauth_token_secret=${t.secret}${expiry}`;
}

/** An access token, never its secret or its role ids (keystone/api/users.py _format_token_entity). */
export function accessTokenView(t: OAuthAccessToken, base: string) {
  const self = `${base}/identity/v3/users/${t.authorizingUserId}/OS-OAUTH1/access_tokens/${t.id}`;
  return {
    id: t.id,
    authorizing_user_id: t.authorizingUserId,
    project_id: t.projectId,
    consumer_id: t.consumerId,
    expires_at: t.expiresAt === null ? null : isoMicro(t.expiresAt),
    links: { roles: `${self}/roles`, self },
  };
}

/** A role an access token delegates: the role without its description (_format_role_entity). */
export function accessTokenRoleView(r: Role, base: string) {
  const { description: _description, ...rest } = roleView(r, base);
  return rest;
}
