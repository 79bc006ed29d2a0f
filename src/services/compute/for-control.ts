// What the control API reads from and does to compute: a server's API status (advance-until, the wait
// helpers), a tenant's quota limits, and the key pairs of users a tenant teardown removes. Every function
// works on the ROOT state or draft it is given (slice `compute`).

import { filter, get, remove } from "../../kernel/store/table.js";
import type { ComputeQuotas, ComputeState } from "./state.js";
import { SERVER } from "./lifecycle.js";
import { apiStatus } from "./status.js";
import { updateQuotas } from "./operations/quotas.js";
import { SLICE } from "./state.js";

export { COMPUTE_QUOTA_KEYS } from "./state.js";

/** The lifecycle type of servers (`compute.server`), as /_emulator/transitions names it. */
export const SERVER_TYPE = SERVER;

const slice = (root: Readonly<Record<string, unknown>>) => root[SLICE] as ComputeState | undefined;

/** The status Nova shows for the server (`ACTIVE`, `BUILD`, ...), or undefined when there is no such server. */
export function serverStatus(root: Readonly<Record<string, unknown>>, id: string): string | undefined {
  const server = slice(root) && get(slice(root)!.servers, id);
  return server ? apiStatus(server) : undefined;
}

export function setTenantQuotas(root: Record<string, unknown>, projectId: string, limits: Partial<ComputeQuotas>): void {
  const s = slice(root);
  if (s) updateQuotas(s, projectId, undefined, limits, true);
}

/** Key pairs belong to users (Nova scopes them per user): a user removed takes theirs along. */
export function dropKeypairsOf(root: Record<string, unknown>, userIds: readonly string[]): void {
  const s = slice(root);
  if (!s || userIds.length === 0) return;
  const users = new Set(userIds);
  for (const k of filter(s.keypairs, (k) => users.has(k.userId))) remove(s.keypairs, k.id);
}
