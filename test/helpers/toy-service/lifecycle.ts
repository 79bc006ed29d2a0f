// A widget's lifecycle on the virtual clock, declared as data: BUILD -> ACTIVE after 5 s, REBUILD -> ACTIVE
// after 10 s. A step commits only if the widget is still where the step found it.

import type { Kernel } from "../../../src/kernel/kernel.js";
import { runOperation } from "../../../src/kernel/operation.js";
import { get } from "../../../src/kernel/store/table.js";
import { sliceOf } from "./state.js";

export const WIDGET = "toy.widget";
export const BUILD_MS = 5_000;
export const REBUILD_MS = 10_000;

export function startWidgetLifecycle(kernel: Kernel): void {
  kernel.transitions.register(
    [
      { type: WIDGET, from: "BUILD", to: "ACTIVE", afterMs: BUILD_MS },
      { type: WIDGET, from: "REBUILD", to: "ACTIVE", afterMs: REBUILD_MS },
    ],
    (id, from, to) =>
      runOperation(kernel, null, (ctx) => {
        const row = get(sliceOf(ctx.root).widgets, id);
        if (!row || row.status !== from) return false;
        row.status = to;
        row.updatedAt = ctx.now;
        ctx.tx.emit("toy.widget.status_changed", { id, from, to });
        ctx.enter(WIDGET, id, to);
        return true;
      }),
  );
}
