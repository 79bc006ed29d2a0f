// Implied roles (Keystone v3 /roles/{prior}/implies/{implied}, /role_inferences): the rules tokens and the
// effective assignment list close roles under. Keystone's rules: `admin` (its prohibited_implied_role) is
// never implied, and a global role cannot imply a domain-specific one; cycles are allowed, the closure
// visits each role once.

import { ApiError } from "../../../kernel/errors.js";
import { get, put, remove, scan } from "../../../kernel/store/table.js";
import { conflict, forbidden } from "../errors.js";
import type { IdentityState, Role } from "../state.js";
import type { RoleInference } from "../state-groups.js";
import { requireRole } from "./directory.js";

/** Keystone's [assignment] prohibited_implied_role default. */
const PROHIBITED_IMPLIED = ["admin"];

const impliedNotFound = (prior: string, implied: string) => new ApiError(404, "Not Found", `${prior} does not imply ${implied}.`);

export function createImpliedRole(s: IdentityState, priorId: string, impliedId: string): void {
  const implied = requireRole(s, impliedId);
  const prior = requireRole(s, priorId);
  if (PROHIBITED_IMPLIED.includes(implied.name)) throw forbidden(`${impliedId} cannot be an implied roles.`);
  if (prior.domainId === null && implied.domainId !== null) throw forbidden("Global role cannot imply a domain-specific role");
  const rule = get(s.roleInferences, priorId);
  if (rule?.implied.includes(impliedId)) throw conflict("implied_role", "Duplicate entry");
  put(s.roleInferences, { id: priorId, implied: [...(rule?.implied ?? []), impliedId] });
}

/** GET|HEAD /roles/{prior}/implies/{implied}: the implied role, or 404. */
export function checkImpliedRole(s: IdentityState, priorId: string, impliedId: string): { prior: Role; implied: Role } {
  if (!get(s.roleInferences, priorId)?.implied.includes(impliedId)) throw impliedNotFound(priorId, impliedId);
  return { prior: requireRole(s, priorId), implied: requireRole(s, impliedId) };
}

export function deleteImpliedRole(s: IdentityState, priorId: string, impliedId: string): void {
  checkImpliedRole(s, priorId, impliedId);
  const rest = get(s.roleInferences, priorId)!.implied.filter((id) => id !== impliedId);
  if (rest.length === 0) remove(s.roleInferences, priorId);
  else put(s.roleInferences, { id: priorId, implied: rest });
}

/** GET /roles/{prior}/implies: the roles the prior implies directly. */
export function impliedBy(s: IdentityState, priorId: string): { prior: Role; implied: Role[] } {
  const prior = requireRole(s, priorId);
  const implied = (get(s.roleInferences, priorId)?.implied ?? []).map((id) => get(s.roles, id)).filter((r): r is Role => !!r);
  return { prior, implied };
}

/** GET /role_inferences: every rule, grouped by prior role. */
export function listInferences(s: IdentityState): RoleInference[] {
  return [...scan(s.roleInferences)];
}

/** A deleted role leaves no rule behind, as prior or as implied (a rare admin write: one scan). */
export function dropRoleInferences(s: IdentityState, roleId: string): void {
  remove(s.roleInferences, roleId);
  for (const rule of [...scan(s.roleInferences)]) {
    if (rule.implied.includes(roleId)) {
      const rest = rule.implied.filter((id) => id !== roleId);
      if (rest.length === 0) remove(s.roleInferences, rule.id);
      else put(s.roleInferences, { id: rule.id, implied: rest });
    }
  }
}

/** The seed's rules (and Keystone's bootstrap ones: admin implies member, member implies reader). */
export function seedInference(s: IdentityState, prior: Role | undefined, implied: Role | undefined): void {
  if (!prior || !implied) return;
  const rule = get(s.roleInferences, prior.id);
  if (rule?.implied.includes(implied.id)) return;
  put(s.roleInferences, { id: prior.id, implied: [...(rule?.implied ?? []), implied.id] });
}
