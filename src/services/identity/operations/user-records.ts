// What Keystone keeps per user besides its columns, and the [security_compliance] rules over passwords:
// extra attributes, resource options, password expiry and history, minimum age, the password regex, and
// the lockout after failed logins. No HTTP in here.

import { ApiError } from "../../../kernel/errors.js";
import { get, put, remove } from "../../../kernel/store/table.js";
import { unauthorized } from "../errors.js";
import { hashSecret, verifySecret } from "../secrets.js";
import { emptyUserRecord, type UserRecord } from "../directory-state.js";
import { DEFAULT_SECURITY_COMPLIANCE, type SecurityCompliance } from "../options.js";
import { dictGet } from "../../../kernel/store/dict.js";
import { nameKey, type IdentityState, type User } from "../state.js";

const DAY_MS = 86_400_000;

/** Keystone's user resource options and what each holds (null removes an option). */
export const USER_OPTION_NAMES = [
  "ignore_change_password_upon_first_use",
  "ignore_password_expiry",
  "ignore_lockout_failure_attempts",
  "lock_password",
  "ignore_user_inactivity",
  "multi_factor_auth_rules",
  "multi_factor_auth_enabled",
] as const;

/** Body keys the user schema names; every other key is an extra attribute Keystone stores and returns. */
export const USER_CORE_KEYS = new Set([
  "id", "name", "domain_id", "enabled", "password", "default_project_id", "description", "email", "options",
  "links", "password_expires_at",
]);

export function userRecord(s: IdentityState, id: string): UserRecord | undefined {
  return get(s.userRecords, id);
}

function ensureRecord(s: IdentityState, id: string): UserRecord {
  let rec = get(s.userRecords, id);
  if (!rec) {
    put(s.userRecords, emptyUserRecord(id));
    rec = get(s.userRecords, id)!;
  }
  return rec;
}

export function dropUserRecord(s: IdentityState, id: string): void {
  remove(s.userRecords, id);
}

/** The extra attributes of a create or update body: stored as given, null included, as Keystone does. */
export function applyUserExtras(s: IdentityState, id: string, body: Record<string, unknown>): void {
  const extras = Object.entries(body).filter(([k]) => !USER_CORE_KEYS.has(k));
  if (extras.length === 0) return;
  const rec = ensureRecord(s, id);
  for (const [k, v] of extras) rec.extra[k] = v;
}

/** Merges validated options into the user's; a null value removes the option. */
export function applyUserOptions(s: IdentityState, id: string, options: Record<string, unknown> | undefined): void {
  if (options === undefined || Object.keys(options).length === 0) return;
  const rec = ensureRecord(s, id);
  for (const [k, v] of Object.entries(options)) {
    if (v === null) delete rec.options[k];
    else rec.options[k] = v;
  }
}

const passwordError = (message: string) => new ApiError(400, "Bad Request", message);

function checkRegex(password: string, sc: SecurityCompliance): void {
  if (sc.passwordRegex === null) return;
  // Python's re.match: anchored at the start only
  if (!new RegExp(`^(?:${sc.passwordRegex})`).test(password)) {
    throw passwordError(`The password does not match the requirements: ${sc.passwordRegexDescription ?? "None"}.`);
  }
}

function checkHistory(rec: UserRecord | undefined, password: string, sc: SecurityCompliance): void {
  const count = sc.uniqueLastPasswordCount;
  if (count <= 0 || !rec) return;
  // Keystone compares with the last count-1 passwords (the current one alone when count is 1)
  const recent = rec.passwordHistory.slice(0, Math.max(1, count - 1));
  if (recent.some((hash) => verifySecret(password, hash))) {
    throw passwordError(
      `The new password cannot be identical to a previous password. The total number which includes the new password must be unique is ${count}.`,
    );
  }
}

export type PasswordSetter = "admin" | "self";

/**
 * Sets a user's password under the compliance rules: the regex and the history always; the minimum age
 * and lock_password for the user's own change only. An admin-set password is expired at once when
 * change_password_upon_first_use is on (unless the user ignores it).
 */
export function setUserPassword(
  s: IdentityState, user: User, password: string, salt: string, now: number, by: PasswordSetter, sc: SecurityCompliance = DEFAULT_SECURITY_COMPLIANCE,
): void {
  let rec = userRecord(s, user.id);
  if (by === "self") {
    if (rec?.options.lock_password === true) {
      throw passwordError("You cannot change your password at this time due to password policy disallowing password changes. Please contact your administrator to reset your password.");
    }
    if (sc.minimumPasswordAge > 0 && rec?.passwordCreatedAt != null && rec.passwordSelfService) {
      const allowedAt = rec.passwordCreatedAt + sc.minimumPasswordAge * DAY_MS;
      const expired = rec.passwordExpiresAt !== null && rec.passwordExpiresAt <= now;
      if (now < allowedAt && !expired) {
        const daysLeft = Math.floor((allowedAt - now) / DAY_MS);
        throw passwordError(
          `You cannot change your password at this time due to the minimum password age. Once you change your password, it must be used for ${sc.minimumPasswordAge} day(s) before it can be changed. Please try again in ${daysLeft} day(s) or contact your administrator to reset your password.`,
        );
      }
    }
  }
  checkRegex(password, sc);
  checkHistory(rec, password, sc);
  const hash = hashSecret(password, salt);
  user.passwordHash = hash;
  rec ??= ensureRecord(s, user.id);
  rec.passwordCreatedAt = now;
  rec.passwordSelfService = by === "self";
  const exempt = rec.options.ignore_password_expiry === true;
  rec.passwordExpiresAt = !exempt && sc.passwordExpiresDays ? now + sc.passwordExpiresDays * DAY_MS : null;
  if (by === "admin" && sc.changePasswordUponFirstUse && rec.options.ignore_change_password_upon_first_use !== true) {
    rec.passwordExpiresAt = now;
  }
  rec.passwordHistory = [hash, ...rec.passwordHistory].slice(0, Math.max(1, sc.uniqueLastPasswordCount));
  rec.failedAuthCount = 0;
  rec.lastFailedAuthAt = null;
}

/** The user's password_expires_at as Keystone renders it (`2030-01-02T00:00:00.000000`, UTC), or null. */
export function passwordExpiresAt(rec: UserRecord | undefined): string | null {
  if (!rec || rec.passwordExpiresAt === null) return null;
  return new Date(Math.floor(rec.passwordExpiresAt / 1000) * 1000).toISOString().replace(".000Z", ".000000");
}

/** A locked account: the failures reached the limit and the lockout has not run out. */
function isLocked(rec: UserRecord, now: number): boolean {
  if (rec.options.ignore_lockout_failure_attempts === true || rec.lockedUntil === null) return false;
  return now < rec.lockedUntil;
}

/**
 * The password-login hook (tokens.ts, before the password is checked): a locked account is refused; a
 * right password past its expiry is refused; a right password clears the failure count. Keystone's order.
 */
export function checkPasswordLogin(s: IdentityState, user: User, password: string, now: number): void {
  const rec = userRecord(s, user.id);
  if (!rec) return;
  if (isLocked(rec, now)) throw unauthorized(`The account is locked for user: ${user.id}.`);
  if (!verifySecret(password, user.passwordHash)) return;
  const expired = rec.passwordExpiresAt !== null && rec.passwordExpiresAt <= now && rec.options.ignore_password_expiry !== true;
  if (expired && user.enabled) throw unauthorized(`The password is expired and needs to be changed for user: ${user.id}.`);
  if (rec.failedAuthCount > 0 || rec.lockedUntil !== null) {
    rec.failedAuthCount = 0;
    rec.lastFailedAuthAt = null;
    rec.lockedUntil = null;
  }
}

/**
 * Counts a failed password login (to be committed even though the login itself fails). At the limit the
 * account locks for lockout_duration, or until an admin re-enables the user when there is none.
 */
export function recordFailedLogin(s: IdentityState, userId: string, now: number, sc: SecurityCompliance): void {
  if (sc.lockoutFailureAttempts === null || !get(s.users, userId)) return;
  const rec = ensureRecord(s, userId);
  if (rec.lockedUntil !== null && now >= rec.lockedUntil) {
    rec.failedAuthCount = 0;
    rec.lockedUntil = null;
  }
  rec.failedAuthCount++;
  rec.lastFailedAuthAt = now;
  if (rec.failedAuthCount >= sc.lockoutFailureAttempts) {
    rec.lockedUntil = sc.lockoutDuration === null ? Number.MAX_SAFE_INTEGER : now + sc.lockoutDuration * 1000;
  }
}

/** An admin enabling a user lifts a lockout, as Keystone's reset of the failure count on enable does. */
export function clearLockout(s: IdentityState, userId: string): void {
  const rec = userRecord(s, userId);
  if (rec) {
    rec.failedAuthCount = 0;
    rec.lastFailedAuthAt = null;
    rec.lockedUntil = null;
  }
}

/**
 * For the token route: after a password login failed (and its update rolled back), counts the failure in
 * an update of its own, as Keystone does: only a wrong password of an existing user that is not locked
 * already counts. A no-op while lockout is off.
 */
export function recordFailedPasswordAuth(
  s: IdentityState,
  ref: { id?: string; name?: string; domain?: { id?: string; name?: string }; password: string },
  now: number,
  sc: SecurityCompliance | undefined,
): void {
  if (!sc || sc.lockoutFailureAttempts === null) return;
  let id = ref.id;
  if (id === undefined && ref.name !== undefined && ref.domain) {
    const domainId = ref.domain.id ?? (ref.domain.name !== undefined ? dictGet(s.names, nameKey.domain(ref.domain.name)) : undefined);
    id = domainId === undefined ? undefined : dictGet(s.names, nameKey.user(domainId, ref.name));
  }
  const user = id === undefined ? undefined : get(s.users, id);
  if (!user || verifySecret(ref.password, user.passwordHash)) return;
  const rec = userRecord(s, user.id);
  if (rec && isLocked(rec, now)) return;
  recordFailedLogin(s, user.id, now, sc);
}
