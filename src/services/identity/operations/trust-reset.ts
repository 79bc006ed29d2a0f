// Per-project reset of the trust and limit tables: trusts on the project and its limits go back to the seed world's
// (none unless the seed has them); tokens issued through a dropped trust are forgotten, so none validates.
// Also the drops Keystone makes when a project or a user is deleted, for the directory's operations to call.

import { dictSet } from "../../../kernel/store/dict.js";
import { filter, put, remove } from "../../../kernel/store/table.js";
import type { IdentityState } from "../state.js";
import { trustKey, type Trust } from "../delegation-state.js";
import { deleteLimit, resetProjectLimits } from "./limits.js";
import { dropTrust } from "./trusts.js";

/** Drops the trusts `which` selects with the tokens issued through them (forgotten: no clock to revoke at). */
function dropTrustsWhere(s: IdentityState, which: (t: Trust) => boolean): void {
  const dropped = new Set(filter(s.trusts, which).map((t) => t.id));
  if (dropped.size === 0) return;
  for (const link of filter(s.trustTokens, (l) => dropped.has(l.trustId))) {
    remove(s.tokens, link.id);
    remove(s.trustTokens, link.id);
  }
  for (const id of dropped) dropTrust(s, id);
}

/** Keystone's callbacks when a project is deleted: its trusts and its limits go. */
export function dropProjectTrustsAndLimits(s: IdentityState, projectId: string): void {
  dropTrustsWhere(s, (t) => t.projectId === projectId);
  for (const l of filter(s.limits, (x) => x.projectId === projectId)) deleteLimit(s, l.id);
}

/** Keystone's callback when a user is deleted: the trusts it is trustor or trustee of go. */
export function dropUserTrusts(s: IdentityState, userId: string): void {
  dropTrustsWhere(s, (t) => t.trustorUserId === userId || t.trusteeUserId === userId);
}

export function resetProjectTrustsAndLimits(s: IdentityState, seeded: IdentityState, projectId: string): void {
  dropTrustsWhere(s, (t) => t.projectId === projectId);
  for (const t of filter(seeded.trusts, (x) => x.projectId === projectId)) {
    put(s.trusts, structuredClone(t));
    dictSet(s.trustLimitKeys, trustKey(t), t.id);
  }
  resetProjectLimits(s, seeded, projectId);
}
