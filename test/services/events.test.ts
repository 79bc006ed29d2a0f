// The event map is checked by the compiler: `tsc --noEmit -p .` type-checks this file, and each
// `@ts-expect-error` fails the check if the mistake below it ever compiles. At run time the events go
// through a bare kernel store and bus: names and payloads pass through as they were emitted.

import { describe, expect, it } from "vitest";
import type { EventMap } from "../../src/services.js";
import { EventBus, type LoggedEvent } from "../../src/kernel/events.js";
import { Store, type Tx } from "../../src/kernel/store/store.js";

// never called: only compiled
export function mistakes(tx: Tx, bus: EventBus): void {
  // @ts-expect-error a declared event with a wrong payload (flavorId is a string)
  tx.emit("compute.flavor.deleted", { flavorId: 1 });
  // @ts-expect-error a declared event with a field missing
  tx.emit("identity.project.created", { id: "p2", name: "x" });
  // @ts-expect-error a misspelt name under a service's prefix is no event at all
  tx.emit("compute.flavor.deletd", { flavorId: "f1" });
  // @ts-expect-error subscribing to a misspelt name under a service's prefix
  bus.subscribe("networking.port.removed", () => {});
  bus.subscribe("networking.port.deleted", (event) => {
    // @ts-expect-error a declared payload has only its declared fields
    void event.payload.portId;
  });
}

describe("the event map", () => {
  it("types emit and subscribe by event name, and passes events through unchanged", () => {
    const bus = new EventBus(10, () => new Date(0));
    const store = new Store({});
    store.onEvent((type, payload) => bus.publish(type, payload));
    const names: string[] = [];
    bus.subscribe("identity.project.created", (event) => {
      const name: string = event.payload.name; // typed: no cast
      names.push(name);
    });
    const seen: LoggedEvent[] = [];
    bus.subscribe("compute.*", (event) => seen.push(event));

    const created: EventMap["identity.project.created"] = { id: "p1", name: "demo", domainId: "default" };
    store.update((_draft, tx) => {
      tx.emit("identity.project.created", created);
      tx.emit("compute.flavor.deleted", { flavorId: "f1" });
      // names no service declares (the kernel's own tests, toy services) take any record
      tx.emit("toy.widget.created", { anything: true });
    });

    expect(names).toEqual(["demo"]);
    expect(seen.map((e) => [e.type, e.payload])).toEqual([["compute.flavor.deleted", { flavorId: "f1" }]]);
    expect(bus.log.list().map((e) => e.type)).toEqual(["identity.project.created", "compute.flavor.deleted", "toy.widget.created"]);
  });
});
