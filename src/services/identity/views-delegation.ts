// Wire JSON of Keystone's delegation records: trusts (OS-TRUST) and OAuth1 consumers (OS-OAUTH1).

import { get } from "../../kernel/store/table.js";
import { isoMicro } from "../../kernel/time.js";
import { roleView } from "./views-directory.js";
import type { IdentityState, Role } from "./state.js";
import type { OAuthConsumer, Trust } from "./delegation-state.js";

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
