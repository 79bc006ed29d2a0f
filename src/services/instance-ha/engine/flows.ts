// Which tasks a notification runs (masakari/engine/drivers/taskflow/driver.py): a host's STOPPED the
// configured recovery_workflow_on_stop targets, a VM event the instance flow, a process's STOPPED the
// process flow. Built-in tasks by name; custom ones from the settings. Unknown names fail at start-up and
// refuse a reconfiguration.

import { didYouMean } from "../../../kernel/suggest.js";
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

const INSTANCE_FLOW_TASKS: TaskFactory[] = [stopInstanceTask, startInstanceTask, confirmInstanceActiveTask];
const PROCESS_FLOW_TASKS: TaskFactory[] = [disableComputeNodeForProcessTask, confirmComputeNodeDisabledTask];

/** Every task a flow can run with these settings, by name: the built-in ones and the configured. */
export function taskNames(settings: EngineSettings): string[] {
  const builtIn = [...Object.values(BUILT_IN_TASKS), ...INSTANCE_FLOW_TASKS, ...PROCESS_FLOW_TASKS].map((factory) => factory().name);
  return [...new Set([...builtIn, ...Object.keys(settings.customTasks)])];
}

export interface FlowDef {
  name: "host_failure" | "instance_failure" | "process_failure";
  tasks: TaskFactory[];
}

/** The factories of the configured targets; throws naming an unknown one (a configuration mistake). */
export function hostFlowTasks(settings: EngineSettings): TaskFactory[] {
  return settings.targets.map((name) => {
    const factory = settings.customTasks[name] ?? BUILT_IN_TASKS[name];
    if (!factory) {
      const known = [...Object.keys(BUILT_IN_TASKS), ...Object.keys(settings.customTasks)];
      throw new Error(`recovery_workflow_on_stop names an unknown task ${name}.${didYouMean(name, known)} Known tasks: ${known.join(", ")}`);
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

/** What a notification ends as without a flow, and the `message` it then shows. */
export interface Decision {
  end: "ignored" | "finished";
  message: string;
}

const ignored = (message: string): Decision => ({ end: "ignored", message });
const finished = (message: string): Decision => ({ end: "finished", message });

/** Masakari's message for a disabled segment's notification (masakari/engine/manager.py, its spelling). */
export const SEGMENT_DISABLED = "Recovery aboart: the segment HA is disabled.";

/**
 * The flow a `new` notification runs, or what it ends as without one (masakari/engine/manager.py): a
 * disabled segment's is ignored; a host's needs host_status NORMAL (missing or UNKNOWN: ignored, evacuating
 * a host that may still run is unsafe), then STARTED is finished and STOPPED runs the host flow; a
 * process's STARTED is finished, STOPPED runs the process flow (process_name is optional in the spec's
 * shape: the flow disables the host's compute service either way); an instance's Masakari payload (it has
 * vir_domain_event) runs the instance flow for the events Masakari acts on, and the spec's shape runs it on
 * STOPPED for the instance it names; one that names none cannot be recovered and is ignored.
 */
export function flowFor(
  notification: Pick<Notification, "type" | "payload">,
  settings: EngineSettings,
  segment?: { enabled: boolean },
): FlowDef | Decision {
  const { type, payload } = notification;
  if (segment && !segment.enabled) return ignored(SEGMENT_DISABLED);
  if (type === "COMPUTE_HOST") {
    if (payload.host_status === undefined) return ignored("Ignored: the notification gives no host_status.");
    if (payload.host_status !== "NORMAL") return ignored(`Ignored: host_status is ${payload.host_status}; evacuating a host that may still run is unsafe.`);
    if (payload.event === "STARTED") return finished("The host has STARTED: nothing to recover.");
    if (payload.event !== "STOPPED") return ignored(`Ignored: invalid event ${payload.event ?? ""}.`);
    return { name: "host_failure", tasks: hostFlowTasks(settings) };
  }
  if (type === "PROCESS") {
    if (payload.event === "STARTED") return finished(`The process ${payload.process_name ?? "nova-compute"} has STARTED: nothing to recover.`);
    if (payload.event !== "STOPPED") return ignored(`Ignored: invalid event ${payload.event ?? ""}.`);
    return { name: "process_failure", tasks: PROCESS_FLOW_TASKS };
  }
  const instanceFlow: FlowDef = { name: "instance_failure", tasks: INSTANCE_FLOW_TASKS };
  if (payload.vir_domain_event !== undefined) {
    if (!INSTANCE_EVENTS[payload.event ?? ""]?.includes(payload.vir_domain_event)) {
      return ignored(`Ignored: the instance event ${payload.event ?? ""}/${payload.vir_domain_event} needs no recovery.`);
    }
    return instanceFlow;
  }
  // the spec's shape: STOPPED or STARTED, the instance named by instance_uuid when given
  if (payload.event === "STARTED") return finished("The instance has STARTED: nothing to recover.");
  if (payload.event !== "STOPPED") return ignored(`Ignored: invalid event ${payload.event ?? ""}.`);
  if (payload.instance_uuid === undefined) {
    return ignored("Ignored: the instance notification names no instance (payload.instance_uuid), so no instance can be recovered.");
  }
  return instanceFlow;
}
