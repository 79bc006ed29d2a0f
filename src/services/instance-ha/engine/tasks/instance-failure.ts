// The instance failure flow (masakari/engine/drivers/taskflow/instance_failure.py): an HA_Enabled server
// (or any, with process_all_instances) is stopped, started and confirmed ACTIVE, each wait on the virtual clock.

import { haServer, startServer, stopServer } from "../../../compute/for-instance-ha.js";
import type { BaseTask, TaskContext } from "../task.js";
import { TaskFailed } from "../task.js";
import { truthy } from "./host-failure.js";

const instanceOf = (ctx: TaskContext) => ctx.notification.payload.instance_uuid ?? "";

function server(ctx: TaskContext) {
  const id = instanceOf(ctx);
  const v = haServer(ctx.op.root, id);
  if (!v) throw new TaskFailed(`Instance ${id} could not be found.`);
  return v;
}

/** Waits (polling) until `done`, failing after `waitMs`. */
function waitFor(ctx: TaskContext, start: { at: number }, waitMs: number, done: boolean, failure: string) {
  if (done) return true;
  if (ctx.op.now - start.at >= waitMs) throw new TaskFailed(failure);
  return false;
}

export function stopInstanceTask(): BaseTask {
  const start = { at: 0 };
  return {
    name: "StopInstanceTask",
    execute(ctx) {
      const id = instanceOf(ctx);
      const v = server(ctx);
      if (ctx.poll === 0) {
        start.at = ctx.op.now;
        if (!ctx.settings.processAllInstances && !truthy(v.metadata[ctx.settings.haKey])) {
          ctx.progress(`Skipping recovery for instance: ${id} as it is not Ha_Enabled`, 1);
          return { endFlow: true };
        }
        if (v.vmState === "paused" || v.vmState === "rescued") {
          ctx.progress(`Recovery of instance '${id}' is ignored as it is in '${v.vmState}' state.`, 1);
          return { endFlow: true, ignored: true };
        }
        if (v.vmState !== "stopped") {
          ctx.progress(`Stopping instance: ${id}`);
          if (v.taskState === null) stopServer(ctx.op, id);
          return { again: ctx.settings.pollMs };
        }
      }
      if (!waitFor(ctx, start, ctx.settings.powerOffWaitMs, v.vmState === "stopped" && v.taskState === null, `Failed to stop instance ${id}`)) {
        return { again: ctx.settings.pollMs };
      }
      ctx.progress(`Stopped instance: '${id}'`, 1);
    },
  };
}

export function startInstanceTask(): BaseTask {
  return {
    name: "StartInstanceTask",
    execute(ctx) {
      const id = instanceOf(ctx);
      ctx.progress(`Starting instance: '${id}'`);
      const v = server(ctx);
      if (v.vmState !== "stopped") throw new TaskFailed(`Invalid state for Instance ${id}. Expected state: 'STOPPED', Actual state: '${v.vmState.toUpperCase()}'`);
      startServer(ctx.op, id);
      ctx.progress(`Instance started: '${id}'`, 1);
    },
  };
}

export function confirmInstanceActiveTask(): BaseTask {
  const start = { at: 0 };
  return {
    name: "ConfirmInstanceActiveTask",
    execute(ctx) {
      const id = instanceOf(ctx);
      if (ctx.poll === 0) {
        start.at = ctx.op.now;
        ctx.progress(`Confirming instance '${id}' vm_state is ACTIVE`);
      }
      const v = server(ctx);
      if (!waitFor(ctx, start, ctx.settings.powerOnWaitMs, v.vmState === "active" && v.taskState === null, `Instance ${id} is not in ACTIVE state`)) {
        return { again: ctx.settings.pollMs };
      }
      ctx.progress(`Confirmed instance '${id}' vm_state is ACTIVE`, 1);
    },
  };
}
