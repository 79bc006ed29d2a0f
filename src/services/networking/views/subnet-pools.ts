// Subnet pool and address scope -> Neutron v2.0 wire JSON.

import type { AddressScope, SubnetPool } from "../state.js";
import { standardFields } from "../views.js";

export function subnetPoolView(p: SubnetPool): Record<string, unknown> {
  return {
    ...standardFields(p),
    ip_version: p.ipVersion,
    prefixes: [...p.prefixes],
    default_prefixlen: p.defaultPrefixlen,
    min_prefixlen: p.minPrefixlen,
    max_prefixlen: p.maxPrefixlen,
    default_quota: p.defaultQuota,
    is_default: p.isDefault,
    shared: p.shared,
    address_scope_id: p.addressScopeId,
  };
}

/** Address scopes carry no standard attributes in Neutron: no description, tags or timestamps. */
export function addressScopeView(a: AddressScope): Record<string, unknown> {
  return { id: a.id, name: a.name, project_id: a.projectId, tenant_id: a.projectId, shared: a.shared, ip_version: a.ipVersion };
}
