// What a Dict or a Table holds after deletes: only what is in it. A map that grew and shrank (tokens,
// ports, addresses under churn) must be as small as one that never grew, on plain data and through immer.

import { describe, expect, it } from "vitest";
import { produce } from "immer";
import { dictDelete, dictEntries, dictGet, dictSet, emptyDict, isBucket, type Dict, type Slot } from "../../src/kernel/store/dict.js";
import { emptyTable, put, remove, scan, type Table } from "../../src/kernel/store/table.js";
import { dictProblem } from "../../src/kernel/store/check.js";

const keys = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);

/** every node and bucket of a Dict's trie */
function shape(dict: Dict<unknown>): { nodes: number; buckets: number } {
  let nodes = 0;
  let buckets = 0;
  const walk = (node: Slot<unknown>[]) => {
    nodes++;
    for (const slot of node) {
      if (!slot) continue;
      if (isBucket(slot)) buckets++;
      else walk(slot);
    }
  };
  walk(dict.root);
  return { nodes, buckets };
}

describe("Dict after deletes", () => {
  it("deleting every key of 50,000 leaves a Dict equal to an empty one", () => {
    const dict = emptyDict<number>();
    keys(50_000).forEach((k, i) => dictSet(dict, k, i));
    expect(shape(dict).nodes).toBeGreaterThan(100);
    const deleted = keys(50_000).filter((k) => dictDelete(dict, k)).length;
    expect(deleted).toBe(50_000);
    expect(dict).toEqual(emptyDict());
  });

  it("the same through immer drafts, one delete per produce, as the store writes", () => {
    let dict = emptyDict<number>();
    dict = produce(dict, (d) => keys(2000).forEach((k, i) => dictSet(d, k, i)));
    for (const k of keys(2000)) dict = produce(dict, (d) => void dictDelete(d, k));
    expect(dict).toEqual(emptyDict());
  });

  it("a few keys left after many deletes sit in buckets under the root, and read back", () => {
    const dict = emptyDict<number>();
    keys(20_000).forEach((k, i) => dictSet(dict, k, i));
    const kept = ["id-7", "id-777", "id-7777"];
    for (const k of keys(20_000)) if (!kept.includes(k)) dictDelete(dict, k);
    expect(shape(dict).nodes).toBe(1);
    expect(dict.size).toBe(3);
    for (const k of kept) expect(dictGet(dict, k)).toBe(Number(k.slice(3)));
    expect(new Set([...dictEntries(dict)].map(([k]) => k))).toEqual(new Set(kept));
    expect(dictProblem(dict)).toBeUndefined();
  });

  it("stays correct when grown again after shrinking", () => {
    const dict = emptyDict<number>();
    for (let round = 0; round < 3; round++) {
      keys(10_000).forEach((k, i) => dictSet(dict, k, i + round));
      for (const k of keys(10_000)) if (Number(k.slice(3)) % 10 !== 0) dictDelete(dict, k);
      expect(dict.size).toBe(1000);
      const wrong = keys(10_000).filter((k) => dictGet(dict, k) !== (Number(k.slice(3)) % 10 === 0 ? Number(k.slice(3)) + round : undefined));
      expect(wrong).toEqual([]);
    }
    expect(dictProblem(dict)).toBeUndefined();
  });
});

describe("Table after deletes", () => {
  it("removing every row of 10,000 leaves rows and index equal to an empty table's", () => {
    const table: Table<{ id: string; n: number }> = emptyTable();
    keys(10_000).forEach((id, n) => put(table, { id, n }));
    for (const id of keys(10_000)) remove(table, id);
    const empty = emptyTable();
    expect(table.size).toBe(0);
    expect(table.rows).toEqual(empty.rows);
    expect(table.index).toEqual(empty.index);
    expect([...scan(table)]).toEqual([]);
  });
});
