// Compute's resource kinds as the control API lists them, reads their status (advance-until) and the
// dashboard shows them: a server's detail has its addresses (networking's, through its contract), flavor,
// volumes and instance-action history; a host's has its nova-compute service state and its servers.

import { DETAIL_LIST_MAX, isoTime, plainDetail, resourceKind } from "../../kernel/resources.js";
import { get } from "../../kernel/store/table.js";
import { computeHooks } from "../networking/index.js";
import { sliceOf as computeState, type ComputeHost, type ComputeState, type Server, type ServerFault } from "./state.js";
import { SERVER } from "./lifecycle.js";
import { apiStatus, type ServerStatus } from "./status.js";
import { serversOn } from "./operations/hosts.js";
import { actionsOf } from "./operations/server-instance-actions.js";
import type { Assert, Equals } from "../../kernel/type-equals.js";
import type { ComputeHostState, ServerStatus as ClientServerStatus } from "../../client/types.js";
import { rareOf } from "./server-rare.js";

// the typed client's statuses are the ones these kinds show, or this file does not compile
type _Server = Assert<Equals<ServerStatus, ClientServerStatus>>;
type _Host = Assert<Equals<ComputeHost["state"], ComputeHostState>>;

type Root = Readonly<Record<string, unknown>>;

function serverDetail(v: Server, root: Root): Record<string, unknown> {
  const log = actionsOf(computeState(root), v.id) ?? [];
  return {
    id: v.id,
    name: v.name,
    status: apiStatus(v),
    vmState: v.vmState,
    taskState: v.taskState,
    projectId: v.projectId,
    userId: v.userId,
    host: v.host,
    availabilityZone: v.availabilityZone,
    flavor: { id: v.flavorId, name: v.flavor.original_name, vcpus: v.flavor.vcpus, ram: v.flavor.ram, disk: v.flavor.disk },
    imageId: v.imageId,
    keyName: v.keyName,
    addresses: computeHooks.addressesOf(root, v.portIds).map((a) => ({ network: a.networkName, addr: a.addr, version: a.version, type: a.type, mac: a.mac })),
    securityGroups: v.securityGroups.map((id) => computeHooks.securityGroupName(root, id) ?? id),
    volumesAttached: v.volumesAttached.map((a) => ({ id: a.id, device: a.device, deleteOnTermination: a.deleteOnTermination })),
    metadata: v.metadata,
    tags: v.tags,
    locked: rareOf(v).locked,
    fault: faultView(rareOf(v).fault),
    createdAt: isoTime(v.createdAt),
    updatedAt: isoTime(v.updatedAt),
    launchedAt: isoTime(v.launchedAt),
    // the newest last, as os-instance-actions keeps them
    actions: log.slice(-DETAIL_LIST_MAX).map((a) => ({
      action: a.action,
      requestId: a.requestId,
      startTime: isoTime(a.startTime),
      message: a.message,
      events: a.events.map((e) => `${e.event}: ${e.result ?? "running"}${e.host ? ` on ${e.host}` : ""}`).join("; "),
    })),
    actionCount: log.length,
  };
}

function hostDetail(h: ComputeHost, root: Root): Record<string, unknown> {
  const servers = serversOn(computeState(root), h.id);
  return {
    ...plainDetail(h, ["number"]),
    service: { binary: "nova-compute", state: h.state, status: h.status, disabledReason: h.disabledReason, forcedDown: h.forcedDown },
    servers: servers.slice(0, DETAIL_LIST_MAX).map((v) => v.id),
    serverCount: servers.length,
  };
}

export const computeResources = [
  resourceKind({
    type: SERVER,
    lifecycle: true,
    table: (s: ComputeState) => s.servers,
    projectOf: (v) => v.projectId,
    // the status Nova shows (ACTIVE, BUILD, ...), from the VM and task states
    statusOf: apiStatus,
    summary: (v) => ({ id: v.id, name: v.name, status: apiStatus(v), projectId: v.projectId, host: v.host }),
    detail: serverDetail,
  }),
  resourceKind({
    type: "compute.flavor",
    table: (s: ComputeState) => s.flavors,
    summary: (f) => ({ id: f.id, name: f.name, vcpus: f.vcpus, ram: f.ram, disk: f.disk }),
    detail: (f) => plainDetail(f),
  }),
  resourceKind({
    type: "compute.host",
    table: (s: ComputeState) => s.hosts,
    statusOf: (h) => h.state,
    summary: (h) => ({ id: h.id, zone: h.zone, state: h.state, status: h.status }),
    detail: hostDetail,
  }),
];

function faultView(fault: ServerFault | null) {
  return fault && { code: fault.code, message: fault.message, created: isoTime(fault.created) };
}
