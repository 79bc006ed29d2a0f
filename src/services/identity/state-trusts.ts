// Records of Keystone's OS-TRUST trusts, unified limits (registered and project/domain limits), policy
// blobs and OS-OAUTH1 consumers, kept in the identity slice (state.ts); the uniqueness keys Keystone's
// constraints imply.

export interface Trust {
  id: string;
  trustorUserId: string;
  trusteeUserId: string;
  projectId: string | null;
  impersonation: boolean;
  expiresAt: number | null;
  /** null: unlimited; a token issued through the trust takes one */
  remainingUses: number | null;
  roleIds: string[];
  /** the trust this one was redelegated from (created with a token scoped to it) */
  redelegatedTrustId: string | null;
  redelegationCount: number;
}

/** A trust-scoped token's link to its trust, and its agents' token epochs when it was issued. */
export interface TrustToken {
  /** the token id */
  id: string;
  trustId: string;
  trustorEpoch: number;
  trusteeEpoch: number;
}

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

export interface Policy {
  id: string;
  type: string;
  blob: string;
  /** Keystone keeps unknown attributes of a policy and returns them */
  extra: Record<string, unknown>;
}

/** An OS-OAUTH1 consumer; the secret is shown once, by create, and kept to check OAuth signatures. */
export interface OAuthConsumer {
  id: string;
  description: string | null;
  secret: string;
  extra: Record<string, unknown>;
}

export const uniqueKey = {
  trust: (t: Pick<Trust, "trustorUserId" | "trusteeUserId" | "projectId" | "impersonation" | "expiresAt">) =>
    `trust:${t.trustorUserId}|${t.trusteeUserId}|${t.projectId ?? ""}|${t.impersonation}|${t.expiresAt ?? ""}`,
  registered: (serviceId: string, regionId: string | null, resource: string) => `reg:${serviceId}|${regionId ?? ""}|${resource}`,
  limit: (owner: string, serviceId: string, regionId: string | null, resource: string) =>
    `limit:${owner}|${serviceId}|${regionId ?? ""}|${resource}`,
};
