// Token validation throughput over loopback: GET /identity/v3/auth/tokens on the `skymock start` process
// versus a bare node:http process replaying the same response bytes (and, for reference, a bare Hono app on
// @hono/node-server replaying them), all driven by one load generator process, one server at a time.

import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { median, ROOT, runJsonChild, spread, startEmulator, stopChild } from "./lib.mjs";

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
async function captureValidation(url, headers, path = PATH) {
  const res = await fetch(`${url}${path}`, { headers });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
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

/** What a JSON call to the running emulator answered (2xx or it throws). */
async function api(url, method, path, token, body) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { "x-auth-token": token } : {}) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${text.slice(0, 300)}`);
  return text ? (res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) : undefined;
}

/**
 * The hot paths beside token validation, made in the running emulator as admin: a server GET, a port list
 * page, a volume show, a 1 KiB object GET. Each a {name, path} the load generator asks with the token.
 */
async function hotPaths(url, token) {
  const tokenInfo = await fetch(`${url}/identity/v3/auth/tokens`, { headers: { "x-auth-token": token, "x-subject-token": token } }).then((r) => r.json());
  const projectId = tokenInfo.token.project.id;
  const server = await api(url, "POST", "/compute/v2.1/servers", token, { server: { name: "hot", flavorRef: "1", imageRef: "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11", networks: "none" } });
  const volume = await api(url, "POST", `/volume/v3/${projectId}/volumes`, token, { volume: { size: 1, name: "hot" } });
  await api(url, "PUT", `/object-store/v1/AUTH_${projectId}/hot`, token, undefined);
  await api(url, "PUT", `/object-store/v1/AUTH_${projectId}/hot/kib`, token, "x".repeat(1024));
  return [
    { name: "server GET", path: `/compute/v2.1/servers/${server.server.id}` },
    { name: "port list page", path: "/networking/v2.0/ports?limit=100" },
    { name: "volume show", path: `/volume/v3/${projectId}/volumes/${volume.volume.id}` },
    { name: "1 KiB object GET", path: `/object-store/v1/AUTH_${projectId}/hot/kib` },
  ];
}

const summary = (rs) => ({
  rps: spread(rs.map((r) => r.rps)),
  cpuUs: spread(rs.map((r) => r.serverCpuUsPerRequest)),
  p50: spread(rs.map((r) => r.latencyMs.p50)),
  p99: spread(rs.map((r) => r.latencyMs.p99)),
});

/**
 * A/B rounds: in each round, every path on the emulator, then on a bare node:http process replaying that
 * path's exact response bytes (and token validation on a bare Hono replay too), so drift (other load on the
 * machine) hits them alike. Each figure: the median of the rounds' own ratios with their spread, and each
 * server's CPU time per request (from /proc: steal and idle time on a shared machine do not count in it,
 * so it varies far less than req/s). `hot`: also the hot paths beside token validation.
 */
export async function measureThroughput({ concurrency = 32, warmupMs = 1000, durationMs = 3000, rounds = 5, hot = false } = {}) {
  const emulator = await startEmulator();
  const replays = [];
  try {
    const token = await issueAdminToken(emulator.url);
    const headers = { "X-Auth-Token": token, "X-Subject-Token": token };
    const paths = [{ name: "token validation", path: PATH, hono: true }, ...(hot ? await hotPaths(emulator.url, token) : [])];
    for (const p of paths) {
      p.response = await captureValidation(emulator.url, headers, p.path);
      p.bare = await startReplayServer("./bare-server.mjs", p.response);
      replays.push(p.bare);
      if (p.hono) {
        p.honoFloor = await startReplayServer("./hono-floor.mjs", p.response);
        replays.push(p.honoFloor);
      }
      p.runs = { emulator: [], bare: [], honoFloor: [] };
    }
    const load = async (port, pid, path, name) => {
      const r = await runJsonChild("./loadgen.mjs", { port, path, headers, concurrency, warmupMs, durationMs, serverPid: pid });
      if (r.non200 || r.errors || r.firstStatus !== 200) throw new Error(`${name} load run saw failures: ${JSON.stringify(r)}`);
      return r;
    };
    for (let i = 0; i < rounds; i++) {
      for (const p of paths) {
        p.runs.emulator.push(await load(emulator.port, emulator.child.pid, p.path, `${p.name} (emulator)`));
        p.runs.bare.push(await load(p.bare.port, p.bare.child.pid, p.path, `${p.name} (bare)`));
        if (p.honoFloor) p.runs.honoFloor.push(await load(p.honoFloor.port, p.honoFloor.child.pid, p.path, `${p.name} (Hono)`));
      }
    }
    const ratio = (a, b, key) => spread(a.map((r, i) => key(r) / key(b[i])));
    const figures = paths.map((p) => ({
      name: p.name,
      path: p.path,
      responseBytes: p.response.bodyBytes,
      emulator: summary(p.runs.emulator),
      bare: summary(p.runs.bare),
      honoFloor: p.honoFloor ? summary(p.runs.honoFloor) : undefined,
      // rounds run back to back, so each round's ratio compares servers under the same conditions
      ratio: ratio(p.runs.emulator, p.runs.bare, (r) => r.rps),
      honoFloorRatio: p.honoFloor ? ratio(p.runs.honoFloor, p.runs.bare, (r) => r.rps) : undefined,
      p99Ratio: ratio(p.runs.emulator, p.runs.bare, (r) => r.latencyMs.p99),
      cpuRatio: ratio(p.runs.emulator, p.runs.bare, (r) => r.serverCpuUsPerRequest),
      clientCpuPct: median(p.runs.emulator.map((r) => r.clientCpuPct)),
    }));
    return {
      mode: "child processes: emulator (bin/skymock.js start), a bare node:http replay of each path's response bytes, a Hono replay of token validation; raw-socket load generator",
      concurrency,
      durationMs,
      warmupMs,
      rounds,
      figures,
    };
  } finally {
    await stopChild(emulator.child);
    for (const r of replays) await stopChild(r.child);
  }
}
