// Fault rules reach the engine by operation name, as compute's lifecycle steps are reached: a rule naming
// `instance-ha.task.<TaskName>` (or a glob) fails a task's try or delays it; one naming
// `instance-ha.driver.nova_notification` fails or delays the driver. Only rules that name the operation match.

import type { Kernel } from "../../../kernel/kernel.js";
import type { StepFault } from "../../../kernel/faults.js";
import { taskNames } from "./flows.js";
import type { EngineSettings } from "./settings.js";

export const SERVICE = "instance-ha";
export const taskOperation = (task: string) => `instance-ha.task.${task}`;
export const driverOperation = (driver: string) => `instance-ha.driver.${driver}`;

/** The drivers that consult fault rules (driver-nova.ts, the Alertmanager intake). */
const FAULTED_DRIVERS = ["nova_notification", "webhook"];

/** The engine's operations a fault rule may name: each task its flows can run now, and each driver. */
export function engineOperations(settings: EngineSettings): string[] {
  return [...taskNames(settings).map(taskOperation), ...FAULTED_DRIVERS.map(driverOperation)];
}

export type Injected = { kind: "fail"; message: string } | { kind: "delay"; ms: number };

/** A delay is virtual time (a hang is a long wait, not a dropped connection): the try starts that much later. */
function injected(fault: StepFault | undefined, what: string): Injected | undefined {
  switch (fault?.kind) {
    case undefined:
    case "delay":
      return fault;
    case "fail":
      return { kind: "fail", message: fault.message ?? `Injected fault: ${what} failed (${fault.status}${fault.code ? ` ${fault.code}` : ""}).` };
    case "interrupt":
      return { kind: "fail", message: `Injected fault: ${what} ${fault.effect === "throttle" ? "throttled" : "lost its connection"}.` };
  }
}

/** What a rule does to one try of a task; a rule's `resourceName` matches the notification's host name. */
export function taskFault(kernel: Kernel, task: string, hostname: string): Injected | undefined {
  const operation = taskOperation(task);
  return injected(kernel.faults.stepFault({ service: SERVICE, operation, resourceName: hostname }), operation);
}

export function driverFault(kernel: Kernel, driver: string, host: string): Injected | undefined {
  const operation = driverOperation(driver);
  return injected(kernel.faults.stepFault({ service: SERVICE, operation, resourceName: host }), operation);
}
