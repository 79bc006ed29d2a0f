// Identity state -> Keystone v3 wire JSON: token bodies (their catalog: views-catalog.ts), discovery documents.

import { get } from "../../kernel/store/table.js";
import { isoMicro, isoMicroNoZone } from "../../kernel/time.js";
import { tokenCatalog } from "./views-catalog.js";
import { passwordExpiresAt, userRecord } from "./operations/user-records.js";
import type { AppCredential, IdentityState, Token, Domain } from "./state.js";

export function domainRef(d: Domain | undefined) {
  return d ? { id: d.id, name: d.name } : null;
}

export interface TokenViewOptions {
  base: string;
  nocatalog: boolean;
}

export function tokenView(s: IdentityState, token: Token, options: TokenViewOptions) {
  const user = get(s.users, token.userId)!;
  const body: Record<string, unknown> = {
    methods: token.methods,
    user: { id: user.id, name: user.name, domain: domainRef(get(s.domains, user.domainId)), password_expires_at: passwordExpiresAt(userRecord(s, user.id)) },
    audit_ids: token.auditIds,
    expires_at: isoMicro(token.expiresAt),
    issued_at: isoMicro(token.issuedAt),
  };
  const scope = token.scope;
  if (scope.kind === "project") {
    const project = get(s.projects, scope.projectId)!;
    body.project = { id: project.id, name: project.name, domain: domainRef(get(s.domains, project.domainId)) };
    body.is_domain = false;
  } else if (scope.kind === "domain") {
    body.domain = domainRef(get(s.domains, scope.domainId));
  } else if (scope.kind === "system") {
    body.system = { all: true };
  }
  if (scope.kind !== "unscoped") {
    body.roles = token.roleIds.map((id) => get(s.roles, id)).filter((r) => !!r).map((r) => ({ id: r!.id, name: r!.name }));
    if (!options.nocatalog) {
      const projectId = scope.kind === "project" ? scope.projectId : undefined;
      body.catalog = tokenCatalog(s, options.base, projectId, user.id);
    }
  }
  const trustLink = get(s.trustTokens, token.id);
  const trust = trustLink && get(s.trusts, trustLink.trustId);
  if (trust) {
    body["OS-TRUST:trust"] = {
      id: trust.id,
      impersonation: trust.impersonation,
      trustee_user: { id: trust.trusteeUserId },
      trustor_user: { id: trust.trustorUserId },
    };
  }
  const access = token.accessTokenId === undefined ? undefined : get(s.oauthAccessTokens, token.accessTokenId);
  if (access) body["OS-OAUTH1"] = { access_token_id: access.id, consumer_id: access.consumerId };
  if (token.applicationCredentialId !== null) {
    const cred = get(s.appCredentials, token.applicationCredentialId);
    if (cred) body.application_credential = { id: cred.id, name: cred.name, restricted: !cred.unrestricted };
  }
  return { token: body };
}

/** An application credential; `secret` only in the create response, which is the one time it is shown. */
export function appCredentialView(s: IdentityState, cred: AppCredential, base: string, secret?: string) {
  const view: Record<string, unknown> = {
    id: cred.id,
    name: cred.name,
    description: cred.description,
    project_id: cred.projectId,
    roles: cred.roleIds
      .map((id) => get(s.roles, id))
      .filter((r) => !!r)
      .map((r) => ({ id: r!.id, name: r!.name, domain_id: r!.domainId })),
    // Keystone renders this one without the zone suffix: 2031-05-01T12:00:00.000000
    expires_at: cred.expiresAt === null ? null : isoMicroNoZone(cred.expiresAt),
    unrestricted: cred.unrestricted,
    access_rules: cred.accessRules.map((r) => ({ id: r.id, service: r.service, method: r.method, path: r.path })),
    links: { self: `${base}/identity/v3/users/${cred.userId}/application_credentials/${cred.id}` },
  };
  if (secret !== undefined) view.secret = secret;
  return view;
}

const V3_UPDATED = "2024-04-03T00:00:00Z";

export function v3VersionEntry(base: string) {
  return {
    id: "v3.14",
    status: "stable",
    updated: V3_UPDATED,
    links: [{ rel: "self", href: `${base}/identity/v3/` }],
    "media-types": [{ base: "application/json", type: "application/vnd.openstack.identity-v3+json" }],
  };
}

/** `{links: {self, previous, next}}` as every Keystone collection carries (the kernel's Keystone style). */
export { keystoneLinks as collectionLinks } from "../../kernel/pagination.js";
