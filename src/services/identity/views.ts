// Identity state -> Keystone v3 wire JSON: token bodies, the catalog, discovery documents.

import { createHash } from "node:crypto";
import { get } from "../../kernel/store/table.js";
import { isoMicro } from "../../kernel/time.js";
import type { CatalogService } from "../../catalog.js";
import type { IdentityState, Token, Domain } from "./state.js";

const INTERFACES = ["public", "internal", "admin"] as const;

/** Stable, Keystone-shaped (32 hex) ids for catalog services and endpoints. */
function stableId(seed: string): string {
  return createHash("sha256").update(seed).digest("hex").slice(0, 32);
}

export function catalogView(catalog: CatalogService[], base: string, region: string, projectId: string | undefined) {
  return catalog.map((svc) => {
    const url = base + svc.path.replace("{project_id}", projectId ?? "");
    return {
      id: stableId(`service:${svc.type}`),
      type: svc.type,
      name: svc.name,
      endpoints: INTERFACES.map((iface) => ({
        id: stableId(`endpoint:${svc.type}:${iface}`),
        interface: iface,
        region,
        region_id: region,
        url,
      })),
    };
  });
}

export function domainRef(d: Domain | undefined) {
  return d ? { id: d.id, name: d.name } : null;
}

export interface TokenViewOptions {
  catalog: CatalogService[];
  base: string;
  region: string;
  nocatalog: boolean;
}

export function tokenView(s: IdentityState, token: Token, options: TokenViewOptions) {
  const user = get(s.users, token.userId)!;
  const body: Record<string, unknown> = {
    methods: token.methods,
    user: { id: user.id, name: user.name, domain: domainRef(get(s.domains, user.domainId)), password_expires_at: null },
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
      body.catalog = catalogView(options.catalog, options.base, options.region, projectId);
    }
  }
  if (token.applicationCredentialId !== null) {
    const cred = get(s.appCredentials, token.applicationCredentialId);
    if (cred) body.application_credential = { id: cred.id, name: cred.name, restricted: !cred.unrestricted };
  }
  return { token: body };
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

/** `{links: {self, previous, next}}` as every Keystone collection carries. */
export function collectionLinks(url: string) {
  return { self: url, previous: null, next: null };
}
