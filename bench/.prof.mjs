import { spawn } from "node:child_process";
import { runJsonChild, freePort, getStatus, stopChild } from "./lib.mjs";
const port = await freePort();
const child = spawn(process.execPath, ["--cpu-prof", "--cpu-prof-dir=" + process.argv[2], "bin/skymock.js", "start", "--port", String(port)], { stdio: "inherit" });
for (;;) { try { if (await getStatus(port, "/identity/v3") === 200) break; } catch {} await new Promise(r => setTimeout(r, 20)); }
const res = await fetch(`http://127.0.0.1:${port}/identity/v3/auth/tokens`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ auth: { identity: { methods: ["password"], password: { user: { name: "admin", domain: { name: "Default" }, password: "admin" } } }, scope: { project: { name: "admin", domain: { name: "Default" } } } } }) });
const token = res.headers.get("x-subject-token");
const path = process.argv[3] ?? "/identity/v3/auth/tokens";
console.log(await runJsonChild("./loadgen.mjs", { port, path, headers: { "X-Auth-Token": token, "X-Subject-Token": token }, concurrency: 32, warmupMs: 500, durationMs: 4000 }));
await stopChild(child);
