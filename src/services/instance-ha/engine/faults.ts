// Fault rules reach the engine by operation name, as compute's lifecycle steps are reached: a rule naming
// `instance-ha.task.<TaskName>` (or a glob) fails a task's try or delays it; one naming
// `instance-ha.driver.nova_notification` fails or delays the driver. Only rules that name the operation match.

import type { Kernel } from "../../../kernel/kernel.js";
import type { FaultEffect } from "../../../kernel/faults.js";

export const SERVICE = "instance-ha";
export const taskOperation = (task: string) => `instance-ha.task.${task}`;
export const driverOperation = (driver: string) => `instance-ha.driver.${driver}`;

export type Injected = { kind: "fail"; message: string } | { kind: "delay"; ms: number };

function injected(effect: FaultEffect, what: string): Injected {
  switch (effect.type) {
    case "latency":
    case "hang":
      // virtual time: the try starts that much later (a hang is a long wait, not a dropped connection)
      return { kind: "delay", ms: effect.ms };
    case "error":
    case "false-negative":
      return { kind: "fail", message: effect.message ?? `Injected fault: ${what} failed (${effect.status}${effect.code ? ` ${effect.code}` : ""}).` };
    case "throttle":
      return { kind: "fail", message: `Injected fault: ${what} throttled.` };
    case "reset":
      return { kind: "fail", message: `Injected fault: ${what} lost its connection.` };
  }
}

/** What a rule does to one try of a task; a rule's `resourceName` matches the notification's host name. */
export function taskFault(kernel: Kernel, task: string, hostname: string): Injected | undefined {
  if (!kernel.faults.active) return undefined;
  const operation = taskOperation(task);
  const hit = kernel.faults.matchOperation({ service: SERVICE, operation, resourceName: hostname });
  return hit ? injected(hit.effect, operation) : undefined;
}

export function driverFault(kernel: Kernel, driver: string, host: string): Injected | undefined {
  if (!kernel.faults.active) return undefined;
  const operation = driverOperation(driver);
  const hit = kernel.faults.matchOperation({ service: SERVICE, operation, resourceName: host });
  return hit ? injected(hit.effect, operation) : undefined;
}
