// The block storage service module (Cinder v3 at /volume): the only file other code imports.

import type { ServiceDefinition, ServiceModule } from "../../kernel/service.js";
import { blockStorageResources } from "./resources.js";
import { blockStorageTenants } from "./tenants.js";
import { blockStorageOptions } from "./options.js";
import { buildServiceApp } from "../../kernel/http/service-app.js";
import { envelope } from "./errors.js";
import { initialBlockStorageState, type BlockStorageState } from "./state.js";
import { negotiate } from "./microversion.js";
import { DEFAULT_BLOCK_STORAGE_OPTIONS, type BlockStorageOptions } from "./options.js";
import { loadBlockStorageSeed } from "./seed.js";

/** its section of a seed world (src/services.ts gathers the sections) */
export type { BlockStorageSeedSection } from "./seed.js";
import { resetBlockStorageProject } from "./operations/reset.js";
import { startVolumeLifecycle, VOLUME_STEP_OPERATIONS } from "./transitions.js";
import { blockStorageRoutes } from "./routes/index.js";
import { SLICE } from "./state.js";
import { blockStorageNotifications } from "./bus.js";
import { startSnapshotLifecycle } from "./operations/snapshot-lifecycle.js";
import { startBackupLifecycle } from "./operations/backup-lifecycle.js";
import { startGroupLifecycle } from "./operations/group-lifecycle.js";
import { startGroupSnapshotLifecycle } from "./operations/group-snapshot-lifecycle.js";
import { SNAPSHOT_BUILD_OPERATION } from "./operations/snapshots.js";
import { BACKUP_BUILD_OPERATION } from "./operations/backups.js";

// its events (events.ts merges them into the kernel's EventMap wherever this module is compiled)
export type { BlockStorageEvents } from "./events.js";
export type { BlockStorageState } from "./state.js";

export function blockStorageService(overrides: Partial<BlockStorageOptions> = {}): ServiceModule<BlockStorageState> {
  const options = { ...DEFAULT_BLOCK_STORAGE_OPTIONS, ...overrides };
  const mountPath = "/volume";
  const path = `${mountPath}/v3/{project_id}`;
  return {
    name: SLICE,
    mountPath,
    // as devstack publishes it: the official type, the alias tempest and cinderclient ask for, the old one
    catalog: [
      { type: "block-storage", name: "cinder", path },
      { type: "volumev3", name: "cinderv3", path },
      { type: "volume", name: "cinder-legacy", path },
    ],
    envelope,
    stepOperations: () => [...VOLUME_STEP_OPERATIONS, SNAPSHOT_BUILD_OPERATION, BACKUP_BUILD_OPERATION],
    resources: blockStorageResources,
    tenants: blockStorageTenants,
    initialState: initialBlockStorageState,
    loadSeed: (draft, section, kernel, world) => loadBlockStorageSeed(draft, section, kernel, world),
    resetProject: resetBlockStorageProject,
    start(kernel) {
      startVolumeLifecycle(kernel, options);
      startSnapshotLifecycle(kernel, options);
      startBackupLifecycle(kernel, options);
      startGroupLifecycle(kernel, options);
      startGroupSnapshotLifecycle(kernel, options);
    },
    routes(kernel) {
      return buildServiceApp(
        kernel,
        {
          name: SLICE,
          mountPath,
          envelope,
          // the discovery documents are not versioned; everything below /v3/ negotiates a microversion
          prepare: (c) => {
            if (c.req.path.startsWith(`${mountPath}/v3/`)) negotiate(c);
          },
        },
        blockStorageRoutes(kernel, options),
      );
    },
    notifications: (kernel) => blockStorageNotifications(kernel),
    health: (kernel) => {
      const s = kernel.slice<BlockStorageState>(SLICE);
      return s ? { ready: true, detail: `${s.volumes.size} volumes` } : { ready: false, detail: "no state" };
    },
  };
}

export const blockStorage: ServiceDefinition<typeof blockStorageOptions.fields> = {
  name: SLICE,
  options: blockStorageOptions,
  create: (o) => blockStorageService({ volumeMs: o.volumeSeconds * 1000, profile: o.profile }),
};
