// Per-project reset (POST /_emulator/reset?project=): the project's servers, server groups and quota
// overrides go back to the seed world, and so does its instance usage (its images, snapshots included, are
// the image service's to reset). The compute seed holds no servers (seed.ts), so the project's servers are
// taken out, each letting go of what it holds as the end of a delete does; keypairs belong to users, not
// projects (Nova scopes them per user), and stay.

import { isDraft, original } from "immer";
import { operationContext, systemCaller, type OperationContext } from "../../../kernel/operation.js";
import type { ResetContext } from "../../../kernel/service.js";
import type { Tx } from "../../../kernel/store/store.js";
import { dictDelete, dictGet, dictSet } from "../../../kernel/store/dict.js";
import { filter, get, has, put, remove, scan, scanGroup, type Table } from "../../../kernel/store/table.js";
import { computeHooks } from "../../networking/index.js";
import type { ComputeState, Server } from "../state.js";
import { SERVER } from "../lifecycle.js";
import { releaseHost } from "./server-lifecycle.js";
import { releaseMigration } from "./server-resize.js";
import { removeGroupMember } from "./server-groups.js";
import { rareOf, setRare } from "../server-rare.js";

export function resetComputeProject(s: ComputeState, seeded: ComputeState, projectId: string, context: ResetContext): void {
  const { kernel, world, tx } = context;
  // a reset publishes no events (identity's and networking's do not either); lifecycle bookkeeping still runs
  const quiet: Tx = { emit: () => {}, afterCommit: (fn) => tx.afterCommit(fn) };
  const ctx = operationContext(kernel, systemCaller(projectId), world, quiet);
  // servers are read as they were before this update (compute's reset is the first to change them), so a
  // large table is not drafted row by row
  const before = isDraft(s.servers) ? original(s.servers)! : s.servers;
  const beforeGroups = isDraft(s.serverGroups) ? original(s.serverGroups)! : s.serverGroups;
  const beforeWorld = isDraft(world) ? (original(world) as Record<string, unknown>) : world;
  // the servers of other projects that may point into this one: members of its server groups, holders of its ports
  const linked = new Set<string>(computeHooks.deviceIdsOfProjectPorts(beforeWorld, projectId));
  for (const group of scan(beforeGroups)) if (group.projectId === projectId) for (const member of group.members) linked.add(member);
  for (const { id } of [...scanGroup(before, projectId)]) {
    const server = get(s.servers, id)!;
    releaseMigration(s, server);
    releaseHost(s, server);
    releasePorts(ctx, server);
    const { serverGroupId } = rareOf(server);
    if (serverGroupId) removeGroupMember(s, serverGroupId, id);
    remove(s.servers, id);
    // the lifecycle applier skips a step whose server is gone; forgetting it keeps /_emulator/transitions true
    ctx.enter(SERVER, id, null);
  }
  for (const { id } of filter(s.serverUsage, (u) => u.projectId === projectId)) remove(s.serverUsage, id);
  restoreRows(s.instanceActions, seeded.instanceActions, (l) => l.projectId === projectId);
  restoreRows(s.migrations, seeded.migrations, (m) => m.projectId === projectId);
  for (const extra of filter(s.serverExtras, (e) => !has(s.servers, e.id))) remove(s.serverExtras, extra.id);
  restoreRows(s.serverGroups, seeded.serverGroups, (g) => g.projectId === projectId);
  restoreRows(s.quotas, seeded.quotas, (q) => q.id === projectId);
  const usage = dictGet(seeded.usage, projectId);
  if (usage) dictSet(s.usage, projectId, { ...usage });
  else dictDelete(s.usage, projectId);
  unlinkOthers(s, linked, world, projectId);
}

/**
 * The ports a removed server holds. Networking reset the project's ports first, so the ones it created
 * are already gone (or back as seeded) and only ports of other projects, given to it, are still bound to it.
 */
function releasePorts(ctx: OperationContext, server: Server): void {
  const owned = new Set(server.ownedPortIds);
  for (const portId of server.portIds) {
    if (computeHooks.findPort(ctx.root, ctx.caller, portId)?.deviceId !== server.id) continue;
    if (owned.has(portId)) computeHooks.deleteServerPort(ctx, portId);
    else computeHooks.unbindPort(ctx, portId);
  }
}

/** The project's rows become the seed's: new ones dropped, changed ones replaced in place, deleted ones back. */
function restoreRows<T extends { id: string }>(table: Table<T>, seeded: Table<T>, owned: (row: T) => boolean): void {
  for (const row of filter(table, owned)) {
    const seedRow = get(seeded, row.id);
    if (!seedRow || !owned(seedRow)) remove(table, row.id);
  }
  for (const row of scan(seeded)) if (owned(row)) put(table, structuredClone(row));
}

/**
 * Other projects' servers that pointed into the reset project (`linked`: those its groups and ports named) (an admin's, say, in one of its groups or
 * holding one of its ports) let go of groups that are gone and of ports that are gone or were given back.
 */
function unlinkOthers(s: ComputeState, linked: ReadonlySet<string>, world: Record<string, unknown>, projectId: string): void {
  const admin = systemCaller(projectId);
  const lostGroup = (server: Server) => { const { serverGroupId } = rareOf(server); return serverGroupId !== null && !has(s.serverGroups, serverGroupId); };
  const lostPort = (server: Server) => (portId: string) => {
    const port = computeHooks.findPort(world, admin, portId);
    return !port || (port.projectId === projectId && port.deviceId !== server.id);
  };
  for (const id of linked) {
    const seen = get(s.servers, id);
    if (!seen || seen.projectId === projectId || !(lostGroup(seen) || seen.portIds.some(lostPort(seen)))) continue;
    const server = seen;
    if (lostGroup(server)) setRare(server, "serverGroupId", null);
    const gone = new Set(server.portIds.filter(lostPort(server)));
    server.portIds = server.portIds.filter((p) => !gone.has(p));
    server.ownedPortIds = server.ownedPortIds.filter((p) => !gone.has(p));
  }
}
