// What a recovery task is (taskflow's Task as Masakari's MasakariTask uses it): a name, `execute` and an
// optional `revert`. A task may take virtual time: `execute` is called again after `{ again: ms }` until it
// returns nothing (done), `{ endFlow }` (done, and the rest of the flow is skipped) or throws (failed).
// Either may be async: the engine awaits the promise before it marks the task done (a rejection is a failed
// try, retried and reverted as a throw is); and the settings a task runs under (settings.ts makes them).

import type { OperationContext } from "../../../kernel/operation.js";
import type { Notification, VMove } from "../state.js";
import type { AlertRule, WebhookTaskSpec } from "./config.js";

/**
 * What one call of a task sees; everything it writes commits in one store update with its progress. An
 * async call's writes before its first `await` commit with the call; after it, `progress`, `addVMove` and
 * `updateVMove` each commit in a store update of their own, and `op` and `notification` (the call's, gone
 * with it) must no longer be used.
 */
export interface TaskContext {
  /** an admin operation on the root draft: compute's contract (compute/for-instance-ha.ts) acts on it */
  readonly op: OperationContext;
  /** the notification being recovered (a draft: tasks read it, the engine writes it) */
  readonly notification: Readonly<Notification>;
  /** the failed host's name */
  readonly hostname: string;
  readonly settings: EngineSettings;
  /** what tasks of one run hand each other (taskflow's provides/requires) */
  readonly flow: FlowData;
  /** 0 on the first call of this try, then 1, 2, ... */
  readonly poll: number;
  /** appends a progress detail to this task in recovery_workflow_details (progress 0..1) */
  progress(message: string, progress?: number): void;
  /** adds a vmove record to the notification (1.3) */
  addVMove(vmove: Pick<VMove, "serverId" | "serverName" | "sourceHost">): VMove;
  /** updates one of the notification's vmoves */
  updateVMove(id: string, patch: Partial<Pick<VMove, "status" | "destHost" | "startTime" | "endTime" | "message">>): void;
}

/** What a run's tasks share. */
export interface FlowData {
  /** PrepareHAEnabled: the servers to evacuate, HA_Enabled first */
  instances?: string[];
  /** the segment's recovery method when the run started */
  recoveryMethod?: string;
  [key: string]: unknown;
}

/** again: call me after `again` ms; endFlow: done, skip the rest (Masakari's Skip…/Ignore…RecoveryException) */
export type TaskStep = void | { again: number } | { endFlow: true; ignored?: boolean };

export interface BaseTask {
  /** the name `recovery_workflow_on_stop.targets` and fault rules (`instance-ha.task.<name>`) use */
  name: string;
  /** the name recovery_workflow_details shows (Masakari's class name); `name` when absent */
  detailName?: string;
  /** a promise is awaited before the task counts as done; its rejection fails the try, as a throw does */
  execute(ctx: TaskContext): TaskStep | Promise<TaskStep>;
  /** undoes a task that finished, when a later one fails for good (reverse order); a promise is awaited */
  revert?(ctx: TaskContext): void | Promise<void>;
}

/** A task's failure, with the message recovery_workflow_details and the journal show. */
export class TaskFailed extends Error {}

/** The engine's settings, in ms for the virtual clock; a workflow keeps the ones it started with. */
export interface EngineSettings {
  targets: string[];
  taskAttempts: number;
  retryBackoffMs: number;
  pollMs: number;
  pickupDelayMs: number;
  processUnfinishedMs: number;
  retryNewAfterMs: number;
  expiredAfterMs: number;
  serviceUpdateWaitMs: number;
  evacuationWaitMs: number;
  powerOffWaitMs: number;
  powerOnWaitMs: number;
  threads: number;
  evacuateAllInstances: boolean;
  ignoreInstancesInErrorState: boolean;
  processAllInstances: boolean;
  /** a reserved host taken into service joins the failed host's aggregates (Masakari's add_reserved_host_to_aggregate) */
  addReservedHostToAggregate: boolean;
  haKey: string;
  drivers: string[];
  /** who may post notifications (user names or ids, `role:NAME`); empty: any admin */
  senders: string[];
  duplicateIntervalSeconds: number;
  /** every task besides the built-in ones: the JavaScript ones registered at start and the webhook ones */
  customTasks: Record<string, () => BaseTask>;
  webhookTasks: WebhookTaskSpec[];
  alertRules: AlertRule[];
}
