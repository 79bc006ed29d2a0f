// Object streaming over loopback through the `skymock start` process's Swift API: upload and download MiB/s
// of one 256 MiB object (PUT/GET /object-store/v1/AUTH_<project>/<container>/<name>) against a bare
// node:http process that keeps the same bytes as the chunks that arrived and streams them back (target:
// >= 70% of it both ways), and the emulator's RSS while a 1 GiB object streams up and down with --data-dir
// (target: peak within 64 MiB of idle). The client is node:http, writing from one buffer and discarding
// what it reads, so no side holds an object twice.

import { spawn } from "node:child_process";
import { createHash, randomFillSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { median, ROOT, rssMiB, startEmulator, stopChild } from "./lib.mjs";

const MiB = 1024 * 1024;
const SLICE = 1 * MiB;

/** CPU time (user + system) a process has used, ms, from /proc/<pid>/stat (Linux; 10 ms ticks). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A demo token and the Swift path of a fresh container `bench` in its project. */
async function swiftBase(url) {
  const res = await fetch(`${url}/identity/v3/auth/tokens`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      auth: {
        identity: { methods: ["password"], password: { user: { name: "demo", domain: { name: "Default" }, password: "demo" } } },
        scope: { project: { name: "demo", domain: { name: "Default" } } },
      },
    }),
  });
  if (res.status !== 201) throw new Error(`token issue answered ${res.status}: ${await res.text()}`);
  const token = res.headers.get("x-subject-token");
  const project = (await res.json()).token.project.id;
  const path = `/object-store/v1/AUTH_${project}/bench`;
  const made = await fetch(`${url}${path}`, { method: "PUT", headers: { "X-Auth-Token": token } });
  await made.arrayBuffer();
  if (made.status >= 300) throw new Error(`container create answered ${made.status}`);
  return { token, path };
}

/**
 * PUTs `size` bytes taken from `payload` (repeated when the object is larger) in 1 MiB writes, honouring
 * backpressure. Resolves to the seconds from the first byte written to the response, and the response.
 */
function upload(port, path, headers, payload, size) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request({ host: "127.0.0.1", port, path, method: "PUT", headers: { ...headers, "content-length": String(size) } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => {
        if (res.statusCode !== 201) reject(new Error(`PUT ${path} answered ${res.statusCode}: ${text.slice(0, 200)}`));
        else resolve({ seconds: (performance.now() - t0) / 1000, etag: res.headers.etag });
      });
    });
    req.once("error", reject);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const at = sent % payload.length;
        const n = Math.min(SLICE, size - sent, payload.length - at);
        sent += n;
        if (!req.write(payload.subarray(at, at + n))) return req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

/** GETs `path`, counting and dropping the bytes. Resolves to the seconds to the last byte and the count. */
function download(port, path, headers) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`GET ${path} answered ${res.statusCode}`));
      let bytes = 0;
      res.on("data", (d) => (bytes += d.length));
      res.once("error", reject);
      res.on("end", () => resolve({ seconds: (performance.now() - t0) / 1000, bytes }));
    });
    req.once("error", reject);
    req.end();
  });
}

/** bench/object-streaming-bare.mjs as a child; resolves once it prints its port. */
function startBare(dir = tmpdir()) {
  const child = spawn(process.execPath, [fileURLToPath(new URL("./object-streaming-bare.mjs", import.meta.url)), dir], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`object-streaming-bare.mjs exited ${code}`)));
    child.stdout.on("data", (d) => {
      const m = /listening (\d+)/.exec(String(d));
      if (m) resolve({ child, port: Number(m[1]) });
    });
  });
}

/**
 * Rounds alternate the servers so other load on the machine hits them alike; each figure is the server's
 * best round. The bare server is asked twice per round: hashing MD5 on the way in as the emulator does
 * (`/md5/...`, the ratio's baseline), and not hashing (`/plain/...`, for reference).
 */
export async function measureObjectStreaming({ objectMiB = 256, rounds = 5, rssObjectMiB = 1024 } = {}) {
  const size = objectMiB * MiB;
  const payload = randomFillSync(Buffer.allocUnsafe(size));
  const md5 = createHash("md5").update(payload).digest("hex");
  const best = { emulator: { up: 0, down: 0 }, bare: { up: 0, down: 0 }, barePlain: { up: 0, down: 0 } };
  // server CPU per direction over all rounds: steadier than MiB/s on a shared machine
  const cpu = { emulator: { up: 0, down: 0 }, bare: { up: 0, down: 0 }, barePlain: { up: 0, down: 0 } };
  // each round's emulator / bare (MD5) ratios: their median beside the best-of-rounds ratio
  const roundRatios = { up: [], down: [] };
  const emulator = await startEmulator();
  const bare = await startBare();
  try {
    const { token, path } = await swiftBase(emulator.url);
    const targets = {
      emulator: { port: emulator.port, pid: emulator.child.pid, path: `${path}/big`, headers: { "X-Auth-Token": token } },
      bare: { port: bare.port, pid: bare.child.pid, path: "/md5/big", headers: {} },
      barePlain: { port: bare.port, pid: bare.child.pid, path: "/plain/big", headers: {} },
    };
    for (let i = 0; i < rounds; i++) {
      const round = {};
      for (const [name, t] of Object.entries(targets)) {
        const cpu0 = cpuMs(t.pid);
        const up = await upload(t.port, t.path, t.headers, payload, size);
        const cpu1 = cpuMs(t.pid);
        if (name !== "barePlain" && up.etag !== md5) throw new Error(`${name} PUT answered ETag ${up.etag}, not ${md5}`);
        const down = await download(t.port, t.path, t.headers);
        cpu[name].up += cpu1 - cpu0;
        cpu[name].down += cpuMs(t.pid) - cpu1;
        if (down.bytes !== size) throw new Error(`${name} GET returned ${down.bytes} bytes of ${size}`);
        round[name] = { up: objectMiB / up.seconds, down: objectMiB / down.seconds };
        best[name].up = Math.max(best[name].up, round[name].up);
        best[name].down = Math.max(best[name].down, round[name].down);
      }
      roundRatios.up.push(round.emulator.up / round.bare.up);
      roundRatios.down.push(round.emulator.down / round.bare.down);
    }
  } finally {
    await stopChild(emulator.child);
    await stopChild(bare.child);
  }
  const rss = rssObjectMiB ? await measureStreamingRss({ objectMiB: rssObjectMiB, payload: payload.subarray(0, 64 * MiB) }) : undefined;
  return {
    objectMiB,
    rounds,
    emulator: best.emulator,
    bare: best.bare,
    barePlain: best.barePlain,
    /** server CPU ms per GiB moved, each direction */
    cpuMsPerGiB: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, { up: Math.round((v.up * 1024) / (objectMiB * rounds)), down: Math.round((v.down * 1024) / (objectMiB * rounds)) }])),
    medianRoundRatio: { up: median(roundRatios.up), down: median(roundRatios.down) },
    upRatio: best.emulator.up / best.bare.up,
    downRatio: best.emulator.down / best.bare.down,
    rss,
  };
}

/**
 * The emulator with --data-dir: idle RSS after a token, a container and a 1 MiB object went through, then
 * an `objectMiB` object uploaded and downloaded while the child's VmRSS is sampled every 50 ms. For
 * reference, the same on the bare server streaming to and from a file (`/file/...`).
 */
export async function measureStreamingRss({ objectMiB, payload }) {
  const dir = mkdtempSync(join(tmpdir(), "skymock-bench-streaming-"));
  try {
    const emulator = await startEmulator({ args: ["--data-dir", join(dir, "emulator")] });
    let skymock;
    try {
      const { token, path } = await swiftBase(emulator.url);
      skymock = await rssWhileStreaming({ port: emulator.port, pid: emulator.child.pid, path, headers: { "X-Auth-Token": token } }, objectMiB, payload);
    } finally {
      await stopChild(emulator.child);
    }
    const bare = await startBare(dir);
    try {
      return { ...skymock, bare: await rssWhileStreaming({ port: bare.port, pid: bare.child.pid, path: "/file", headers: {} }, objectMiB, payload) };
    } finally {
      await stopChild(bare.child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function rssWhileStreaming({ port, pid, path, headers }, objectMiB, payload) {
  // warm the path once, so idle includes what any first stream allocates for good
  await upload(port, `${path}/warm`, headers, payload, MiB);
  await download(port, `${path}/warm`, headers);
  await new Promise((r) => setTimeout(r, 500));
  const idle = rssMiB(pid);
  // the peak of each phase apart: where memory grows says which direction holds it
  const peaks = { up: idle, down: idle };
  let phase = "up";
  let samples = 0;
  const sample = () => {
    peaks[phase] = Math.max(peaks[phase], rssMiB(pid));
    samples++;
  };
  const timer = setInterval(sample, 50);
  const size = objectMiB * MiB;
  let up, down;
  try {
    up = await upload(port, `${path}/huge`, headers, payload, size);
    sample();
    phase = "down";
    down = await download(port, `${path}/huge`, headers);
    sample();
  } finally {
    clearInterval(timer);
  }
  if (down.bytes !== size) throw new Error(`GET returned ${down.bytes} bytes of ${size}`);
  const peak = Math.max(peaks.up, peaks.down);
  return {
    objectMiB,
    idleMiB: idle,
    peakMiB: peak,
    growthMiB: peak - idle,
    uploadPeakMiB: peaks.up,
    downloadPeakMiB: peaks.down,
    samples,
    upMiBps: objectMiB / up.seconds,
    downMiBps: objectMiB / down.seconds,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // optional: rounds, and the RSS run's object size in MiB (0 skips it)
  const [rounds = 5, rssObjectMiB = 1024] = process.argv.slice(2).map(Number);
  console.log(JSON.stringify(await measureObjectStreaming({ rounds, rssObjectMiB })));
}
