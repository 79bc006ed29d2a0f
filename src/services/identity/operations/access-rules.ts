// Access rules of application credentials (Keystone v3 /users/{user_id}/access_rules): each belongs to one
// user; a credential names existing ones by id or describes new ones, and the same service, method and
// path reuse the user's rule. A rule in use by a credential cannot be deleted (403, as Keystone).

import type { Ids } from "../../../kernel/ids.js";
import { isAdmin, type Principal } from "../../../kernel/auth/principal.js";
import { ApiError } from "../../../kernel/errors.js";
import { dictDelete, dictGet, dictSet } from "../../../kernel/store/dict.js";
import { filter, get, put, remove, scan } from "../../../kernel/store/table.js";
import { forbidden, notFound } from "../errors.js";
import type { AppCredential, IdentityState } from "../state.js";
import { accessRuleKey, type AccessRule } from "../state-groups.js";
import type { AccessRuleInput } from "../schemas/app-credentials.js";

const ruleNotFound = (id: string) => new ApiError(404, "Not Found", `Could not find Access Rule: ${id}.`);

/** The credential's rules: existing ones of the user, or new ones stored for the user. */
export function resolveAccessRules(s: IdentityState, ids: Ids, userId: string, inputs: AccessRuleInput[]): AppCredential["accessRules"] {
  const out: AppCredential["accessRules"] = [];
  for (const input of inputs) {
    let rule: AccessRule | undefined;
    if (input.id !== undefined) {
      rule = get(s.accessRules, input.id);
      if (!rule || rule.userId !== userId) throw ruleNotFound(input.id);
    } else {
      const { service, method, path } = input as Required<AccessRuleInput>;
      const key = accessRuleKey(userId, { service, method, path });
      const known = dictGet(s.names, key);
      rule = known === undefined ? undefined : get(s.accessRules, known);
      if (!rule) {
        rule = { id: ids.hexId(), userId, service, method, path };
        put(s.accessRules, rule);
        dictSet(s.names, key, rule.id);
      }
    }
    if (!out.some((r) => r.id === rule!.id)) out.push({ id: rule.id, service: rule.service, method: rule.method, path: rule.path });
  }
  return out;
}

function assertOwnerOrAdmin(s: IdentityState, caller: Principal, userId: string): void {
  if (caller.userId !== userId && !isAdmin(caller)) throw forbidden();
  if (!get(s.users, userId)) throw notFound("user", userId);
}

export function listAccessRules(s: IdentityState, caller: Principal, userId: string): AccessRule[] {
  assertOwnerOrAdmin(s, caller, userId);
  return filter(s.accessRules, (r) => r.userId === userId);
}

export function showAccessRule(s: IdentityState, caller: Principal, userId: string, id: string): AccessRule {
  assertOwnerOrAdmin(s, caller, userId);
  const rule = get(s.accessRules, id);
  if (!rule || rule.userId !== userId) throw ruleNotFound(id);
  return rule;
}

export function deleteAccessRule(s: IdentityState, caller: Principal, userId: string, id: string): void {
  showAccessRule(s, caller, userId, id);
  for (const cred of scan(s.appCredentials)) {
    if (cred.userId === userId && cred.accessRules.some((r) => r.id === id)) throw forbidden("May not delete access rule in use");
  }
  drop(s, id);
}

function drop(s: IdentityState, id: string): void {
  const rule = remove(s.accessRules, id);
  if (rule) dictDelete(s.names, accessRuleKey(rule.userId, rule));
}

/** For the user delete: the user's access rules go with the user. */
export function dropAccessRulesOf(s: IdentityState, userId: string): void {
  for (const rule of filter(s.accessRules, (r) => r.userId === userId)) drop(s, rule.id);
}
