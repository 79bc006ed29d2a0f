// Lookups inside a store recipe walk plain data (src/kernel/store/draft-read.ts reads immer's draft state):
// they must see the recipe's own writes, hand back drafts where the caller may change what it got, and leave
// the committed state and every earlier root untouched. An immer upgrade that changes its draft state fails
// here first.

import { describe, expect, it } from "vitest";
import { Store } from "../../src/kernel/store/store.js";
import { dictDelete, dictGet, dictSet, emptyDict, type Dict } from "../../src/kernel/store/dict.js";
import { emptyTable, get, mergeInOrder, put, remove, scanGroup, type Table } from "../../src/kernel/store/table.js";
import { latest } from "../../src/kernel/store/draft-read.js";

interface Row {
  id: string;
  project: string;
  n: number;
}
type State = { rows: Table<Row>; names: Dict<number>; boxes: Dict<{ n: number }> };

function world(count: number): Store<State> {
  const rows = emptyTable<Row>({ groupBy: "project" });
  const names = emptyDict<number>();
  const boxes = emptyDict<{ n: number }>();
  for (let i = 0; i < count; i++) {
    put(rows, { id: `r${i}`, project: `p${i % 7}`, n: i });
    dictSet(names, `k${i}`, i);
    dictSet(boxes, `b${i}`, { n: i });
  }
  return new Store<State>({ rows, names, boxes });
}

describe("lookups inside a recipe", () => {
  it("see the recipe's own sets and deletes, in every bucket depth", () => {
    const s = world(2000);
    const before = s.state;
    s.update((d) => {
      for (let i = 0; i < 2000; i += 3) dictSet(d.names, `k${i}`, -i - 1);
      for (let i = 1; i < 2000; i += 3) expect(dictDelete(d.names, `k${i}`)).toBe(true);
      for (let i = 0; i < 2000; i++) {
        const expected = i % 3 === 0 ? -i - 1 : i % 3 === 1 ? undefined : i;
        expect(dictGet(d.names, `k${i}`)).toBe(expected);
      }
      expect(dictDelete(d.names, "k1")).toBe(false);
    });
    for (let i = 0; i < 2000; i++) expect(dictGet(s.state.names, `k${i}`)).toBe(i % 3 === 0 ? -i - 1 : i % 3 === 1 ? undefined : i);
    // the earlier root is as it was
    for (let i = 0; i < 2000; i++) expect(dictGet(before.names, `k${i}`)).toBe(i);
  });

  it("hand back an object value as a draft: a change to it commits, the old root keeps its own", () => {
    const s = world(300);
    const before = s.state;
    s.update((d) => {
      const box = dictGet(d.boxes, "b42")!;
      box.n = 4200;
      expect(dictGet(d.boxes, "b42")!.n).toBe(4200);
      const row = get(d.rows, "r7")!;
      row.n = 700;
    });
    expect(dictGet(s.state.boxes, "b42")!.n).toBe(4200);
    expect(dictGet(before.boxes, "b42")!.n).toBe(42);
    expect(get(s.state.rows, "r7")!.n).toBe(700);
    expect(get(before.rows, "r7")!.n).toBe(7);
  });

  it("keep groups and removals right when rows leave and the trie folds back", () => {
    const s = world(1000);
    s.update((d) => {
      for (let i = 0; i < 1000; i++) if (i % 10 !== 0) remove(d.rows, `r${i}`);
      for (let i = 0; i < 1000; i++) if (i % 10 !== 0) dictDelete(d.names, `k${i}`);
    });
    expect(s.state.rows.size).toBe(100);
    expect(s.state.names.size).toBe(100);
    expect([...scanGroup(s.state.rows, "p3")].map((r) => r.id)).toEqual(
      Array.from({ length: 1000 }, (_, i) => i).filter((i) => i % 10 === 0 && i % 7 === 3).map((i) => `r${i}`),
    );
    for (let i = 0; i < 1000; i++) expect(dictGet(s.state.names, `k${i}`)).toBe(i % 10 === 0 ? i : undefined);
  });

  it("latest() answers a draft's current object and a plain value itself", () => {
    const s = world(1);
    s.update((d) => {
      const plain = latest(d.rows);
      expect(plain).not.toBe(d.rows);
      expect(plain.size).toBe(1);
      d.rows.size = 5;
      expect(latest(d.rows).size).toBe(5);
      d.rows.size = 1;
    });
    const value = { a: 1 };
    expect(latest(value)).toBe(value);
    expect(latest(null)).toBe(null);
  });
});

describe("mergeInOrder", () => {
  it("merges streams of one table in insertion order or newest first, each row once", () => {
    const rows = emptyTable<Row>({ groupBy: "project" });
    for (let i = 0; i < 40; i++) put(rows, { id: `r${i}`, project: `p${i % 3}`, n: i });
    const ids = (it: Iterable<Row>) => Array.from(it, (r) => r.n);
    const p0 = () => scanGroup(rows, "p0");
    const p1 = () => scanGroup(rows, "p1");
    const want = Array.from({ length: 40 }, (_, i) => i).filter((i) => i % 3 !== 2);
    expect(ids(mergeInOrder(rows, [p0(), p1(), p0()]))).toEqual(want);
    const back = (g: string) => scanGroup(rows, g, { reverse: true });
    expect(ids(mergeInOrder(rows, [back("p0"), back("p1"), back("p1")], true))).toEqual([...want].reverse());
    expect(ids(mergeInOrder(rows, []))).toEqual([]);
  });
});
