import { describe, expect, it } from "vitest";
import { isDraft, produce } from "immer";
import { seededRandom } from "../../src/kernel/ids.js";
import { dictDelete, dictEntries, dictGet, dictHas, dictPeek, dictSet, emptyDict, isBucket, type Dict, type Slot } from "../../src/kernel/store/dict.js";
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
    expect(Math.max(...buckets)).toBeLessThanOrEqual(32);
    // a split spreads a full bucket 16 ways, so buckets keep several entries each (each bucket costs 48
    // bytes of its own): 50,000 keys in fewer than 50,000 / 4 buckets
    expect(buckets.length).toBeLessThan(50_000 / 4);
  });

  it("keeps working on an older build's map of 32-slot nodes, which stays that wide", () => {
    const random = seededRandom(32);
    const dict: Dict<number> = { size: 0, root: new Array(32).fill(null) };
    const model = new Map<string, number>();
    for (let i = 0; i < 30_000; i++) {
      const key = `k${Math.floor(random() * 6_000)}`;
      if (random() < 0.7) {
        dictSet(dict, key, i);
        model.set(key, i);
      } else expect(dictDelete(dict, key)).toBe(model.delete(key));
    }
    expect(new Map(dictEntries(dict))).toEqual(model);
    const widths = new Set<number>();
    const walk = (node: Slot<number>[]) => {
      widths.add(node.length);
      for (const slot of node) if (slot && !isBucket(slot)) walk(slot);
    };
    walk(dict.root);
    expect(widths).toEqual(new Set([32]));
    expect(dictProblem(JSON.parse(JSON.stringify(dict)))).toBeUndefined();
    // a map whose nodes are of both widths is not one
    const mixed = JSON.parse(JSON.stringify(dict));
    const inner = mixed.root.findIndex((slot: unknown) => Array.isArray(slot) && !isBucket(slot as Slot<number> & unknown[]));
    mixed.root[inner] = new Array(16).fill(null);
    expect(dictProblem(mixed)).toMatch(/map/);
  });

  it("keeps a bucket's entries side by side in one array: key, value, key, value", () => {
    const dict = emptyDict<{ n: number }>();
    for (let i = 0; i < 40; i++) dictSet(dict, `k${i}`, { n: i });
    const buckets: unknown[][] = [];
    const walk = (node: Slot<{ n: number }>[]) => node.forEach((slot) => slot && (isBucket(slot) ? buckets.push(slot) : walk(slot)));
    walk(dict.root);
    // a node is a 16-slot array; a bucket starts with its first key
    expect(buckets.every((b) => typeof b[0] === "string" && b.length <= 64)).toBe(true);
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


  it("in a recipe, hands back an object value as a draft beside primitives, whatever the bucket held before", () => {
    // keys that share one bucket (few keys: the root's buckets hold up to eight), mixing numbers and objects
    type Value = number | { n: number };
    const base = emptyDict<Value>();
    for (let i = 0; i < 40; i++) dictSet(base, `k${i}`, i % 5 === 0 ? { n: i } : i);
    const next = produce(base, (d) => {
      for (let i = 40; i < 60; i++) dictSet(d, `k${i}`, i);
      for (let i = 0; i < 40; i += 5) (dictGet(d, `k${i}`) as { n: number }).n += 1000;
      // an object set into a bucket of numbers, then changed through what a read hands back
      dictSet(d, "k1", { n: 1 });
      (dictGet(d, "k1") as { n: number }).n = 2;
      dictDelete(d, "k3");
      dictSet(d, "k4", -4);
    });
    for (let i = 0; i < 40; i++) expect(dictGet(base, `k${i}`)).toEqual(i % 5 === 0 ? { n: i } : i);
    expect(base.size).toBe(40);
    for (let i = 0; i < 60; i++) {
      const want = i === 1 ? { n: 2 } : i === 3 ? undefined : i === 4 ? -4 : i < 40 && i % 5 === 0 ? { n: i + 1000 } : i;
      expect(dictGet(next, `k${i}`), `k${i}`).toEqual(want);
    }
    expect(next.size).toBe(59);
    expect(dictProblem(next)).toBeUndefined();
    // a later recipe on the new state leaves it as it was too
    const third = produce(next, (d) => {
      (dictGet(d, "k0") as { n: number }).n = -1;
      dictSet(d, "k2", 0);
    });
    expect([dictGet(next, "k0"), dictGet(next, "k2")]).toEqual([{ n: 1000 }, 2]);
    expect([dictGet(third, "k0"), dictGet(third, "k2")]).toEqual([{ n: -1 }, 0]);
  });
  it("reports a map whose keys sit in the wrong place, as a tampered snapshot would", () => {
    const dict = emptyDict<number>();
    dictSet(dict, "a", 1);
    const bucket = dict.root.find((s) => s !== null) as Array<string | number>;
    bucket[0] = "b"; // hashes to another slot than "a"
    expect(dictProblem(dict)).toMatch(/wrong place/);
    expect(dictProblem({ size: 0, root: [] })).toBe("not a map");
  });

  it("dictPeek reads an object value as it is now, the recipe's own changes included, without drafting it", () => {
    const base = { d: emptyDict<{ n: number }>() };
    for (let i = 0; i < 2_000; i++) dictSet(base.d, `k${i}`, { n: i });
    expect(dictPeek(base.d, "k42")).toBe(dictGet(base.d, "k42"));
    expect(dictPeek(base.d, "nope")).toBeUndefined();
    const next = produce(base, (draft) => {
      const plain = dictPeek(draft.d, "k7")!;
      expect(isDraft(plain)).toBe(false);
      expect(plain).toBe(dictGet(base.d, "k7"));
      // changed through dictGet's draft earlier in the recipe: the change shows, as plain data
      dictGet(draft.d, "k8")!.n = 800;
      const changed = dictPeek(draft.d, "k8")!;
      expect(isDraft(changed)).toBe(false);
      expect(changed.n).toBe(800);
      dictSet(draft.d, "new", { n: -1 });
      expect(dictPeek(draft.d, "new")).toEqual({ n: -1 });
      dictDelete(draft.d, "k9");
      expect(dictPeek(draft.d, "k9")).toBeUndefined();
    });
    expect(dictGet(next.d, "k8")!.n).toBe(800);
    expect(dictGet(base.d, "k8")!.n).toBe(8);
    // a recipe that only peeks changes nothing: immer hands back the very same state
    expect(produce(next, (draft) => void dictPeek(draft.d, "k100"))).toBe(next);
  });
});
