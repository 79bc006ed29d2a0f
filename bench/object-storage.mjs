// Object storage figures, in-process through app.request (the whole request pipeline, no socket): object
// PUT and GET per second for 1 KiB objects, and one container listing page of 10,000 names after a marker
// with 10,000 versus 1,000,000 objects in the container (target: within 1.5x; two worlds side by side, the
// page asked of each in turn). The big container is filled with server-side copies of one object (PUT with
// X-Copy-From), the cheapest write Swift offers: every object is real, their bytes are shared.

import { createEmulator } from "../dist/index.js";
import { median } from "./lib.mjs";

async function world() {
  const emu = createEmulator({ frozenClock: true, randomSeed: 1 });
  const login = await emu.app.request("http://bench/identity/v3/auth/tokens", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      auth: {
        identity: { methods: ["password"], password: { user: { name: "demo", domain: { name: "Default" }, password: "demo" } } },
        scope: { project: { name: "demo", domain: { name: "Default" } } },
      },
    }),
  });
  const token = login.headers.get("x-subject-token");
  const project = (await login.json()).token.project.id;
  const base = `http://bench/object-store/v1/AUTH_${project}`;
  const call = async (method, path, headers = {}, body) => {
    const res = await emu.app.request(`${base}${path}`, { method, headers: { "X-Auth-Token": token, ...headers }, body });
    const bytes = await res.arrayBuffer();
    if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${Buffer.from(bytes).toString().slice(0, 200)}`);
    return { res, bytes };
  };
  await call("PUT", "/c");
  return { emu, call };
}

const name = (i) => `objects/${String(i).padStart(8, "0")}`;

async function fill(w, count) {
  await w.call("PUT", "/c/source", { "content-length": "1" }, new Uint8Array([42]));
  for (let i = 0; i < count; i++) await w.call("PUT", `/c/${name(i)}`, { "x-copy-from": "c/source", "content-length": "0" });
}

/** PUT then GET of `count` 1 KiB objects: per second each. */
async function putGet(count) {
  const w = await world();
  const body = new Uint8Array(1024).fill(7);
  let t = performance.now();
  for (let i = 0; i < count; i++) await w.call("PUT", `/c/small-${i}`, { "content-length": "1024" }, body);
  const putSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  for (let i = 0; i < count; i++) {
    const { bytes } = await w.call("GET", `/c/small-${i}`);
    if (bytes.byteLength !== 1024) throw new Error("short read");
  }
  const getSeconds = (performance.now() - t) / 1000;
  return { putPerSecond: count / putSeconds, getPerSecond: count / getSeconds };
}

export async function measureObjectStorage({ objects = 20_000, small = 10_000, large = 1_000_000, warmup = 3, reps = 9 } = {}) {
  const rates = await putGet(objects);
  const worlds = { small: await world(), large: await world() };
  const t = performance.now();
  await fill(worlds.small, small);
  await fill(worlds.large, large);
  const fillSeconds = (performance.now() - t) / 1000;
  // the page after a marker in the middle of the small container: the same names in both
  const marker = name(Math.floor(small / 2) - 5_000 > 0 ? Math.floor(small / 2) - 5_000 : 0);
  const path = `/c?format=json&limit=10000&prefix=objects/&marker=${encodeURIComponent(marker)}`;
  const xs = { small: [], large: [] };
  for (let i = 0; i < warmup + reps; i++) {
    for (const key of ["small", "large"]) {
      const started = performance.now();
      const { bytes } = await worlds[key].call("GET", path);
      const ms = performance.now() - started;
      if (i === 0 && JSON.parse(Buffer.from(bytes).toString()).length === 0) throw new Error("empty page");
      if (i >= warmup) xs[key].push(ms);
    }
  }
  for (const w of Object.values(worlds)) await w.emu.close();
  return { ...rates, fillSeconds, page: { smallMs: median(xs.small), largeMs: median(xs.large), ratio: median(xs.large) / median(xs.small) }, small, large };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const large = Number(process.argv[2] ?? 1_000_000);
  console.log(JSON.stringify(await measureObjectStorage({ large })));
}
