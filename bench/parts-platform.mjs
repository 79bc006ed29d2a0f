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
import { f, info, med, row } from "./table.mjs";

const pct = (s) => ({ median: s.median * 100, min: s.min * 100, max: s.max * 100, rounds: s.rounds });

/** Token validation's rows: against bare node:http, against the Hono floor's ratio (5 points below), p99, CPU. */
function tokenRows(t) {
  const gap = pct({ median: t.ratio.median - t.honoFloorRatio.median, min: t.ratio.min - t.honoFloorRatio.max, max: t.ratio.max - t.honoFloorRatio.min, rounds: t.ratio.rounds });
  return [
    info("token validate req/s, emulator / bare (A/B rounds)", med(pct(t.ratio), 1, "%"), t.ratio),
    row("token validate: emulator ratio minus the Hono floor's", `${f(gap.median)} points (${f(gap.min)}..${f(gap.max)}; Hono floor ${med(pct(t.honoFloorRatio), 1, "%")})`, ">= -5 points", gap.median >= -5, gap),
    row("token validate p99, emulator / bare", `x${med(t.p99Ratio, 2)} (${f(t.emulator.p99.median, 2)} / ${f(t.bare.p99.median, 2)} ms)`, "<= x1.5", t.p99Ratio.median <= 1.5, t.p99Ratio),
    info("  token validate req/s emulator / bare / Hono", `${med(t.emulator.rps, 0)} / ${f(t.bare.rps.median, 0)} / ${f(t.honoFloor.rps.median, 0)}`, t.emulator.rps),
    info("  server CPU per validation, emulator / bare / Hono", `${med(t.emulator.cpuUs, 1, " us")} / ${f(t.bare.cpuUs.median, 1)} / ${f(t.honoFloor.cpuUs.median, 1)} us`, t.emulator.cpuUs),
  ];
}

const throughputNote = (t) =>
  `throughput detail: ${t.figures[0] ? "" : ""}concurrency ${t.concurrency}, ${t.warmupMs} ms warm-up + ${t.durationMs} ms measured, ${t.rounds} rounds, emulator then bare per path in each round; ` +
  t.figures.map((h) => `${h.name} ${h.responseBytes} B (${h.path.replace(/[0-9a-f-]{32,36}/g, "{id}")}), load generator CPU ${f(h.clientCpuPct, 0)}%`).join("; ");

export const platformParts = [
  {
    name: "cold-start",
    title: "cold start + RSS (7 A/B rounds: emulator spawn, bare node:http spawn)",
    run: () => measureColdStart({ runs: 7 }),
    rows: (cold) => [
      row("cold start: spawn -> first 200 / bare node:http spawn (A/B rounds)", `x${med(cold.startRatio, 2)}`, "<= x1.3", cold.startRatio.median <= 1.3, cold.startRatio),
      info("  spawn -> first 200: emulator / bare node:http", `${med(cold.start, 0, " ms")} / ${med(cold.floorStart, 0, " ms")}`, cold.start),
      info("  Node compile cache in use (NODE_COMPILE_CACHE or the temp folder)", cold.compileCache ? "yes" : "NO (startup compiles the bundle)"),
      row("RSS after first 200 / bare node:http RSS", `x${med(cold.rssRatio, 2)}`, "<= x1.3", cold.rssRatio.median <= 1.3, cold.rssRatio),
      row("RSS after first 200", `${med(cold.rss, 1, " MiB")} (bare ${med(cold.floorRss, 1, " MiB")})`, "<= 64 MiB", cold.rss.median <= 64, cold.rss),
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
      startRatio: cold.startRatio,
      rssRatio: cold.rssRatio,
      floorRss: cold.floorRss,
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
    title: "token validation throughput (emulator, bare node:http, Hono floor; 5 A/B rounds)",
    run: () => measureThroughput({ concurrency: 32, warmupMs: 800, durationMs: 2000, rounds: 5 }),
    rows: (t) => tokenRows(t.figures[0]),
    notes: (t) => [throughputNote(t)],
    json: (t) => ({ concurrency: t.concurrency, durationMs: t.durationMs, rounds: t.rounds, figures: t.figures }),
  },
  {
    name: "hot-paths",
    title: "hot paths vs a bare node:http replay of the same bytes (token validation, server GET, port list page, volume show, 1 KiB object GET; 5 A/B rounds)",
    run: () => measureThroughput({ concurrency: 32, warmupMs: 500, durationMs: 1200, rounds: 5, hot: true }),
    rows: (t) => [
      ...tokenRows(t.figures[0]),
      ...t.figures.slice(1).flatMap((h) => [
        row(`${h.name} req/s, emulator / bare (A/B rounds)`, med(pct(h.ratio), 1, "%"), ">= 50%", h.ratio.median >= 0.5, h.ratio),
        info(`  ${h.name}: req/s emulator / bare; server CPU per request`, `${f(h.emulator.rps.median, 0)} / ${f(h.bare.rps.median, 0)}; ${med(h.emulator.cpuUs, 0, " us")} / ${med(h.bare.cpuUs, 0, " us")} (x${f(h.cpuRatio.median, 2)})`, h.emulator.cpuUs),
        info(`  ${h.name}: p99 emulator / bare`, `x${med(h.p99Ratio, 2)}`, h.p99Ratio),
      ]),
    ],
    notes: (t) => [throughputNote(t)],
    json: (t) => ({ concurrency: t.concurrency, durationMs: t.durationMs, rounds: t.rounds, figures: t.figures }),
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
    title: "package size; container image, docker run -> first 200 (against the process's start) and -> healthy, docker stop (5 runs, where a Docker engine answers)",
    run: async () => ({ pkg: measurePackage(), box: await measureContainer({ runs: 5 }) }),
    rows: ({ pkg, box }) => [
      info("npm package: packed / installed (no dependencies)", `${f(pkg.packedKiB, 0)} / ${f(pkg.installedKiB, 0)} KiB, ${pkg.files} files`),
      ...(box.skipped
        ? [info("container image", `not measured: ${box.skipped}`)]
        : [
            info("container image size (app layers above the base)", `${f(box.imageMiB)} MiB (${f(box.appLayersMiB, 2)} MiB)`),
            row("docker run -> first 200 / the process's spawn -> first 200 (A/B rounds)", `x${med(box.startRatio, 2)}`, "<= x1.5", box.startRatio.median <= 1.5, box.startRatio),
            info("  docker run -> first 200 / -> healthy; process spawn -> first 200 (median)", `${f(box.firstOkMs, 0)} / ${f(box.healthyMs, 0)} ms; ${f(box.processOkMs, 0)} ms`),
            info("  the engine's floor: a bare node:http container on the same base -> first 200", `${f(box.bareContainerOkMs, 0)} ms`),
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
        : { engine: box.engine, imageMiB: +f(box.imageMiB), appLayersMiB: +f(box.appLayersMiB, 2), firstOkMs: Math.round(box.firstOkMs), processOkMs: Math.round(box.processOkMs), bareContainerOkMs: Math.round(box.bareContainerOkMs), startRatio: box.startRatio, healthyMs: Math.round(box.healthyMs), stopMs: Math.round(box.stopMs) },
    }),
  },
];
