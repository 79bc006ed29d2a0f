import { afterEach, describe, expect, it } from "vitest";
import { VirtualClock } from "../../src/kernel/clock.js";

const T0 = Date.parse("2030-01-01T00:00:00Z");
const clocks: VirtualClock[] = [];
const clock = (options: ConstructorParameters<typeof VirtualClock>[0]) => {
  const c = new VirtualClock(options);
  clocks.push(c);
  return c;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(() => {
  for (const c of clocks.splice(0)) c.stop();
});

describe("VirtualClock, frozen", () => {
  it("stands still until advanced", async () => {
    const c = clock({ start: T0, frozen: true });
    await sleep(20);
    expect(c.now()).toBe(T0);
    c.advance(90_000);
    expect(c.now()).toBe(T0 + 90_000);
    expect(c.state()).toMatchObject({ now: "2030-01-01T00:01:30.000Z", epochMs: T0 + 90_000, frozen: true, factor: 1 });
  });

  it("runs every job that falls due, in time order, each reading its own due time, before advance returns", () => {
    const c = clock({ start: T0, frozen: true });
    const ran: Array<[string, number]> = [];
    c.schedule(T0 + 3_000, () => ran.push(["c", c.now()]));
    c.schedule(T0 + 1_000, () => ran.push(["a", c.now()]));
    c.schedule(T0 + 2_000, () => ran.push(["b1", c.now()]));
    c.schedule(T0 + 2_000, () => ran.push(["b2", c.now()])); // same time: scheduling order
    c.schedule(T0 + 60_000, () => ran.push(["late", c.now()]));
    c.advance(5_000);
    expect(ran).toEqual([
      ["a", T0 + 1_000],
      ["b1", T0 + 2_000],
      ["b2", T0 + 2_000],
      ["c", T0 + 3_000],
    ]);
    expect(c.now()).toBe(T0 + 5_000);
    expect(c.state().pending).toBe(1);
  });

  it("runs work a job schedules within the same advance when it falls due in time", () => {
    const c = clock({ start: T0, frozen: true });
    const ran: number[] = [];
    const chain = () => {
      ran.push(c.now() - T0);
      if (ran.length < 5) c.schedule(c.now() + 1_000, chain);
    };
    c.schedule(T0 + 1_000, chain);
    c.advance(3_500);
    expect(ran).toEqual([1_000, 2_000, 3_000]);
    c.advance(10_000);
    expect(ran).toEqual([1_000, 2_000, 3_000, 4_000, 5_000]);
  });

  it("skips cancelled jobs and does not count them as pending", () => {
    const c = clock({ start: T0, frozen: true });
    const ran: string[] = [];
    const cancel = c.schedule(T0 + 1_000, () => ran.push("cancelled"));
    c.schedule(T0 + 2_000, () => ran.push("kept"));
    cancel();
    cancel();
    expect(c.state().pending).toBe(1);
    c.advance(5_000);
    expect(ran).toEqual(["kept"]);
    expect(c.state().pending).toBe(0);
  });

  it("reports a failing job and carries on with the rest", () => {
    const errors: unknown[] = [];
    const c = clock({ start: T0, frozen: true, onError: (e) => errors.push(e) });
    const ran: string[] = [];
    c.schedule(T0 + 1, () => {
      throw new Error("boom");
    });
    c.schedule(T0 + 2, () => ran.push("after"));
    c.advance(10);
    expect(errors).toHaveLength(1);
    expect(ran).toEqual(["after"]);
  });

  it("sets an absolute time: forward runs due work first, backward just moves", () => {
    const c = clock({ start: T0, frozen: true });
    const ran: number[] = [];
    c.schedule(T0 + 10_000, () => ran.push(c.now()));
    c.set(T0 + 60_000);
    expect(ran).toEqual([T0 + 10_000]);
    expect(c.now()).toBe(T0 + 60_000);
    c.set(T0 - 1_000);
    expect(c.now()).toBe(T0 - 1_000);
  });

  it("rejects nonsense", () => {
    const c = clock({ start: T0, frozen: true });
    expect(() => c.advance(-1)).toThrow(RangeError);
    expect(() => c.advance(Number.NaN)).toThrow(RangeError);
    expect(() => c.setFactor(0)).toThrow(RangeError);
    expect(() => c.set(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("VirtualClock, scaled real time", () => {
  it("moves `factor` virtual ms per real ms", async () => {
    const c = clock({ start: T0, factor: 1_000 });
    const real = performance.now();
    await sleep(30);
    const elapsedReal = performance.now() - real;
    const elapsedVirtual = c.now() - T0;
    expect(elapsedVirtual).toBeGreaterThanOrEqual(25_000);
    expect(elapsedVirtual).toBeLessThanOrEqual((elapsedReal + 5) * 1_000);
  });

  it("fires scheduled work on a real timer, scaled", async () => {
    const c = clock({ start: T0, factor: 100 });
    let ranAt: number | undefined;
    const started = performance.now();
    c.schedule(T0 + 2_000, () => (ranAt = c.now())); // 20 ms of real time
    await sleep(5);
    if (performance.now() - started < 15) expect(ranAt).toBeUndefined(); // unless the machine stalled

    for (let i = 0; i < 50 && ranAt === undefined; i++) await sleep(10);
    expect(ranAt).toBeGreaterThanOrEqual(T0 + 2_000);
  });

  it("keeps time continuous across a factor change, a freeze and a thaw", async () => {
    const c = clock({ start: T0, factor: 10 });
    await sleep(10);
    c.setFactor(1);
    const atChange = c.now();
    expect(atChange).toBeGreaterThanOrEqual(T0 + 90);
    c.freeze();
    const frozenAt = c.now();
    expect(frozenAt).toBeGreaterThanOrEqual(atChange);
    await sleep(20);
    expect(c.now()).toBe(frozenAt);
    c.unfreeze();
    await sleep(10);
    expect(c.now()).toBeGreaterThan(frozenAt);
    expect(c.now()).toBeLessThan(frozenAt + 1_000);
  });

  it("runs work that fell due in real time before freezing", () => {
    const c = clock({ start: T0, factor: 1 });
    const ran: string[] = [];
    c.schedule(c.now() - 1, () => ran.push("due"));
    c.freeze();
    expect(ran).toEqual(["due"]);
  });

  it("advancing a running clock also runs what falls due", () => {
    const c = clock({ start: T0, factor: 1 });
    const ran: string[] = [];
    c.schedule(T0 + 3_600_000, () => ran.push("in an hour"));
    c.advance(3_600_000);
    expect(ran).toEqual(["in an hour"]);
    expect(c.now()).toBeGreaterThanOrEqual(T0 + 3_600_000);
  });
});
