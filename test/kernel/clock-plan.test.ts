// Planned steps: the clock's one way to plan work, each with an owner and a name, and a key under which a
// later plan replaces it and it can be found or cancelled; a reset drops them all.
import { describe, expect, it } from "vitest";
import { VirtualClock } from "../../src/kernel/clock.js";

const T0 = Date.parse("2030-01-01T00:00:00Z");

describe("VirtualClock.plan", () => {
  it("finds a keyed step until it runs, and a second plan under the same key replaces the first", () => {
    const c = new VirtualClock({ start: T0, frozen: true });
    const ran: string[] = [];
    c.plan({ owner: "identity", name: "token-sweep", key: "sweep", at: T0 + 1_000 }, () => ran.push("first"));
    c.plan({ owner: "identity", name: "token-sweep", key: "sweep", at: T0 + 2_000 }, () => ran.push("second"));
    // the same key of another owner is another step
    c.plan({ owner: "compute", name: "token-sweep", key: "sweep", at: T0 + 3_000 }, () => ran.push("other owner"));
    expect(c.planned("identity", "sweep")).toEqual({ owner: "identity", name: "token-sweep", key: "sweep", at: T0 + 2_000 });
    expect(c.state().pending).toBe(2);
    c.advance(2_000);
    expect(ran).toEqual(["second"]);
    expect(c.planned("identity", "sweep")).toBeUndefined();
    expect(c.steps()).toEqual([{ owner: "compute", name: "token-sweep", key: "sweep", at: T0 + 3_000 }]);
  });

  it("cancels by owner and key, and a step may plan its successor under its own key", () => {
    const c = new VirtualClock({ start: T0, frozen: true });
    const ran: number[] = [];
    expect(c.cancel("instance-ha", "run/1")).toBe(false);
    c.plan({ owner: "instance-ha", name: "recovery-run", key: "run/1", at: T0 + 1_000 }, () => ran.push(1));
    expect(c.cancel("instance-ha", "run/1")).toBe(true);
    const again = () => {
      ran.push(c.now() - T0);
      if (ran.length < 3) c.plan({ owner: "instance-ha", name: "recovery-run", key: "run/2", at: c.now() + 1_000 }, again);
    };
    c.plan({ owner: "instance-ha", name: "recovery-run", key: "run/2", at: T0 + 1_000 }, again);
    c.advance(10_000);
    expect(ran).toEqual([1_000, 2_000, 3_000]);
    expect(c.steps("instance-ha")).toEqual([]);
  });

  it("lists steps soonest first, by owner; clearJobs drops them all, keyed or not", () => {
    const c = new VirtualClock({ start: T0, frozen: true });
    c.plan({ owner: "object-storage", name: "object-expiry", at: T0 + 5_000 }, () => {});
    c.plan({ owner: "compute", name: "compute.server", key: "compute.server/a", at: T0 + 1_000 }, () => {});
    c.schedule(T0 + 2_000, () => {}); // anonymous: counted, not listed
    expect(c.steps().map((s) => s.name)).toEqual(["compute.server", "object-expiry"]);
    expect(c.steps("compute")).toHaveLength(1);
    expect(c.state().pending).toBe(3);
    c.clearJobs();
    expect(c.planned("compute", "compute.server/a")).toBeUndefined();
    expect(c.steps()).toEqual([]);
    expect(c.state().pending).toBe(0);
  });
});
