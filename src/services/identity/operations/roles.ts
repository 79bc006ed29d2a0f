// Role administration (Keystone v3 /roles): create, update, delete, list. Deleting a role removes its
// assignments and ends the tokens of the users who held it, as Keystone revokes them.

import { dictDelete } from "../../../kernel/store/dict.js";
import { filter, get, remove } from "../../../kernel/store/table.js";
import type { Tx } from "../../../kernel/store/store.js";
import { conflict } from "../errors.js";
import type { RoleCreate, RoleUpdate } from "../schemas.js";
import { nameKey, type IdentityState, type Role } from "../state.js";
import { createRole, removeAssignments, renameKey, requireDomain, requireRole } from "./directory.js";

export interface RoleFilter {
  name?: string;
  /** Keystone lists global roles unless a domain_id asks for that domain's roles */
  domainId?: string;
}

/** Role names are unique across global and domain roles alike (one name index; Keystone scopes them per domain). */
export function addRole(s: IdentityState, tx: Tx, id: string, body: RoleCreate): Role {
  const domainId = body.domain_id ?? null;
  if (domainId !== null) requireDomain(s, domainId);
  return createRole(s, tx, { id, name: body.name, description: body.description ?? null, domainId });
}

export function updateRole(s: IdentityState, tx: Tx, id: string, patch: RoleUpdate): Role {
  const role = requireRole(s, id);
  if (patch.name !== undefined) {
    const name = patch.name;
    renameKey(s, nameKey.role(role.name), nameKey.role(name), id, () => conflict("role", `Duplicate entry found with name ${name}`));
    role.name = name;
  }
  if (patch.description !== undefined) role.description = patch.description;
  tx.emit("identity.role.updated", { id, fields: Object.keys(patch) });
  return role;
}

export function deleteRole(s: IdentityState, tx: Tx, id: string): void {
  const role = requireRole(s, id);
  for (const userId of removeAssignments(s, tx, (a) => a.roleId === id)) {
    const user = get(s.users, userId);
    if (user) user.tokenEpoch++;
  }
  dictDelete(s.names, nameKey.role(role.name));
  remove(s.roles, id);
  tx.emit("identity.role.deleted", { id, name: role.name });
}

export function listRoles(s: IdentityState, f: RoleFilter): Role[] {
  const domainId = f.domainId ?? null;
  return filter(s.roles, (r) => r.domainId === domainId && (f.name === undefined || r.name === f.name));
}
