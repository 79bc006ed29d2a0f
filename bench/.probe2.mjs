import { createEmulator } from "/work/main/dist/index.js";
import { emptyTable, get, put } from "/work/main/dist/bench-store.js";
const row = (i) => ({ id: "id" + i + "x".repeat(20), name: "r" + i, createdAt: i });
const size = 100000;
const t = emptyTable();
for (let i = 0; i < size; i++) put(t, row(i));
const em = createEmulator({ frozenClock: true, randomSeed: 1 });
const store = em.kernel.store;
store.update((d) => { d.b = t; });
const snap = store.state;
for (let rep = 0; rep < 20; rep++) {
  store.replace(snap);
  for (let k = 0; k < 2000; k++) store.update((d) => put(d.b, row(size + k)));
}
