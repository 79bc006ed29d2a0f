// Which tasks a notification runs (masakari/engine/drivers/taskflow/driver.py): a host's STOPPED the
// configured recovery_workflow_on_stop targets, a VM event the instance flow, a process's STOPPED the
// process flow. Built-in tasks by name; custom ones from the settings. Unknown names fail at start-up and
// refuse a reconfiguration.

import type { Notification } from "../state.js";
import type { EngineSettings } from "./settings.js";
import type { BaseTask } from "./task.js";
import { disableComputeNodeTask, prepareHaEnabledTask } from "./tasks/host-failure.js";
import { evacuateHostTask } from "./tasks/evacuate-host.js";
import { confirmInstanceActiveTask, startInstanceTask, stopInstanceTask } from "./tasks/instance-failure.js";
import { confirmComputeNodeDisabledTask, disableComputeNodeForProcessTask } from "./tasks/process-failure.js";

export type TaskFactory = () => BaseTask;

/** The tasks `recovery_workflow_on_stop.targets` may name without configuring anything. */
export const BUILT_IN_TASKS: Record<string, TaskFactory> = {
  disableComputeNodeTask: disableComputeNodeTask,
  PrepareHAEnabled: prepareHaEnabledTask,
  EvacuateHost: evacuateHostTask,
};

export interface FlowDef {
  name: "host_failure" | "instance_failure" | "process_failure";
  tasks: TaskFactory[];
}

/** The factories of the configured targets; throws naming an unknown one (a configuration mistake). */
export function hostFlowTasks(settings: EngineSettings): TaskFactory[] {
  return settings.targets.map((name) => {
    const factory = settings.customTasks[name] ?? BUILT_IN_TASKS[name];
    if (!factory) {
      const known = [...Object.keys(BUILT_IN_TASKS), ...Object.keys(settings.customTasks)].join(", ");
      throw new Error(`recovery_workflow_on_stop names an unknown task ${name}; known tasks: ${known}`);
    }
    return factory;
  });
}

/** VM events Masakari acts on (masakari/engine/instance_events.py); any other is ignored. */
const INSTANCE_EVENTS: Record<string, string[]> = {
  QEMU_GUEST_AGENT_ERROR: ["STOPPED_FAILED"],
  LIFECYCLE: ["STOPPED_FAILED"],
  IO_ERROR: ["IO_ERROR_REPORT"],
};

/** The flow a `new` notification runs, or what it ends as without one. */
export function flowFor(notification: Pick<Notification, "type" | "payload">, settings: EngineSettings): FlowDef | "ignored" | "finished" {
  const { type, payload } = notification;
  if (type === "COMPUTE_HOST") {
    if (payload.event === "STARTED") return "finished";
    if (payload.event !== "STOPPED" || payload.host_status !== "NORMAL") return "ignored";
    return { name: "host_failure", tasks: hostFlowTasks(settings) };
  }
  if (type === "PROCESS") {
    if (payload.event === "STARTED") return "finished";
    if (payload.event !== "STOPPED") return "ignored";
    return { name: "process_failure", tasks: [disableComputeNodeForProcessTask, confirmComputeNodeDisabledTask] };
  }
  if (!INSTANCE_EVENTS[payload.event ?? ""]?.includes(payload.vir_domain_event ?? "")) return "ignored";
  return { name: "instance_failure", tasks: [stopInstanceTask, startInstanceTask, confirmInstanceActiveTask] };
}
