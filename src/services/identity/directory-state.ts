// The directory's rows beyond the core ones in state.ts: what Keystone keeps per user besides its columns
// (extra attributes, resource options, password history, lockout counters) and per-domain configuration.

export interface UserRecord {
  /** the user's id */
  id: string;
  /** attributes Keystone stores in the user's `extra` and returns as top-level keys */
  extra: Record<string, unknown>;
  /** Keystone's user resource options (`ignore_password_expiry`, ...) */
  options: Record<string, unknown>;
  /** virtual ms when the current password was set; null: set before this record existed */
  passwordCreatedAt: number | null;
  /** virtual ms the current password expires at; null: never */
  passwordExpiresAt: number | null;
  /** hashes of the previous passwords, newest first (unique_last_password_count) */
  passwordHistory: string[];
  /** consecutive failed password authentications (lockout_failure_attempts) */
  failedAuthCount: number;
  /** virtual ms of the last failed password authentication */
  lastFailedAuthAt: number | null;
  /** virtual ms the lockout ends (MAX_SAFE_INTEGER: until an admin enables the user); null: not locked */
  lockedUntil: number | null;
  /** the current password was set by the user (the minimum age applies), not by an admin */
  passwordSelfService: boolean;
}

/** group -> option -> value, as Keystone's domain config API shows it */
export type DomainConfigBody = Record<string, Record<string, unknown>>;

export interface DomainConfig {
  /** the domain's id */
  id: string;
  config: DomainConfigBody;
}

export function emptyUserRecord(id: string): UserRecord {
  return { id, extra: {}, options: {}, passwordCreatedAt: null, passwordExpiresAt: null, passwordHistory: [], failedAuthCount: 0, lastFailedAuthAt: null, lockedUntil: null, passwordSelfService: false };
}
