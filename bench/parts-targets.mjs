// The bench's parts for issue 29's targets that need worlds of their own: throughput rates (server creates,
// lifecycles, port creates, volume create -> available, a 10,000-server host recovery), what users pay per
// test (resets, tenants, state export and import) and every collection's page at 10k vs 100k rows. Each
// part as in parts-platform.mjs; every figure the median of its rounds with the spread beside it.

import { measureRates } from "./rates.mjs";
import { measureSuiteCosts } from "./suite-costs.mjs";
import { measureLists } from "./lists.mjs";
import { f, info, med, row } from "./table.mjs";

/** The process CPU time per call beside a rate (all threads). */
const cpu = (rate) => info("  process CPU per call (user + system, all threads)", med(rate.cpuUsPerCall, 0, " us"));

const ratesPart = {
  name: "rates",
  title: "throughput rates in-process (server creates, lifecycles, port creates, volume create -> available: 5 rounds each; a host failure with 10,000 servers: 5 rounds)",
  run: () => measureRates({ rounds: 5, haServers: 10_000, haRounds: 5 }),
  rows: (r) => [
    row("server creates/s (1 POST with a port each)", med(r.creates, 0), ">= 3,000/s", r.creates.median >= 3000, r.creates),
    cpu(r.creates),
    row("server lifecycles/s (create, ACTIVE, delete, gone; frozen clock)", med(r.lifecycles, 0), ">= 1,500/s", r.lifecycles.median >= 1500, r.lifecycles),
    cpu(r.lifecycles),
    row("port creates/s (a /16)", med(r.ports, 0), ">= 5,000/s", r.ports.median >= 5000, r.ports),
    cpu(r.ports),
    row("volume create -> available/s (creating step immediate)", med(r.volumes, 0), ">= 3,000/s", r.volumes.median >= 3000, r.volumes),
    cpu(r.volumes),
    row(
      `host failure, ${r.haServers.toLocaleString("en")} servers recovered (HA finished), wall`,
      `${med(r.haWallMs, 0, " ms")} (${f(r.haVirtualSeconds, 0)} virtual s)`,
      "<= 2,000 ms",
      r.haWallMs.median <= 2000,
      r.haWallMs,
    ),
  ],
  notes: (r) => [
    `rates: in-process app.request as admin, quotas unlimited, 4 large hosts merged in, frozen clock; creates in rounds of 600, lifecycles 200 ` +
      `(POST with a port, advance 5 s, GET ACTIVE, DELETE, advance 2 s, GET 404; a fresh token before each round), ports and volumes 1000 (after 100 warm-up); ` +
      `HA: ha-cluster plus 3 large hosts, ${r.haServers} servers seeded on big-1 (seed ${med(r.haSeedMs, 0, " ms")}), big-1 failed, the notification advanced to finished, timed the advance`,
  ],
  json: (r) => r,
};

const suiteCostsPart = {
  name: "suite-costs",
  title: "test-suite costs (per-project reset beside 100k, full reset, tenants, 100k state export/import; 5-50 rounds)",
  run: () => measureSuiteCosts({ rounds: 15, perTest: 50, large: 100_000, created: 10_000, warm: 20 }),
  rows: (s) => [
    row("per-project reset (POST /_emulator/reset?project=), beside 100k servers", med(s.projectResetLarge, 2, " ms"), "<= 1 ms", s.projectResetLarge.median <= 1, s.projectResetLarge),
    info("  per-project reset at the default world", med(s.projectResetDefault, 2, " ms"), s.projectResetDefault),
    row("full reset (POST /_emulator/reset) at the default world", med(s.fullDefault, 2, " ms"), "<= 10 ms", s.fullDefault.median <= 10, s.fullDefault),
    row(`full reset after ${s.created.toLocaleString("en")} servers created since`, med(s.fullAfter, 2, " ms"), "<= 10 ms", s.fullAfter.median <= 10, s.fullAfter),
    row("  full reset, after / default (flat)", `x${med(s.fullRatio, 2)}`, "<= x1.5", s.fullRatio.median <= 1.5, s.fullRatio),
    row("tenant (POST /_emulator/tenants) at the default world", med(s.tenantDefault, 2, " ms"), "<= 2 ms", s.tenantDefault.median <= 2, s.tenantDefault),
    row("tenant beside 100k servers", med(s.tenantLarge, 2, " ms"), "<= 2 ms", s.tenantLarge.median <= 2, s.tenantLarge),
    row(`state export, 100k servers (${f(s.snapshotMiB, 0)} MiB)`, med(s.exportMs, 0, " ms"), "<= 1,000 ms", s.exportMs.median <= 1000, s.exportMs),
    info("  export / JSON.stringify of the same state (this machine's floor)", `x${med(s.exportRatio, 2)} (stringify ${med(s.stringifyMs, 0, " ms")})`, s.exportRatio),
    row("state import, 100k servers", med(s.importMs, 0, " ms"), "<= 1,000 ms", s.importMs.median <= 1000, s.importMs),
    info("  import / JSON.parse of the same text (this machine's floor)", `x${med(s.importRatio, 2)} (parse ${med(s.parseMs, 0, " ms")})`, s.importRatio),
    row("a snapshot taken after tenants were made and reset imports", s.churnImport, "imported", s.churnImport === "imported"),
  ],
  notes: (s) => [
    `suite costs: in-process app.request, frozen clock; the 100k other resources are admin's servers seeded ACTIVE without ports (POST /_emulator/seed?mode=merge, ${f(s.buildMs / 1000, 1)} s); ` +
      `after ${s.warm} warm-up tenants made and reset (a suite's first tests), each round makes a tenant (name given, network and router made) and resets its project; full resets alternate with a merge of ${s.created} servers (each timed reset after a GC, default and after alike); ` +
      `export/import: GET then PUT /_emulator/state of a world of only the seed plus the 100k servers, body read to the end, each round beside JSON.stringify of the same state and JSON.parse of the same text`,
  ],
  json: (s) => s,
};

const listsPart = {
  name: "lists",
  title: "every list flat: a page of each collection at 10k vs 100k rows (admin, a member with a small share, a filter; median of rounds)",
  run: () => measureLists({}),
  rows: (l) =>
    l.figures.flatMap((c) =>
      c.error
        ? [row(`list ${c.name}`, `not measured: ${c.error}`, "<= x1.5", false)]
        : c.views.map((v) => row(`list ${c.name}, ${v.view}: 10k -> 100k`, `${f(v.small.median, 2)} -> ${f(v.large.median, 2)} ms (x${med(v.ratio, 2)})`, "<= x1.5", v.ratio.median <= 1.5, v.ratio)),
    ),
  notes: (l) => [l.note],
  json: (l) => l,
};

export const targetParts = [ratesPart, suiteCostsPart, listsPart];
