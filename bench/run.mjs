// `npm run bench`: cold start, token-validation throughput against a bare node:http baseline, store
// insert/read cost at 1k vs 100k rows, port creates, compute (10k server creates, a /servers/detail page at
// 10k vs 100k servers, lifecycles per second), block storage (volume creates, a /volumes/detail page at 10k vs
// 100k volumes, attach/detach pairs per second), object storage (1 KiB PUT/GET per second, a 10,000-name
// listing page at 10k vs 1M objects; a 256 MiB object up and down through the `skymock start` process vs a
// bare node:http server, and its RSS while 1 GiB streams through with --data-dir), instance HA (a host failure with 1,000 servers recovered:
// virtual and wall time; notification creates per second), a chaos experiment (a 100-server host failure run as an experiment), RSS after start, and what users download and wait for (the
// npm package's size; the image's size, docker run -> healthy, docker stop), the dashboard's first load, and the blob store (put
// throughput, memory back after deletes), and memory back after deleting 100k servers. Prints a table and
// a JSON line.
// Targets are reported as PASS/MISS; a MISS never fails the process (benchmarks report, they don't gate).

import { cpus } from "node:os";
import { measureColdStart } from "./cold-start.mjs";
import { measureDashboard } from "./dashboard.mjs";
import { measureThroughput } from "./throughput.mjs";
import { measureStore } from "./store.mjs";
import { measureNetworking } from "./networking.mjs";
import { measureCompute } from "./compute.mjs";
import { measureBlockStorage } from "./block-storage.mjs";
import { measureInstanceHa } from "./instance-ha.mjs";
import { measureExperiment } from "./experiments.mjs";
import { measureAmqp } from "./amqp.mjs";
import { measureObjectStorage } from "./object-storage.mjs";
import { measureObjectStreaming } from "./object-streaming.mjs";
import { measureContainer, measurePackage } from "./shipping.mjs";
import { measureBlobs } from "./blobs.mjs";
import { measureServerMemory } from "./server-memory.mjs";

const started = performance.now();
const log = (line) => process.stderr.write(`${line}\n`);

log("bench: cold start + RSS (7 spawns)...");
const cold = await measureColdStart({ runs: 7 });
log("bench: dashboard first load (5 spawns)...");
const dashboard = await measureDashboard({ runs: 5 });
log("bench: token validation throughput (emulator, bare node:http, Hono floor; 5 rounds each)...");
const tput = await measureThroughput({ concurrency: 32, warmupMs: 800, durationMs: 2000, rounds: 5 });
log("bench: store insert/read cost (1k vs 100k rows)...");
const store = await measureStore({ insertsPerRound: 500, rounds: 30 });
log("bench: networking port creates (100 vs 60,000 addresses in use in a /16)...");
const net = await measureNetworking({ sample: 1000, fillTo: 60_000 });
log("bench: compute (10,000 creates at time factor 1000; /servers/detail page at 10k vs 100k servers; lifecycles)...");
const compute = await measureCompute({ creates: 10_000, timeFactor: 1000, pagesSmall: 10_000, pagesLarge: 100_000, lifecycleCount: 2000 });
log("bench: block storage (10,000 volume creates; /volumes/detail page at 10k vs 100k volumes; attach/detach pairs)...");
const storage = await measureBlockStorage({ small: 10_000, large: 100_000, pairs: 5000 });
log("bench: object storage (1 KiB PUT/GET; a 10,000-name listing page at 10k vs 1M objects)...");
const objects = await measureObjectStorage({ objects: 20_000, small: 10_000, large: 1_000_000 });
log("bench: object streaming (256 MiB up/down vs bare node:http, 5 rounds; RSS while 1 GiB streams through with --data-dir)...");
const streaming = await measureObjectStreaming({ objectMiB: 256, rounds: 5, rssObjectMiB: 1024 });
log("bench: instance HA (a host with 100 and 1,000 servers fails and is recovered; 5,000 notification creates)...");
const ha = await measureInstanceHa({ servers: 1000, notifications: 5000 });
log("bench: chaos experiment (a host with 100 servers fails; steady-state wait until recovered, 15-minute objective; frozen clock)...");
const chaos = await measureExperiment({ servers: 100 });
log("bench: AMQP bridge on the local RabbitMQ (3,000 notifications out, 3,000 error notifications in; cold start with and without --amqp-url)...");
const amqp = await measureAmqp({ networks: 3000, errors: 3000, coldRuns: 5 });
log("bench: blob store (200 MiB in 1 MiB blobs put, then deleted; memory and disk)...");
const blobs = await measureBlobs({ totalMiB: 200, blobMiB: 1 });
log("bench: memory back after deletes (100,000 servers with ports created, then all deleted)...");
const serverMemory = await measureServerMemory({ servers: 100_000 });
log("bench: package size; container image, docker run -> healthy, docker stop (3 runs, where a Docker engine answers)...");
const pkg = measurePackage();
const box = await measureContainer({ runs: 3 });

const f = (x, d = 1) => Number(x).toFixed(d);
const cp = compute.pages;
const sp = storage.pages;
const rows = [
  { figure: "cold start: spawn -> first 200 (median)", value: `${f(cold.medianMs)} ms (min ${f(cold.minMs)})`, target: "<= 300 ms", pass: cold.medianMs <= 300 },
  { figure: "  reference: bare node:http spawn -> 200", value: `${f(cold.nodeFloorMedianMs)} ms`, target: "(info)", pass: null },
  { figure: "  Node compile cache in use (NODE_COMPILE_CACHE or the temp folder)", value: cold.compileCache ? "yes" : "NO (startup compiles the bundle)", target: "(info)", pass: null },
  {
    figure: "dashboard: first load / next (page, script, style; median)",
    value: `${f(dashboard.firstLoadMs)} / ${f(dashboard.nextLoadMs)} ms, ${f(dashboard.bytes / 1024)} KiB, RSS +${f(dashboard.rssGrowthMiB)} MiB`,
    target: "(info)",
    pass: null,
  },
  {
    figure: "token validate req/s, emulator / bare",
    value: `${f(tput.emulatorRps, 0)} / ${f(tput.bareRps, 0)} = ${f(tput.ratio * 100)}%`,
    target: ">= 60%",
    pass: tput.ratio >= 0.6,
  },
  {
    figure: "  same, median of the rounds' own ratios",
    value: `${f(tput.medianRoundRatio * 100)}%`,
    target: "(info)",
    pass: null,
  },
  {
    figure: "  server CPU per validation, emulator / bare",
    value: `${f(tput.cpuUsPerRequest.emulator)} / ${f(tput.cpuUsPerRequest.bare)} us (bare = ${f(tput.cpuRatio * 100)}% of emulator)`,
    target: "(info)",
    pass: null,
  },
  {
    figure: "  reference: bare Hono replay / bare",
    value: `${f(tput.honoFloorRps, 0)} / ${f(tput.bareRps, 0)} = ${f(tput.honoFloorRatio * 100)}%`,
    target: "(info)",
    pass: null,
  },
  {
    figure: "store insert, 1k rows -> 100k rows",
    value: `${f(store.insertSmallUs, 2)} -> ${f(store.insertLargeUs, 2)} us (x${f(store.insertRatio, 2)})`,
    target: "<= x1.5",
    pass: store.insertRatio <= 1.5,
  },
  { figure: "store get by id, 1k rows -> 100k rows", value: `${f(store.readSmallNs, 0)} -> ${f(store.readLargeNs, 0)} ns`, target: "(info)", pass: null },
  { figure: "port create (in-process), ports/s", value: `${f(net.portCreatesPerSecond, 0)}`, target: "(info)", pass: null },
  {
    figure: "port create, 100 -> 60,000 in use (/16)",
    value: `${f(net.at100Us, 1)} -> ${f(net.at60kUs, 1)} us (x${f(net.ratio, 2)})`,
    target: "<= x1.5",
    pass: net.ratio <= 1.5,
  },
  { figure: "server create (1 POST, 1 port each), servers/s", value: `${f(compute.create.createsPerSecond, 0)} (10,000 in ${f(compute.create.createSeconds, 2)} s)`, target: "(info)", pass: null },
  {
    figure: "  10,000 created -> all ACTIVE (time x1000)",
    value: `${f(compute.create.allActiveSeconds, 2)} s (last ACTIVE ${f(compute.create.drainMs, 0)} ms after last POST)`,
    target: "(info)",
    pass: null,
  },
  {
    figure: "servers/detail 1000, 10k -> 100k (1st page)",
    value: `${f(cp.atSmall.first.ms, 1)} -> ${f(cp.atLarge.first.ms, 1)} ms (x${f(cp.firstRatio, 2)})`,
    target: "<= x1.5",
    pass: cp.firstRatio <= 1.5,
  },
  {
    figure: "servers/detail 1000, 10k -> 100k (mid marker)",
    value: `${f(cp.atSmall.middle.ms, 1)} -> ${f(cp.atLarge.middle.ms, 1)} ms (x${f(cp.middleRatio, 2)})`,
    target: "<= x1.5",
    pass: cp.middleRatio <= 1.5,
  },
  {
    figure: "servers/detail: demo's page behind 10k -> 100k admin servers",
    value: `${f(cp.atSmall.otherProject.ms, 1)} -> ${f(cp.atLarge.otherProject.ms, 1)} ms (x${f(cp.otherProjectRatio, 2)})`,
    target: "<= x1.5",
    pass: cp.otherProjectRatio <= 1.5,
  },
  {
    figure: "  100k world: build; RSS 10k -> 100k",
    value: `${f(cp.buildLargeTotalMs / 1000, 1)} s; ${f(cp.rss.smallMiB, 0)} -> ${f(cp.rss.largeMiB, 0)} MiB (heap +${f(cp.heap.growthMiB, 0)} MiB for the world)`,
    target: "(info)",
    pass: null,
  },
  {
    figure: "  same page, each server with a port (10k)",
    value: `${f(compute.create.pageWithPorts.ms, 1)} ms (${f(compute.create.pageWithPorts.bytes / 1024, 0)} KiB)`,
    target: "(info)",
    pass: null,
  },
  { figure: "volume create -> available (step immediate), volumes/s", value: `${f(storage.create.perSecond, 0)} (10,000 in ${f(storage.create.seconds, 2)} s)`, target: "(info)", pass: null },
  {
    figure: "volumes/detail 1000, 10k -> 100k (1st page)",
    value: `${f(sp.first.small.ms, 1)} -> ${f(sp.first.large.ms, 1)} ms (x${f(sp.first.ratio, 2)})`,
    target: "<= x1.5",
    pass: sp.first.ratio <= 1.5,
  },
  {
    figure: "  volumes/detail 1000, 10k -> 100k (mid marker)",
    value: `${f(sp.middle.small.ms, 1)} -> ${f(sp.middle.large.ms, 1)} ms (x${f(sp.middle.ratio, 2)})`,
    target: "(info)",
    pass: null,
  },
  {
    figure: "volumes/detail: demo's page behind 10k -> 100k admin volumes",
    value: `${f(sp.otherProject.small.ms, 1)} -> ${f(sp.otherProject.large.ms, 1)} ms (x${f(sp.otherProject.ratio, 2)})`,
    target: "<= x1.5",
    pass: sp.otherProject.ratio <= 1.5,
  },
  { figure: "volume attach/detach pairs/s (os-attach + os-detach)", value: `${f(storage.attach.perSecond, 0)} (${f(storage.attach.usPerPair, 0)} us a pair)`, target: "(info)", pass: null },
  { figure: "object PUT / GET per second, 1 KiB objects", value: `${f(objects.putPerSecond, 0)} / ${f(objects.getPerSecond, 0)}`, target: "(info)", pass: null },
  {
    figure: "container listing page (10,000 names), 10k -> 1M objects",
    value: `${f(objects.page.smallMs, 1)} -> ${f(objects.page.largeMs, 1)} ms (x${f(objects.page.ratio, 2)}; 1M filled in ${f(objects.fillSeconds, 0)} s)`,
    target: "<= 1.5x",
    pass: objects.page.ratio <= 1.5,
  },
  {
    figure: "object upload MiB/s (256 MiB), emulator / bare (MD5)",
    value: `${f(streaming.emulator.up, 0)} / ${f(streaming.bare.up, 0)} = ${f(streaming.upRatio * 100)}%`,
    target: ">= 70%",
    pass: streaming.upRatio >= 0.7,
  },
  {
    figure: "object download MiB/s (256 MiB), emulator / bare",
    value: `${f(streaming.emulator.down, 0)} / ${f(streaming.bare.down, 0)} = ${f(streaming.downRatio * 100)}%`,
    target: ">= 70%",
    pass: streaming.downRatio >= 0.7,
  },
  {
    figure: "  same, median of the rounds' own ratios, up / down",
    value: `${f(streaming.medianRoundRatio.up * 100)}% / ${f(streaming.medianRoundRatio.down * 100)}%`,
    target: "(info)",
    pass: null,
  },
  {
    figure: "  server CPU per GiB up / down: emulator, bare (MD5), bare (no hash)",
    value: ["emulator", "bare", "barePlain"].map((k) => `${f(streaming.cpuMsPerGiB[k].up, 0)}/${f(streaming.cpuMsPerGiB[k].down, 0)}`).join(", ") + " ms",
    target: "(info)",
    pass: null,
  },
  {
    figure: "emulator RSS, 1 GiB up+down (--data-dir): idle -> peak",
    value: `${f(streaming.rss.idleMiB, 0)} -> ${f(streaming.rss.peakMiB, 0)} MiB (+${f(streaming.rss.growthMiB, 0)})`,
    target: "<= +64 MiB",
    pass: streaming.rss.growthMiB <= 64,
  },
  {
    figure: "  reference: bare node:http to/from a file, idle -> peak",
    value: `${f(streaming.rss.bare.idleMiB, 0)} -> ${f(streaming.rss.bare.peakMiB, 0)} MiB (+${f(streaming.rss.bare.growthMiB, 0)})`,
    target: "(info)",
    pass: null,
  },
  {
    figure: "host failure, 1,000 servers recovered: virtual / wall",
    value: `${f(ha.large.virtualSeconds, 0)} s / ${f(ha.large.wallMs, 0)} ms (100 servers: ${f(ha.small.virtualSeconds, 0)} s / ${f(ha.small.wallMs, 0)} ms)`,
    target: "(info)",
    pass: null,
  },
  {
    figure: "chaos experiment, 100-server host failure (15 min objective): wall / CPU",
    value: `${f(chaos.wallMs, 0)} / ${f(chaos.cpuMs, 0)} ms for ${f(chaos.recoverySeconds, 0)} virtual s (first run ${f(chaos.firstRunWallMs, 0)} ms; ${chaos.timelineEntries} timeline entries; same report twice: ${chaos.reproducible ? "yes" : "NO"})`,
    target: "< 1,000 ms CPU, same report",
    pass: chaos.cpuMs < 1000 && chaos.reproducible,
  },
  ...(amqp.skipped
    ? [{ figure: "AMQP bridge", value: `skipped: ${amqp.skipped}`, target: "(info)", pass: null }]
    : [
        { figure: "AMQP notifications published/s, API call to a consumer's receipt", value: `${f(amqp.publish.perSecond, 0)} (${amqp.publish.messages} network.create.end; the API calls alone ${f((amqp.publish.creates * 1000) / amqp.publish.apiMs, 0)}/s)`, target: "(info)", pass: null },
        { figure: "AMQP error notifications consumed and acted on/s", value: `${f(amqp.consume.perSecond, 0)} (${amqp.consume.messages} compute.host.error)`, target: "(info)", pass: null },
        { figure: "cold start without / with --amqp-url (median of 5 each)", value: `${f(amqp.cold.offMedianMs)} / ${f(amqp.cold.onMedianMs)} ms`, target: "(info)", pass: null },
      ]),
  { figure: "instance HA notifications created/s (POST /v1/notifications)", value: `${f(ha.create.perSecond, 0)} (${f(ha.create.usPerCreate, 0)} us each)`, target: "(info)", pass: null },
  { figure: "server lifecycles/s (frozen clock)", value: `${f(compute.lifecycle.perSecond, 0)} (${f(compute.lifecycle.usPerLifecycle / 1000, 2)} ms each)`, target: "(info)", pass: null },
  { figure: "blob put, 200 MiB in 1 MiB blobs, memory / disk", value: `${f(blobs.memory.putMiBps, 0)} / ${f(blobs.disk.putMiBps, 0)} MiB/s`, target: "(info)", pass: null },
  {
    figure: "  memory store: RSS before -> after puts -> after deletes",
    value: `${f(blobs.memory.before.rssMiB, 0)} -> ${f(blobs.memory.afterPuts.rssMiB, 0)} -> ${f(blobs.memory.afterDeletes.rssMiB, 0)} MiB (buffers +${f(blobs.heldMiB, 0)} -> ${f(blobs.leftMiB, 0)}; 2nd round RSS ${blobs.regrowthMiB >= 0 ? "+" : ""}${f(blobs.regrowthMiB, 0)})`,
    target: "returns after deletes",
    pass: blobs.returned,
  },
  {
    figure: "  disk store: RSS before -> after puts -> after deletes",
    value: `${f(blobs.disk.before.rssMiB, 0)} -> ${f(blobs.disk.afterPuts.rssMiB, 0)} -> ${f(blobs.disk.afterDeletes.rssMiB, 0)} MiB`,
    target: "(info)",
    pass: null,
  },
  {
    figure: "100k servers: heap before -> created -> deleted",
    value: `${f(serverMemory.before.heapMiB)} -> ${f(serverMemory.full.heapMiB)} -> ${f(serverMemory.after.heapMiB)} MiB (${serverMemory.heapReturnedPct >= 0 ? "+" : ""}${f(serverMemory.heapReturnedPct)}%)`,
    target: "<= +10%",
    pass: serverMemory.returned,
  },
  {
    figure: "  RSS before -> created -> deleted",
    value: `${f(serverMemory.before.rssMiB, 0)} -> ${f(serverMemory.full.rssMiB, 0)} -> ${f(serverMemory.after.rssMiB, 0)} MiB`,
    target: "(info)",
    pass: null,
  },
  { figure: "RSS after first 200 (median of spawns)", value: `${f(cold.rssMedianMiB)} MiB (max ${f(cold.rssMaxMiB)})`, target: "<= 80 MiB", pass: cold.rssMedianMiB <= 80 },
  { figure: "npm package: packed / installed (no dependencies)", value: `${f(pkg.packedKiB, 0)} / ${f(pkg.installedKiB, 0)} KiB, ${pkg.files} files`, target: "(info)", pass: null },
  ...(box.skipped
    ? [{ figure: "container image", value: `not measured: ${box.skipped}`, target: "(info)", pass: null }]
    : [
        { figure: "container image size (app layers above the base)", value: `${f(box.imageMiB)} MiB (${f(box.appLayersMiB, 2)} MiB)`, target: "(info)", pass: null },
        { figure: "docker run -> first 200 / -> healthy (median)", value: `${f(box.firstOkMs, 0)} / ${f(box.healthyMs, 0)} ms`, target: "(info)", pass: null },
        { figure: "docker stop (median)", value: `${f(box.stopMs, 0)} ms`, target: "(info)", pass: null },
      ]),
];

const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => [r.figure, r.value, r.target][i].length)));
const line = (a, b, c, d) => `${a.padEnd(w[0])}  ${b.padEnd(w[1])}  ${c.padEnd(w[2])}  ${d}`;
console.log(`\nskymock bench (node ${process.version}, ${cpus().length} cpus, ${f((performance.now() - started) / 1000)} s)`);
console.log(line("figure", "value", "target", "result"));
console.log(line(...w.map((n) => "-".repeat(n)), "------"));
for (const r of rows) console.log(line(r.figure, r.value, r.target, r.pass === null ? "" : r.pass ? "PASS" : "MISS"));
console.log(
  `\nthroughput detail: ${tput.mode}; concurrency ${tput.concurrency}, ${tput.durationMs} ms x ${tput.rounds} rounds (best shown), ` +
    `${tput.responseBytes} B body; p50/p99 latency emulator ${f(tput.emulator.latencyMs.p50, 2)}/${f(tput.emulator.latencyMs.p99, 2)} ms, ` +
    `bare ${f(tput.bare.latencyMs.p50, 2)}/${f(tput.bare.latencyMs.p99, 2)} ms; load generator CPU ${f(tput.emulator.clientCpuPct, 0)}% / ${f(tput.bare.clientCpuPct, 0)}% of a core; ` +
    `all rounds req/s emulator ${tput.allRounds.emulator.join(", ")}, bare ${tput.allRounds.bare.join(", ")}, Hono ${tput.allRounds.honoFloor.join(", ")}`,
);
console.log(`cold start runs (ms): ${cold.readyMs.map((x) => f(x, 0)).join(", ")}`);
if (!box.skipped) {
  console.log(
    `container: Docker Engine ${box.engine}, base ${box.base}; ` +
      (box.startIntervalSupported ? "HEALTHCHECK --start-interval in effect" : "engine older than 25: built without --start-interval, so healthy comes with the first 5 s interval"),
  );
}
console.log(
  `block storage: in-process app.request, admin token, project-scoped paths, volume quotas unlimited, frozen clock; ` +
    `creates: one POST /volumes (1 GiB) each with the creating -> available step overridden to immediate (every answer already available), ` +
    `the first 10,000 of the world; pages: GET /volume/v3/{project}/volumes/detail?limit=1000, median of 40 after 20 warm-up, ` +
    `${f(sp.first.bytes / 1024, 0)} KiB a page, marker at the middle, ` +
    `a 10k and a 100k world side by side (built by the same POSTs; 100k in ${f(sp.buildLargeSeconds, 1)} s), the page asked of each in turn, ` +
    `each behind ${sp.demoVolumes} of project demo created first (demo's page: 15 after 5 warm-up); ` +
    `pairs: POST /volumes/{id}/action os-attach (host_name, /dev/vdb) then os-detach, over 100 volumes beside 10k, after 200 warm-up; ` +
    `block storage part ${f(storage.seconds, 1)} s`,
);
console.log(
  `instance HA: in-process, frozen clock, ha-cluster plus 3 large hosts in a segment of their own; the servers seeded ACTIVE (m1.tiny, HA_Enabled, a port each on a /16) ` +
    `on big-1, which fails (POST /_emulator/compute/hosts/big-1/fail); the nova_notification driver's notification advanced to finished through ` +
    `POST /_emulator/instance-ha/notifications/{id}/advance (default options: 180 s service wait, 3 evacuations at a time, 2 s rebuilds); ` +
    `creates: POST /instance-ha/v1/notifications (VM, distinct instance_uuid) as admin after 200 warm-up; instance HA part ${f(ha.seconds, 1)} s`,
);
console.log(
  `chaos experiment: in-process emulator.experiments.run on a frozen clock; seed world ha-cluster plus 3 large hosts in a segment of their own and 100 HA-enabled servers on big-1; ` +
    `hypothesis: no server on a down host, no unfinished notification (2 probes as admin); method: fail big-1, steady-state every 10 s within 15 min; ` +
    `timed: the second run (the first also mounts the services' routes), wall and process CPU; the two reports compared byte for byte`,
);
console.log(
  `object streaming: the \`skymock start\` process (memory blob store), demo token, PUT/GET /object-store/v1/AUTH_<project>/bench/big; ` +
    `client node:http writing 1 MiB slices of one random buffer with backpressure and dropping what it reads (ETag and length checked); ` +
    `bare: a node:http process keeping the chunks as they arrived, hashing MD5 on the way in (the ratio's baseline; the emulator hashes MD5 and SHA-256) ` +
    `or not hashing (${f(streaming.barePlain.up, 0)} / ${f(streaming.barePlain.down, 0)} MiB/s up / down); ${streaming.rounds} rounds alternating, best shown; ` +
    `RSS: VmRSS every 50 ms (${streaming.rss.samples} samples), idle after a 1 MiB object went through, peak up ${f(streaming.rss.uploadPeakMiB, 0)} / down ${f(streaming.rss.downloadPeakMiB, 0)} MiB, ` +
    `${f(streaming.rss.upMiBps, 0)} / ${f(streaming.rss.downMiBps, 0)} MiB/s up / down`,
);
console.log(`store: ${store.via}; ${store.inserts} timed inserts per size; 100k-row table built in ${f(store.buildLargeMs, 0)} ms`);
console.log(
  `compute: in-process app.request, admin token, microversion 2.1, m1.tiny/cirros, quotas unlimited, 4 large hosts merged into the seed; ` +
    `creates: one POST per server with a port on a /16, clock x${compute.create.timeFactor} (the loop never yields to the clock's timer: ` +
    `${compute.create.activeDuringCreates} went ACTIVE during the POSTs); ` +
    `pages: frozen clock, admin's servers built with max_count ${cp.batch} and networks "none" (so addresses are {}), all ACTIVE, ` +
    `plus ${cp.demoServers} of project demo created first (demo's page: 15 after 5 warm-up), ` +
    `median of 40 after 20 warm-up, ${f(cp.atLarge.first.bytes / 1024, 0)} KiB a page, marker at the middle (${cp.small / 2} / ${cp.large / 2}); ` +
    `100k world: ${f(cp.buildSmall.totalMs / 1000, 1)} s to 10k + ${f(cp.buildLarge.totalMs / 1000, 1)} s to 100k ` +
    `(POSTs ${f((cp.buildSmall.createMs + cp.buildLarge.createMs) / 1000, 1)} s, BUILD->ACTIVE advance ${f((cp.buildSmall.activateMs + cp.buildLarge.activateMs) / 1000, 1)} s), ` +
    `RSS ${f(cp.rss.beforeMiB, 0)} -> ${f(cp.rss.smallMiB, 0)} -> ${f(cp.rss.largeMiB, 0)} MiB; ` +
    `lifecycles: ${compute.lifecycle.count} x (POST with a port, advance 5 s, GET ACTIVE, DELETE, advance 2 s, GET 404) beside ${compute.lifecycle.worldServers} servers; ` +
    `compute part ${f(compute.seconds, 1)} s`,
);

/** heap, RSS and array buffers (MiB) before, after the puts and after the deletes */
const blobPhases = (store) =>
  Object.fromEntries(
    ["before", "afterPuts", "afterDeletes"].map((at) => [at, { heapMiB: +f(store[at].heapMiB), rssMiB: +f(store[at].rssMiB), externalMiB: +f(store[at].externalMiB) }]),
  );

const result = {
  bench: "skymock",
  node: process.version,
  cpus: cpus().length,
  totalSeconds: +((performance.now() - started) / 1000).toFixed(1),
  coldStart: { compileCache: cold.compileCache, medianMs: +f(cold.medianMs), minMs: +f(cold.minMs), nodeFloorMedianMs: +f(cold.nodeFloorMedianMs), runsMs: cold.readyMs.map((x) => +f(x)), targetMs: 300, pass: cold.medianMs <= 300 },
  tokenValidation: {
    emulatorRps: Math.round(tput.emulatorRps),
    bareRps: Math.round(tput.bareRps),
    honoFloorRps: Math.round(tput.honoFloorRps),
    ratio: +tput.ratio.toFixed(3),
    medianRoundRatio: +tput.medianRoundRatio.toFixed(3),
    serverCpuUsPerRequest: Object.fromEntries(Object.entries(tput.cpuUsPerRequest).map(([k, v]) => [k, +f(v)])),
    cpuRatio: +tput.cpuRatio.toFixed(3),
    targetRatio: 0.6,
    pass: tput.ratio >= 0.6,
    concurrency: tput.concurrency,
    latencyMs: { emulator: tput.emulator.latencyMs, bare: tput.bare.latencyMs },
  },
  storeInsert: {
    us1k: +f(store.insertSmallUs, 2),
    us100k: +f(store.insertLargeUs, 2),
    ratio: +store.insertRatio.toFixed(3),
    targetRatio: 1.5,
    pass: store.insertRatio <= 1.5,
    getNs1k: Math.round(store.readSmallNs),
    getNs100k: Math.round(store.readLargeNs),
  },
  networking: {
    portCreatesPerSecond: Math.round(net.portCreatesPerSecond),
    portCreateUs100: +f(net.at100Us, 1),
    portCreateUs60k: +f(net.at60kUs, 1),
    ratio: +net.ratio.toFixed(3),
    targetRatio: 1.5,
    pass: net.ratio <= 1.5,
  },
  compute: {
    createsPerSecond: Math.round(compute.create.createsPerSecond),
    created: compute.create.count,
    timeFactor: compute.create.timeFactor,
    allActiveSeconds: +f(compute.create.allActiveSeconds, 2),
    lastActiveAfterLastCreateMs: Math.round(compute.create.drainMs),
    detailPageMs: {
      first10k: +f(cp.atSmall.first.ms, 2),
      first100k: +f(cp.atLarge.first.ms, 2),
      marker10k: +f(cp.atSmall.middle.ms, 2),
      marker100k: +f(cp.atLarge.middle.ms, 2),
    },
    firstPageRatio: +cp.firstRatio.toFixed(3),
    markerPageRatio: +cp.middleRatio.toFixed(3),
    targetRatio: 1.5,
    pass: cp.firstRatio <= 1.5 && cp.middleRatio <= 1.5,
    build100kSeconds: +f(cp.buildLargeTotalMs / 1000, 2),
    rss10kMiB: Math.round(cp.rss.smallMiB),
    rss100kMiB: Math.round(cp.rss.largeMiB),
    heapGrowth100kMiB: Math.round(cp.heap.growthMiB),
    otherProjectPageMs: { behind10k: +f(cp.atSmall.otherProject.ms, 2), behind100k: +f(cp.atLarge.otherProject.ms, 2), ratio: +cp.otherProjectRatio.toFixed(3) },
    detailPageWithPortsMs10k: +f(compute.create.pageWithPorts.ms, 2),
    lifecyclesPerSecond: Math.round(compute.lifecycle.perSecond),
    seconds: +f(compute.seconds),
  },
  instanceHa: {
    recovery1000: { virtualSeconds: ha.large.virtualSeconds, wallMs: Math.round(ha.large.wallMs), seedMs: Math.round(ha.large.seedMs) },
    recovery100: { virtualSeconds: ha.small.virtualSeconds, wallMs: Math.round(ha.small.wallMs) },
    notificationsPerSecond: Math.round(ha.create.perSecond),
    seconds: +f(ha.seconds),
  },
  experiment: { servers: chaos.servers, wallMs: Math.round(chaos.wallMs), cpuMs: Math.round(chaos.cpuMs), firstRunWallMs: Math.round(chaos.firstRunWallMs), recoverySeconds: chaos.recoverySeconds, timelineEntries: chaos.timelineEntries, reproducible: chaos.reproducible },
  amqp: amqp.skipped
    ? { skipped: amqp.skipped }
    : { publishedPerSecond: Math.round(amqp.publish.perSecond), consumedPerSecond: Math.round(amqp.consume.perSecond), coldStartMs: { off: +f(amqp.cold.offMedianMs), on: +f(amqp.cold.onMedianMs) } },
  blockStorage: {
    createsPerSecond: Math.round(storage.create.perSecond),
    detailPageMs: {
      first10k: +f(sp.first.small.ms, 2),
      first100k: +f(sp.first.large.ms, 2),
      marker10k: +f(sp.middle.small.ms, 2),
      marker100k: +f(sp.middle.large.ms, 2),
    },
    firstPageRatio: +sp.first.ratio.toFixed(3),
    markerPageRatio: +sp.middle.ratio.toFixed(3),
    otherProjectPageMs: { behind10k: +f(sp.otherProject.small.ms, 2), behind100k: +f(sp.otherProject.large.ms, 2), ratio: +sp.otherProject.ratio.toFixed(3) },
    targetRatio: 1.5,
    pass: sp.first.ratio <= 1.5,
    attachDetachPairsPerSecond: Math.round(storage.attach.perSecond),
    seconds: +f(storage.seconds),
  },
  objectStorage: {
    putPerSecond1KiB: Math.round(objects.putPerSecond),
    getPerSecond1KiB: Math.round(objects.getPerSecond),
    listingPageMs: { at10k: +f(objects.page.smallMs, 2), at1M: +f(objects.page.largeMs, 2), ratio: +objects.page.ratio.toFixed(3) },
    fillSeconds: +f(objects.fillSeconds, 1),
    targetRatio: 1.5,
    pass: objects.page.ratio <= 1.5,
  },
  objectStreaming: {
    objectMiB: streaming.objectMiB,
    upMiBps: { emulator: Math.round(streaming.emulator.up), bare: Math.round(streaming.bare.up), bareNoHash: Math.round(streaming.barePlain.up) },
    downMiBps: { emulator: Math.round(streaming.emulator.down), bare: Math.round(streaming.bare.down), bareNoHash: Math.round(streaming.barePlain.down) },
    upRatio: +streaming.upRatio.toFixed(3),
    downRatio: +streaming.downRatio.toFixed(3),
    medianRoundRatio: { up: +streaming.medianRoundRatio.up.toFixed(3), down: +streaming.medianRoundRatio.down.toFixed(3) },
    serverCpuMsPerGiB: streaming.cpuMsPerGiB,
    targetRatio: 0.7,
    pass: streaming.upRatio >= 0.7 && streaming.downRatio >= 0.7,
    rss: {
      objectMiB: streaming.rss.objectMiB,
      idleMiB: +f(streaming.rss.idleMiB),
      peakMiB: +f(streaming.rss.peakMiB),
      growthMiB: +f(streaming.rss.growthMiB),
      bareGrowthMiB: +f(streaming.rss.bare.growthMiB),
      targetGrowthMiB: 64,
      pass: streaming.rss.growthMiB <= 64,
    },
  },
  blobs: {
    putMiBps: { memory: Math.round(blobs.memory.putMiBps), disk: Math.round(blobs.disk.putMiBps) },
    memoryStore: blobPhases(blobs.memory),
    diskStore: blobPhases(blobs.disk),
    heldMiB: +f(blobs.heldMiB),
    leftMiB: +f(blobs.leftMiB),
    secondRoundRssGrowthMiB: +f(blobs.regrowthMiB),
    pass: blobs.returned,
  },
  serverMemory: {
    servers: serverMemory.servers,
    heapMiB: { before: +f(serverMemory.before.heapMiB), created: +f(serverMemory.full.heapMiB), deleted: +f(serverMemory.after.heapMiB) },
    rssMiB: { before: +f(serverMemory.before.rssMiB), created: +f(serverMemory.full.rssMiB), deleted: +f(serverMemory.after.rssMiB) },
    heapReturnedPct: +f(serverMemory.heapReturnedPct),
    targetPct: 10,
    pass: serverMemory.returned,
  },
  dashboard: { firstLoadMs: +f(dashboard.firstLoadMs), nextLoadMs: +f(dashboard.nextLoadMs), bytes: dashboard.bytes, rssGrowthMiB: +f(dashboard.rssGrowthMiB) },
  rssAfterStart: { medianMiB: +f(cold.rssMedianMiB), maxMiB: +f(cold.rssMaxMiB), targetMiB: 80, pass: cold.rssMedianMiB <= 80 },
  package: { packedKiB: Math.round(pkg.packedKiB), installedKiB: Math.round(pkg.installedKiB), files: pkg.files },
  container: box.skipped
    ? { skipped: box.skipped }
    : { engine: box.engine, imageMiB: +f(box.imageMiB), appLayersMiB: +f(box.appLayersMiB, 2), firstOkMs: Math.round(box.firstOkMs), healthyMs: Math.round(box.healthyMs), stopMs: Math.round(box.stopMs) },
};
console.log(JSON.stringify(result));
