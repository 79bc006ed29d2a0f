// The events the message-bus bridge records in the events journal (`amqp.<resource>.<past-tense>`): its
// connection's changes and the messages it could not take or keep. Merged into the kernel's EventMap.

export type BusEvents = {
  "amqp.connection.opened": { url: string };
  "amqp.connection.lost": { url: string; reason: string; buffered: number };
  /** a notification taken off the bus and acted on */
  "amqp.message.consumed": { messageId: string | null; eventType: string; publisherId: string | null };
  /** a message that is not a notification the emulator can act on: dead-lettered */
  "amqp.message.rejected": { messageId: string | null; eventType: string | null; reason: string };
  /** the first notification refused by a full buffer since the last one was kept */
  "amqp.message.dropped": { eventType: string; bound: number };
};

declare module "../kernel/events.js" {
  interface EventMap extends BusEvents {}
}
