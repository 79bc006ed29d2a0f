// Compute's resource kinds as the control API lists them and reads their status (advance-until).

import { resourceKind } from "../../kernel/resources.js";
import type { ComputeHost, ComputeState } from "./state.js";
import { SERVER } from "./lifecycle.js";
import { apiStatus, type ServerStatus } from "./status.js";
import type { Assert, Equals } from "../../kernel/type-equals.js";
import type { ComputeHostState, ServerStatus as ClientServerStatus } from "../../client/types.js";

// the typed client's statuses are the ones these kinds show, or this file does not compile
type _Server = Assert<Equals<ServerStatus, ClientServerStatus>>;
type _Host = Assert<Equals<ComputeHost["state"], ComputeHostState>>;

export const computeResources = [
  resourceKind({
    type: SERVER,
    lifecycle: true,
    table: (s: ComputeState) => s.servers,
    projectOf: (v) => v.projectId,
    // the status Nova shows (ACTIVE, BUILD, ...), from the VM and task states
    statusOf: apiStatus,
    summary: (v) => ({ id: v.id, name: v.name, status: apiStatus(v), projectId: v.projectId, host: v.host }),
  }),
  resourceKind({
    type: "compute.flavor",
    table: (s: ComputeState) => s.flavors,
    summary: (f) => ({ id: f.id, name: f.name, vcpus: f.vcpus, ram: f.ram, disk: f.disk }),
  }),
  resourceKind({
    type: "compute.host",
    table: (s: ComputeState) => s.hosts,
    statusOf: (h) => h.state,
    summary: (h) => ({ id: h.id, zone: h.zone, state: h.state, status: h.status }),
  }),
];
