// Compute hosts: the scheduler (a host that is up, enabled, in the zone, with room for the flavor, and that
// honours the server group's policy), usage bookkeeping on placement, the nova-compute service's admin
// switches (os-services), the host_status servers show, and a host failing and recovering (control API).

import { fieldChanged, get, peek, readGroup, readRows } from "../../../kernel/store/table.js";
import type { ComputeHost, ComputeState, Server, ServerGroup } from "../state.js";
import { isoSeconds } from "../../../kernel/time.js";
import type { Caller, OperationContext } from "../../../kernel/operation.js";

/** Puts a server on a host, or on none: the servers' index of hosts follows (state.ts). */
export function setServerHost(s: ComputeState, server: Server, host: string | null): void {
  const before = server.host;
  server.host = host;
  fieldChanged(s.servers, server, "host", before);
}

/** What a placement takes from a host; a Flavor or a server's FlavorSnapshot. */
export interface FlavorNeeds {
  vcpus: number;
  ram: number;
  disk: number;
  ephemeral?: number;
  swap?: number;
}

/** Local disk a flavor uses: root plus ephemeral plus swap (MB, rounded up to GB), as the resource tracker counts. */
export function diskOf(flavor: FlavorNeeds): number {
  return flavor.disk + (flavor.ephemeral ?? 0) + Math.ceil((flavor.swap ?? 0) / 1024);
}

/** The nova-compute service answers (not down, not forced down). */
export function isUp(host: ComputeHost): boolean {
  return host.state === "up" && !host.forcedDown;
}

export function hasRoom(host: ComputeHost, flavor: FlavorNeeds): boolean {
  return (
    host.vcpus - host.vcpusUsed >= flavor.vcpus &&
    host.memoryMb - host.memoryMbUsed >= flavor.ram &&
    host.localGb - host.localGbUsed >= diskOf(flavor)
  );
}

export interface ScheduleRequest {
  flavor: FlavorNeeds;
  /** the zone asked for; any zone when absent */
  zone?: string | null;
  serverGroup?: ServerGroup | null;
  /** the server being placed (left out of its group's members) */
  serverId?: string;
  /** scheduler hints (SameHostFilter, DifferentHostFilter): servers whose hosts to pick from / to avoid */
  sameHost?: readonly string[];
  differentHost?: readonly string[];
  /** a requested destination (unshelve to a host, 2.91): that host or none */
  host?: string | null;
}

/** The hosts the given servers run on. */
function hostsOf(s: ComputeState, serverIds: readonly string[]): Set<string> {
  const hosts = new Set<string>();
  for (const id of serverIds) {
    const host = peek(s.servers, id)?.host;
    if (host) hosts.add(host);
  }
  return hosts;
}

/** Where the group's other members run: host name -> how many. */
function memberHosts(s: ComputeState, group: ServerGroup, serverId: string | undefined): Map<string, number> {
  const hosts = new Map<string, number>();
  for (const id of group.members) {
    if (id === serverId) continue;
    const host = peek(s.servers, id)?.host;
    if (host) hosts.set(host, (hosts.get(host) ?? 0) + 1);
  }
  return hosts;
}

/**
 * The host a new server goes to, or undefined (No valid host). Hard policies filter (affinity: the host
 * the members run on, if any; anti-affinity: none of theirs, or fewer than max_server_per_host), soft ones
 * only weigh. Among the candidates: the most free RAM (Nova's RAM weigher spreads), then the name.
 */
export function scheduleHost(s: ComputeState, request: ScheduleRequest): Readonly<ComputeHost> | undefined {
  const { flavor, zone, serverGroup, serverId } = request;
  // read as plain data: the one host chosen is changed through claimHost, the others only weighed
  let candidates: Array<Readonly<ComputeHost>> = [];
  for (const h of readRows(s.hosts)) {
    if (isUp(h) && h.status === "enabled" && (!zone || h.zone === zone) && (!request.host || h.id === request.host) && hasRoom(h, flavor)) candidates.push(h);
  }
  if (request.sameHost?.length) {
    const same = hostsOf(s, request.sameHost);
    candidates = candidates.filter((h) => same.has(h.id));
  }
  if (request.differentHost?.length) {
    const different = hostsOf(s, request.differentHost);
    candidates = candidates.filter((h) => !different.has(h.id));
  }
  const members = serverGroup ? memberHosts(s, serverGroup, serverId) : new Map<string, number>();
  const policy = serverGroup?.policy;
  if (policy === "affinity" && members.size > 0) candidates = candidates.filter((h) => members.has(h.id));
  if (policy === "anti-affinity") {
    const max = serverGroup?.rules.max_server_per_host ?? 1;
    candidates = candidates.filter((h) => (members.get(h.id) ?? 0) < max);
  }
  const weight = (h: Readonly<ComputeHost>): number => {
    if (policy === "soft-affinity") return -(members.get(h.id) ?? 0);
    if (policy === "soft-anti-affinity") return members.get(h.id) ?? 0;
    return 0;
  };
  candidates.sort(
    (a, b) => weight(a) - weight(b) || b.memoryMb - b.memoryMbUsed - (a.memoryMb - a.memoryMbUsed) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return candidates[0];
}

/** Adds (+1) or gives back (-1) a flavor's vcpus, RAM and disk on a host, and counts the VM. */
export function claimHost(s: ComputeState, host: Readonly<ComputeHost> | string, flavor: FlavorNeeds, sign: 1 | -1): void {
  const row = get(s.hosts, typeof host === "string" ? host : host.id);
  if (!row) return;
  row.vcpusUsed = Math.max(0, row.vcpusUsed + sign * flavor.vcpus);
  row.memoryMbUsed = Math.max(0, row.memoryMbUsed + sign * flavor.ram);
  row.localGbUsed = Math.max(0, row.localGbUsed + sign * diskOf(flavor));
  row.runningVms = Math.max(0, row.runningVms + sign);
}

/**
 * A server's `host_status` (2.16+): "" without a host; DOWN when its compute service is down or forced
 * down; MAINTENANCE when an admin disabled it; UP otherwise; UNKNOWN for a host this emulator lacks.
 */
export function hostState(s: ComputeState, hostName: string | null): "UP" | "DOWN" | "MAINTENANCE" | "UNKNOWN" | "" {
  if (!hostName) return "";
  const host = get(s.hosts, hostName);
  if (!host) return "UNKNOWN";
  if (!isUp(host)) return "DOWN";
  return host.status === "disabled" ? "MAINTENANCE" : "UP";
}

export interface ServicePatch {
  status?: "enabled" | "disabled";
  disabledReason?: string | null;
  forcedDown?: boolean;
}

/** os-services: an admin disables/enables a compute service or forces it down. */
export function updateService(ctx: OperationContext, host: ComputeHost, patch: ServicePatch): ComputeHost {
  if (patch.status !== undefined) {
    host.status = patch.status;
    host.disabledReason = patch.status === "disabled" ? (patch.disabledReason ?? null) : null;
  }
  if (patch.forcedDown !== undefined) host.forcedDown = patch.forcedDown;
  ctx.tx.emit("compute.service.updated", {
    host: host.id,
    serviceId: host.serviceId,
    status: host.status,
    disabledReason: host.disabledReason,
    forcedDown: host.forcedDown,
  });
  return host;
}

/** What failing and recovering a host use: the control API does it, no API caller. */
type HostContext = Pick<OperationContext<Caller | null>, "tx" | "now">;

/** The ids of the servers placed on a host. */
export function serversOn(s: ComputeState, hostName: string): Array<{ id: string; projectId: string }> {
  return Array.from(readGroup(s.servers, hostName, "host"), (v) => ({ id: v.id, projectId: v.projectId }));
}

/**
 * The host's nova-compute service stops answering: state down from now. Publishes compute.host.error
 * with the servers it held, and compute.instance.error for each (what the instance-HA driver consumes).
 * Failing a host that is already down changes nothing and publishes nothing.
 */
export function failHost(s: ComputeState, ctx: HostContext, host: ComputeHost): { changed: boolean; serverIds: string[] } {
  const { tx, now } = ctx;
  const servers = serversOn(s, host.id);
  const serverIds = servers.map((v) => v.id);
  if (host.state === "down") return { changed: false, serverIds };
  host.state = "down";
  host.updatedAt = now;
  tx.emit("compute.host.error", { host: host.id, serverIds, at: isoSeconds(now) });
  for (const v of servers) tx.emit("compute.instance.error", { host: host.id, serverId: v.id, projectId: v.projectId, cause: "host_failure" });
  return { changed: true, serverIds };
}

/** The service answers again: state up. Admin switches (disabled, forced down) are left as they are. */
export function recoverHost(ctx: HostContext, host: ComputeHost): { changed: boolean } {
  const { tx, now } = ctx;
  if (host.state === "up") return { changed: false };
  host.state = "up";
  host.updatedAt = now;
  tx.emit("compute.host.recovered", { host: host.id, at: isoSeconds(now) });
  return { changed: true };
}

/** A running nova-compute service reports every few seconds; a failed one last reported when it failed. */
export function lastHeartbeat(host: ComputeHost, now: number): number {
  return host.state === "up" ? now : host.updatedAt;
}
