import { spawn } from "node:child_process";
import { runJsonChild, stopChild } from "./lib.mjs";
const body = Buffer.alloc(6120, 97);
const child = spawn(process.execPath, ["--cpu-prof", "--cpu-prof-dir=" + process.argv[2], process.argv[3] ?? "bench/bare-server.mjs"], { stdio: ["pipe", "pipe", "inherit"] });
child.stdin.end(JSON.stringify({ status: 200, headers: { "content-type": "application/json", vary: "X-Auth-Token", "x-openstack-request-id": "req-46bed632-3284-40ff-b2fb-b800314aac00", "x-subject-token": "gAAAAArEzkwIrRNy9JyED5DmVvFBphKUGBvZzojZKIhhiUOEZ", "content-length": "6120" }, bodyBase64: body.toString("base64") }));
const port = await new Promise((r) => child.stdout.on("data", (d) => r(Number(/listening (\d+)/.exec(String(d))[1]))));
console.log(await runJsonChild("./loadgen.mjs", { port, path: "/identity/v3/auth/tokens", headers: { "X-Auth-Token": "x", "X-Subject-Token": "y" }, concurrency: 32, warmupMs: 500, durationMs: 4000 }));
await stopChild(child);
