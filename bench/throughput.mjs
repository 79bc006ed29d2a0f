// Token validation throughput over loopback: GET /identity/v3/auth/tokens on the `skymock start` process
// versus a bare node:http process replaying the same response bytes (and, for reference, a bare Hono app on
// @hono/node-server replaying them), all driven by one load generator process, one server at a time.

import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { median, ROOT, runJsonChild, startEmulator, stopChild } from "./lib.mjs";

const PATH = "/identity/v3/auth/tokens";
const ADMIN_AUTH = {
  auth: {
    identity: { methods: ["password"], password: { user: { name: "admin", domain: { name: "Default" }, password: "admin" } } },
    scope: { project: { name: "admin", domain: { name: "Default" } } },
  },
};
// Set by the transport, not by the application: the bare server's node:http adds its own.
const TRANSPORT_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

async function issueAdminToken(url) {
  const res = await fetch(`${url}/identity/v3/auth/tokens`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN_AUTH),
  });
  if (res.status !== 201) throw new Error(`token issue answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  return res.headers.get("x-subject-token");
}

/** The emulator's actual validation response, captured once: what the bare server will replay. */
async function captureValidation(url, headers) {
  const res = await fetch(`${url}${PATH}`, { headers });
  if (res.status !== 200) throw new Error(`token validation answered ${res.status}: ${await res.text()}`);
  const body = Buffer.from(await res.arrayBuffer());
  const replay = {};
  for (const [k, v] of res.headers) if (!TRANSPORT_HEADERS.has(k)) replay[k] = v;
  return { status: res.status, headers: replay, bodyBase64: body.toString("base64"), bodyBytes: body.length };
}

/** Starts bench/<script> (bare-server.mjs or hono-floor.mjs) replaying `response`. */
function startReplayServer(script, response) {
  const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url))], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "inherit"],
  });
  child.stdin.end(JSON.stringify(response));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${script} exited ${code}`)));
    child.stdout.on("data", (d) => {
      const m = /listening (\d+)/.exec(String(d));
      if (m) resolve({ child, port: Number(m[1]) });
    });
  });
}

/**
 * Rounds alternate the servers so drift (other load on the machine) hits them alike. The req/s reported
 * per server is its best round: the least disturbed measurement of each. Beside it, the median of the
 * rounds' own ratios, and each server's CPU time per request (from /proc: steal and idle time on a shared
 * machine do not count in it, so it varies far less than req/s).
 */
export async function measureThroughput({ concurrency = 32, warmupMs = 1000, durationMs = 3000, rounds = 2 } = {}) {
  const emulator = await startEmulator();
  const replays = [];
  try {
    const token = await issueAdminToken(emulator.url);
    const headers = { "X-Auth-Token": token, "X-Subject-Token": token };
    const response = await captureValidation(emulator.url, headers);
    const bare = await startReplayServer("./bare-server.mjs", response);
    replays.push(bare);
    const floor = await startReplayServer("./hono-floor.mjs", response);
    replays.push(floor);
    const servers = { emulator: emulator.child, bare: bare.child, honoFloor: floor.child };
    const ports = { emulator: emulator.port, bare: bare.port, honoFloor: floor.port };
    const runs = { emulator: [], bare: [], honoFloor: [] };
    for (let i = 0; i < rounds; i++) {
      for (const [name, child] of Object.entries(servers)) {
        const input = { port: ports[name], path: PATH, headers, concurrency, warmupMs, durationMs, serverPid: child.pid };
        const r = await runJsonChild("./loadgen.mjs", input);
        if (r.non200 || r.errors || r.firstStatus !== 200) throw new Error(`${name} load run saw failures: ${JSON.stringify(r)}`);
        runs[name].push(r);
      }
    }
    const best = (rs) => rs.reduce((a, b) => (b.rps > a.rps ? b : a));
    // server CPU per request: what each server costs for one validation, whatever else the machine did
    const cpuUs = (rs) => median(rs.map((r) => r.serverCpuUsPerRequest));
    const e = best(runs.emulator);
    const b = best(runs.bare);
    const h = best(runs.honoFloor);
    return {
      mode: "child processes: emulator (bin/skymock.js start), bare node:http replay, Hono replay; raw-socket load generator",
      concurrency,
      durationMs,
      rounds,
      responseBytes: response.bodyBytes,
      emulatorRps: e.rps,
      bareRps: b.rps,
      honoFloorRps: h.rps,
      ratio: e.rps / b.rps,
      honoFloorRatio: h.rps / b.rps,
      // rounds run back to back, so each round's ratio compares servers under the same conditions
      medianRoundRatio: median(runs.emulator.map((r, i) => r.rps / runs.bare[i].rps)),
      cpuUsPerRequest: { emulator: cpuUs(runs.emulator), bare: cpuUs(runs.bare), honoFloor: cpuUs(runs.honoFloor) },
      cpuRatio: cpuUs(runs.bare) / cpuUs(runs.emulator),
      emulator: e,
      bare: b,
      honoFloor: h,
      allRounds: Object.fromEntries(Object.entries(runs).map(([k, rs]) => [k, rs.map((r) => Math.round(r.rps))])),
    };
  } finally {
    await stopChild(emulator.child);
    for (const r of replays) await stopChild(r.child);
  }
}
