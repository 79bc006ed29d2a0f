// The bench's platform parts: cold start and RSS, the dashboard's first load, token validation against the
// node:http and Hono floors, the store's per-write cost, port creates, and what users download and wait for
// (the package, the container). Each part: a name for --only, what it measures, run(), the table's rows
// from its result, notes (how it was measured) and the JSON it keeps.

import { measureColdStart } from "./cold-start.mjs";
import { measureDashboard } from "./dashboard.mjs";
import { measureThroughput } from "./throughput.mjs";
import { measureStore } from "./store.mjs";
import { measureNetworking } from "./networking.mjs";
import { measureContainer, measurePackage } from "./shipping.mjs";
import { f, info, row } from "./table.mjs";

export const platformParts = [
  {
    name: "cold-start",
    title: "cold start + RSS (7 spawns)",
    run: () => measureColdStart({ runs: 7 }),
    rows: (cold) => [
      row("cold start: spawn -> first 200 (median)", `${f(cold.medianMs)} ms (min ${f(cold.minMs)})`, "<= 300 ms", cold.medianMs <= 300),
      info("  reference: bare node:http spawn -> 200", `${f(cold.nodeFloorMedianMs)} ms`),
      info("  Node compile cache in use (NODE_COMPILE_CACHE or the temp folder)", cold.compileCache ? "yes" : "NO (startup compiles the bundle)"),
      row("RSS after first 200 (median of spawns)", `${f(cold.rssMedianMiB)} MiB (max ${f(cold.rssMaxMiB)})`, "<= 80 MiB", cold.rssMedianMiB <= 80),
    ],
    notes: (cold) => [`cold start runs (ms): ${cold.readyMs.map((x) => f(x, 0)).join(", ")}`],
    json: (cold) => ({
      compileCache: cold.compileCache,
      medianMs: +f(cold.medianMs),
      minMs: +f(cold.minMs),
      nodeFloorMedianMs: +f(cold.nodeFloorMedianMs),
      runsMs: cold.readyMs.map((x) => +f(x)),
      rssMedianMiB: +f(cold.rssMedianMiB),
      rssMaxMiB: +f(cold.rssMaxMiB),
    }),
  },
  {
    name: "dashboard",
    title: "dashboard first load (5 spawns)",
    run: () => measureDashboard({ runs: 5 }),
    rows: (d) => [
      info("dashboard: first load / next (page, script, style; median)", `${f(d.firstLoadMs)} / ${f(d.nextLoadMs)} ms, ${f(d.bytes / 1024)} KiB, RSS +${f(d.rssGrowthMiB)} MiB`),
    ],
    json: (d) => ({ firstLoadMs: +f(d.firstLoadMs), nextLoadMs: +f(d.nextLoadMs), bytes: d.bytes, rssGrowthMiB: +f(d.rssGrowthMiB) }),
  },
  {
    name: "token-validation",
    title: "token validation throughput (emulator, bare node:http, Hono floor; 5 rounds each)",
    run: () => measureThroughput({ concurrency: 32, warmupMs: 800, durationMs: 2000, rounds: 5 }),
    rows: (t) => [
      row("token validate req/s, emulator / bare", `${f(t.emulatorRps, 0)} / ${f(t.bareRps, 0)} = ${f(t.ratio * 100)}%`, ">= 60%", t.ratio >= 0.6),
      info("  same, median of the rounds' own ratios", `${f(t.medianRoundRatio * 100)}%`),
      info("  server CPU per validation, emulator / bare", `${f(t.cpuUsPerRequest.emulator)} / ${f(t.cpuUsPerRequest.bare)} us (bare = ${f(t.cpuRatio * 100)}% of emulator)`),
      info("  reference: bare Hono replay / bare", `${f(t.honoFloorRps, 0)} / ${f(t.bareRps, 0)} = ${f(t.honoFloorRatio * 100)}%`),
    ],
    notes: (t) => [
      `throughput detail: ${t.mode}; concurrency ${t.concurrency}, ${t.durationMs} ms x ${t.rounds} rounds (best shown), ` +
        `${t.responseBytes} B body; p50/p99 latency emulator ${f(t.emulator.latencyMs.p50, 2)}/${f(t.emulator.latencyMs.p99, 2)} ms, ` +
        `bare ${f(t.bare.latencyMs.p50, 2)}/${f(t.bare.latencyMs.p99, 2)} ms; load generator CPU ${f(t.emulator.clientCpuPct, 0)}% / ${f(t.bare.clientCpuPct, 0)}% of a core; ` +
        `all rounds req/s emulator ${t.allRounds.emulator.join(", ")}, bare ${t.allRounds.bare.join(", ")}, Hono ${t.allRounds.honoFloor.join(", ")}`,
    ],
    json: (t) => ({
      emulatorRps: Math.round(t.emulatorRps),
      bareRps: Math.round(t.bareRps),
      honoFloorRps: Math.round(t.honoFloorRps),
      ratio: +t.ratio.toFixed(3),
      medianRoundRatio: +t.medianRoundRatio.toFixed(3),
      serverCpuUsPerRequest: Object.fromEntries(Object.entries(t.cpuUsPerRequest).map(([k, v]) => [k, +f(v)])),
      cpuRatio: +t.cpuRatio.toFixed(3),
      concurrency: t.concurrency,
      latencyMs: { emulator: t.emulator.latencyMs, bare: t.bare.latencyMs },
      allRounds: t.allRounds,
    }),
  },
  {
    name: "store",
    title: "store insert/read cost (1k vs 100k rows)",
    run: () => measureStore({ insertsPerRound: 500, rounds: 30 }),
    rows: (s) => [
      row("store insert, 1k rows -> 100k rows", `${f(s.insertSmallUs, 2)} -> ${f(s.insertLargeUs, 2)} us (x${f(s.insertRatio, 2)})`, "<= x1.5", s.insertRatio <= 1.5),
      info("store get by id, 1k rows -> 100k rows", `${f(s.readSmallNs, 0)} -> ${f(s.readLargeNs, 0)} ns`),
    ],
    notes: (s) => [`store: ${s.via}; ${s.inserts} timed inserts per size; 100k-row table built in ${f(s.buildLargeMs, 0)} ms`],
    json: (s) => ({
      us1k: +f(s.insertSmallUs, 2),
      us100k: +f(s.insertLargeUs, 2),
      ratio: +s.insertRatio.toFixed(3),
      getNs1k: Math.round(s.readSmallNs),
      getNs100k: Math.round(s.readLargeNs),
    }),
  },
  {
    name: "networking",
    title: "networking port creates (100 vs 60,000 addresses in use in a /16)",
    run: () => measureNetworking({ sample: 1000, fillTo: 60_000 }),
    rows: (n) => [
      info("port create (in-process), ports/s", `${f(n.portCreatesPerSecond, 0)}`),
      row("port create, 100 -> 60,000 in use (/16)", `${f(n.at100Us, 1)} -> ${f(n.at60kUs, 1)} us (x${f(n.ratio, 2)})`, "<= x1.5", n.ratio <= 1.5),
    ],
    json: (n) => ({ portCreatesPerSecond: Math.round(n.portCreatesPerSecond), portCreateUs100: +f(n.at100Us, 1), portCreateUs60k: +f(n.at60kUs, 1), ratio: +n.ratio.toFixed(3) }),
  },
  {
    name: "shipping",
    title: "package size; container image, docker run -> healthy, docker stop (3 runs, where a Docker engine answers)",
    run: async () => ({ pkg: measurePackage(), box: await measureContainer({ runs: 3 }) }),
    rows: ({ pkg, box }) => [
      info("npm package: packed / installed (no dependencies)", `${f(pkg.packedKiB, 0)} / ${f(pkg.installedKiB, 0)} KiB, ${pkg.files} files`),
      ...(box.skipped
        ? [info("container image", `not measured: ${box.skipped}`)]
        : [
            info("container image size (app layers above the base)", `${f(box.imageMiB)} MiB (${f(box.appLayersMiB, 2)} MiB)`),
            info("docker run -> first 200 / -> healthy (median)", `${f(box.firstOkMs, 0)} / ${f(box.healthyMs, 0)} ms`),
            info("docker stop (median)", `${f(box.stopMs, 0)} ms`),
          ]),
    ],
    notes: ({ box }) =>
      box.skipped
        ? []
        : [
            `container: Docker Engine ${box.engine}, base ${box.base}; ` +
              (box.startIntervalSupported ? "HEALTHCHECK --start-interval in effect" : "engine older than 25: built without --start-interval, so healthy comes with the first 5 s interval"),
          ],
    json: ({ pkg, box }) => ({
      package: { packedKiB: Math.round(pkg.packedKiB), installedKiB: Math.round(pkg.installedKiB), files: pkg.files },
      container: box.skipped
        ? { skipped: box.skipped }
        : { engine: box.engine, imageMiB: +f(box.imageMiB), appLayersMiB: +f(box.appLayersMiB, 2), firstOkMs: Math.round(box.firstOkMs), healthyMs: Math.round(box.healthyMs), stopMs: Math.round(box.stopMs) },
    }),
  },
];
