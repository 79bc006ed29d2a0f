// Values rows hold alike are held once and frozen (kernel/store/shared.ts); a list a row keeps is the shared
// empty list or a copy of its exact length, and a write through a draft still changes only that row.

import { describe, expect, it } from "vitest";
import { Store } from "../../src/kernel/store/store.js";
import { exactList, sharedList } from "../../src/kernel/store/shared.js";

describe("exactList", () => {
  it("is the shared empty list for an empty list, else a copy holding the same items", () => {
    expect(exactList([])).toBe(sharedList([]));
    expect(Object.isFrozen(exactList([]))).toBe(true);
    const pushed: string[] = [];
    pushed.push("a", "b");
    const kept = exactList(pushed);
    expect(kept).toEqual(["a", "b"]);
    expect(kept).not.toBe(pushed);
    pushed.push("c");
    expect(kept).toEqual(["a", "b"]);
  });

  it("keeps rows apart: a draft's write to one row's list leaves the other row's as it was", () => {
    const store = new Store({ rows: [{ ids: exactList<string>([]) }, { ids: exactList<string>([]) }] });
    store.update((d) => {
      d.rows[0].ids.push("x");
    });
    expect(store.state.rows[0].ids).toEqual(["x"]);
    expect(store.state.rows[1].ids).toEqual([]);
  });
});
