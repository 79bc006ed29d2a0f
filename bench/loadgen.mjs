// Closed-loop HTTP/1.1 load generator, run as its own process: `concurrency` keep-alive connections, each
// sending the next request as soon as the previous response is complete. Raw sockets and a minimal response
// parser, so the client spends far less CPU per request than a node:http server does per response.
// stdin: {port, path, headers, concurrency, warmupMs, durationMs, serverPid?}; stdout: one JSON line of
// results. With serverPid (Linux), also the server's CPU time over the measured window, from /proc.

import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { readStdinJson } from "./lib.mjs";

const CRLF2 = Buffer.from("\r\n\r\n");
const CHUNK_END = Buffer.from("\r\n0\r\n\r\n");

const input = await readStdinJson();
const { port, path, headers = {}, concurrency = 32, warmupMs = 1000, durationMs = 4000, serverPid } = input;

/** CPU time (user + system, all threads) a process has used, in ms; clock ticks are 10 ms on Linux. */
function processCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime
}
const head =
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n` +
  Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("") +
  "\r\n";
const requestBytes = Buffer.from(head, "latin1");

let measuring = false;
let running = true;
let completed = 0;
let non200 = 0;
let bytes = 0;
let errors = 0;
const latencies = [];
let firstResponse;

/** Length of the complete response at the start of `buf` (or -1 if more bytes are needed), and its status. */
function parseResponse(buf) {
  const end = buf.indexOf(CRLF2);
  if (end < 0) return [-1, 0];
  const headText = buf.toString("latin1", 0, end);
  const status = Number(headText.slice(9, 12));
  const cl = /\r\ncontent-length:\s*(\d+)/i.exec(headText);
  if (cl) {
    const total = end + 4 + Number(cl[1]);
    return [buf.length >= total ? total : -1, status, headText];
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(headText)) {
    const stop = buf.indexOf(CHUNK_END, end);
    return [stop < 0 ? -1 : stop + CHUNK_END.length, status, headText];
  }
  return [end + 4, status, headText]; // no body (204, 304)
}

function openConnection() {
  const socket = connect({ host: "127.0.0.1", port, noDelay: true });
  let pending = Buffer.alloc(0);
  let sentAt = 0;
  const send = () => {
    sentAt = performance.now();
    socket.write(requestBytes);
  };
  socket.on("connect", send);
  socket.on("data", (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      const [length, status, headText] = parseResponse(pending);
      if (length < 0) return;
      if (firstResponse === undefined) firstResponse = { status, head: headText, length };
      if (measuring) {
        completed++;
        bytes += length;
        if (status !== 200) non200++;
        latencies.push(performance.now() - sentAt);
      }
      pending = pending.subarray(length);
      if (!running) return socket.destroy();
      send();
    }
  });
  socket.on("error", () => {
    errors++;
    if (running) setTimeout(openConnection, 10);
  });
}

for (let i = 0; i < concurrency; i++) openConnection();
await new Promise((r) => setTimeout(r, warmupMs));
measuring = true;
const serverCpu0 = serverPid ? processCpuMs(serverPid) : 0;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await new Promise((r) => setTimeout(r, durationMs));
const elapsedMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const serverCpuMs = serverPid ? processCpuMs(serverPid) - serverCpu0 : undefined;
measuring = false;
running = false;

latencies.sort((a, b) => a - b);
const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] : NaN);
console.log(
  JSON.stringify({
    requests: completed,
    rps: (completed / elapsedMs) * 1000,
    non200,
    errors,
    bytesPerResponse: completed ? bytes / completed : 0,
    latencyMs: { p50: pct(0.5), p99: pct(0.99) },
    clientCpuPct: ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100,
    serverCpuPct: serverCpuMs === undefined ? undefined : (serverCpuMs / elapsedMs) * 100,
    serverCpuUsPerRequest: serverCpuMs === undefined || !completed ? undefined : (serverCpuMs * 1000) / completed,
    firstStatus: firstResponse?.status,
  }),
);
process.exit(0);
