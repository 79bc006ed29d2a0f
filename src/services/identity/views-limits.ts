// Wire JSON of unified limits: registered limits and project or domain limits, as Keystone renders them.

import type { Limit, RegisteredLimit } from "./limit-state.js";

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
