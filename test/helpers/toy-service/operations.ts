// The toy service's business rules: functions over its slice, run in one store update each (runOperation),
// no HTTP. What must wait for the commit (a lifecycle phase, freeing bytes) goes through the context.

import type { OperationContext } from "../../../src/kernel/operation.js";
import type { BlobRef } from "../../../src/kernel/blobs/types.js";
import type { Kernel } from "../../../src/kernel/kernel.js";
import { get, put, remove } from "../../../src/kernel/store/table.js";
import type { ToyState, Widget } from "./state.js";
import { WIDGET } from "./lifecycle.js";
import { widgetNotFound } from "./errors.js";

export function findWidget(s: ToyState, id: string): Widget {
  const widget = get(s.widgets, id);
  if (!widget) throw widgetNotFound(id);
  return widget;
}

export function createWidget(s: ToyState, ctx: OperationContext, name: string): Widget {
  const row: Widget = { id: ctx.ids.uuid(), name, projectId: ctx.caller.projectId, status: "BUILD", updatedAt: ctx.now };
  put(s.widgets, row);
  ctx.tx.emit("toy.widget.created", { id: row.id, name: row.name, projectId: row.projectId });
  ctx.enter(WIDGET, row.id, "BUILD");
  return row;
}

/** The widget goes to ERROR at once; a lifecycle step it had planned is dropped (the control API's break, the bus's widget.error). */
export function breakWidget(ctx: Pick<OperationContext<null>, "tx" | "enter">, widget: Widget, reason: string | null): void {
  ctx.tx.emit("toy.widget.status_changed", { id: widget.id, from: widget.status, to: "ERROR", reason });
  widget.status = "ERROR";
  ctx.enter(WIDGET, widget.id, null);
}

export function rebuildWidget(s: ToyState, ctx: OperationContext, id: string): void {
  findWidget(s, id).status = "REBUILD";
  ctx.enter(WIDGET, id, "REBUILD");
}

export function deleteWidget(s: ToyState, ctx: OperationContext, kernel: Kernel, id: string): void {
  const data = findWidget(s, id).data;
  remove(s.widgets, id);
  ctx.tx.emit("toy.widget.deleted", { id });
  if (data) ctx.tx.afterCommit(() => kernel.blobs.delete(data.id));
  ctx.enter(WIDGET, id, null);
}

/** Keeps `ref` as the widget's bytes; the previous bytes go once this commits. */
export function attachData(s: ToyState, ctx: OperationContext, kernel: Kernel, id: string, ref: BlobRef): void {
  // deleted while its bytes were arriving: a 404
  const row = findWidget(s, id);
  const previous = row.data;
  row.data = ref;
  if (previous) ctx.tx.afterCommit(() => kernel.blobs.delete(previous.id));
}
