// The notifications compute acts on when they arrive from the message bus (the AMQP bridge): filled in by
// the bridge's work on compute.host.error and compute.instance.error.

import type { ServiceNotifications } from "../../kernel/notifications.js";

export const computeIncoming: NonNullable<ServiceNotifications["incoming"]> = {};
