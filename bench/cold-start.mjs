// Cold start and resident memory: spawn `node bin/skymock.js start --port N` and time spawn -> first 200
// from GET /identity/v3; at that moment, read the child's VmRSS (default seed world). For reference, the
// same measure on the smallest node:http server (bench/node-floor.mjs), spawned alternately.

import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort, median, rssMiB, spread, startEmulator, startProcess, stopChild } from "./lib.mjs";

const NODE_FLOOR = fileURLToPath(new URL("./node-floor.mjs", import.meta.url));

export async function measureColdStart({ runs = 7 } = {}) {
  const readyMs = [];
  const rss = [];
  const floorMs = [];
  const floorRss = [];
  for (let i = 0; i < runs; i++) {
    const port = await freePort();
    const { child, readyMs: ms } = await startEmulator({ port });
    rss.push(rssMiB(child.pid));
    readyMs.push(ms);
    await stopChild(child);
    const floorPort = await freePort();
    const floor = await startProcess({ argv: [NODE_FLOOR, String(floorPort)], port: floorPort, path: "/" });
    floorMs.push(floor.readyMs);
    floorRss.push(rssMiB(floor.child.pid));
    await stopChild(floor.child);
  }
  return {
    runs,
    compileCache: compileCacheInUse(),
    readyMs,
    medianMs: median(readyMs),
    minMs: Math.min(...readyMs),
    nodeFloorMedianMs: median(floorMs),
    rssMiB: rss,
    rssMedianMiB: median(rss),
    rssMaxMiB: Math.max(...rss),
    // A/B rounds: each round's emulator spawn against the bare spawn right after it
    start: spread(readyMs),
    floorStart: spread(floorMs),
    startRatio: spread(readyMs.map((ms, i) => ms / floorMs[i])),
    rss: spread(rss),
    floorRss: spread(floorRss),
    rssRatio: spread(rss.map((m, i) => m / floorRss[i])),
  };
}

/** Whether the command runs with Node's compile cache (bin/skymock.js enables it; Node 22.1 and later). */
function compileCacheInUse() {
  const script = "const m = require('node:module'); m.enableCompileCache?.(); console.log(Boolean(m.getCompileCacheDir?.()))";
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim() === "true";
}
