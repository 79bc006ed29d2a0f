// Token validation throughput over loopback: GET /identity/v3/auth/tokens on the `skymock start` process
// versus a bare node:http process replaying the same response bytes, both driven by the same load
// generator process. Servers run one at a time, each in its own child, so they are treated identically.

import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ROOT, runJsonChild, startEmulator, stopChild } from "./lib.mjs";

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

function startBareServer(response) {
  const child = spawn(process.execPath, [fileURLToPath(new URL("./bare-server.mjs", import.meta.url))], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "inherit"],
  });
  child.stdin.end(JSON.stringify(response));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`bare server exited ${code}`)));
    child.stdout.on("data", (d) => {
      const m = /listening (\d+)/.exec(String(d));
      if (m) resolve({ child, port: Number(m[1]) });
    });
  });
}

/**
 * Rounds alternate emulator and bare server so drift (thermal, other load) hits both alike.
 * The reported req/s per server is the best round: the least disturbed measurement of each.
 */
export async function measureThroughput({ concurrency = 32, warmupMs = 1000, durationMs = 3000, rounds = 2 } = {}) {
  const emulator = await startEmulator();
  let bare;
  try {
    const token = await issueAdminToken(emulator.url);
    const headers = { "X-Auth-Token": token, "X-Subject-Token": token };
    const response = await captureValidation(emulator.url, headers);
    bare = await startBareServer(response);
    const load = (port) => runJsonChild("./loadgen.mjs", { port, path: PATH, headers, concurrency, warmupMs, durationMs });
    const runs = { emulator: [], bare: [] };
    for (let i = 0; i < rounds; i++) {
      runs.emulator.push(await load(emulator.port));
      runs.bare.push(await load(bare.port));
    }
    for (const r of [...runs.emulator, ...runs.bare]) {
      if (r.non200 || r.errors || r.firstStatus !== 200) throw new Error(`load run saw failures: ${JSON.stringify(r)}`);
    }
    const best = (rs) => rs.reduce((a, b) => (b.rps > a.rps ? b : a));
    const e = best(runs.emulator);
    const b = best(runs.bare);
    return {
      mode: "child processes: emulator (bin/skymock.js start), bare node:http replay, raw-socket load generator",
      concurrency,
      durationMs,
      rounds,
      responseBytes: response.bodyBytes,
      emulatorRps: e.rps,
      bareRps: b.rps,
      ratio: e.rps / b.rps,
      emulator: e,
      bare: b,
      allRounds: { emulator: runs.emulator.map((r) => Math.round(r.rps)), bare: runs.bare.map((r) => Math.round(r.rps)) },
    };
  } finally {
    await stopChild(emulator.child);
    if (bare) await stopChild(bare.child);
  }
}
