// Store write and read cost: one Store.update (an immer recipe) inserting one row into a table that
// already holds 1k rows versus 100k rows, on createEmulator().kernel.store; plus get-by-id on each.
// The design goal under test: per-write cost must not grow with collection size.

import { createEmulator } from "../dist/index.js";
import { emptyTable, get, put } from "../dist/bench-store.js";

const KEY = "benchRows"; // a root key of its own, next to the seeded service slices

function hexId(i) {
  // 32 hex chars, spread like the emulator's ids; deterministic so runs compare
  let x = Math.imul(i + 1, 0x9e3779b1) >>> 0;
  let s = "";
  for (let k = 0; k < 4; k++) {
    x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) >>> 0;
    x = (x ^ (x >>> 12)) >>> 0;
    s += x.toString(16).padStart(8, "0");
  }
  return s;
}

function row(i) {
  return { id: hexId(i), name: `row-${i}`, projectId: "b200ccd7f1622a4d4d67c61a636d98f5", status: "ACTIVE", createdAt: 1_700_000_000_000 + i };
}

/** The store's state with a `size`-row table at KEY, built as plain data and installed in one update. */
function stateWithTable(store, base, size) {
  const table = emptyTable();
  for (let i = 0; i < size; i++) put(table, row(i));
  store.replace(base);
  store.update((draft) => {
    draft[KEY] = table;
  });
  return store.state;
}

/** Times `count` separate updates, each inserting one new row; returns µs per insert. */
function timeInserts(store, snapshot, firstIndex, count) {
  store.replace(snapshot); // persistent data: the snapshot is untouched by the previous round's writes
  const rows = Array.from({ length: count }, (_, k) => row(firstIndex + k));
  const t0 = performance.now();
  for (let k = 0; k < count; k++) {
    const r = rows[k];
    store.update((draft) => put(draft[KEY], r));
  }
  const us = ((performance.now() - t0) * 1000) / count;
  if (store.state[KEY].size !== snapshot[KEY].size + count) throw new Error("inserts did not land");
  return us;
}

/** get-by-id on the committed table, random existing ids; returns ns per read. */
function timeReads(table, size, count) {
  const ids = Array.from({ length: 4096 }, (_, k) => hexId((k * 7919) % size));
  let found = 0;
  const t0 = performance.now();
  for (let k = 0; k < count; k++) if (get(table, ids[k & 4095]) !== undefined) found++;
  const ns = ((performance.now() - t0) * 1e6) / count;
  if (found !== count) throw new Error("reads missed");
  return ns;
}

export async function measureStore({ small = 1_000, large = 100_000, insertsPerRound = 500, rounds = 12, reads = 300_000 } = {}) {
  const emulator = createEmulator({ frozenClock: true, randomSeed: 1 });
  const store = emulator.kernel.store;
  const base = store.state;
  const buildStart = performance.now();
  const snapSmall = stateWithTable(store, base, small);
  const snapLarge = stateWithTable(store, base, large);
  const buildLargeMs = performance.now() - buildStart;

  // warm-up: let the JIT settle on both shapes before timing
  for (let i = 0; i < 3; i++) {
    timeInserts(store, snapSmall, small, insertsPerRound);
    timeInserts(store, snapLarge, large, insertsPerRound);
  }
  // Rounds alternate sizes so drift hits both alike; each round restarts from the snapshot, so the table
  // holds between `size` and `size + insertsPerRound` rows while timed. GC is included (it is part of the
  // cost of a write); a full GC before each round keeps one round's garbage off the next.
  const perRound = { small: [], large: [] };
  for (let i = 0; i < rounds; i++) {
    globalThis.gc?.();
    perRound.small.push(timeInserts(store, snapSmall, small, insertsPerRound));
    globalThis.gc?.();
    perRound.large.push(timeInserts(store, snapLarge, large, insertsPerRound));
  }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  timeReads(snapSmall[KEY], small, reads / 10); // warm-up
  timeReads(snapLarge[KEY], large, reads / 10);
  const readSmallNs = timeReads(snapSmall[KEY], small, reads);
  const readLargeNs = timeReads(snapLarge[KEY], large, reads);
  await emulator.close();
  store.replace(base);

  const insertSmallUs = mean(perRound.small);
  const insertLargeUs = mean(perRound.large);
  return {
    via: "createEmulator({frozenClock}).kernel.store.update(draft => put(draft.benchRows, row)), one insert per update",
    small,
    large,
    inserts: insertsPerRound * rounds,
    buildLargeMs,
    insertSmallUs,
    insertLargeUs,
    insertRatio: insertLargeUs / insertSmallUs,
    perRoundUs: { small: perRound.small.map((x) => +x.toFixed(2)), large: perRound.large.map((x) => +x.toFixed(2)) },
    readSmallNs,
    readLargeNs,
  };
}
