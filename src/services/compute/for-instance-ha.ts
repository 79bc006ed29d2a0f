// The contract compute offers instance HA (listed after it in services.ts): what Masakari asks Nova. Every
// function works on the ROOT state or draft it is given (slice `compute`).

import { get, has, peek, readGroup } from "../../kernel/store/table.js";
import type { OperationContext } from "../../kernel/operation.js";
import type { ComputeHost, ComputeState, Server } from "./state.js";
import { SLICE } from "./state.js";
import { itemNotFound, instanceNotFound } from "./errors.js";
import { apiStatus } from "./status.js";
import { hasRoom, isUp, updateService } from "./operations/hosts.js";
import { lock, resetState, unlock } from "./operations/server-admin-actions.js";
import { evacuate } from "./operations/server-evacuate.js";
import { powerAction } from "./operations/server-power.js";
import { joinAggregatesOf } from "./operations/aggregates.js";
import { rareOf } from "./server-rare.js";

type Root = Readonly<Record<string, unknown>>;
const slice = (root: Root) => root[SLICE] as ComputeState | undefined;

/** Whether a nova-compute service runs on host `name` (Masakari's host create checks it). */
export function computeHostExists(root: Root, name: string): boolean {
  const s = slice(root);
  return !!s && has(s.hosts, name);
}

// --- what the recovery engine does to Nova (masakari/compute/nova.py), inside the engine's own operation:
// an admin caller, the writes on `ctx.root`, committed with the engine's records or not at all.

/** A host's nova-compute service as Masakari reads it from os-services. */
export interface ComputeServiceInfo {
  host: string;
  /** up/down: whether the service answers (a failed host is down) */
  state: "up" | "down";
  status: "enabled" | "disabled";
  disabledReason: string | null;
}

/** A server as Masakari reads it from /servers/detail (all projects). */
export interface HaServerInfo {
  id: string;
  name: string;
  projectId: string;
  /** the API status (ACTIVE, SHUTOFF, ERROR, REBUILD, ...) */
  status: string;
  vmState: string;
  taskState: string | null;
  host: string | null;
  metadata: Readonly<Record<string, string>>;
  locked: boolean;
}

function hostRow(s: ComputeState, name: string): ComputeHost {
  const host = get(s.hosts, name);
  if (!host) throw itemNotFound(`Compute host ${name} could not be found.`);
  return host;
}

function serverRow(s: ComputeState, id: string): Server {
  const server = get(s.servers, id);
  if (!server) throw instanceNotFound(id);
  return server;
}

function serverInfo(v: Server): HaServerInfo {
  return {
    id: v.id,
    name: v.name,
    projectId: v.projectId,
    status: apiStatus(v),
    vmState: v.vmState,
    taskState: v.taskState,
    host: v.host,
    metadata: v.metadata,
    locked: rareOf(v).locked,
  };
}

/** The nova-compute service of a host, or undefined for a host compute lacks. */
export function computeServiceOf(root: Root, name: string): ComputeServiceInfo | undefined {
  const host = slice(root) && peek(slice(root)!.hosts, name);
  if (!host) return undefined;
  return { host: host.id, state: isUp(host) ? "up" : "down", status: host.status, disabledReason: host.disabledReason };
}

/** PUT /os-services/{id} (2.53): disables a host's nova-compute service with a reason, or enables it. 404 for no such host. */
export function setComputeServiceEnabled(ctx: OperationContext, name: string, enabled: boolean, reason?: string): ComputeServiceInfo {
  const host = hostRow(slice(ctx.root)!, name);
  if (enabled ? host.status !== "enabled" : host.status !== "disabled" || host.disabledReason !== (reason ?? null)) {
    updateService(ctx, host, enabled ? { status: "enabled" } : { status: "disabled", disabledReason: reason ?? null });
  }
  return computeServiceOf(ctx.root, name)!;
}

/** GET /servers/detail?host=H&all_tenants=1: the servers placed on a host, every project's, oldest first. */
export function serversOnHost(root: Root, name: string): HaServerInfo[] {
  const s = slice(root);
  if (!s) return [];
  const out: HaServerInfo[] = [];
  for (const v of readGroup(s.servers, name, "host")) if (v.vmState !== "deleted") out.push(serverInfo(v));
  return out;
}

/** GET /servers/{id} (admin): a server's state, host, metadata and lock, or undefined once it is gone. */
export function haServer(root: Root, id: string): HaServerInfo | undefined {
  const v = slice(root) && peek(slice(root)!.servers, id);
  return v ? serverInfo(v) : undefined;
}

/** POST /servers/{id}/action {"lock": null} as an admin (only an admin unlocks it then). */
export function lockServer(ctx: OperationContext, id: string, reason: string | null = null): void {
  lock(ctx, serverRow(slice(ctx.root)!, id), reason);
}

export function unlockServer(ctx: OperationContext, id: string): void {
  unlock(ctx, serverRow(slice(ctx.root)!, id));
}

/** os-resetState: vm_state `error` (or `active`), task_state none, whatever was under way dropped. */
export function resetServerState(ctx: OperationContext, id: string, state: "active" | "error" = "error"): void {
  const s = slice(ctx.root)!;
  resetState(s, ctx, serverRow(s, id), state);
}

/**
 * POST /servers/{id}/action {"evacuate": {host?}}: Nova's own checks (the source host must be down, the
 * vm_state active, stopped or error) throw its 400/404/409. The rebuild then runs on compute's lifecycle,
 * on the virtual clock. Returns the destination taken, null when no host could take the server (the
 * rebuild will then end in ERROR with NoValidHost). Masakari asks at its own microversion, below 2.95: the
 * server keeps its state (a stopped one stays stopped, others come back active), never 2.95's stop.
 */
export function evacuateServer(ctx: OperationContext, id: string, targetHost?: string): { destHost: string | null } {
  const s = slice(ctx.root)!;
  const server = serverRow(s, id);
  evacuate(s, ctx, server, { host: targetHost });
  return { destHost: rareOf(server).migration?.destHost ?? null };
}

/** os-stop / os-start, as an admin (a locked server does not stop them). */
export function stopServer(ctx: OperationContext, id: string): void {
  powerAction(ctx, serverRow(slice(ctx.root)!, id), "os-stop");
}

export function startServer(ctx: OperationContext, id: string): void {
  powerAction(ctx, serverRow(slice(ctx.root)!, id), "os-start");
}

/** Whether the scheduler would let `host` take the server: its service up and enabled, room for the flavor. */
export function hostCanTake(root: Root, serverId: string, name: string): boolean {
  const s = slice(root);
  const host = s && get(s.hosts, name);
  const server = s && get(s.servers, serverId);
  return !!host && !!server && host.id !== server.host && isUp(host) && host.status === "enabled" && hasRoom(host, server.flavor);
}

/**
 * Masakari's reserved-host recovery with `add_reserved_host_to_aggregate`: the reserved host joins every
 * host aggregate the failed host belongs to (POST /os-aggregates/{id}/action add_host, each), taking their
 * availability zone. Returns the aggregate ids joined; 404 for a reserved host compute lacks.
 */
export function addReservedHostToAggregate(ctx: OperationContext, failedHost: string, reservedHost: string): string[] {
  return joinAggregatesOf(slice(ctx.root)!, ctx, failedHost, reservedHost);
}
