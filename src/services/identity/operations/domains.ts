// Domain administration (Keystone v3 /domains): create, update, delete, list. A domain is deleted only once
// disabled and empty; disabling one ends its users' tokens, as Keystone's revocation on disable does.

import type { IdentityContext } from "./context.js";
import { ApiError } from "../../../kernel/errors.js";
import { dictDelete } from "../../../kernel/store/dict.js";
import { filter, remove, scan, values } from "../../../kernel/store/table.js";
import { conflict, forbidden } from "../errors.js";
import type { DomainCreate, DomainUpdate } from "../schemas.js";
import { nameKey, type Domain, type IdentityState } from "../state.js";
import { createDomain, removeAssignments, renameKey, requireDomain } from "./directory.js";
import { filterList, type ListQuery } from "./list-filters.js";
import { dropDomainGroups } from "./groups.js";
import { dropTargetGrants } from "./group-grants.js";

/** The filters GET /domains honours (exact or with a `__` comparator). */
export const DOMAIN_LIST_FILTERS = ["enabled", "name"] as const;

export function addDomain(s: IdentityState, ctx: IdentityContext, generatedId: string, body: DomainCreate): Domain {
  const id = body.explicit_domain_id ?? generatedId;
  return createDomain(s, ctx, { id, name: body.name, description: body.description ?? "", enabled: body.enabled ?? true });
}

export function updateDomain(s: IdentityState, ctx: IdentityContext, id: string, patch: DomainUpdate): Domain {
  const domain = requireDomain(s, id);
  if (patch.name !== undefined) {
    const name = patch.name;
    renameKey(s, nameKey.domain(domain.name), nameKey.domain(name), id, () => conflict("domain", `Duplicate entry found with name ${name}`));
    domain.name = name;
  }
  if (patch.description !== undefined) domain.description = patch.description ?? "";
  if (patch.enabled !== undefined) {
    if (domain.enabled && !patch.enabled) {
      for (const user of scan(s.users)) if (user.domainId === id) user.tokenEpoch++;
    }
    domain.enabled = patch.enabled;
  }
  ctx.tx.emit("identity.domain.updated", { id, fields: Object.keys(patch) });
  return domain;
}

/** Keystone cascades to the domain's projects and users (domain-cascade.ts, `--profile upstream`); the spec profile refuses instead. */
export function deleteDomain(s: IdentityState, ctx: Pick<IdentityContext, "tx">, id: string): void {
  const domain = requireDomain(s, id);
  if (domain.enabled) throw forbidden("Cannot delete a domain that is enabled, please disable it first.");
  const owned = [
    [filter(s.projects, (p) => p.domainId === id).length, "project"],
    [filter(s.users, (u) => u.domainId === id).length, "user"],
    [filter(s.roles, (r) => r.domainId === id).length, "role"],
  ] as const;
  const left = owned.filter(([n]) => n > 0).map(([n, kind]) => `${n} ${kind}${n === 1 ? "" : "s"}`);
  if (left.length > 0) {
    throw new ApiError(409, "Conflict", `Cannot delete domain ${id}: it still owns ${left.join(", ")}; delete those first.`);
  }
  removeAssignments(s, ctx, (a) => "domain" in a.scope && a.scope.domain === id);
  // its groups go with it (their memberships and grants too), and every group or inherited grant on it
  dropDomainGroups(s, id);
  dropTargetGrants(s, { domain: id });
  remove(s.domainConfigs, id);
  dictDelete(s.names, nameKey.domain(domain.name));
  remove(s.domains, id);
  ctx.tx.emit("identity.domain.deleted", { id, name: domain.name });
}

export function listDomains(s: IdentityState, query: ListQuery): Domain[] {
  return filterList(values(s.domains), query, DOMAIN_LIST_FILTERS, (d, attr) => (attr === "enabled" ? d.enabled : attr === "name" ? d.name : undefined));
}
