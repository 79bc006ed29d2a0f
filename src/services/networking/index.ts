// The networking service module (Neutron v2.0 at /networking): the only file other code imports.

import type { ServiceDefinition, ServiceModule } from "../../kernel/service.js";
import { DEFAULT_NETWORKING_OPTIONS, type NetworkingOptions } from "./options.js";
import { networkingResources } from "./resources.js";
import { networkingTenants } from "./tenants.js";

import { buildServiceApp } from "../../kernel/http/service-app.js";
import { envelope } from "./errors.js";
import { initialNetworkingState, type NetworkingState } from "./state.js";
import { loadNetworkingSeed } from "./seed.js";
import { addressOwnersProblem } from "./snapshot.js";
import { portRecordsProblem } from "./port-rare.js";

import { networkingNotifications } from "./bus.js";

/** its section of a seed world (src/services.ts gathers the sections) */
export type { NetworkingSeedSection } from "./seed.js";
import { resetNetworkingProject } from "./operations/reset.js";
import { networkingRoutes } from "./routes/index.js";
import { SLICE } from "./state.js";
import { subscribeNetworking } from "./subscriptions.js";

// its events (events.ts merges them into the kernel's EventMap wherever this module is compiled)
export type { NetworkingEvents } from "./events.js";
export type { Network, NetworkingState, Port } from "./state.js";
export type { NetworkingProfile } from "./options.js";
export type { ProxyFloatingIp, ProxyGroup, ProxyRule } from "./for-compute-proxy.js";
/** The functions compute uses to create, bind, unbind and delete a server's ports and read their addresses. */
export * as computeHooks from "./for-compute.js";

export function networkingService(overrides: Partial<NetworkingOptions> = {}): ServiceModule<NetworkingState> {
  const { profile } = { ...DEFAULT_NETWORKING_OPTIONS, ...overrides };
  const mountPath = "/networking";
  return {
    name: SLICE,
    mountPath,
    catalog: [{ type: "network", name: "neutron", path: mountPath }],
    envelope,
    resources: networkingResources,
    tenants: networkingTenants,
    initialState: initialNetworkingState,
    loadSeed: (draft, section, kernel, world) => loadNetworkingSeed(draft, section, kernel, world),
    resetProject: resetNetworkingProject,
    snapshotProblem: (slice) => portRecordsProblem(slice) ?? addressOwnersProblem(slice),
    start: (kernel) => subscribeNetworking(kernel),
    notifications: (kernel) => networkingNotifications(kernel),
    routes(kernel) {
      return buildServiceApp(kernel, { name: SLICE, mountPath, envelope }, networkingRoutes(kernel, profile));
    },
    health: (kernel) => {
      const s = kernel.slice<NetworkingState>(SLICE);
      return s ? { ready: true, detail: `${s.networks.size} networks, ${s.ports.size} ports` } : { ready: false, detail: "no state" };
    },
  };
}

export const networking: ServiceDefinition = { name: SLICE, create: (o) => networkingService({ profile: o.profile }) };
