import { spawn } from "node:child_process";
import { freePort, getStatus, median, stopChild } from "./lib.mjs";
const res = {};
for (let r = 0; r < 9; r++) for (const v of ["base", "stub"]) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [`/tmp/lb/sk-${v}.js`, "start", "--port", String(port)], { stdio: "ignore" });
  for (;;) { try { if (await getStatus(port, "/identity/v3") === 200) break; } catch {} await new Promise((r) => setTimeout(r, 2)); }
  (res[v] ??= []).push(performance.now() - t0);
  await stopChild(child);
}
for (const [k, v] of Object.entries(res)) console.log(k, median(v).toFixed(1), Math.min(...v).toFixed(1));
