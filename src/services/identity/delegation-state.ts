// Keystone's delegation records, kept in the identity slice (state.ts): OS-TRUST trusts, the links of
// trust-scoped tokens to them, and OS-OAUTH1 consumers, request tokens and access tokens; with the
// uniqueness key Keystone's trust table implies.

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

/** An OS-OAUTH1 request token (keystone/oauth1/backends/sql.py RequestToken): authorized once a user names its roles. */
export interface OAuthRequestToken {
  id: string;
  secret: string;
  consumerId: string;
  projectId: string;
  /** virtual epoch ms; null: never (request_token_duration 0) */
  expiresAt: number | null;
  /** set by the authorization, with the verifier and the delegated roles */
  authorizingUserId: string | null;
  verifier: string | null;
  roleIds: string[] | null;
}

/** An OS-OAUTH1 access token: the consumer may act as its authorizing user on its project with its roles. */
export interface OAuthAccessToken {
  id: string;
  secret: string;
  consumerId: string;
  authorizingUserId: string;
  projectId: string;
  roleIds: string[];
  /** virtual epoch ms; null: never (access_token_duration 0) */
  expiresAt: number | null;
}

/** a trust's uniqueness (Keystone's duplicate_trust_constraint), in IdentityState.trustLimitKeys */
export const trustKey = (t: Pick<Trust, "trustorUserId" | "trusteeUserId" | "projectId" | "impersonation" | "expiresAt">) =>
  `trust:${t.trustorUserId}|${t.trusteeUserId}|${t.projectId ?? ""}|${t.impersonation}|${t.expiresAt ?? ""}`;
