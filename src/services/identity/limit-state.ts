// Keystone's unified limits, kept in the identity slice (state.ts): registered limits (a service's default
// for a resource) and the project and domain limits that override them, with their uniqueness keys.

export interface RegisteredLimit {
  id: string;
  serviceId: string;
  regionId: string | null;
  resourceName: string;
  defaultLimit: number;
  description: string | null;
  /** how many project or domain limits name it: while any do, it cannot change or go */
  references: number;
}

export interface Limit {
  id: string;
  /** exactly one of projectId and domainId */
  projectId: string | null;
  domainId: string | null;
  serviceId: string;
  regionId: string | null;
  resourceName: string;
  resourceLimit: number;
  description: string | null;
  registeredLimitId: string;
}

/** the uniqueness of registered limits and of project or domain limits, in IdentityState.trustLimitKeys */
export const limitKey = {
  registered: (serviceId: string, regionId: string | null, resource: string) => `reg:${serviceId}|${regionId ?? ""}|${resource}`,
  limit: (owner: string, serviceId: string, regionId: string | null, resource: string) =>
    `limit:${owner}|${serviceId}|${regionId ?? ""}|${resource}`,
};
