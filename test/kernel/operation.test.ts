// The operation context (kernel/operation.ts): one store update per operation, with the caller, one instant
// of virtual time, and events and lifecycle phases that take effect only once the update commits.

import { describe, expect, it } from "vitest";
import { Kernel } from "../../src/kernel/kernel.js";
import { callerOf, runOperation, systemCaller, type Caller } from "../../src/kernel/operation.js";
import type { Principal } from "../../src/kernel/auth/principal.js";

const START = Date.parse("2030-01-01T00:00:00Z");
const DEMO: Caller = { projectId: "p1", userId: "u1", isAdmin: false };

function kernel(): Kernel {
  const k = new Kernel({
    randomSeed: 42,
    timeFactor: 1,
    frozenClock: true,
    startTime: START,
    rateLimit: { requests: 0, windowSeconds: 60 },
    maxPageSize: 1000,
    maxBodyBytes: 1 << 20,
    eventLogSize: 100,
    requestLogSize: 100,
  });
  k.store.replace({ toy: { widgets: {} as Record<string, { phase: string | null }> } });
  // one lifecycle, `toy.widget` building -> active after 5 s, whose applier records what it was asked
  k.transitions.register([{ type: "toy.widget", from: "building", to: "active", afterMs: 5000 }], (id, from, to) =>
    runOperation(k, null, (ctx) => {
      const w = widgets(ctx.root)[id];
      if (!w || w.phase !== from) return false;
      w.phase = to;
      ctx.tx.emit("toy.widget.stepped", { id, caller: ctx.caller });
      return true;
    }),
  );
  return k;
}

const widgets = (root: Record<string, unknown>) => (root.toy as { widgets: Record<string, { phase: string | null }> }).widgets;

describe("runOperation", () => {
  it("hands the recipe the caller, the clock's time, the kernel's ids and the root draft, and returns its result", () => {
    const k = kernel();
    const seen = runOperation(k, DEMO, (ctx) => {
      widgets(ctx.root).w1 = { phase: null };
      return { caller: ctx.caller, now: ctx.now, sameIds: ctx.ids === k.ids };
    });
    expect(seen).toEqual({ caller: DEMO, now: START, sameIds: true });
    expect(widgets(k.store.state).w1).toEqual({ phase: null });
  });

  it("publishes events and enters lifecycle phases only after the commit", () => {
    const k = kernel();
    runOperation(k, DEMO, (ctx) => {
      widgets(ctx.root).w1 = { phase: "building" };
      ctx.tx.emit("toy.widget.created", { id: "w1" });
      ctx.enter("toy.widget", "w1", "building");
      expect(k.events.log.list().length).toBe(0);
      expect(k.transitions.pending()).toEqual([]);
    });
    expect(k.events.log.list().map((e) => e.type)).toEqual(["toy.widget.created"]);
    expect(k.transitions.pending()).toMatchObject([{ type: "toy.widget", resourceId: "w1", from: "building", dueAt: START + 5000 }]);
    // the step runs as system work: no caller
    k.clock.advance(5000);
    expect(widgets(k.store.state).w1.phase).toBe("active");
    expect(k.events.log.list().at(-1)).toMatchObject({ type: "toy.widget.stepped", payload: { id: "w1", caller: null } });
  });

  it("entering no phase forgets the pending step", () => {
    const k = kernel();
    runOperation(k, DEMO, (ctx) => {
      widgets(ctx.root).w1 = { phase: "building" };
      ctx.enter("toy.widget", "w1", "building");
    });
    runOperation(k, DEMO, (ctx) => {
      widgets(ctx.root).w1.phase = null;
      ctx.enter("toy.widget", "w1", null);
    });
    expect(k.transitions.pending()).toEqual([]);
  });

  it("leaves no trace when the recipe throws: no change, no event, no phase", () => {
    const k = kernel();
    expect(() =>
      runOperation(k, DEMO, (ctx) => {
        widgets(ctx.root).w1 = { phase: "building" };
        ctx.tx.emit("toy.widget.created", { id: "w1" });
        ctx.enter("toy.widget", "w1", "building");
        throw new Error("refused");
      }),
    ).toThrow("refused");
    expect(widgets(k.store.state)).toEqual({});
    expect(k.events.log.list()).toEqual([]);
    expect(k.transitions.pending()).toEqual([]);
  });
});

describe("callers", () => {
  const principal = (over: Partial<Principal>): Principal => ({
    token: "t",
    userId: "u1",
    userName: "demo",
    userDomainId: "default",
    roles: ["member"],
    methods: ["password"],
    expiresAt: START + 3600_000,
    ...over,
  });

  it("a project-scoped token calls as its project and user", () => {
    expect(callerOf(principal({ projectId: "p1" }))).toEqual(DEMO);
    expect(callerOf(principal({ projectId: "p1", roles: ["admin"] }))).toEqual({ ...DEMO, isAdmin: true });
  });

  it("a domain- or system-scoped token is a caller only when it is an admin's", () => {
    expect(callerOf(principal({ domainId: "default" }))).toBeUndefined();
    expect(callerOf(principal({ system: true, roles: ["admin"] }))).toEqual({ projectId: "", userId: "u1", isAdmin: true });
  });

  it("system work inside a project acts as an admin that is no user", () => {
    expect(systemCaller("p1")).toEqual({ projectId: "p1", userId: "", isAdmin: true });
  });
});
