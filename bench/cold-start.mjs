// Cold start and resident memory: spawn `node bin/skymock.js start --port N` and time spawn -> first 200
// from GET /identity/v3; at that moment, read the child's VmRSS (default seed world). For reference, the
// same measure on the smallest node:http server (bench/node-floor.mjs), spawned alternately.

import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort, median, rssMiB, startEmulator, startProcess, stopChild } from "./lib.mjs";

const NODE_FLOOR = fileURLToPath(new URL("./node-floor.mjs", import.meta.url));

export async function measureColdStart({ runs = 7 } = {}) {
  const readyMs = [];
  const rss = [];
  const floorMs = [];
  for (let i = 0; i < runs; i++) {
    const port = await freePort();
    const { child, readyMs: ms } = await startEmulator({ port });
    rss.push(rssMiB(child.pid));
    readyMs.push(ms);
    await stopChild(child);
    const floorPort = await freePort();
    const floor = await startProcess({ argv: [NODE_FLOOR, String(floorPort)], port: floorPort, path: "/" });
    floorMs.push(floor.readyMs);
    await stopChild(floor.child);
  }
  return {
    runs,
    codeCacheUsed: codeCacheUsed(),
    readyMs,
    medianMs: median(readyMs),
    minMs: Math.min(...readyMs),
    nodeFloorMedianMs: median(floorMs),
    rssMiB: rss,
    rssMedianMiB: median(rss),
    rssMaxMiB: Math.max(...rss),
  };
}

/** Whether a fresh node accepts the V8 code cache the build saved for the CLI bundle (bin/load-cli.js). */
function codeCacheUsed() {
  const loader = new URL("../bin/load-cli.js", import.meta.url).href;
  const script = `import(${JSON.stringify(loader)}).then((m) => { console.log(m.loadCli().cacheUsed); process.exit(0); })`;
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim() === "true";
}
