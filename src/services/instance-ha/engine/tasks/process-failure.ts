// The process failure flow (masakari/engine/drivers/taskflow/process_failure.py): nova-compute stopped on a
// host that still runs; its service is disabled (unless it already is) and that is confirmed.

import { computeServiceOf, setComputeServiceEnabled } from "../../../compute/for-instance-ha.js";
import type { BaseTask } from "../task.js";
import { TaskFailed } from "../task.js";

/** [process_failure] service_disable_reason */
export const PROCESS_DISABLE_REASON = "Masakari detected process failed.";

export function disableComputeNodeForProcessTask(): BaseTask {
  return {
    name: "DisableComputeNodeTask",
    execute(ctx) {
      ctx.progress(`Disabling compute service on host: '${ctx.hostname}'`);
      if (computeServiceOf(ctx.op.root, ctx.hostname)?.status === "disabled") {
        ctx.progress(`Skipping recovery for process ${ctx.notification.payload.process_name ?? "nova-compute"} as it is already disabled`, 1);
        return;
      }
      setComputeServiceEnabled(ctx.op, ctx.hostname, false, PROCESS_DISABLE_REASON);
      ctx.progress(`Disabled compute service on host: '${ctx.hostname}'`, 1);
    },
  };
}

export function confirmComputeNodeDisabledTask(): BaseTask {
  return {
    name: "ConfirmComputeNodeDisabledTask",
    execute(ctx) {
      ctx.progress(`Confirming compute service is disabled on host: '${ctx.hostname}'`);
      if (computeServiceOf(ctx.op.root, ctx.hostname)?.status !== "disabled") {
        throw new TaskFailed(`Failed to disable service ${ctx.notification.payload.process_name ?? "nova-compute"}`);
      }
      ctx.progress(`Confirmed compute service is disabled on host: '${ctx.hostname}'`, 1);
    },
  };
}
