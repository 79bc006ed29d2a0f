// User administration (Keystone v3 /users): create, show, update, delete, list, and a user's own password
// change. A new password, or disabling the user, ends every token the user holds (tokenEpoch).

import { isAdmin, type Principal } from "../../../kernel/auth/principal.js";
import { dictDelete } from "../../../kernel/store/dict.js";
import { filter, remove } from "../../../kernel/store/table.js";
import type { Tx } from "../../../kernel/store/store.js";
import { conflict, forbidden, unauthorized, validationError } from "../errors.js";
import { hashSecret, verifySecret } from "../secrets.js";
import type { PasswordChange, UserCreate, UserUpdate } from "../schemas.js";
import { nameKey, type IdentityState, type User } from "../state.js";
import { createUser, removeAssignments, renameKey, requireProject, requireUser } from "./directory.js";
import { dropCredentialsOf } from "./credentials.js";

export interface UserFilter {
  name?: string;
  domainId?: string;
  enabled?: boolean;
}

export function assertSelfOrAdmin(caller: Principal, userId: string): void {
  if (caller.userId !== userId && !isAdmin(caller)) throw forbidden();
}

export function addUser(s: IdentityState, tx: Tx, id: string, salt: string, body: UserCreate, caller: Principal): User {
  return createUser(
    s,
    tx,
    {
      id,
      name: body.name,
      domainId: body.domain_id ?? caller.domainId ?? "default",
      password: body.password ?? null,
      enabled: body.enabled ?? true,
      defaultProjectId: body.default_project_id ?? null,
      description: body.description ?? null,
      email: body.email ?? null,
    },
    salt,
  );
}

/** GET /users/{id}: a user may read their own record; anyone else's needs admin (403 before 404). */
export function showUser(s: IdentityState, caller: Principal, id: string): User {
  assertSelfOrAdmin(caller, id);
  return requireUser(s, id);
}

export function updateUser(s: IdentityState, tx: Tx, id: string, salt: string, patch: UserUpdate): User {
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
  let endTokens = false;
  if (patch.password !== undefined) {
    user.passwordHash = patch.password === null ? null : hashSecret(patch.password, salt);
    endTokens = true;
  }
  if (patch.enabled !== undefined) {
    endTokens ||= user.enabled && !patch.enabled;
    user.enabled = patch.enabled;
  }
  if (endTokens) user.tokenEpoch++;
  tx.emit("identity.user.updated", { id, fields: Object.keys(patch) });
  return user;
}

/** POST /users/{id}/password: only the user, and only with the current password. */
export function changePassword(s: IdentityState, tx: Tx, caller: Principal, id: string, salt: string, body: PasswordChange): void {
  if (caller.userId !== id) throw forbidden("A user may only change their own password.");
  const user = requireUser(s, id);
  if (!verifySecret(body.original_password, user.passwordHash)) {
    throw unauthorized("Error when changing user password: the original password is incorrect.");
  }
  user.passwordHash = hashSecret(body.password, salt);
  user.tokenEpoch++;
  tx.emit("identity.user.updated", { id, fields: ["password"] });
}

/** Drops the user's role assignments and application credentials; the user's tokens stop resolving. */
export function deleteUser(s: IdentityState, tx: Tx, id: string): void {
  const user = requireUser(s, id);
  removeAssignments(s, tx, (a) => a.userId === id);
  for (const cred of filter(s.appCredentials, (c) => c.userId === id)) {
    remove(s.appCredentials, cred.id);
    dictDelete(s.names, nameKey.appCredential(id, cred.name));
  }
  dropCredentialsOf(s, { userId: id });
  dictDelete(s.names, nameKey.user(user.domainId, user.name));
  remove(s.users, id);
  tx.emit("identity.user.deleted", { id, name: user.name, domainId: user.domainId });
}

export function listUsers(s: IdentityState, f: UserFilter): User[] {
  return filter(
    s.users,
    (u) =>
      (f.name === undefined || u.name === f.name) &&
      (f.domainId === undefined || u.domainId === f.domainId) &&
      (f.enabled === undefined || u.enabled === f.enabled),
  );
}
