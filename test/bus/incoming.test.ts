// What the bridge does with any body off the bus, without a broker: a random JSON value, text or bytes is
// consumed, ignored or rejected, never thrown; nothing rejected changes the state; the envelope's reader
// and oslo's timestamp as Python prints it.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IncomingDispatch, RecentIds } from "../../src/bus/incoming.js";
import { envelope, osloMessage, osloTimestamp, readNotification } from "../../src/bus/envelope.js";
import { BoundedQueue } from "../../src/bus/queue.js";
import { testEmulator } from "../helpers/emulator.js";

describe("a body off the bus", () => {
  it("is consumed, ignored or rejected, never thrown; what is rejected leaves the state as it was", () => {
    const emu = testEmulator();
    const dispatch = new IncomingDispatch(emu.kernel, emu.services, new RecentIds(100), 100);
    const eventType = fc.constantFrom("compute.host.error", "compute.instance.error", "other.thing");
    const notification = fc.record({
      message_id: fc.option(fc.string(), { nil: undefined }),
      publisher_id: fc.option(fc.oneof(fc.string(), fc.constantFrom("compute.compute-1", "compute.nowhere")), { nil: undefined }),
      event_type: fc.oneof(eventType, fc.anything()),
      payload: fc.oneof(fc.dictionary(fc.constantFrom("host", "instance_id", "uuid", "message"), fc.oneof(fc.string(), fc.anything())), fc.anything()),
    });
    const body = fc.oneof(
      fc.anything(),
      fc.string(),
      fc.uint8Array().map((b) => Buffer.from(b)),
      notification,
      notification.map((m) => envelope(m as Record<string, unknown>)),
      notification.map((m) => JSON.stringify(envelope(m as Record<string, unknown>))),
    );
    fc.assert(
      fc.property(body, (b) => {
        const before = emu.kernel.store.state;
        const outcome = dispatch.handle(b);
        expect(["consumed", "ignored", "rejected", "duplicate", "own"]).toContain(outcome.kind);
        if (outcome.kind !== "consumed") expect(emu.kernel.store.state).toBe(before);
      }),
      { numRuns: 2000, seed: 25 },
    );
  });

  it("reads oslo's envelope and its bare form alike; refuses what is not one", () => {
    const message = { message_id: "m1", publisher_id: "compute.h", event_type: "compute.host.error", priority: "ERROR", payload: { host: "h" } };
    const read = { messageId: "m1", publisherId: "compute.h", eventType: "compute.host.error", priority: "ERROR", payload: { host: "h" } };
    expect(readNotification(envelope(message))).toEqual(read);
    expect(readNotification(message)).toEqual(read);
    expect(readNotification(Buffer.from(JSON.stringify(envelope(message))))).toEqual(read);
    expect(() => readNotification({ "oslo.message": JSON.stringify(message) })).toThrow('oslo.version undefined is not 2.0');
    expect(() => readNotification("[1]")).toThrow("the body is not a JSON object");
  });

  it("stamps a message as oslo does: the virtual time in Python's str(datetime), UTC, microseconds", () => {
    expect(osloTimestamp(new Date("2030-01-02T03:04:05.678Z"))).toBe("2030-01-02 03:04:05.678000");
    const m = osloMessage({ topic: "notifications", publisherId: "compute.h", eventType: "x.y", priority: "INFO", payload: {} }, "id-1", new Date(0));
    expect(Object.keys(m)).toEqual(["message_id", "publisher_id", "event_type", "priority", "payload", "timestamp"]);
  });
});

describe("the buffer", () => {
  it("keeps order, refuses past its bound, and takes a batch back at the front", () => {
    const q = new BoundedQueue<number>(5);
    for (let i = 1; i <= 7; i++) q.push(i);
    expect(q.size).toBe(5);
    expect(q.peek(3)).toEqual([1, 2, 3]);
    q.drop(3);
    q.unshift([2, 3]);
    expect(q.peek(10)).toEqual([2, 3, 4, 5]);
    for (let i = 0; i < 5000; i++) {
      q.push(i);
      q.drop(1);
    }
    expect(q.size).toBeLessThanOrEqual(5);
  });
});
