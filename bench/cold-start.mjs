// Cold start and resident memory: spawn `node bin/skymock.js start --port N` and time spawn -> first 200
// from GET /identity/v3; at that moment, read the child's VmRSS (default seed world).

import { freePort, median, rssMiB, startEmulator, stopChild } from "./lib.mjs";

export async function measureColdStart({ runs = 7 } = {}) {
  const readyMs = [];
  const rss = [];
  for (let i = 0; i < runs; i++) {
    const port = await freePort();
    const { child, readyMs: ms } = await startEmulator({ port });
    rss.push(rssMiB(child.pid));
    readyMs.push(ms);
    await stopChild(child);
  }
  return {
    runs,
    readyMs,
    medianMs: median(readyMs),
    minMs: Math.min(...readyMs),
    rssMiB: rss,
    rssMedianMiB: median(rss),
    rssMaxMiB: Math.max(...rss),
  };
}
