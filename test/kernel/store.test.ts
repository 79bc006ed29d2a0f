import { describe, expect, it, vi } from "vitest";
import { Store } from "../../src/kernel/store/store.js";
import { Ids } from "../../src/kernel/ids.js";
import { emptyTable, get, put, values, type Table } from "../../src/kernel/store/table.js";

interface Row {
  id: string;
  tags: string[];
}
type State = { things: Table<Row>; counter: number };

function store() {
  const things = emptyTable<Row>();
  put(things, { id: "a", tags: ["x"] });
  return new Store<State>({ things, counter: 0 });
}

describe("Store", () => {
  it("commits a recipe's changes as one new root and returns its result", () => {
    const s = store();
    const before = s.state;
    const result = s.update((d) => {
      put(d.things, { id: "b", tags: [] });
      d.counter++;
      return "done";
    });
    expect(result).toBe("done");
    expect(s.state).not.toBe(before);
    expect(values(s.state.things).map((r) => r.id)).toEqual(["a", "b"]);
    expect(before.counter).toBe(0);
    expect(get(before.things, "b")).toBeUndefined();
  });

  it("leaves the state exactly as it was when a recipe throws part-way, and runs none of its effects", () => {
    const s = store();
    const before = s.state;
    const snapshot = JSON.stringify(before);
    const events = vi.fn();
    const after = vi.fn();
    s.onEvent(events);
    expect(() =>
      s.update((d, tx) => {
        put(d.things, { id: "b", tags: [] });
        get(d.things, "a")!.tags.push("y");
        d.counter = 99;
        tx.emit("thing.created", { id: "b" });
        tx.afterCommit(after);
        throw new Error("conflict");
      }),
    ).toThrow("conflict");
    expect(s.state).toBe(before);
    expect(JSON.stringify(s.state)).toBe(snapshot);
    expect(events).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });

  it("puts state kept aside (the id generator) back when a recipe throws, and keeps what a committed one drew", () => {
    const s = store();
    const ids = new Ids(7);
    s.keepAside({ save: () => ids.save(), restore: (position) => ids.restore(position) });
    const twin = new Ids(7);
    s.update(() => ids.uuid());
    expect(twin.uuid()).toBeDefined();
    expect(() =>
      s.update(() => {
        ids.uuid();
        ids.uuid();
        throw new Error("refused");
      }),
    ).toThrow("refused");
    // the rejected recipe drew two ids, and they are drawn again: the next is what it would have been
    expect(s.update(() => ids.uuid())).toBe(twin.uuid());
  });

  it("publishes events and runs after-commit callbacks only once the new state is visible, in order", () => {
    const s = store();
    const seen: string[] = [];
    s.onEvent((type) => seen.push(`${type}: counter=${s.state.counter}`));
    s.update((d, tx) => {
      tx.emit("one", {});
      tx.afterCommit(() => seen.push(`after: counter=${s.state.counter}`));
      d.counter = 1;
      tx.emit("two", {});
      expect(seen).toEqual([]); // nothing runs while the recipe does
    });
    expect(seen).toEqual(["one: counter=1", "two: counter=1", "after: counter=1"]);
  });

  it("hands out plain data: results and event payloads taken from the draft stay readable", () => {
    const s = store();
    let payload: Record<string, unknown> | undefined;
    s.onEvent((_, p) => (payload = p));
    const row = s.update((d, tx) => {
      const a = get(d.things, "a")!;
      a.tags.push("y");
      tx.emit("thing.tagged", { row: a, tags: a.tags });
      return { row: a };
    });
    expect(row).toEqual({ row: { id: "a", tags: ["x", "y"] } });
    expect(JSON.parse(JSON.stringify(payload))).toEqual({ row: { id: "a", tags: ["x", "y"] }, tags: ["x", "y"] });
  });

  it("copies out only the path to a draft: plain parts of a result stay the very objects, a `__proto__` key stays a key", () => {
    const s = store();
    const plain = { list: [1, 2], nested: { n: 1 } };
    const same = s.update(() => plain);
    expect(same).toBe(plain);
    const mixed = JSON.parse('{"__proto__": {"own": true}, "keep": {"k": 1}}') as Record<string, unknown>;
    const out = s.update((d) => {
      mixed.row = get(d.things, "a")!;
      return mixed;
    });
    expect(out === mixed).toBe(false);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(["__proto__", "keep", "row"]);
    expect(out.keep).toBe(mixed.keep);
    expect(JSON.parse(JSON.stringify(out.row))).toEqual({ id: "a", tags: ["x"] });
  });

  it("refuses an update inside a recipe, and lets one run from an after-commit callback", () => {
    const s = store();
    expect(() => s.update(() => s.update((d) => void d.counter++))).toThrow(/inside a store recipe/);
    expect(s.state.counter).toBe(0);
    s.update((d, tx) => {
      d.counter = 1;
      tx.afterCommit(() => s.update((d2) => void (d2.counter += 10)));
    });
    expect(s.state.counter).toBe(11);
  });

  it("keeps a committed change when an after-commit callback fails, and still runs the others", () => {
    const errors: unknown[] = [];
    const s = new Store<State>({ things: emptyTable(), counter: 0 }, (e) => errors.push(e));
    const later = vi.fn();
    s.update((d, tx) => {
      d.counter = 5;
      tx.afterCommit(() => {
        throw new Error("boom");
      });
      tx.afterCommit(later);
    });
    expect(s.state.counter).toBe(5);
    expect(later).toHaveBeenCalledOnce();
    expect(errors).toHaveLength(1);
  });
});
