// Block storage figures, in-process through app.request (the whole request pipeline, no socket): volume
// creates per second with the creating -> available step made immediate (a transitions override), so each
// POST's answer is already available and the figure is the API's cost, not the lifecycle's; one
// GET /volumes/detail page of 1,000 with 10,000 versus 100,000 volumes in the store (target: within 1.5x;
// two worlds side by side, the page asked of each in turn), and another project's page behind them (the
// same target: a project's rows are indexed); and attach/detach pairs per second through the os-attach / os-detach volume actions.

import { createEmulator } from "../dist/index.js";
import { appCall, median } from "./lib.mjs";

// the seed's users: admin (project admin) and demo (project demo), each password its name
const login = (name) => ({
  auth: {
    identity: { methods: ["password"], password: { user: { name, domain: { name: "Default" }, password: name } } },
    scope: { project: { name, domain: { name: "Default" } } },
  },
});

async function tokenFor(emu, name) {
  const res = await appCall(emu, "POST", "/identity/v3/auth/tokens", undefined, login(name));
  return { token: res.headers.get("x-subject-token"), projectId: res.body.token.project.id };
}

async function request(emu, method, path, token) {
  const res = await emu.app.request(`http://bench${path}`, { method, headers: { "X-Auth-Token": token } });
  return { status: res.status, text: await res.text() };
}

/** POSTs `count` volumes (1 GiB, one POST each); ms per create, and how many answered `available`. */
async function createVolumes(emu, token, base, from, count) {
  let available = 0;
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const res = await appCall(emu, "POST", `${base}/volumes`, token, { volume: { size: 1, name: `bench-${from + i}` } });
    if (res.body.volume.status === "available") available++;
  }
  return { ms: performance.now() - t0, available };
}

/** One GET read to the last byte: its ms, size and number of volumes. */
async function timeOnce(w, token, path) {
  const t = performance.now();
  const res = await request(w.emu, "GET", path, token);
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`GET ${path} -> ${res.status} ${res.text.slice(0, 300)}`);
  return { ms, bytes: res.text.length, text: res.text };
}

/**
 * The same page in both worlds, asked alternately (small, large, small, ...) so that whatever else the
 * machine does falls on both alike: median ms of each after the warm-up, and the large world's page size.
 */
async function timePagePair(small, large, page, { warmup = 20, reps = 40 } = {}) {
  const xs = { small: [], large: [] };
  let bytes = 0;
  for (let i = 0; i < warmup + reps; i++) {
    for (const [key, w] of [["small", small], ["large", large]]) {
      const { token, path } = page(w);
      const res = await timeOnce(w, token, path);
      if (i === 0 && JSON.parse(res.text).volumes.length !== 1000) throw new Error(`GET ${path}: not 1000 volumes`);
      if (i >= warmup) xs[key].push(res.ms);
      bytes = res.bytes;
    }
  }
  const at = (key) => ({ ms: median(xs[key]), minMs: Math.min(...xs[key]) });
  return { small: at("small"), large: at("large"), ratio: median(xs.large) / median(xs.small), bytes };
}

/** The id of the volume at list position `position` (newest first), found by walking summary pages. */
async function markerAt(w, position) {
  let marker;
  let seen = 0;
  for (;;) {
    const limit = Math.min(1000, position - seen);
    const page = await appCall(w.emu, "GET", `${w.base}/volumes?limit=${limit}${marker ? `&marker=${marker}` : ""}`, w.token);
    seen += page.body.volumes.length;
    marker = page.body.volumes.at(-1).id;
    if (seen === position) return marker;
  }
}

/** `count` os-attach (to a host) + os-detach pairs, cycling over `volumes`; pairs per second. */
async function attachDetach(w, volumes, count) {
  const one = async (i) => {
    const id = volumes[i % volumes.length];
    await appCall(w.emu, "POST", `${w.base}/volumes/${id}/action`, w.token, { "os-attach": { host_name: "bench-host", mountpoint: "/dev/vdb" } });
    await appCall(w.emu, "POST", `${w.base}/volumes/${id}/action`, w.token, { "os-detach": null });
  };
  for (let i = 0; i < 200; i++) await one(i);
  const t0 = performance.now();
  for (let i = 0; i < count; i++) await one(i);
  const seconds = (performance.now() - t0) / 1000;
  const last = await appCall(w.emu, "GET", `${w.base}/volumes/${volumes[0]}`, w.token);
  if (last.body.volume.status !== "available" || last.body.volume.attachments.length !== 0) throw new Error(`after the pairs a volume is ${last.body.volume.status}`);
  return { count, seconds, perSecond: count / seconds, usPerPair: (seconds * 1e6) / count };
}

/**
 * A world of `count` admin volumes behind `demoVolumes` of project demo's (created first, so the oldest),
 * every one created by its own POST with creating -> available immediate; the admin creates' timing.
 */
async function world(count, demoVolumes) {
  const emu = createEmulator({ frozenClock: true, randomSeed: 8 });
  const { token, projectId } = await tokenFor(emu, "admin");
  const demo = await tokenFor(emu, "demo");
  const base = `/volume/v3/${projectId}`;
  for (const p of [projectId, demo.projectId]) await appCall(emu, "PUT", `${base}/os-quota-sets/${p}`, token, { quota_set: { volumes: -1, gigabytes: -1 } });
  await appCall(emu, "POST", "/_emulator/transitions/overrides", undefined, { type: "block-storage.volume", from: "creating", mode: "immediate" });
  await createVolumes(emu, demo.token, `/volume/v3/${demo.projectId}`, 0, demoVolumes);
  const create = await createVolumes(emu, token, base, 0, count);
  if (create.available !== count) throw new Error(`${count - create.available} of ${count} creates answered before available`);
  const creating = await appCall(emu, "GET", `${base}/volumes?status=creating&limit=1`, token);
  if (creating.body.volumes.length !== 0) throw new Error("volumes still creating after the immediate step");
  return { emu, token, base, demo, count, createMs: create.ms };
}

export async function measureBlockStorage({ small = 10_000, large = 100_000, pairs = 5000, demoVolumes = 1000 } = {}) {
  const started = performance.now();
  // (a) the 10k world's admin creates are the timed ones
  const a = await world(small, demoVolumes);
  // (c) on the 10k world
  const ids = (await appCall(a.emu, "GET", `${a.base}/volumes?limit=100`, a.token)).body.volumes.map((v) => v.id);
  const attach = await attachDetach(a, ids, pairs);
  // (b) the 100k world beside it, and the same pages of both, interleaved
  const b = await world(large, demoVolumes);
  for (const w of [a, b]) w.mid = await markerAt(w, w.count / 2);
  const first = await timePagePair(a, b, (w) => ({ token: w.token, path: `${w.base}/volumes/detail?limit=1000` }));
  const middle = await timePagePair(a, b, (w) => ({ token: w.token, path: `${w.base}/volumes/detail?limit=1000&marker=${w.mid}` }));
  // demo's volumes are the oldest: without the per-project index its first page would walk past every admin volume
  const otherProject = await timePagePair(a, b, (w) => ({ token: w.demo.token, path: `/volume/v3/${w.demo.projectId}/volumes/detail?limit=1000` }), { warmup: 5, reps: 15 });
  await a.emu.close();
  await b.emu.close();
  return {
    create: { count: small, seconds: a.createMs / 1000, perSecond: small / (a.createMs / 1000) },
    pages: { small, large, demoVolumes, first, middle, otherProject, buildLargeSeconds: b.createMs / 1000 },
    attach,
    seconds: (performance.now() - started) / 1000,
  };
}

// `node bench/block-storage.mjs` (after `npm run build`): this part alone, as a JSON line
if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await measureBlockStorage()));
