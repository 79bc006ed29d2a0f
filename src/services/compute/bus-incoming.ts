// The notifications compute acts on when they arrive from the message bus (the AMQP bridge), as when the
// same happens inside the emulator: compute.host.error fails the host (the control API's fail), so the
// instance-HA driver files its notification and the recovery runs. The host is the payload's `host`, else
// the publisher's (`compute.<host>`, as Nova's services publish).

import type { Kernel } from "../../kernel/kernel.js";
import { NotificationRefused, type IncomingNotification, type ServiceNotifications } from "../../kernel/notifications.js";
import { runOperation } from "../../kernel/operation.js";
import { get } from "../../kernel/store/table.js";
import { failHost } from "./operations/hosts.js";
import { sliceOf } from "./state.js";

/** The host a notification names: `payload.host`, or the publisher id's part after `compute.` (or `nova-compute:`). */
export function hostOf(message: IncomingNotification): string {
  const named = message.payload.host;
  if (typeof named === "string" && named.length > 0) return named;
  const publisher = /^(?:compute\.|nova-compute:)(.+)$/.exec(message.publisherId ?? "");
  if (publisher) return publisher[1]!;
  throw new NotificationRefused(`${message.eventType} names no host (payload.host, or publisher_id compute.<host>)`);
}

function hostError(message: IncomingNotification, kernel: Kernel): void {
  const name = hostOf(message);
  runOperation(kernel, null, (ctx) => {
    const s = sliceOf(ctx.root);
    const host = get(s.hosts, name);
    if (!host) throw new NotificationRefused(`${message.eventType}: no compute host named ${name}`);
    failHost(s, ctx, host);
  });
}

export const computeIncoming: NonNullable<ServiceNotifications["incoming"]> = {
  "compute.host.error": hostError,
};
