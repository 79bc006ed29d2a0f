// The recovery engine (Masakari's engine and its taskflow driver), started by the instance HA service:
// `new` notifications are picked up on the virtual clock and run through their flow (runner.ts), the
// periodic task retries and expires unfinished ones (periodic.ts), and the nova_notification driver turns
// compute's host failures into notifications (driver-nova.ts). control.ts shows, reconfigures and drives it.

import * as z from "zod";
import type { Kernel } from "../../../kernel/kernel.js";
import { runOperation } from "../../../kernel/operation.js";
import { get } from "../../../kernel/store/table.js";
import { SLICE, type InstanceHaState } from "../state.js";
import type { InstanceHaOptions } from "../options.js";
import { BUILT_IN_TASKS, hostFlowTasks, type TaskFactory } from "./flows.js";
import { Periodic } from "./periodic.js";
import { Runner } from "./runner.js";
import { engineSettings, type EngineOptions, type EngineSettings, type RecoveryEngineExtras } from "./settings.js";
import { startNovaNotificationDriver } from "./driver-nova.js";
import { loadCustomTasks } from "./custom-tasks.js";
import { PendingIo, webhookTask } from "./tasks/webhook.js";
import { alertRuleSchema, webhookTaskSchema } from "./config.js";

export type { BaseTask, TaskContext, TaskStep } from "./task.js";
export type { RecoveryEngineExtras } from "./settings.js";

/** The engine's configuration as JSON shows it: everything but the JavaScript tasks, which only start registers. */
export type EngineConfig = InstanceHaOptions & Omit<RecoveryEngineExtras, "customTasks">;

export interface RecoveryEngine {
  runner: Runner;
  periodic: Periodic;
  /** webhook requests under way */
  io: PendingIo;
  settings(): EngineSettings;
  /** the configuration now (workflows under way keep the settings they started with) */
  config(): EngineConfig;
  /** the JavaScript tasks registered at start, by name */
  customTaskNames(): string[];
  /** replaces the configuration: `input` over the one the engine started with; throws (nothing changed) when invalid */
  reconfigure(input: Partial<EngineConfig>): void;
}

/** One engine per kernel: the control API finds it here. */
const engines = new WeakMap<Kernel, RecoveryEngine>();

export function recoveryEngineOf(kernel: Kernel): RecoveryEngine | undefined {
  return engines.get(kernel);
}

const alertRulesSchema = z.array(alertRuleSchema);

/** A configuration mistake: the control API's 400, a start-up error otherwise. */
export class EngineConfigError extends Error {}

/** The settings of a configuration; throws naming an unknown target or a task name given twice. */
function settle(config: EngineConfig, js: Record<string, TaskFactory>, io: PendingIo): EngineSettings {
  const tasks: Record<string, TaskFactory> = { ...js };
  for (const given of config.tasks ?? []) {
    // createEmulator's options reach here unparsed: the same check as a config file's and the control API's
    const parsed = webhookTaskSchema.safeParse(given);
    if (!parsed.success) throw new EngineConfigError(`tasks: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
    const spec = parsed.data;
    if (tasks[spec.name] || BUILT_IN_TASKS[spec.name]) throw new EngineConfigError(`tasks: a task named ${spec.name} already exists`);
    tasks[spec.name] = webhookTask(spec, io);
  }
  const rules = config.alertmanager === undefined ? undefined : alertRulesSchema.safeParse(config.alertmanager.rules);
  if (rules && !rules.success) throw new EngineConfigError(`alertmanager.rules: ${rules.error.issues.map((i) => i.message).join("; ")}`);
  const settings = engineSettings({ ...config, alertmanager: rules && { rules: rules.data } }, tasks);
  try {
    hostFlowTasks(settings);
  } catch (error) {
    throw new EngineConfigError((error as Error).message);
  }
  return settings;
}

export function startRecoveryEngine(kernel: Kernel, options: EngineOptions): RecoveryEngine {
  const { customTasks, ...base } = options;
  const js = loadCustomTasks(customTasks);
  const io = new PendingIo();
  let config: EngineConfig = base;
  // an unknown target is a configuration error at start, not at the first failure
  let settings = settle(config, js, io);
  const current = () => settings;
  const runner = new Runner(kernel, current, io);
  const periodic = new Periodic(kernel, runner, current);
  runner.onError = () => periodic.ensure();
  const engine: RecoveryEngine = {
    runner,
    periodic,
    io,
    settings: current,
    config: () => config,
    customTaskNames: () => Object.keys(js),
    reconfigure(input) {
      const next = { ...base, ...input } as EngineConfig;
      settings = settle(next, js, io);
      config = next;
      runOperation(kernel, null, (op) => op.tx.emit("instance-ha.engine.reconfigured", { targets: [...settings.targets], drivers: [...settings.drivers] }));
      // Masakari's periodic task runs on: what a driver left `new` meanwhile is retried at its next pass
      periodic.rearm();
    },
  };
  engines.set(kernel, engine);

  kernel.events.subscribe("instance-ha.notification.created", (event) => {
    if (event.payload.status !== "new" || !settings.drivers.includes("taskflow")) return;
    runner.pickUp(event.payload.id, false, settings.pickupDelayMs);
    periodic.ensure();
  });
  startNovaNotificationDriver(kernel, current);
  return engine;
}

/**
 * The world was replaced (a reset, a snapshot import, a seed loaded): runs of notifications the new state
 * does not hold end, so /_emulator/instance-ha/recoveries lists none of them; the periodic task (whose step
 * the clock dropped) is planned again when anything is unfinished, and retries what the new state left `new`.
 */
export function engineWorldReplaced(kernel: Kernel): void {
  const engine = recoveryEngineOf(kernel);
  if (!engine) return;
  const notifications = kernel.slice<InstanceHaState>(SLICE).notifications;
  for (const run of engine.runner.active()) if (!get(notifications, run.notificationId)) engine.runner.forget(run.notificationId);
  engine.periodic.rearm();
}
