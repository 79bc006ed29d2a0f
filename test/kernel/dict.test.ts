import { describe, expect, it } from "vitest";
import { produce } from "immer";
import { seededRandom } from "../../src/kernel/ids.js";
import { dictDelete, dictEntries, dictGet, dictHas, dictSet, emptyDict, isBucket, type Dict, type Slot } from "../../src/kernel/store/dict.js";
import { dictProblem } from "../../src/kernel/store/check.js";

describe("Dict", () => {
  it("agrees with a Map over thousands of random sets, overwrites and deletes", () => {
    const random = seededRandom(7);
    const dict = emptyDict<number>();
    const model = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      const key = `k${Math.floor(random() * 3_000)}`;
      const op = random();
      if (op < 0.6) {
        dictSet(dict, key, i);
        model.set(key, i);
      } else {
        expect(dictDelete(dict, key)).toBe(model.delete(key));
      }
      if (i % 997 === 0) expect(dict.size).toBe(model.size);
    }
    expect(dict.size).toBe(model.size);
    for (const [k, v] of model) expect(dictGet(dict, k)).toBe(v);
    for (let i = 0; i < 3_000; i++) expect(dictHas(dict, `k${i}`)).toBe(model.has(`k${i}`));
    expect(new Map(dictEntries(dict))).toEqual(model);
    expect(dictProblem(dict)).toBeUndefined();
  });

  it("keeps buckets bounded: many keys split into nested nodes and still read back", () => {
    const dict = emptyDict<string>();
    for (let i = 0; i < 50_000; i++) dictSet(dict, `id-${i}`, `v${i}`);
    expect(dict.size).toBe(50_000);
    expect(dictGet(dict, "id-49999")).toBe("v49999");
    expect(dictGet(dict, "id-50000")).toBeUndefined();
    const buckets: number[] = [];
    const walk = (node: Slot<string>[]) => {
      for (const slot of node) {
        if (!slot) continue;
        if (isBucket(slot)) buckets.push(slot.length / 2);
        else walk(slot);
      }
    };
    walk(dict.root);
    expect(Math.max(...buckets)).toBeLessThanOrEqual(8);
  });

  it("keeps a bucket's entries side by side in one array: key, value, key, value", () => {
    const dict = emptyDict<{ n: number }>();
    for (let i = 0; i < 40; i++) dictSet(dict, `k${i}`, { n: i });
    const buckets: unknown[][] = [];
    const walk = (node: Slot<{ n: number }>[]) => node.forEach((slot) => slot && (isBucket(slot) ? buckets.push(slot) : walk(slot)));
    walk(dict.root);
    // a node is a 32-slot array; a bucket starts with its first key
    expect(buckets.every((b) => typeof b[0] === "string" && b.length <= 16)).toBe(true);
    const flat = buckets.flat();
    expect(flat).toHaveLength(80);
    for (let j = 0; j < flat.length; j += 2) expect(dictGet(dict, flat[j] as string)).toBe(flat[j + 1]);
    // a delete takes its key and value out together
    dictDelete(dict, "k7");
    const after: unknown[][] = [];
    const again = (node: Slot<{ n: number }>[]) => node.forEach((slot) => slot && (isBucket(slot) ? after.push(slot) : again(slot)));
    again(dict.root);
    expect(after.flat()).toHaveLength(78);
    expect(after.flat()).not.toContain("k7");
    expect(dictProblem(dict)).toBeUndefined();
  });

  it("round-trips through JSON unchanged", () => {
    const dict = emptyDict<{ n: number }>();
    for (let i = 0; i < 500; i++) dictSet(dict, String(i), { n: i });
    const back = JSON.parse(JSON.stringify(dict)) as Dict<{ n: number }>;
    expect(back).toEqual(dict);
    expect(dictGet(back, "250")).toEqual({ n: 250 });
    expect(dictProblem(back)).toBeUndefined();
  });

  it("works on an immer draft and leaves the original untouched", () => {
    const base = emptyDict<number>();
    for (let i = 0; i < 1_000; i++) dictSet(base, `k${i}`, i);
    const next = produce(base, (d) => {
      dictSet(d, "k1", -1);
      dictSet(d, "new", 42);
      dictDelete(d, "k2");
    });
    expect([dictGet(base, "k1"), dictGet(base, "new"), dictGet(base, "k2"), base.size]).toEqual([1, undefined, 2, 1_000]);
    expect([dictGet(next, "k1"), dictGet(next, "new"), dictGet(next, "k2"), next.size]).toEqual([-1, 42, undefined, 1_000]);
  });

  it("reports a map whose keys sit in the wrong place, as a tampered snapshot would", () => {
    const dict = emptyDict<number>();
    dictSet(dict, "a", 1);
    const bucket = dict.root.find((s) => s !== null) as Array<string | number>;
    bucket[0] = "b"; // hashes to another slot than "a"
    expect(dictProblem(dict)).toMatch(/wrong place/);
    expect(dictProblem({ size: 0, root: [] })).toBe("not a map");
  });
});
