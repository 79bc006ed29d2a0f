// oslo.messaging's notification envelope (the `messaging`/`messagingv2` driver on RabbitMQ): the body is
// {"oslo.version": "2.0", "oslo.message": "<the message as a JSON string>"}, the message holding
// message_id, publisher_id, event_type, priority, payload and timestamp ("YYYY-MM-DD HH:MM:SS.ffffff", UTC).

import type { BusNotification, IncomingNotification } from "../kernel/notifications.js";

export const OSLO_VERSION = "2.0";

/** The message as oslo sends it: its time is the emulator's (virtual) time of the event. */
export function osloMessage(notification: BusNotification, messageId: string, at: Date): Record<string, unknown> {
  return {
    message_id: messageId,
    publisher_id: notification.publisherId,
    event_type: notification.eventType,
    priority: notification.priority,
    payload: notification.payload,
    timestamp: osloTimestamp(at),
  };
}

export function envelope(message: Record<string, unknown>): { "oslo.version": string; "oslo.message": string } {
  return { "oslo.version": OSLO_VERSION, "oslo.message": JSON.stringify(message) };
}

/** Python's str(datetime): microseconds, no zone (oslo's timeutils.utcnow() is UTC). */
export function osloTimestamp(at: Date): string {
  return `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 23)}000`;
}

/** Why a body is not a notification, in a line for the log and the dead-letter's journal entry. */
export class Malformed extends Error {}

/**
 * A body off the bus (an object, a string or bytes, as the AMQP client decoded it by content type) as a
 * notification: the enveloped form, or a bare message (oslo's 1.0 form, and what hand-written publishers
 * send). Anything else is Malformed.
 */
export function readNotification(body: unknown): IncomingNotification {
  const outer = asObject(body, "the body");
  let message = outer;
  if ("oslo.version" in outer || "oslo.message" in outer) {
    if (outer["oslo.version"] !== OSLO_VERSION) throw new Malformed(`oslo.version ${JSON.stringify(outer["oslo.version"])} is not ${OSLO_VERSION}`);
    if (typeof outer["oslo.message"] !== "string") throw new Malformed("oslo.message is not a string");
    message = asObject(outer["oslo.message"], "oslo.message");
  }
  const eventType = message.event_type;
  if (typeof eventType !== "string" || eventType.length === 0 || eventType.length > 255) throw new Malformed("event_type is not a name");
  const payload = message.payload;
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) throw new Malformed("payload is not an object");
  return {
    messageId: optionalString(message.message_id, "message_id"),
    publisherId: optionalString(message.publisher_id, "publisher_id"),
    eventType,
    priority: optionalString(message.priority, "priority"),
    payload: payload as Record<string, unknown>,
  };
}

function asObject(value: unknown, what: string): Record<string, unknown> {
  let parsed = value;
  if (Buffer.isBuffer(parsed)) parsed = parsed.toString("utf8");
  if (typeof parsed === "string") {
    try {
      parsed = JSON.parse(parsed);
    } catch {
      throw new Malformed(`${what} is not JSON`);
    }
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Malformed(`${what} is not a JSON object`);
  return parsed as Record<string, unknown>;
}

function optionalString(value: unknown, what: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || value.length > 255) throw new Malformed(`${what} is not a string`);
  return value;
}
