// The instance HA service module (Masakari v1 at /instance-ha): the only file other code imports.
// Bearer tokens (the spec's monitoring tools) and X-Auth-Token (the masakari client); admin-only policy.

import type { ServiceDefinition, ServiceModule } from "../../kernel/service.js";
import { instanceHaResources } from "./resources.js";
import { INSTANCE_HA_OPTIONS, notificationSendersSchema } from "./options.js";
import { instanceHaOptionInput } from "./engine/config.js";
import { buildServiceApp } from "../../kernel/http/service-app.js";
import { bearer, xAuthToken } from "../../kernel/auth/schemes.js";
import { envelope } from "./errors.js";
import { initialInstanceHaState, type InstanceHaState } from "./state.js";
import { negotiate } from "./microversion.js";
import { DEFAULT_INSTANCE_HA_OPTIONS, type InstanceHaOptions } from "./options.js";
import { loadInstanceHaSeed } from "./seed.js";
import { instanceHaNotifications } from "./bus.js";

/** its section of a seed world (src/services.ts gathers the sections) */
export type { InstanceHaSeedSection } from "./seed.js";
import { instanceHaRoutes } from "./routes/index.js";
import type { Profile } from "./schemas/notifications.js";
import { SLICE } from "./state.js";
import { engineWorldReplaced, recoveryEngineOf, startRecoveryEngine, type RecoveryEngineExtras } from "./engine/index.js";
import { engineOperations } from "./engine/faults.js";
import { instanceHaControl } from "./engine/control.js";

// its events (events.ts merges them into the kernel's EventMap wherever this module is compiled)
export type { InstanceHaEvents } from "./events.js";
export type { InstanceHaEngineEvents } from "./engine/events.js";
export type { InstanceHaState } from "./state.js";
export type { InstanceHaOptions } from "./options.js";

/**
 * Masakari's options (options.ts) and the recovery engine's extras (custom tasks, webhook tasks, Alertmanager
 * rules): the emulator's `instanceHa` option, from a config file or createEmulator(). `profile`: the
 * platform's (`upstream` takes and shows notifications exactly as Masakari does).
 */
export function instanceHaService(
  overrides: Partial<InstanceHaOptions> & RecoveryEngineExtras = {},
  profile: Profile = "spec",
): ServiceModule<InstanceHaState> {
  const options = { ...DEFAULT_INSTANCE_HA_OPTIONS, ...overrides };
  const mountPath = "/instance-ha";
  return {
    name: SLICE,
    mountPath,
    catalog: [{ type: "instance-ha", name: "masakari", path: `${mountPath}/v1/{project_id}` }],
    envelope,
    resources: instanceHaResources,
    initialState: initialInstanceHaState,
    loadSeed: (draft, section, kernel, world) => loadInstanceHaSeed(draft, section, kernel, world),
    // segments, hosts and notifications belong to the cloud, not to a project: a project's reset leaves them
    start(kernel) {
      startRecoveryEngine(kernel, options);
    },
    // its tasks and drivers, as the engine is configured now
    stepOperations: (kernel) => {
      const engine = recoveryEngineOf(kernel);
      return engine ? engineOperations(engine.settings()) : [];
    },
    // the recovery engine's control routes (/_emulator/instance-ha), owned by engine/
    control: instanceHaControl,
    notifications: (kernel) => instanceHaNotifications(kernel),
    worldReplaced: engineWorldReplaced,
    routes(kernel) {
      return buildServiceApp(
        kernel,
        {
          name: SLICE,
          mountPath,
          envelope,
          auth: [xAuthToken, bearer],
          // the versions list is not versioned; everything below /v1 negotiates a microversion
          prepare: (c) => {
            if (c.req.path.startsWith(`${mountPath}/v1`)) negotiate(c);
          },
        },
        instanceHaRoutes(kernel, options, profile),
      );
    },
    health: (kernel) => {
      const s = kernel.slice<InstanceHaState>(SLICE);
      return s ? { ready: true, detail: `${s.segments.size} segments, ${s.notifications.size} notifications` } : { ready: false, detail: "no state" };
    },
  };
}

/** Masakari's options and the recovery engine's (one `instanceHa` object); custom task paths are files. */
const instanceHaFields = { instanceHa: instanceHaOptionInput.optional(), haNotificationSenders: notificationSendersSchema.optional() };

export const instanceHa: ServiceDefinition<typeof instanceHaFields> = {
  name: SLICE,
  options: { fields: instanceHaFields, rows: INSTANCE_HA_OPTIONS, filePaths: [["instanceHa", "customTasks"]] },
  create: (o) => instanceHaService({ ...o.instanceHa, ...(o.haNotificationSenders ? { notificationSenders: o.haNotificationSenders } : {}) }, o.profile),
};
