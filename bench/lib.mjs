// Shared bench helpers: free ports, spawning the `skymock start` process, waiting for its first 200,
// reading a child's RSS, small statistics, and a JSON call through an in-process emulator's app.

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, request } from "node:http";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const CLI = fileURLToPath(new URL("../bin/skymock.js", import.meta.url));

/** A port nobody listens on right now (asked of the kernel, then released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** One GET on a fresh connection; resolves to the status code, rejects on a socket error. */
export function getStatus(port, path) {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    req.once("error", reject);
    req.end();
  });
}

/** Spawns `node bin/skymock.js start --port <port>`; resolves as startProcess does. */
export async function startEmulator({ port, args = [], ...options } = {}) {
  port ??= await freePort();
  return startProcess({ ...options, port, argv: [CLI, "start", "--port", String(port), ...args] });
}

/**
 * Spawns `node <argv>` (a server that listens on `port`) and resolves once GET `path` answers 200, with
 * the milliseconds from just before spawn to that answer. Polls every `pollMs`, and at once when the
 * process prints something (its banner), so the figure is not rounded up to the poll interval.
 */
export async function startProcess({ argv, port, path = "/identity/v3", pollMs = 2, timeoutMs = 15000, ipc = false }) {
  const t0 = performance.now();
  const child = spawn(process.execPath, argv, {
    cwd: ROOT,
    // with ipc, the child can be asked things over process.send (bench/soak-probe.cjs: its memory)
    stdio: ["ignore", "pipe", "pipe", ...(ipc ? ["ipc"] : [])],
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  let exited = false;
  child.once("exit", () => (exited = true));
  return new Promise((resolve, reject) => {
    let done = false;
    let inFlight = false;
    const finish = (error, value) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      clearTimeout(deadline);
      if (error) {
        child.kill("SIGKILL");
        reject(error);
      } else resolve(value);
    };
    const probe = () => {
      if (done || inFlight) return;
      if (exited) return finish(new Error(`${argv.join(" ")} exited before answering: ${stderr.trim()}`));
      inFlight = true;
      getStatus(port, path).then(
        (status) => {
          inFlight = false;
          if (status === 200) finish(null, { child, port, url: `http://127.0.0.1:${port}`, readyMs: performance.now() - t0 });
        },
        () => (inFlight = false),
      );
    };
    const timer = setInterval(probe, pollMs);
    const deadline = setTimeout(() => finish(new Error(`no 200 from ${path} within ${timeoutMs} ms`)), timeoutMs);
    child.stdout.on("data", probe);
  });
}

/** Stops a child we started and waits for it to be gone. */
export function stopChild(child, signal = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 3000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

/** Resident set size of a process, MiB, from /proc/<pid>/status (Linux). */
export function rssMiB(pid) {
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Median, min, max and count of a figure's rounds (the bench prints the median with its spread). */
export function spread(xs) {
  if (xs.length === 0) throw new Error("spread of no rounds");
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs), rounds: xs.length };
}

/** CPU time (user + system, all threads) a process has used so far, in ms (Linux /proc; 10 ms ticks). */
export function processCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime
}

/** Runs a node script as a child process and resolves to the JSON it prints as its last stdout line. */
export function runJsonChild(script, input, { onLine } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url))], {
      cwd: ROOT,
      stdio: ["pipe", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (onLine) for (const line of String(d).split("\n")) if (line.trim()) onLine(line, child);
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      const last = out.trim().split("\n").pop();
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(new Error(`${script} exited ${code} without a JSON result: ${out.slice(-500)}`));
      }
    });
    child.stdin.end(JSON.stringify(input));
  });
}

/** Reads all of stdin as JSON (for the child scripts). */
export async function readStdinJson() {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return JSON.parse(text);
}

/** One JSON call through an in-process emulator (app.request); anything but a 2xx throws. */
export async function appCall(emu, method, path, token, body) {
  const res = await emu.app.request(`http://bench${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { "X-Auth-Token": token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${text.slice(0, 300)}`);
  return { headers: res.headers, body: text ? JSON.parse(text) : undefined };
}
