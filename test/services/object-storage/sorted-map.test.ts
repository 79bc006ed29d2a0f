// The sorted map behind listings, against a plain sorted array: random inserts and deletes through immer
// drafts, scans from any start in both directions, byte order of UTF-8 names, and the listing page cost.

import { produce } from "immer";
import { describe, expect, it } from "vitest";
import { compareNames, emptySortedMap, sortedDelete, sortedEntries, sortedGet, sortedSet, type SortedMap } from "../../../src/services/object-storage/sorted-map.js";
import { listPage } from "../../../src/services/object-storage/listing.js";

const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

describe("sorted map", () => {
  it("orders names as their UTF-8 bytes", () => {
    const names = ["b", "a", "\uffff", "\u{10000}", "é", "z", "a0", "\ue000"];
    expect([...names].sort(compareNames)).toEqual([...names].sort(byBytes));
  });

  it("matches a sorted array under random inserts and deletes, read forward and backward from any key", () => {
    let map: SortedMap<number> = emptySortedMap();
    const model = new Map<string, number>();
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    for (let round = 0; round < 40; round++) {
      map = produce(map, (draft) => {
        for (let i = 0; i < 200; i++) {
          const key = `k${rand(3000)}`;
          if (rand(3) === 0) {
            expect(sortedDelete(draft, key)).toBe(model.get(key));
            model.delete(key);
          } else {
            expect(sortedSet(draft, key, i)).toBe(!model.has(key));
            model.set(key, i);
          }
        }
      });
      const keys = [...model.keys()].sort(compareNames);
      expect(map.size).toBe(keys.length);
      expect(Array.from(sortedEntries(map), ([k]) => k)).toEqual(keys);
      const probe = `k${rand(3000)}`;
      expect(sortedGet(map, probe)).toBe(model.get(probe));
      expect(Array.from(sortedEntries(map, { start: { key: probe, inclusive: false } }), ([k]) => k)).toEqual(keys.filter((k) => compareNames(k, probe) > 0));
      expect(Array.from(sortedEntries(map, { start: { key: probe, inclusive: true }, reverse: true }), ([k]) => k)).toEqual(
        keys.filter((k) => compareNames(k, probe) <= 0).reverse(),
      );
    }
  });

  it("reads a page after a marker without walking the names before it", () => {
    const map: SortedMap<number> = emptySortedMap();
    for (let i = 0; i < 100_000; i++) sortedSet(map, `obj/${String(i).padStart(6, "0")}`, i);
    const timed = (marker: string) => {
      const times: number[] = [];
      for (let run = 0; run < 21; run++) {
        const started = performance.now();
        const page = listPage(map, { marker, limit: 100 });
        times.push(performance.now() - started);
        expect(page.items).toHaveLength(100);
        expect(page.truncated).toBe(true);
      }
      return times.sort((a, b) => a - b)[10]!;
    };
    const early = timed("obj/000010");
    const late = timed("obj/090000");
    expect(listPage(map, { marker: "obj/090000", limit: 1 }).items[0]!.name).toBe("obj/090001");
    // a walk of the names before the marker would make the late page ~9,000 times the early one's work; the
    // bound is 50x (medians of 21), so a loaded machine cannot fail it, only such a walk can
    expect(late).toBeLessThan(early * 50 + 5);
  });
});
