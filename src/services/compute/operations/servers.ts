// Servers' own rules (nova/compute/api.py get, update, delete, update_instance_metadata): visibility per
// project (404 otherwise), the lock, PUT's fields, DELETE's deleting phase and the metadata endpoints.

import { serverHostname } from "../hostname.js";
import { get } from "../../../kernel/store/table.js";
import { withoutEntry } from "../../../kernel/own.js";
import type { Caller, OperationContext } from "../../../kernel/operation.js";
import type { ComputeState, Server } from "../state.js";
import { computeQuotas } from "./quotas.js";
import { instanceNotFound, invalidState, itemNotFound } from "../errors.js";
import { changeState, enterPhase } from "../lifecycle.js";
import { softDelete, softDeletes } from "./server-soft-delete.js";
import { assertUnlocked } from "./server-action-rules.js";
import { setRare } from "../server-rare.js";

/** The server, when the caller may see it: its project's members, or an admin. Else 404 itemNotFound. */
export function visibleServer(s: ComputeState, caller: Caller, id: string): Server {
  const server = get(s.servers, id);
  if (!server || (!caller.isAdmin && server.projectId !== caller.projectId)) throw instanceNotFound(id);
  return server;
}

export interface ServerPatch {
  name?: string;
  /** 2.90 */
  hostname?: string;
  description?: string | null;
  accessIPv4?: string;
  accessIPv6?: string;
  diskConfig?: "AUTO" | "MANUAL";
}

/**
 * A server keeps no hostname of its own while it is its name's (most servers): before a rename it writes
 * that one down, since the hostname stays what it was (as Nova's does).
 */
export function keepHostname(server: Server): void {
  server.hostname = serverHostname(server);
}

export function updateServer(s: ComputeState, ctx: OperationContext, id: string, patch: ServerPatch): Server {
  const server = visibleServer(s, ctx.caller, id);
  if (patch.name !== undefined) {
    keepHostname(server);
    server.name = patch.name;
  }
  if (patch.hostname !== undefined) server.hostname = patch.hostname;
  if (patch.description !== undefined) setRare(server, "description", patch.description);
  if (patch.accessIPv4 !== undefined) setRare(server, "accessIPv4", patch.accessIPv4);
  if (patch.accessIPv6 !== undefined) setRare(server, "accessIPv6", patch.accessIPv6);
  if (patch.diskConfig !== undefined) setRare(server, "diskConfig", patch.diskConfig);
  server.updatedAt = ctx.now;
  ctx.tx.emit("compute.server.updated", { id: server.id, projectId: server.projectId, name: server.name });
  return server;
}

/**
 * DELETE: any state will do (Nova deletes building and errored servers too); the server shows
 * task_state `deleting` until the deleting phase ends, then it is gone. Deleting twice changes nothing.
 * With reclaim_instance_interval on, a launched server at rest is soft-deleted instead (server-soft-delete.ts).
 */
/** DELETE /servers/{id}; with a reclaim interval (Nova's reclaim_instance_interval) a soft delete where Nova makes one. */
export function deleteServer(s: ComputeState, ctx: OperationContext, id: string, reclaimInstanceMs = 0): void {
  const server = visibleServer(s, ctx.caller, id);
  assertUnlocked(server, ctx.caller);
  if (server.phase === "deleting") return;
  if (reclaimInstanceMs > 0 && softDeletes(server)) return softDelete(ctx, server);
  changeState(ctx, server, { taskState: "deleting" });
  enterPhase(ctx, server, "deleting");
}

/** Metadata changes need a server at rest in one of these vm_states (Nova's check_instance_state). */
const METADATA_STATES = new Set(["active", "paused", "suspended", "stopped"]);

function writableMetadata(s: ComputeState, ctx: OperationContext, id: string, action: string): Server {
  const server = visibleServer(s, ctx.caller, id);
  assertUnlocked(server, ctx.caller);
  if (!METADATA_STATES.has(server.vmState)) throw invalidState(action, server.id, "vm_state", server.vmState);
  if (server.taskState !== null) throw invalidState(action, server.id, "task_state", server.taskState);
  return server;
}

function checkMetadataQuota(s: ComputeState, server: Server, metadata: Record<string, string>): void {
  computeQuotas.check(s, server.projectId, "metadata_items", Object.keys(metadata).length, 0);
}

/** PUT /metadata replaces everything; POST /metadata and PUT /metadata/{key} merge. */
export function setMetadata(s: ComputeState, ctx: OperationContext, id: string, metadata: Record<string, string>, replace: boolean): Record<string, string> {
  const server = writableMetadata(s, ctx, id, replace ? "update_all_metadata" : "update_metadata");
  const next = replace ? { ...metadata } : { ...server.metadata, ...metadata };
  checkMetadataQuota(s, server, next);
  server.metadata = next;
  server.updatedAt = ctx.now;
  ctx.tx.emit("compute.server.metadata_updated", { id: server.id, projectId: server.projectId, keys: Object.keys(next) });
  return { ...next };
}

export function deleteMetadataItem(s: ComputeState, ctx: OperationContext, id: string, key: string): void {
  const server = writableMetadata(s, ctx, id, "delete_metadata");
  if (!Object.hasOwn(server.metadata, key)) throw itemNotFound("Metadata item was not found");
  const rest = withoutEntry(server.metadata, key);
  server.metadata = rest;
  server.updatedAt = ctx.now;
  ctx.tx.emit("compute.server.metadata_updated", { id: server.id, projectId: server.projectId, keys: Object.keys(rest) });
}
