// The lifecycle steps of the server actions, appended to the server lifecycle's tables (transitions.ts):
// the phases each action enters and what the step out of each does.

import type { ServerStepApplier, ServerStepDef } from "../lifecycle.js";
import { finishDelete } from "./server-lifecycle.js";
import { POWER_STEPS, POWER_STEP_APPLIERS } from "./server-power.js";
import { releaseMigration, RESIZE_STEPS, RESIZE_STEP_APPLIERS } from "./server-resize.js";
import { abandonSnapshot, SNAPSHOT_STEPS, SNAPSHOT_STEP_APPLIERS } from "./server-snapshot.js";
import { EVACUATE_STEPS, EVACUATE_STEP_APPLIERS } from "./server-evacuate.js";

export const ACTION_STEPS: ServerStepDef[] = [...POWER_STEPS, ...RESIZE_STEPS, ...SNAPSHOT_STEPS, ...EVACUATE_STEPS];

export const ACTION_STEP_APPLIERS: Record<string, ServerStepApplier> = {
  ...POWER_STEP_APPLIERS,
  ...RESIZE_STEP_APPLIERS,
  ...SNAPSHOT_STEP_APPLIERS,
  ...EVACUATE_STEP_APPLIERS,
  // a server deleted mid-move or mid-upload also gives back the other host's claim and kills its snapshot
  // (the end of the deleting phase proper is finishDelete's; this entry runs first for the exact step)
  "deleting>deleted": (s, ctx, server) => {
    releaseMigration(s, server);
    abandonSnapshot(ctx, server);
    finishDelete(s, ctx, server);
  },
};
