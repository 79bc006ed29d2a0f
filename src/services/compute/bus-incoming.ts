// The notifications compute acts on when they arrive from the message bus (the AMQP bridge), as when the
// same happens inside the emulator: compute.host.error fails the host and compute.instance.error the server
// (the control API's two fails), so the instance-HA driver files its notification and the recovery runs.
// The host is the payload's `host`, else the publisher's (`compute.<host>`, as Nova's services publish); the
// server is the payload's instance_id (Nova's legacy payloads), instance_uuid, uuid, or a versioned
// payload's nova_object.data.uuid.

import type { Kernel } from "../../kernel/kernel.js";
import { NotificationRefused, type IncomingNotification, type ServiceNotifications } from "../../kernel/notifications.js";
import { runOperation } from "../../kernel/operation.js";
import { get } from "../../kernel/store/table.js";
import { ApiError } from "../../kernel/errors.js";
import { failHost } from "./operations/hosts.js";
import { forceServerError } from "./operations/server-admin-actions.js";
import { sliceOf } from "./state.js";

/** longer names are not names: refused before they reach a message (the journal, the log) */
const NAME_MAX = 255;

/** The host a notification names: `payload.host`, or the publisher id's part after `compute.` (or `nova-compute:`). */
export function hostOf(message: IncomingNotification): string {
  const named = message.payload.host;
  const host = typeof named === "string" && named.length > 0 ? named : /^(?:compute\.|nova-compute:)(.+)$/.exec(message.publisherId ?? "")?.[1];
  if (host !== undefined) {
    if (host.length > NAME_MAX) throw new NotificationRefused(`${message.eventType}: a host name is at most ${NAME_MAX} characters`);
    return host;
  }
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

/** The server a notification names. */
export function serverOf(message: IncomingNotification): string {
  const p = message.payload;
  const versioned = p["nova_object.data"];
  const candidates = [p.instance_id, p.instance_uuid, p.uuid, versioned && typeof versioned === "object" ? (versioned as Record<string, unknown>).uuid : undefined];
  const id = candidates.find((v): v is string => typeof v === "string" && v.length > 0);
  if (id === undefined) throw new NotificationRefused(`${message.eventType} names no server (payload.instance_id, instance_uuid or uuid)`);
  if (id.length > NAME_MAX) throw new NotificationRefused(`${message.eventType}: a server id is at most ${NAME_MAX} characters`);
  return id;
}

/** A message for the server's fault: the payload's own words when it has some. */
function faultMessage(message: IncomingNotification): string | undefined {
  const p = message.payload;
  const text = [p.message, p.exception, p.fault].find((v): v is string => typeof v === "string" && v.length > 0);
  return text?.slice(0, 255);
}

function instanceError(message: IncomingNotification, kernel: Kernel): void {
  const id = serverOf(message);
  runOperation(kernel, null, (ctx) => {
    const s = sliceOf(ctx.root);
    const server = get(s.servers, id);
    if (!server) throw new NotificationRefused(`${message.eventType}: no server ${id}`);
    try {
      forceServerError(s, ctx, server, faultMessage(message));
    } catch (error) {
      // a server being deleted cannot fail: the control API's 409, a refusal here
      if (error instanceof ApiError) throw new NotificationRefused(`${message.eventType}: ${error.message}`);
      throw error;
    }
  });
}

export const computeIncoming: NonNullable<ServiceNotifications["incoming"]> = {
  "compute.host.error": hostError,
  "compute.instance.error": instanceError,
};
