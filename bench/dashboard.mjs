// The dashboard's cost: nothing at start (its module is built on the first /dashboard request), so what
// a user pays is the first load. Spawns the emulator, then times the first GET of the page, its script and
// its style (the lazy build included) and the next load, with their bytes and the RSS before and after.

import { freePort, median, rssMiB, startEmulator, stopChild } from "./lib.mjs";

const ASSETS = ["/dashboard", "/dashboard/app.js", "/dashboard/app.css"];

async function load(port) {
  const t0 = performance.now();
  let bytes = 0;
  for (const path of ASSETS) {
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
    bytes += (await res.arrayBuffer()).byteLength;
  }
  return { ms: performance.now() - t0, bytes };
}

export async function measureDashboard({ runs = 5 } = {}) {
  const first = [];
  const next = [];
  const rssGrowth = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const port = await freePort();
    const { child } = await startEmulator({ port });
    const before = rssMiB(child.pid);
    const cold = await load(port);
    first.push(cold.ms);
    bytes = cold.bytes;
    next.push((await load(port)).ms);
    rssGrowth.push(rssMiB(child.pid) - before);
    await stopChild(child);
  }
  return { runs, firstLoadMs: median(first), nextLoadMs: median(next), bytes, rssGrowthMiB: median(rssGrowth) };
}
