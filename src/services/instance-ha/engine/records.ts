// What the engine writes on a notification as a flow runs: recovery_workflow_details (each task's state,
// progress and timestamped messages), vmoves, the status (through the service's own operations, which keep
// hosts and segments in use) and the engine's events. Every function here runs inside one store update.

import type { Kernel } from "../../../kernel/kernel.js";
import { runOperation, type Caller, type OperationContext } from "../../../kernel/operation.js";
import { get } from "../../../kernel/store/table.js";
import type { Notification, NotificationStatus, TaskState, WorkflowTask } from "../state.js";
import { setNotificationStatus } from "../operations/notifications.js";
import { addVMove, updateVMove } from "../operations/vmoves.js";
import { sliceOf } from "../state.js";
import type { EngineSettings } from "./settings.js";
import { TaskFailed, type BaseTask, type FlowData, type TaskContext } from "./task.js";

/** Masakari acts as an admin of no project (its own service user). */
export const ENGINE_CALLER: Caller = { projectId: "", userId: "masakari", isAdmin: true };

export const detailNameOf = (task: Pick<BaseTask, "name" | "detailName">) => task.detailName ?? task.name;

/** The details row of the task at `index`. */
function row(notification: Notification, index: number): WorkflowTask | undefined {
  return notification.workflow.details[index];
}

export function progress(op: OperationContext<Caller | null>, notification: Notification, index: number, message: string, value?: number): void {
  const r = row(notification, index);
  if (!r) return;
  const p = value ?? r.progress;
  r.progress = Math.max(r.progress, p);
  r.progressDetails.push({ timestamp: op.now, message, progress: p });
  notification.updatedAt = op.now;
}

export function markTask(op: OperationContext<Caller | null>, notification: Notification, index: number, state: TaskState): void {
  const r = row(notification, index);
  if (!r) return;
  r.state = state;
  if (state === "SUCCESS") r.progress = 1;
  notification.updatedAt = op.now;
}

/** Moves the notification to `to` and publishes instance-ha.notification.<to> besides the status change. */
export function moveTo(op: OperationContext<Caller | null>, notification: Notification, to: NotificationStatus): void {
  const from = notification.status;
  setNotificationStatus(sliceOf(op.root), op, notification.id, to);
  if (to === "finished" || to === "error" || to === "failed" || to === "ignored") notification.workflow.finishedAt = op.now;
  const payload = { id: notification.id, type: notification.type, hostname: notification.hostname, from, flow: notification.workflow.flow };
  if (to === "running") op.tx.emit("instance-ha.notification.running", payload);
  else if (to === "finished") op.tx.emit("instance-ha.notification.finished", payload);
  else if (to === "ignored") op.tx.emit("instance-ha.notification.ignored", payload);
  else if (to === "error") op.tx.emit("instance-ha.notification.error", { ...payload, error: notification.workflow.lastError });
  else if (to === "failed") op.tx.emit("instance-ha.notification.failed", { ...payload, error: notification.workflow.lastError });
}

/**
 * Where a task's writes go once its call's store update has committed (an async task after an await): each
 * its own store update on the notification.
 */
export interface LaterWrites {
  /** set when the call's store update has ended */
  ended: boolean;
  write<R>(write: (op: OperationContext, notification: Notification) => R): R;
}

/** Later writes on a running notification; one no longer running fails the task's call. */
export function laterWrites(kernel: Kernel, id: string): LaterWrites {
  return {
    ended: false,
    write: (write) =>
      runOperation(kernel, ENGINE_CALLER, (op) => {
        const n = get(sliceOf(op.root).notifications, id);
        if (!n || n.status !== "running") throw new TaskFailed(`Notification ${id} is no longer running.`);
        return write(op, n);
      }),
  };
}

/** The context one call of a task gets. */
export function taskContext(
  op: OperationContext,
  notification: Notification,
  index: number,
  settings: EngineSettings,
  flow: FlowData,
  poll: number,
  later?: LaterWrites,
): TaskContext {
  const write = <R>(w: (op: OperationContext, n: Notification) => R): R => (later?.ended ? later.write(w) : w(op, notification));
  return {
    op,
    notification,
    hostname: notification.hostname,
    settings,
    flow,
    poll,
    progress: (message, value) => write((o, n) => progress(o, n, index, message, value)),
    addVMove: (v) => write((o, n) => addVMove(sliceOf(o.root), o, n.id, { ...v, type: "evacuation" })),
    updateVMove: (id, patch) => write((o, n) => void updateVMove(sliceOf(o.root), o, n.id, id, patch)),
  };
}
