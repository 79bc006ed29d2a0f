// User administration (Keystone v3 /users): create, show, update, delete, list, and a user's own password
// change. A new password, or disabling the user, ends every token the user holds (tokenEpoch). Extra
// attributes, options and the password rules live in user-records.ts.

import type { IdentityContext } from "./context.js";
import { isAdmin, type Principal } from "../../../kernel/auth/principal.js";
import { dictDelete } from "../../../kernel/store/dict.js";
import { filter, get, remove, scanGroup, values } from "../../../kernel/store/table.js";
import { conflict, forbidden, unauthorized, validationError } from "../errors.js";
import { verifySecret } from "../secrets.js";
import type { PasswordChange, UserCreate, UserUpdate } from "../schemas.js";
import type { SecurityCompliance } from "../options.js";
import { nameKey, namedInAnyDomain, type IdentityState, type User } from "../state.js";
import { createUser, removeAssignments, renameKey, requireProject, requireUser } from "./directory.js";
import { dropCredentialsOf } from "./credentials.js";
import { exactName, filterList, type ListQuery } from "./list-filters.js";
import { dropUserMemberships } from "./groups.js";
import { dropUserTrusts } from "./trust-reset.js";
import {
  applyUserExtras, applyUserOptions, clearLockout, dropUserRecord, setUserPassword, userRecord,
} from "./user-records.js";

/**
 * The filters GET /users honours, as Keystone's api lists them (exact or with a `__` comparator);
 * `password_expires_at` is read apart. The federated ones (idp_id, protocol_id, unique_id) match no local
 * user, so they give an empty list rather than being ignored.
 */
export const USER_LIST_FILTERS = ["domain_id", "enabled", "name", "idp_id", "protocol_id", "unique_id"] as const;

const EXPIRY_OPS: Record<string, (a: number, b: number) => boolean> = {
  lt: (a, b) => a < b, lte: (a, b) => a <= b, gt: (a, b) => a > b, gte: (a, b) => a >= b, eq: (a, b) => a === b, neq: (a, b) => a !== b,
};

/** `password_expires_at=[op:]timestamp` (op lt, lte, gt, gte, eq, neq; eq by default); a user without expiry never matches. */
function expiryFilter(value: string): (at: number | null) => boolean {
  const m = /^(lt|lte|gt|gte|eq|neq):(.*)$/.exec(value);
  const [op, stamp] = m ? [m[1]!, m[2]!] : ["eq", value];
  const when = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(stamp) ? stamp : `${stamp}Z`);
  if (Number.isNaN(when)) {
    throw validationError("Timestamp not in expected format. The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error.");
  }
  return (at) => at !== null && EXPIRY_OPS[op]!(Math.floor(at / 1000) * 1000, when);
}

export function assertSelfOrAdmin(caller: Principal, userId: string): void {
  if (caller.userId !== userId && !isAdmin(caller)) throw forbidden();
}

export function addUser(
  s: IdentityState, ctx: IdentityContext, id: string, salt: string, body: UserCreate, caller: Principal, sc?: SecurityCompliance,
): User {
  const user = createUser(
    s,
    ctx,
    {
      id,
      name: body.name,
      domainId: body.domain_id ?? caller.domainId ?? "default",
      password: null,
      enabled: body.enabled ?? true,
      defaultProjectId: body.default_project_id ?? null,
      description: body.description ?? null,
      email: body.email ?? null,
    },
    salt,
  );
  applyUserExtras(s, id, body);
  applyUserOptions(s, id, body.options);
  if (typeof body.password === "string") setUserPassword(s, user, body.password, salt, ctx.now, "admin", sc);
  return user;
}

/** GET /users/{id}: a user may read their own record; anyone else's needs admin (403 before 404). */
export function showUser(s: IdentityState, caller: Principal, id: string): User {
  assertSelfOrAdmin(caller, id);
  return requireUser(s, id);
}

export function updateUser(
  s: IdentityState, ctx: IdentityContext, id: string, salt: string, patch: UserUpdate, sc?: SecurityCompliance,
): User {
  const user = requireUser(s, id);
  if (patch.domain_id !== undefined && patch.domain_id !== user.domainId) throw validationError("Cannot change Domain ID");
  if (patch.name !== undefined) {
    const name = patch.name;
    renameKey(s, nameKey.user(user.domainId, user.name), nameKey.user(user.domainId, name), id, () =>
      conflict("user", `Duplicate entry found with name ${name} at domain ID ${user.domainId}`),
    );
    user.name = name;
  }
  if (patch.default_project_id !== undefined) {
    if (patch.default_project_id !== null) requireProject(s, patch.default_project_id);
    user.defaultProjectId = patch.default_project_id;
  }
  if (patch.description !== undefined) user.description = patch.description;
  if (patch.email !== undefined) user.email = patch.email;
  applyUserExtras(s, id, patch);
  applyUserOptions(s, id, patch.options);
  let endTokens = false;
  if (patch.password !== undefined) {
    if (patch.password === null) user.passwordHash = null;
    else setUserPassword(s, user, patch.password, salt, ctx.now, "admin", sc);
    endTokens = true;
  }
  if (patch.enabled !== undefined) {
    endTokens ||= user.enabled && !patch.enabled;
    // enabling a user lifts a lockout, as Keystone's reset of the failure count does
    if (patch.enabled) clearLockout(s, id);
    user.enabled = patch.enabled;
  }
  if (endTokens) user.tokenEpoch++;
  ctx.tx.emit("identity.user.updated", { id, fields: Object.keys(patch) });
  return user;
}

/**
 * POST /users/{id}/password: Keystone enforces no policy here (a user whose password expired has no token):
 * whoever knows the original password changes it; an unknown user or a wrong password is a 401.
 */
export function changePassword(
  s: IdentityState, ctx: IdentityContext, id: string, salt: string, body: PasswordChange, sc?: SecurityCompliance,
): void {
  const user = get(s.users, id);
  if (!user || !verifySecret(body.original_password, user.passwordHash)) {
    throw unauthorized("Error when changing user password: Invalid user / password");
  }
  const rec = userRecord(s, id);
  if (rec?.lockedUntil != null && ctx.now < rec.lockedUntil && rec.options.ignore_lockout_failure_attempts !== true) {
    throw unauthorized(`The account is locked for user: ${id}.`);
  }
  setUserPassword(s, user, body.password, salt, ctx.now, "self", sc);
  user.tokenEpoch++;
  ctx.tx.emit("identity.user.updated", { id, fields: ["password"] });
}

/** Drops the user's role assignments and application credentials; the user's tokens stop resolving. */
export function deleteUser(s: IdentityState, ctx: Pick<IdentityContext, "tx">, id: string): void {
  const user = requireUser(s, id);
  // the user's grants, from the table's user groups
  removeAssignments(s, ctx, scanGroup(s.assignments, id));
  for (const cred of filter(s.appCredentials, (c) => c.userId === id)) {
    remove(s.appCredentials, cred.id);
    dictDelete(s.names, nameKey.appCredential(id, cred.name));
  }
  dropCredentialsOf(s, { userId: id });
  dropUserRecord(s, id);
  // group memberships (and the user's inherited grants and access rules), trusts the user gave or holds
  dropUserMemberships(s, id);
  dropUserTrusts(s, id);
  dictDelete(s.names, nameKey.user(user.domainId, user.name));
  remove(s.users, id);
  ctx.tx.emit("identity.user.deleted", { id, name: user.name, domainId: user.domainId });
}

/** GET /users: Keystone's filters over the attributes as the wire shows them. */
export function listUsers(s: IdentityState, query: ListQuery): User[] {
  const expiry = [...query].filter(([k]) => k === "password_expires_at").map(([, v]) => expiryFilter(v));
  const name = exactName(query);
  const candidates = name === undefined ? values(s.users) : namedInAnyDomain(s, s.users, "user", name);
  const users = filterList(candidates, query, USER_LIST_FILTERS, (u, attr) => userAttr(u, attr));
  if (expiry.length === 0) return users;
  return users.filter((u) => {
    const at = userRecord(s, u.id)?.passwordExpiresAt ?? null;
    return expiry.every((f) => f(at));
  });
}

function userAttr(u: User, attr: string): unknown {
  switch (attr) {
    case "domain_id":
      return u.domainId;
    case "enabled":
      return u.enabled;
    case "name":
      return u.name;
    default:
      return undefined;
  }
}
