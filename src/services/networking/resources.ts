// Networking's resource kinds as the control API lists them.

import { resourceKind } from "../../kernel/resources.js";
import type { NetworkingState } from "./state.js";

export const networkingResources = [
  resourceKind({
    type: "networking.network",
    table: (s: NetworkingState) => s.networks,
    projectOf: (n) => n.projectId,
    statusOf: (n) => n.status,
    summary: (n) => ({ id: n.id, name: n.name, status: n.status, projectId: n.projectId, external: n.external }),
  }),
  resourceKind({
    type: "networking.subnet",
    table: (s: NetworkingState) => s.subnets,
    projectOf: (n) => n.projectId,
    summary: (n) => ({ id: n.id, name: n.name, projectId: n.projectId, networkId: n.networkId, cidr: n.cidr }),
  }),
  resourceKind({
    type: "networking.port",
    table: (s: NetworkingState) => s.ports,
    projectOf: (p) => p.projectId,
    statusOf: (p) => p.status,
    summary: (p) => ({ id: p.id, name: p.name, status: p.status, projectId: p.projectId, networkId: p.networkId, deviceId: p.deviceId }),
  }),
  resourceKind({
    type: "networking.router",
    table: (s: NetworkingState) => s.routers,
    projectOf: (r) => r.projectId,
    statusOf: (r) => r.status,
    summary: (r) => ({ id: r.id, name: r.name, status: r.status, projectId: r.projectId }),
  }),
  resourceKind({
    type: "networking.floatingip",
    table: (s: NetworkingState) => s.floatingIps,
    projectOf: (f) => f.projectId,
    statusOf: (f) => f.status,
    summary: (f) => ({ id: f.id, status: f.status, projectId: f.projectId, address: f.floatingIpAddress }),
  }),
];
