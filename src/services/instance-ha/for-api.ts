// What instance HA offers the package's public types (src/api.ts): the recovery engine's options and
// custom tasks, plain types that import nothing, so the declarations users get resolve without zod or hono.
// engine/config.ts parses exactly this shape; engine/task.ts's BaseTask is the engine's fuller view of a task.

import type { InstanceHaConfigOptions } from "../../client/types-config.js";

/** What a custom task's call sees (engine/task.ts TaskContext has more: compute's contract acts on `op`). */
export interface CustomTaskContext {
  /** the failed host's name */
  readonly hostname: string;
  readonly notification: { readonly id: string; readonly type: string; readonly payload: Readonly<Record<string, string>> };
  /** 0 on a try's first call, then 1, 2, ... (after `{ again: ms }`) */
  readonly poll: number;
  /** what the run's tasks hand each other */
  readonly flow: Record<string, unknown>;
  /** the store operation the call runs in (an async call's until its first await) */
  readonly op: unknown;
  /** a progress detail in recovery_workflow_details (progress 0..1) */
  progress(message: string, progress?: number): void;
}

/** Nothing: done. `again`: call me after that many virtual ms. `endFlow`: done, skip the rest. Throw: failed. */
export type CustomTaskStep = void | { again: number } | { endFlow: true; ignored?: boolean };

export interface CustomTask {
  /** the name recoveryWorkflowOnStop.targets and fault rules (`instance-ha.task.<name>`) use */
  name: string;
  detailName?: string;
  /** may be async: the engine awaits it before the task counts as done; a rejection fails the try (retried, then reverted) */
  execute(ctx: CustomTaskContext): CustomTaskStep | Promise<CustomTaskStep>;
  /** may be async: awaited before the task counts as reverted */
  revert?(ctx: CustomTaskContext): void | Promise<void>;
}

/** `instanceHa` of createEmulator(): a config file's (the client's type), and JavaScript tasks too. */
export interface InstanceHaOptionsInput extends Omit<InstanceHaConfigOptions, "customTasks"> {
  /** module paths (a config file's relative to it) whose default export is a task or a list of tasks; or tasks */
  customTasks?: Array<string | CustomTask | (() => CustomTask)>;
}
