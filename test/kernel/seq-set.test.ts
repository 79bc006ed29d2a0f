import { describe, expect, it } from "vitest";
import { produce } from "immer";
import { seqAdd, seqDelete, seqFirst, seqHas, seqSetOf, seqSetProblem, seqsFrom, type SeqSet } from "../../src/kernel/store/seq-set.js";
import { seededRandom } from "../../src/kernel/ids.js";

/** What the set should answer, from a sorted copy of its members. */
function expectLike(set: SeqSet | undefined, model: Set<number>, random: () => number): void {
  const sorted = [...model].sort((a, b) => a - b);
  if (set === undefined) {
    expect(sorted).toEqual([]);
    return;
  }
  expect(seqSetProblem(set)).toBeUndefined();
  expect(set.size).toBe(sorted.length);
  expect([...seqsFrom(set)]).toEqual(sorted);
  expect([...seqsFrom(set, undefined, true)]).toEqual([...sorted].reverse());
  expect(seqFirst(set)).toBe(sorted[0]);
  // after a member, and after a number it does not hold, both ways
  for (let k = 0; k < 4; k++) {
    const after = k % 2 === 0 && sorted.length > 0 ? sorted[Math.floor(random() * sorted.length)]! : Math.floor(random() * 25_000) - 1;
    expect([...seqsFrom(set, after)]).toEqual(sorted.filter((n) => n > after));
    expect([...seqsFrom(set, after, true)]).toEqual(sorted.filter((n) => n < after).reverse());
    expect(seqHas(set, after)).toBe(model.has(after));
  }
}

describe("a sorted set of sequence numbers", () => {
  it("answers as a sorted list over random adds and deletes, from one member to three levels and back", () => {
    const random = seededRandom(29);
    let set: SeqSet | undefined;
    const model = new Set<number>();
    // appends mostly (rows join at the table's end), some numbers in between, then deletes take it apart
    for (let step = 0; step < 30_000; step++) {
      const growing = step < 18_000;
      if (growing && random() < 0.8) {
        const seq = random() < 0.7 ? step : Math.floor(random() * step);
        set = set === undefined ? seqSetOf([seq]) : seqAdd(set, seq);
        model.add(seq);
      } else if (set !== undefined) {
        const pool = [...model];
        const seq = random() < 0.9 && pool.length > 0 ? pool[Math.floor(random() * pool.length)]! : 30_000 + step;
        set = seqDelete(set, seq);
        model.delete(seq);
      }
      if (step % 1_500 === 0) expectLike(set, model, random);
    }
    expectLike(set, model, random);
  });

  it("reached more than two levels, and kept its leaves at least a quarter full while deletes took it apart", () => {
    const big = seqSetOf(Array.from({ length: 10_000 }, (_, i) => i * 3));
    expect(depth(big.root)).toBe(3);
    let set: SeqSet | undefined = big;
    // delete three in four members: leaves merge, so the set keeps few nodes for what it holds
    for (let i = 0; i < 10_000; i++) if (i % 4 !== 0) set = seqDelete(set!, i * 3);
    expect(set!.size).toBe(2_500);
    expect(leaves(set!.root)).toBeLessThanOrEqual(2_500 / 8);
    expect(seqSetProblem(set)).toBeUndefined();
  });

  it("answers the same set when nothing changes, and never changes a set it was given", () => {
    const set = seqSetOf([1, 5, 9]);
    expect(seqAdd(set, 5)).toBe(set);
    expect(seqDelete(set, 4)).toBe(set);
    const more = seqAdd(set, 7);
    expect([...seqsFrom(set)]).toEqual([1, 5, 9]);
    expect([...seqsFrom(more)]).toEqual([1, 5, 7, 9]);
    expect(Object.isFrozen(more)).toBe(true);
    expect(Object.isFrozen(more.root)).toBe(true);
    expect(seqDelete(seqSetOf([4]), 4)).toBeUndefined();
  });

  it("is changed through an immer draft into a new set that holds no draft, sharing the untouched nodes", () => {
    const base = { set: seqSetOf(Array.from({ length: 5_000 }, (_, i) => i)) };
    const next = produce(base, (draft) => {
      // read through the draft, as a careless caller would: the new set is built from plain nodes
      draft.set = seqAdd(draft.set as SeqSet, 5_000);
      draft.set = seqDelete(draft.set as SeqSet, 7)!;
    });
    expect([...seqsFrom(next.set, 4_997)]).toEqual([4_998, 4_999, 5_000]);
    expect(next.set.size).toBe(5_000);
    expect(seqHas(next.set, 7)).toBe(false);
    expect(base.set.size).toBe(5_000);
    expect(seqHas(base.set, 7)).toBe(true);
    // a leaf neither write reached is the very same frozen array in both
    expect(lastLeafBut(next.set.root)).toBe(lastLeafBut(base.set.root));
  });

  it("tells what is wrong with a set that arrived from outside", () => {
    expect(seqSetProblem({ size: 2, root: [3, 1] })).toMatch(/ascending/);
    expect(seqSetProblem({ size: 3, root: [1, 2] })).toMatch(/size/);
    expect(seqSetProblem({ size: 1, root: [[1], 2] })).toMatch(/not valid/);
    expect(seqSetProblem({ size: 1, root: [] })).toMatch(/not valid/);
    expect(seqSetProblem({ size: 1, root: ["a"] })).toMatch(/not valid/);
    expect(seqSetProblem("x")).toMatch(/not a set/);
  });
});

type Node = number[] | Node[];
const isLeaf = (node: Node): node is number[] => typeof node[0] === "number";
const depth = (node: Node): number => (isLeaf(node) ? 1 : 1 + depth(node[0] as Node));
const leaves = (node: Node): number => (isLeaf(node) ? 1 : (node as Node[]).reduce((n, child) => n + leaves(child), 0));
/** The leaf just before the last one: the middle of the set. */
const lastLeafBut = (node: Node): number[] => {
  const all: number[][] = [];
  const walk = (n: Node): void => void (isLeaf(n) ? all.push(n) : (n as Node[]).forEach(walk));
  walk(node);
  return all[all.length - 2]!;
};
