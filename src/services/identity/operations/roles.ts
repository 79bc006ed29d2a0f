// Role administration (Keystone v3 /roles): create, update, delete, list. A global role's name is unique
// among global roles, a domain-specific role's within its domain. Deleting a role removes every grant and
// implied-role rule naming it; the tokens that carried it stop validating (effective-roles.ts).

import type { IdentityContext } from "./context.js";
import { dictDelete, dictSet } from "../../../kernel/store/dict.js";
import { filter, put, remove } from "../../../kernel/store/table.js";
import { conflict } from "../errors.js";
import type { RoleCreate, RoleUpdate } from "../schemas.js";
import { findByName, nameKey, type IdentityState, type Role } from "../state.js";
import { domainRoleNameKey } from "../state-groups.js";
import { createRole, removeAssignments, renameKey, requireDomain, requireRole } from "./directory.js";
import { dropRoleGrants } from "./group-grants.js";
import { dropRoleInferences } from "./implied-roles.js";

export interface RoleFilter {
  name?: string;
  /** Keystone lists global roles unless a domain_id asks for that domain's roles */
  domainId?: string;
}

const roleNameKey = (r: { name: string; domainId: string | null }) =>
  r.domainId === null ? nameKey.role(r.name) : domainRoleNameKey(r.domainId, r.name);

const duplicate = (name: string) => conflict("role", `Duplicate entry found with name ${name}`);

export function addRole(s: IdentityState, ctx: IdentityContext, id: string, body: RoleCreate): Role {
  const domainId = body.domain_id ?? null;
  const role: Role = { id, name: body.name, description: body.description ?? null, domainId };
  if (domainId === null) return createRole(s, ctx, role);
  requireDomain(s, domainId);
  if (findByName(s, s.roles, roleNameKey(role))) throw duplicate(role.name);
  put(s.roles, role);
  dictSet(s.names, roleNameKey(role), id);
  ctx.tx.emit("identity.role.created", { id, name: role.name });
  return role;
}

export function updateRole(s: IdentityState, ctx: IdentityContext, id: string, patch: RoleUpdate): Role {
  const role = requireRole(s, id);
  if (patch.name !== undefined) {
    const name = patch.name;
    renameKey(s, roleNameKey(role), roleNameKey({ name, domainId: role.domainId }), id, () => duplicate(name));
    role.name = name;
  }
  if (patch.description !== undefined) role.description = patch.description;
  ctx.tx.emit("identity.role.updated", { id, fields: Object.keys(patch) });
  return role;
}

export function deleteRole(s: IdentityState, ctx: IdentityContext, id: string): void {
  const role = requireRole(s, id);
  removeAssignments(s, ctx, (a) => a.roleId === id);
  dropRoleGrants(s, id);
  dropRoleInferences(s, id);
  dictDelete(s.names, roleNameKey(role));
  remove(s.roles, id);
  ctx.tx.emit("identity.role.deleted", { id, name: role.name });
}

export function listRoles(s: IdentityState, f: RoleFilter): Role[] {
  const domainId = f.domainId ?? null;
  return filter(s.roles, (r) => r.domainId === domainId && (f.name === undefined || r.name === f.name));
}

