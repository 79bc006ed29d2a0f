// The compute service module (Nova v2.1 at /compute): the only file other code imports.

import type { ServiceDefinition, ServiceModule } from "../../kernel/service.js";
import { computeResources } from "./resources.js";
import { computeTenants } from "./tenants.js";
import { computeOptions } from "./options.js";
import { buildServiceApp } from "../../kernel/http/service-app.js";
import { novaRequestIds } from "../../kernel/http/request-ids.js";
import { envelope } from "./errors.js";
import { initialComputeState, type ComputeState } from "./state.js";
import { negotiate } from "./microversion.js";
import { loadComputeSeed } from "./seed.js";

/** its section of a seed world (src/services.ts gathers the sections) */
export type { ComputeSeedSection } from "./seed.js";
import { resetComputeProject } from "./operations/reset.js";
import { rareRecordsProblem } from "./server-rare.js";
import { computeControl } from "./control.js";
import { computeNotifications } from "./bus.js";
import { DEFAULT_COMPUTE_OPTIONS, type ComputeOptions } from "./options.js";
import { computeRoutes } from "./routes/index.js";
import { refuseEmptyProject } from "./routes/tenant-usage.js";
import { SLICE } from "./state.js";
import { STEP_OPERATIONS, startServerLifecycle } from "./transitions.js";
import { subscribeCompute } from "./subscriptions.js";

// its events (events.ts merges them into the kernel's EventMap wherever this module is compiled)
export type { ComputeEvents } from "./events.js";
export type { ComputeState } from "./state.js";

export function computeService(overrides: Partial<ComputeOptions> = {}): ServiceModule<ComputeState> {
  const options = { ...DEFAULT_COMPUTE_OPTIONS, ...overrides };
  const mountPath = "/compute";
  return {
    name: SLICE,
    mountPath,
    // versioned, as real deployments publish compute and clients expect it
    catalog: [{ type: "compute", name: "nova", path: `${mountPath}/v2.1` }],
    envelope,
    stepOperations: () => STEP_OPERATIONS,
    resources: computeResources,
    tenants: computeTenants,
    initialState: initialComputeState,
    loadSeed: (draft, section, kernel, world) => loadComputeSeed(draft, section, kernel, world),
    resetProject: resetComputeProject,
    snapshotProblem: rareRecordsProblem,
    start(kernel) {
      startServerLifecycle(kernel, options);
      subscribeCompute(kernel);
    },
    control: (kernel) => computeControl(kernel),
    notifications: (kernel) => computeNotifications(kernel),
    routes(kernel) {
      return buildServiceApp(
        kernel,
        {
          name: SLICE,
          mountPath,
          envelope,
          requestIds: novaRequestIds,
          // discovery documents are not versioned; everything under /v2.1 negotiates a microversion
          prepare: (c) => {
            if (!c.req.path.startsWith(`${mountPath}/v2.1/`)) return;
            negotiate(c);
            refuseEmptyProject(c, mountPath);
          },
        },
        computeRoutes(kernel, options),
      );
    },
    health: (kernel) => {
      const s = kernel.slice<ComputeState>(SLICE);
      return s ? { ready: true, detail: `${s.servers.size} servers, ${s.hosts.size} hosts` } : { ready: false, detail: "no state" };
    },
  };
}

export const compute: ServiceDefinition<typeof computeOptions.fields> = {
  name: SLICE,
  options: computeOptions,
  create: (o) =>
    computeService({
      buildMs: o.buildSeconds * 1000,
      actionMs: o.actionSeconds * 1000,
      profile: o.profile,
      shelvedOffloadMs: o.shelvedOffloadSeconds * 1000,
      reclaimInstanceMs: o.reclaimInstanceSeconds * 1000,
    }),
};
