import { describe, expect, it } from "vitest";
import { call, login } from "../helpers/emulator.js";
import { dictEntries, dictSet, emptyDict } from "../../src/kernel/store/dict.js";
import { seqsFrom } from "../../src/kernel/store/seq-set.js";
import { rebuildGroupings } from "../../src/kernel/store/table.js";
import { BUILD_MS, createWidget, toyEmulator } from "../helpers/toy-service/index.js";

const putState = (emu: ReturnType<typeof toyEmulator>, snapshot: unknown) =>
  call(emu, "PUT", "/_emulator/state", { raw: typeof snapshot === "string" ? snapshot : JSON.stringify(snapshot) });

describe("GET and PUT /_emulator/state", () => {
  it("round-trips exactly: export, change things, import, and export again gives the first", async () => {
    const emu = toyEmulator();
    const token = await login(emu);
    const a = await createWidget(emu, token, "a");
    await call(emu, "POST", "/_emulator/clock/advance", { body: { by: "1m" } });
    await createWidget(emu, token, "b");
    const first = await call(emu, "GET", "/_emulator/state");
    expect(first.status).toBe(200);
    expect(first.body.format).toBe("skymock-snapshot/3");
    expect(first.body.transitions).toHaveLength(1); // b is still building

    await createWidget(emu, token, "c");
    await call(emu, "DELETE", `/toy/widgets/${a.id}`, { token });
    await call(emu, "POST", "/_emulator/clock/advance", { body: { by: "10m" } });
    await login(emu, "demo");
    expect((await call(emu, "GET", "/_emulator/state")).text).not.toBe(first.text);

    const res = await putState(emu, first.text);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ imported: true });
    const second = await call(emu, "GET", "/_emulator/state");
    expect(second.text).toBe(first.text);
    // the imported world works: the old token is valid again, and b finishes building on time
    const names = (await call(emu, "GET", "/toy/widgets", { token })).body.widgets.map((w: any) => `${w.name}:${w.status}`);
    expect(names).toEqual(["a:ACTIVE", "b:BUILD"]);
    await call(emu, "POST", "/_emulator/clock/advance", { body: { by: BUILD_MS } });
    expect((await call(emu, "GET", "/toy/widgets", { token })).body.widgets[1].status).toBe("ACTIVE");
  });

  it("carries where the id generator stands: an emulator with the same random seed makes none of the snapshot's ids again", async () => {
    const source = toyEmulator();
    const token = await login(source);
    const first = await createWidget(source, token, "a");
    const snapshot = JSON.parse((await call(source, "GET", "/_emulator/state")).text);
    expect(snapshot.ids).toEqual([expect.any(Number), expect.any(Number), expect.any(Number), expect.any(Number)]);
    // the same seed: a fresh emulator would make the source's first id next
    const fresh = toyEmulator();
    expect((await createWidget(fresh, await login(fresh), "x")).id).toBe(first.id);
    const target = toyEmulator();
    expect((await putState(target, snapshot)).status).toBe(200);
    const next = await createWidget(target, token, "b");
    // the source, had it gone on, would have made the same id next: the target continues its stream
    expect(next.id).toBe((await createWidget(source, token, "b")).id);
    expect(next.id).not.toBe(first.id);
    expect((await call(target, "GET", "/toy/widgets", { token })).body.widgets.map((w: any) => w.name)).toEqual(["a", "b"]);
  });

  it("moves a world to another emulator with the same services", async () => {
    const source = toyEmulator();
    const token = await login(source);
    const w = await createWidget(source, token);
    const snapshot = (await call(source, "GET", "/_emulator/state")).text;
    const target = toyEmulator({ startTime: Date.parse("2040-01-01T00:00:00Z") });
    expect((await putState(target, snapshot)).status).toBe(200);
    expect((await call(target, "GET", "/_emulator/clock")).body.epochMs).toBe(source.clock.now());
    expect((await call(target, "GET", `/toy/widgets/${w.id}`, { token })).body.widget.status).toBe("BUILD");
    await call(target, "POST", "/_emulator/clock/advance", { body: { by: "5s" } });
    expect((await call(target, "GET", `/toy/widgets/${w.id}`, { token })).body.widget.status).toBe("ACTIVE");
  });
});

describe("a snapshot of an older build", () => {
  it("imports without a table or map added since: it starts as a fresh emulator's", async () => {
    const source = toyEmulator();
    const token = await login(source);
    await createWidget(source, token);
    const snapshot = JSON.parse((await call(source, "GET", "/_emulator/state")).text);
    delete snapshot.state.toy.widgets;
    const target = toyEmulator();
    expect((await putState(target, snapshot)).status).toBe(200);
    expect((await call(target, "GET", "/toy/widgets", { token: await login(target) })).body.widgets).toEqual([]);
    expect((await call(target, "GET", "/_emulator/state")).body.state.toy.widgets.size).toBe(0);
  });
});

/**
 * A /3 snapshot as a skymock-snapshot/2 build wrote it: a group's rows as a list of their ids (a trie of the
 * ids by the order they joined, indexed by id), where /3 keeps their sequence numbers. Answers how many
 * groups it rewrote.
 */
function asFormat2(snapshot: any): any {
  let groups = 0;
  const idAt = new Map<number, string>();
  const rowsOf = (node: any[], level: number, base: number): void =>
    node.forEach((slot, d) => {
      if (slot === null) return;
      const seq = base + d * 32 ** level;
      if (level > 0) rowsOf(slot, level - 1, seq);
      else idAt.set(seq, slot.id);
    });
  const idList = (ids: string[]) => {
    if (ids.length > 32) throw new Error("the test's lists hold up to 32 ids");
    const index = emptyDict<number>();
    ids.forEach((id, i) => dictSet(index, id, i));
    return { size: ids.length, next: ids.length, depth: 1, rows: [...ids, ...Array(32 - ids.length).fill(null)], index };
  };
  const walk = (value: unknown): void => {
    if (!value || typeof value !== "object") return;
    if (Array.isArray(value)) return value.forEach(walk);
    const v = value as Record<string, any>;
    if (v.rows && v.index && typeof v.depth === "number") {
      idAt.clear();
      rowsOf(v.rows, v.depth - 1, 0);
      for (const grouping of [v.groups, ...(v.also ?? [])]) {
        if (!grouping) continue;
        const node = (n: any[]): void =>
          n.forEach((slot) => {
            if (!slot) return;
            if (typeof slot[0] !== "string") return node(slot);
            for (let j = 1; j < slot.length; j += 2) {
              const members = slot[j];
              slot[j] = typeof members === "number" ? idAt.get(members) : idList([...seqsFrom(members)].map((seq) => idAt.get(seq)!));
              groups++;
            }
          });
        node(grouping.members.root);
      }
      return;
    }
    Object.values(v).forEach(walk);
  };
  walk(snapshot.state);
  return { ...snapshot, format: "skymock-snapshot/2", groups };
}

describe("a skymock-snapshot/2 snapshot (groups as lists of ids)", () => {
  it("imports, lists each group's rows, and exports as the /3 snapshot it was made from", async () => {
    const source = toyEmulator();
    const token = await login(source);
    const widgets = [await createWidget(source, token, "a"), await createWidget(source, token, "b")];
    const text = (await call(source, "GET", "/_emulator/state")).text;
    const old = asFormat2(JSON.parse(text));
    expect(old.groups).toBeGreaterThan(0);
    expect(JSON.stringify(old.state)).not.toBe(JSON.stringify(JSON.parse(text).state));
    delete old.groups;

    const target = toyEmulator();
    const res = await putState(target, old);
    expect(res.status, res.text).toBe(200);
    expect((await call(target, "GET", "/_emulator/state")).text).toBe(text);
    // a project's list reads its group
    expect((await call(target, "GET", "/toy/widgets", { token })).body.widgets.map((w: any) => w.id)).toEqual(widgets.map((w) => w.id));
  });

  it("with maps of 32-slot nodes, as /2 builds kept them, imports, logs in, finds, writes and exports", async () => {
    const source = toyEmulator();
    const token = await login(source);
    const widget = await createWidget(source, token, "a");
    const old = asFormat2(JSON.parse((await call(source, "GET", "/_emulator/state")).text));
    delete old.groups;
    // a /2 build kept no position of its id generator
    delete old.ids;
    // every map rebuilt with 32-slot nodes (the groups' own maps too)
    let maps = 0;
    const wide = (v: any): any => {
      if (!v || typeof v !== "object") return v;
      if (Array.isArray(v)) return v.map(wide);
      if (Array.isArray(v.root) && v.root.length === 16 && typeof v.size === "number") {
        const map = { size: 0, root: new Array(32).fill(null) };
        for (const [key, value] of dictEntries(v)) dictSet(map, key, wide(value));
        maps++;
        return map;
      }
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, wide(x)]));
    };
    old.state = wide(old.state);
    expect(maps).toBeGreaterThan(10);

    const target = toyEmulator();
    // the toy's ids come from a seeded generator and a /2 snapshot does not say where it stood: one made
    // here first, so the next is not the source's
    await createWidget(target, await login(target), "throwaway");
    const res = await putState(target, old);
    expect(res.status, res.text).toBe(200);
    // a login (users by name), a lookup by id, a write and a list all work on the old maps
    const again = await login(target);
    expect((await call(target, "GET", `/toy/widgets/${widget.id}`, { token: again })).body.widget.name).toBe("a");
    const more = await createWidget(target, again, "b");
    expect((await call(target, "GET", "/toy/widgets", { token: again })).body.widgets.map((w: any) => w.id)).toEqual([widget.id, more.id]);
    // and the state it exports imports again
    const exported = (await call(target, "GET", "/_emulator/state")).text;
    expect((await putState(toyEmulator(), exported)).status).toBe(200);
  });

  it("has its groups built again from the rows, whatever they held; a /3 snapshot's wrong groups are a 400", async () => {
    const source = toyEmulator();
    const token = await login(source);
    const widget = await createWidget(source, token, "a");
    const text = (await call(source, "GET", "/_emulator/state")).text;
    const wrong = JSON.parse(text);
    // every group of every table emptied
    const walk = (v: any): void => {
      if (!v || typeof v !== "object") return;
      if (v.rows && v.index) for (const g of [v.groups, ...(v.also ?? [])]) if (g) g.members = emptyDict();
      Object.values(v).forEach(walk);
    };
    walk(wrong.state);
    const target = toyEmulator();
    const before = (await call(target, "GET", "/_emulator/state")).text;
    const refused = await putState(target, wrong);
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/table groups do not list every row/);
    expect((await call(target, "GET", "/_emulator/state")).text).toBe(before);
    expect((await putState(target, { ...wrong, format: "skymock-snapshot/2" })).status).toBe(200);
    expect((await call(target, "GET", "/_emulator/state")).text).toBe(text);
    expect((await call(target, "GET", "/toy/widgets", { token })).body.widgets.map((w: any) => w.id)).toEqual([widget.id]);
  });
});

/**
 * A /2 snapshot's state as a skymock-snapshot/1 build wrote it: every map bucket as { e: [[key, value], ...] },
 * and a group's list of ids as a table of { id } rows. Answers how many lists it rewrote.
 */
function asFormat1(snapshot: any): any {
  let lists = 0;
  const leaves = (node: any[], level: number): void =>
    node.forEach((slot, i) => {
      if (slot === null) return;
      if (level > 0) return leaves(slot, level - 1);
      node[i] = { id: slot };
    });
  const walk = (value: unknown): void => {
    if (!value || typeof value !== "object") return;
    if (Array.isArray(value)) return value.forEach(walk);
    const v = value as Record<string, any>;
    if (typeof v.by === "string" && v.members?.root) {
      const node = (n: any[]): void =>
        n.forEach((slot) => {
          if (!slot) return;
          if (typeof slot[0] !== "string") return node(slot);
          for (let j = 1; j < slot.length; j += 2) {
            const list = slot[j];
            if (typeof list === "object" && list.rows) {
              leaves(list.rows, list.depth - 1);
              lists++;
            }
          }
        });
      node(v.members.root);
    }
    if (Array.isArray(v.root) && (v.root.length === 16 || v.root.length === 32) && typeof v.size === "number") {
      const node = (n: any[]): void =>
        n.forEach((slot, i) => {
          if (!slot) return;
          if (typeof slot[0] !== "string") return node(slot);
          const pairs: unknown[] = [];
          for (let j = 0; j < slot.length; j += 2) pairs.push([slot[j], slot[j + 1]]);
          n[i] = { e: pairs };
          pairs.forEach((pair: any) => walk(pair[1]));
        });
      return node(v.root);
    }
    Object.values(v).forEach(walk);
  };
  walk(snapshot.state);
  return { ...snapshot, format: "skymock-snapshot/1", lists };
}

describe("a skymock-snapshot/1 snapshot (maps of [key, value] pairs)", () => {
  it("imports, reads back every lookup, and exports as the /3 snapshot it was made from", async () => {
    const source = toyEmulator();
    const token = await login(source);
    const widgets = [await createWidget(source, token, "a"), await createWidget(source, token, "b")];
    const text = (await call(source, "GET", "/_emulator/state")).text;
    const old = asFormat1(asFormat2(JSON.parse(text)));
    // the conversion did make pairs (the identity tables' indexes hold some) and { id } members
    expect(JSON.stringify(old.state.identity)).toMatch(/"e":\[\["/);
    expect(old.lists).toBeGreaterThan(0);
    delete old.lists;
    delete old.groups;

    const target = toyEmulator();
    const res = await putState(target, old);
    expect(res.status, res.text).toBe(200);
    expect((await call(target, "GET", "/_emulator/state")).text).toBe(text);
    // lookups by id and a login (by name) work on the imported maps
    for (const w of widgets) expect((await call(target, "GET", `/toy/widgets/${w.id}`, { token })).body.widget.name).toBe(w.name);
    expect(await login(target)).toEqual(expect.any(String));
  });

  it("a /1 map whose entry is not a pair is a 400 that changes nothing", async () => {
    const source = toyEmulator();
    const old = asFormat1(asFormat2(JSON.parse((await call(source, "GET", "/_emulator/state")).text)));
    delete old.lists;
    delete old.groups;
    const bucket = (old.state.identity.users.index.root as any[]).find((slot) => slot && !Array.isArray(slot));
    bucket.e[0] = ["only a key"];
    const before = (await call(source, "GET", "/_emulator/state")).text;
    const res = await putState(source, old);
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/identity state is not valid: users: table index: a map/);
    expect((await call(source, "GET", "/_emulator/state")).text).toBe(before);
  });
});

/** The snapshot with identity's role grants indexed as `options` says, each group listing its rows rightly. */
function withIndexes(snapshot: any, options: Record<string, unknown>): any {
  const assignments = snapshot.state.identity.assignments;
  rebuildGroupings(assignments, options);
  return JSON.parse(JSON.stringify(snapshot));
}

describe("a bad snapshot is a 400 and changes nothing", () => {
  const emu = toyEmulator();
  const good = async () => JSON.parse((await call(emu, "GET", "/_emulator/state")).text);
  const cases: Array<[string, (s: any) => unknown, RegExp]> = [
    ["not JSON", () => "{nope", /snapshot/],
    ["not a snapshot", () => ({ hello: "world" }), /format/],
    ["another format", (s) => ({ ...s, format: "skymock-snapshot/0" }), /format/],
    ["no clock", (s) => ({ ...s, clock: undefined }), /clock/],
    ["ids of the wrong length", (s) => ({ ...s, ids: [1, 2, 3] }), /ids/],
    ["ids that are no 32-bit words", (s) => ({ ...s, ids: [1, 2, 3, -4] }), /ids/],
    ["ids that are no list", (s) => ({ ...s, ids: "1,2,3,4" }), /ids/],
    ["a missing service", (s) => ({ ...s, state: { identity: s.state.identity } }), /services \[identity\]/],
    ["an extra service", (s) => ({ ...s, state: { ...s.state, compute: {} } }), /compute/],
    ["a missing value that is no table or map", (s) => {
      delete s.state.identity.catalog;
      return s;
    }, /catalog is missing/],
    ["an extra collection", (s) => ({ ...s, state: { ...s.state, toy: { ...s.state.toy, gadgets: [] } } }), /gadgets/],
    ["a table that is not one", (s) => ({ ...s, state: { ...s.state, toy: { widgets: [] } } }), /widgets: not a table/],
    ["a table whose size lies", (s) => ({ ...s, state: { ...s.state, identity: { ...s.state.identity, users: { ...s.state.identity.users, size: 99 } } } }), /users/],
    ["a row the index does not know", (s) => {
      s.state.identity.users.rows[0].id = "someone-else";
      return s;
    }, /not indexed/],
    ["bad lifecycle steps", (s) => ({ ...s, transitions: [{ type: "toy.widget" }] }), /transitions/],
    // indexes that list their rows rightly, but are not the ones this build keeps
    ["a table grouped by another field", (s) => withIndexes(s, { groupBy: "roleId", alsoGroupBy: ["scope.project"] }), /groups by roleId are not this build's/],
    ["an index this build does not keep", (s) => withIndexes(s, { groupBy: "userId", alsoGroupBy: ["scope.project", "roleId"] }), /index roleId is not this build's/],
  ];

  for (const [what, corrupt, message] of cases) {
    it(`rejects ${what}`, async () => {
      const before = emu.kernel.store.state;
      const clock = emu.clock.now();
      const res = await putState(emu, corrupt(await good()));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(message);
      expect(emu.kernel.store.state).toBe(before);
      expect(emu.clock.now()).toBe(clock);
    });
  }
});
