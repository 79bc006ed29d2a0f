// Wire JSON of trusts (OS-TRUST), unified limits, policy blobs and OAuth1 consumers, as Keystone renders them.

import { get } from "../../kernel/store/table.js";
import { isoMicro } from "../../kernel/time.js";
import { roleView } from "./views-directory.js";
import type { IdentityState, Policy, Role } from "./state.js";
import type { OAuthConsumer, Trust } from "./delegation-state.js";
import type { Limit, RegisteredLimit } from "./limit-state.js";

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

export function registeredLimitView(r: RegisteredLimit, base: string) {
  return {
    id: r.id,
    service_id: r.serviceId,
    region_id: r.regionId,
    resource_name: r.resourceName,
    default_limit: r.defaultLimit,
    description: r.description,
    links: { self: `${base}/identity/v3/registered_limits/${r.id}` },
  };
}

export function limitView(l: Limit, base: string) {
  return {
    id: l.id,
    project_id: l.projectId,
    domain_id: l.domainId,
    service_id: l.serviceId,
    region_id: l.regionId,
    resource_name: l.resourceName,
    resource_limit: l.resourceLimit,
    description: l.description,
    links: { self: `${base}/identity/v3/limits/${l.id}` },
  };
}

export function policyView(p: Policy, base: string) {
  return { ...p.extra, id: p.id, type: p.type, blob: p.blob, links: { self: `${base}/identity/v3/policies/${p.id}` } };
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
