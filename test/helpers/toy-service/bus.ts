// What the toy service says about the message bus (kernel/notifications.ts): each widget event as an oslo
// notification on the legacy topic (`widget.create.end` ...), published by `toy.<zone>`; and one it acts on,
// `widget.error` (priority ERROR), which breaks the widget it names, as the control API's break does.

import type { Kernel } from "../../../src/kernel/kernel.js";
import { NotificationRefused, type ServiceNotifications } from "../../../src/kernel/notifications.js";
import { runOperation } from "../../../src/kernel/operation.js";
import { get } from "../../../src/kernel/store/table.js";
import { sliceOf } from "./state.js";
import { breakWidget } from "./operations.js";

const info = (eventType: string, payload: Record<string, unknown>) =>
  [{ topic: "notifications" as const, publisherId: "toy.zone-1", eventType, priority: "INFO" as const, payload }];

export function toyNotifications(): ServiceNotifications {
  return {
    outgoing: {
      "toy.widget.created": (e) => info("widget.create.end", { widget_id: e.payload.id, name: e.payload.name, tenant_id: e.payload.projectId }),
      "toy.widget.status_changed": (e) => info("widget.update.end", { widget_id: e.payload.id, old_status: e.payload.from, status: e.payload.to }),
      "toy.widget.deleted": (e) => info("widget.delete.end", { widget_id: e.payload.id }),
    },
    incoming: {
      "widget.error": (message, kernel: Kernel) => {
        const id = message.payload.widget_id;
        if (typeof id !== "string") throw new NotificationRefused("widget.error names no widget_id");
        runOperation(kernel, null, (op) => {
          const widget = get(sliceOf(op.root).widgets, id);
          if (!widget) throw new NotificationRefused(`widget.error: no widget ${id}`);
          breakWidget(op, widget, "the bus said so");
        });
      },
    },
  };
}
