// The lifecycle steps of the server actions, appended to the server lifecycle's tables (transitions.ts):
// the phases each action enters and what the step out of each does.

import type { ServerStepApplier, ServerStepDef } from "../lifecycle.js";
import { finishDelete } from "./server-lifecycle.js";
import { currentMigration, migrationStatus } from "./migrations.js";
import { claimHost } from "./hosts.js";
import { POWER_STEPS, POWER_STEP_APPLIERS } from "./server-power.js";
import { releaseMigration, RESIZE_STEPS, RESIZE_STEP_APPLIERS } from "./server-resize.js";
import { abandonSnapshot, SNAPSHOT_STEPS, SNAPSHOT_STEP_APPLIERS } from "./server-snapshot.js";
import { EVACUATE_STEPS, EVACUATE_STEP_APPLIERS } from "./server-evacuate.js";
import { REBUILD_STEPS, REBUILD_STEP_APPLIERS } from "./server-rebuild.js";
import { SHELVE_STEPS, SHELVE_STEP_APPLIERS } from "./server-shelve.js";
import { RESCUE_STEPS, RESCUE_STEP_APPLIERS } from "./server-rescue.js";
import { MIGRATE_STEPS, MIGRATE_STEP_APPLIERS } from "./server-migrate.js";
import { BACKUP_STEPS, BACKUP_STEP_APPLIERS } from "./server-backup.js";
import { SOFT_DELETE_STEPS, SOFT_DELETE_STEP_APPLIERS } from "./server-soft-delete.js";

export const ACTION_STEPS: ServerStepDef[] = [...POWER_STEPS, ...RESIZE_STEPS, ...SNAPSHOT_STEPS, ...EVACUATE_STEPS, ...REBUILD_STEPS, ...SHELVE_STEPS, ...RESCUE_STEPS, ...MIGRATE_STEPS, ...BACKUP_STEPS, ...SOFT_DELETE_STEPS];

export const ACTION_STEP_APPLIERS: Record<string, ServerStepApplier> = {
  ...POWER_STEP_APPLIERS,
  ...RESIZE_STEP_APPLIERS,
  ...SNAPSHOT_STEP_APPLIERS,
  ...EVACUATE_STEP_APPLIERS,
  ...REBUILD_STEP_APPLIERS,
  ...SHELVE_STEP_APPLIERS,
  ...RESCUE_STEP_APPLIERS,
  ...MIGRATE_STEP_APPLIERS,
  ...BACKUP_STEP_APPLIERS,
  ...SOFT_DELETE_STEP_APPLIERS,
  // a server deleted mid-move or mid-upload also gives back the other host's claim and kills its snapshot
  // (the end of the deleting phase proper is finishDelete's; this entry runs first for the exact step)
  "deleting>deleted": (s, ctx, server) => {
    const live = currentMigration(s, server.id);
    if (live?.type === "live-migration" && live.status === "running" && live.destCompute) claimHost(s, live.destCompute, server.flavor, -1);
    if (live) migrationStatus(ctx, server, "error", true);
    releaseMigration(s, server);
    abandonSnapshot(ctx, server);
    finishDelete(s, ctx, server);
  },
};
