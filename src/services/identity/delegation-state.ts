// Keystone's delegation records, kept in the identity slice (state.ts): OS-TRUST trusts, the links of
// trust-scoped tokens to them, and OS-OAUTH1 consumers; with the uniqueness key Keystone's trust table implies.

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

/** An OS-OAUTH1 consumer; the secret is shown once, by create, and kept to check OAuth signatures. */
export interface OAuthConsumer {
  id: string;
  description: string | null;
  secret: string;
  extra: Record<string, unknown>;
}

/** a trust's uniqueness (Keystone's duplicate_trust_constraint), in IdentityState.trustLimitKeys */
export const trustKey = (t: Pick<Trust, "trustorUserId" | "trusteeUserId" | "projectId" | "impersonation" | "expiresAt">) =>
  `trust:${t.trustorUserId}|${t.trusteeUserId}|${t.projectId ?? ""}|${t.impersonation}|${t.expiresAt ?? ""}`;
