let n = 0; const orig = Proxy.revocable; Proxy.revocable = (t, h) => { n++; return orig(t, h); };
const { produce, setAutoFreeze } = await import("../node_modules/immer/dist/immer.mjs");
setAutoFreeze(false);
const { emptyTable, put } = await import("../dist/bench-store.js");
for (const size of [1000, 100000]) {
  let t = emptyTable();
  for (let i = 0; i < size; i++) put(t, { id: "id-" + i, v: i });
  n = 0;
  for (let k = 0; k < 1000; k++) t = produce(t, (d) => put(d, { id: "new-" + k, v: k }));
  console.log(size, "proxies per insert", n / 1000);
}
