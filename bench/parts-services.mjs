// The bench's service parts: compute, block storage, object storage (small objects, listings, streaming
// against a bare node:http server), instance HA, the AMQP bridge, the blob store and memory back after
// deletes. Each part as in parts-platform.mjs.

import { measureCompute } from "./compute.mjs";
import { measureBlockStorage } from "./block-storage.mjs";
import { measureInstanceHa } from "./instance-ha.mjs";
import { measureAmqp } from "./amqp.mjs";
import { measureExperiment } from "./experiments.mjs";
import { measureObjectStorage } from "./object-storage.mjs";
import { measureObjectStreaming } from "./object-streaming.mjs";
import { measureBlobs } from "./blobs.mjs";
import { measureServerMemory } from "./server-memory.mjs";
import { measureWorldRss } from "./world-rss.mjs";
import { f, info, med, row } from "./table.mjs";

/** heap, RSS and array buffers (MiB) before, after the puts and after the deletes */
const blobPhases = (store) =>
  Object.fromEntries(["before", "afterPuts", "afterDeletes"].map((at) => [at, { heapMiB: +f(store[at].heapMiB), rssMiB: +f(store[at].rssMiB), externalMiB: +f(store[at].externalMiB) }]));

/** The heap one more server costs, from the world at 10k to the world at 100k (the emulator's own heap left out). */
const serverHeapKiB = (cp) => ((cp.heap.largeMiB - cp.heap.smallMiB) * 1024) / (cp.large - cp.small);

const computePart = {
  name: "compute",
  title: "compute (10,000 creates at time factor 1000; /servers/detail page at 10k vs 100k servers; lifecycles)",
  run: () => measureCompute({ creates: 10_000, timeFactor: 1000, pagesSmall: 10_000, pagesLarge: 100_000, lifecycleCount: 2000 }),
  rows: (compute) => {
    const cp = compute.pages;
    return [
      info("server create (1 POST, 1 port each), servers/s", `${f(compute.create.createsPerSecond, 0)} (10,000 in ${f(compute.create.createSeconds, 2)} s)`),
      info("  10,000 created -> all ACTIVE (time x1000)", `${f(compute.create.allActiveSeconds, 2)} s (last ACTIVE ${f(compute.create.drainMs, 0)} ms after last POST)`),
      row("servers/detail 1000, 10k -> 100k (1st page)", `${f(cp.atSmall.first.ms, 1)} -> ${f(cp.atLarge.first.ms, 1)} ms (x${med(cp.firstRatio, 2)})`, "<= x1.5", cp.firstRatio.median <= 1.5, cp.firstRatio),
      row("servers/detail 1000, 10k -> 100k (mid marker)", `${f(cp.atSmall.middle.ms, 1)} -> ${f(cp.atLarge.middle.ms, 1)} ms (x${med(cp.middleRatio, 2)})`, "<= x1.5", cp.middleRatio.median <= 1.5, cp.middleRatio),
      row(
        "servers/detail: demo's page behind 10k -> 100k admin servers",
        `${f(cp.atSmall.otherProject.ms, 1)} -> ${f(cp.atLarge.otherProject.ms, 1)} ms (x${med(cp.otherProjectRatio, 2)})`,
        "<= x1.5",
        cp.otherProjectRatio.median <= 1.5,
        cp.otherProjectRatio,
      ),
      info("  100k world: build; RSS 10k -> 100k", `${f(cp.buildLargeTotalMs / 1000, 1)} s; ${f(cp.rss.smallMiB, 0)} -> ${f(cp.rss.largeMiB, 0)} MiB (heap +${f(cp.heap.growthMiB, 0)} MiB for the world)`),
      row("  heap per server, 10k -> 100k (no port)", `${f(serverHeapKiB(cp), 2)} KiB`, "<= 0.5 KiB", serverHeapKiB(cp) <= 0.5),
      info("  same page, each server with a port (10k)", `${f(compute.create.pageWithPorts.ms, 1)} ms (${f(compute.create.pageWithPorts.bytes / 1024, 0)} KiB)`),
      info("server lifecycles/s (frozen clock)", `${f(compute.lifecycle.perSecond, 0)} (${f(compute.lifecycle.usPerLifecycle / 1000, 2)} ms each)`),
    ];
  },
  notes: (compute) => {
    const cp = compute.pages;
    return [
      `compute: in-process app.request, admin token, microversion 2.1, m1.tiny/cirros, quotas unlimited, 4 large hosts merged into the seed; ` +
        `creates: one POST per server with a port on a /16, clock x${compute.create.timeFactor} (the loop never yields to the clock's timer: ` +
        `${compute.create.activeDuringCreates} went ACTIVE during the POSTs); ` +
        `pages: frozen clock, admin's servers built with max_count ${cp.batch} and networks "none" (so addresses are {}), all ACTIVE, ` +
        `plus ${cp.demoServers} of project demo created first; a 10k world and the 100k one timed in ${cp.rounds} alternating rounds ` +
        `(each page ${cp.reps} after ${cp.warmup} warm-up a round; the ratio is each round's medians, 100k / 10k), ` +
        `${f(cp.atLarge.first.bytes / 1024, 0)} KiB a page, marker at the middle (${cp.small / 2} / ${cp.large / 2}); ` +
        `100k world: ${f(cp.buildSmall.totalMs / 1000, 1)} s to 10k + ${f(cp.buildLarge.totalMs / 1000, 1)} s to 100k ` +
        `(POSTs ${f((cp.buildSmall.createMs + cp.buildLarge.createMs) / 1000, 1)} s, BUILD->ACTIVE advance ${f((cp.buildSmall.activateMs + cp.buildLarge.activateMs) / 1000, 1)} s), ` +
        `RSS ${f(cp.rss.beforeMiB, 0)} -> ${f(cp.rss.smallMiB, 0)} -> ${f(cp.rss.largeMiB, 0)} MiB; ` +
        `lifecycles: ${compute.lifecycle.count} x (POST with a port, advance 5 s, GET ACTIVE, DELETE, advance 2 s, GET 404) beside ${compute.lifecycle.worldServers} servers; ` +
        `compute part ${f(compute.seconds, 1)} s`,
    ];
  },
  json: (compute) => {
    const cp = compute.pages;
    return {
      createsPerSecond: Math.round(compute.create.createsPerSecond),
      created: compute.create.count,
      timeFactor: compute.create.timeFactor,
      allActiveSeconds: +f(compute.create.allActiveSeconds, 2),
      lastActiveAfterLastCreateMs: Math.round(compute.create.drainMs),
      detailPageMs: { first10k: +f(cp.atSmall.first.ms, 2), first100k: +f(cp.atLarge.first.ms, 2), marker10k: +f(cp.atSmall.middle.ms, 2), marker100k: +f(cp.atLarge.middle.ms, 2) },
      firstPageRatio: +cp.firstRatio.median.toFixed(3),
      markerPageRatio: +cp.middleRatio.median.toFixed(3),
      build100kSeconds: +f(cp.buildLargeTotalMs / 1000, 2),
      rss10kMiB: Math.round(cp.rss.smallMiB),
      rss100kMiB: Math.round(cp.rss.largeMiB),
      heapGrowth100kMiB: Math.round(cp.heap.growthMiB),
      heapPerServerKiB: +f(serverHeapKiB(cp), 3),
      otherProjectPageMs: { behind10k: +f(cp.atSmall.otherProject.ms, 2), behind100k: +f(cp.atLarge.otherProject.ms, 2), ratio: +cp.otherProjectRatio.median.toFixed(3) },
      detailPageWithPortsMs10k: +f(compute.create.pageWithPorts.ms, 2),
      lifecyclesPerSecond: Math.round(compute.lifecycle.perSecond),
      seconds: +f(compute.seconds),
    };
  },
};

const blockStoragePart = {
  name: "block-storage",
  title: "block storage (10,000 volume creates; /volumes/detail page at 10k vs 100k volumes; attach/detach pairs)",
  run: () => measureBlockStorage({ small: 10_000, large: 100_000, pairs: 5000 }),
  rows: (storage) => {
    const sp = storage.pages;
    return [
      info("volume create -> available (step immediate), volumes/s", `${f(storage.create.perSecond, 0)} (10,000 in ${f(storage.create.seconds, 2)} s)`),
      row("volumes/detail 1000, 10k -> 100k (1st page)", `${f(sp.first.small.ms, 1)} -> ${f(sp.first.large.ms, 1)} ms (x${f(sp.first.ratio, 2)})`, "<= x1.5", sp.first.ratio <= 1.5),
      info("  volumes/detail 1000, 10k -> 100k (mid marker)", `${f(sp.middle.small.ms, 1)} -> ${f(sp.middle.large.ms, 1)} ms (x${f(sp.middle.ratio, 2)})`),
      row(
        "volumes/detail: demo's page behind 10k -> 100k admin volumes",
        `${f(sp.otherProject.small.ms, 1)} -> ${f(sp.otherProject.large.ms, 1)} ms (x${f(sp.otherProject.ratio, 2)})`,
        "<= x1.5",
        sp.otherProject.ratio <= 1.5,
      ),
      info("volume attach/detach pairs/s (os-attach + os-detach)", `${f(storage.attach.perSecond, 0)} (${f(storage.attach.usPerPair, 0)} us a pair)`),
    ];
  },
  notes: (storage) => {
    const sp = storage.pages;
    return [
      `block storage: in-process app.request, admin token, project-scoped paths, volume quotas unlimited, frozen clock; ` +
        `creates: one POST /volumes (1 GiB) each with the creating -> available step overridden to immediate (every answer already available), ` +
        `the first 10,000 of the world; pages: GET /volume/v3/{project}/volumes/detail?limit=1000, median of 40 after 20 warm-up, ` +
        `${f(sp.first.bytes / 1024, 0)} KiB a page, marker at the middle, ` +
        `a 10k and a 100k world side by side (built by the same POSTs; 100k in ${f(sp.buildLargeSeconds, 1)} s), the page asked of each in turn, ` +
        `each behind ${sp.demoVolumes} of project demo created first (demo's page: 15 after 5 warm-up); ` +
        `pairs: POST /volumes/{id}/action os-attach (host_name, /dev/vdb) then os-detach, over 100 volumes beside 10k, after 200 warm-up; ` +
        `block storage part ${f(storage.seconds, 1)} s`,
    ];
  },
  json: (storage) => {
    const sp = storage.pages;
    return {
      createsPerSecond: Math.round(storage.create.perSecond),
      detailPageMs: { first10k: +f(sp.first.small.ms, 2), first100k: +f(sp.first.large.ms, 2), marker10k: +f(sp.middle.small.ms, 2), marker100k: +f(sp.middle.large.ms, 2) },
      firstPageRatio: +sp.first.ratio.toFixed(3),
      markerPageRatio: +sp.middle.ratio.toFixed(3),
      otherProjectPageMs: { behind10k: +f(sp.otherProject.small.ms, 2), behind100k: +f(sp.otherProject.large.ms, 2), ratio: +sp.otherProject.ratio.toFixed(3) },
      attachDetachPairsPerSecond: Math.round(storage.attach.perSecond),
      seconds: +f(storage.seconds),
    };
  },
};

const objectStoragePart = {
  name: "object-storage",
  title: "object storage (1 KiB PUT/GET; a 10,000-name listing page at 10k vs 1M objects)",
  run: () => measureObjectStorage({ objects: 20_000, small: 10_000, large: 1_000_000 }),
  rows: (o) => [
    info("object PUT / GET per second, 1 KiB objects", `${f(o.putPerSecond, 0)} / ${f(o.getPerSecond, 0)}`),
    row(
      "container listing page (10,000 names), 10k -> 1M objects",
      `${f(o.page.smallMs, 1)} -> ${f(o.page.largeMs, 1)} ms (x${f(o.page.ratio, 2)}; 1M filled in ${f(o.fillSeconds, 0)} s)`,
      "<= 1.5x",
      o.page.ratio <= 1.5,
    ),
  ],
  json: (o) => ({
    putPerSecond1KiB: Math.round(o.putPerSecond),
    getPerSecond1KiB: Math.round(o.getPerSecond),
    listingPageMs: { at10k: +f(o.page.smallMs, 2), at1M: +f(o.page.largeMs, 2), ratio: +o.page.ratio.toFixed(3) },
    fillSeconds: +f(o.fillSeconds, 1),
  }),
};

const streamingPart = {
  name: "object-streaming",
  title: "object streaming (256 MiB up/down vs bare node:http, 5 rounds; RSS while 1 GiB streams through with --data-dir)",
  run: () => measureObjectStreaming({ objectMiB: 256, rounds: 5, rssObjectMiB: 1024 }),
  rows: (s) => [
    row("object upload MiB/s (256 MiB), emulator / bare (MD5)", `${f(s.emulator.up, 0)} / ${f(s.bare.up, 0)} = ${f(s.upRatio * 100)}%`, ">= 70%", s.upRatio >= 0.7),
    row("object download MiB/s (256 MiB), emulator / bare", `${f(s.emulator.down, 0)} / ${f(s.bare.down, 0)} = ${f(s.downRatio * 100)}%`, ">= 70%", s.downRatio >= 0.7),
    info("  same, median of the rounds' own ratios, up / down", `${f(s.medianRoundRatio.up * 100)}% / ${f(s.medianRoundRatio.down * 100)}%`),
    info(
      "  server CPU per GiB up / down: emulator, bare (MD5), bare (no hash)",
      ["emulator", "bare", "barePlain"].map((k) => `${f(s.cpuMsPerGiB[k].up, 0)}/${f(s.cpuMsPerGiB[k].down, 0)}`).join(", ") + " ms",
    ),
    row("emulator RSS, 1 GiB up+down (--data-dir): idle -> peak", `${f(s.rss.idleMiB, 0)} -> ${f(s.rss.peakMiB, 0)} MiB (+${f(s.rss.growthMiB, 0)})`, "<= +64 MiB", s.rss.growthMiB <= 64),
    info("  reference: bare node:http to/from a file, idle -> peak", `${f(s.rss.bare.idleMiB, 0)} -> ${f(s.rss.bare.peakMiB, 0)} MiB (+${f(s.rss.bare.growthMiB, 0)})`),
  ],
  notes: (s) => [
    `object streaming: the \`skymock start\` process (memory blob store), demo token, PUT/GET /object-store/v1/AUTH_<project>/bench/big; ` +
      `client node:http writing 1 MiB slices of one random buffer with backpressure and dropping what it reads (ETag and length checked); ` +
      `bare: a node:http process keeping the chunks as they arrived, hashing MD5 on the way in (the ratio's baseline; the emulator hashes MD5 and SHA-256) ` +
      `or not hashing (${f(s.barePlain.up, 0)} / ${f(s.barePlain.down, 0)} MiB/s up / down); ${s.rounds} rounds alternating, best shown; ` +
      `RSS: VmRSS every 50 ms (${s.rss.samples} samples), idle after a 1 MiB object went through, peak up ${f(s.rss.uploadPeakMiB, 0)} / down ${f(s.rss.downloadPeakMiB, 0)} MiB, ` +
      `${f(s.rss.upMiBps, 0)} / ${f(s.rss.downMiBps, 0)} MiB/s up / down`,
  ],
  json: (s) => ({
    objectMiB: s.objectMiB,
    upMiBps: { emulator: Math.round(s.emulator.up), bare: Math.round(s.bare.up), bareNoHash: Math.round(s.barePlain.up) },
    downMiBps: { emulator: Math.round(s.emulator.down), bare: Math.round(s.bare.down), bareNoHash: Math.round(s.barePlain.down) },
    upRatio: +s.upRatio.toFixed(3),
    downRatio: +s.downRatio.toFixed(3),
    medianRoundRatio: { up: +s.medianRoundRatio.up.toFixed(3), down: +s.medianRoundRatio.down.toFixed(3) },
    serverCpuMsPerGiB: s.cpuMsPerGiB,
    rss: { objectMiB: s.rss.objectMiB, idleMiB: +f(s.rss.idleMiB), peakMiB: +f(s.rss.peakMiB), growthMiB: +f(s.rss.growthMiB), bareGrowthMiB: +f(s.rss.bare.growthMiB) },
  }),
};

const instanceHaPart = {
  name: "instance-ha",
  title: "instance HA (a host with 100 and 1,000 servers fails and is recovered; 5,000 notification creates)",
  run: () => measureInstanceHa({ servers: 1000, notifications: 5000 }),
  rows: (ha) => [
    info("host failure, 1,000 servers recovered: virtual / wall", `${f(ha.large.virtualSeconds, 0)} s / ${f(ha.large.wallMs, 0)} ms (100 servers: ${f(ha.small.virtualSeconds, 0)} s / ${f(ha.small.wallMs, 0)} ms)`),
    info("instance HA notifications created/s (POST /v1/notifications)", `${f(ha.create.perSecond, 0)} (${f(ha.create.usPerCreate, 0)} us each)`),
  ],
  notes: (ha) => [
    `instance HA: in-process, frozen clock, ha-cluster plus 3 large hosts in a segment of their own; the servers seeded ACTIVE (m1.tiny, HA_Enabled, a port each on a /16) ` +
      `on big-1, which fails (POST /_emulator/compute/hosts/big-1/fail); the nova_notification driver's notification advanced to finished through ` +
      `POST /_emulator/instance-ha/notifications/{id}/advance (default options: 180 s service wait, 3 evacuations at a time, 2 s rebuilds); ` +
      `creates: POST /instance-ha/v1/notifications (VM, distinct instance_uuid) as admin after 200 warm-up; instance HA part ${f(ha.seconds, 1)} s`,
  ],
  json: (ha) => ({
    recovery1000: { virtualSeconds: ha.large.virtualSeconds, wallMs: Math.round(ha.large.wallMs), seedMs: Math.round(ha.large.seedMs) },
    recovery100: { virtualSeconds: ha.small.virtualSeconds, wallMs: Math.round(ha.small.wallMs) },
    notificationsPerSecond: Math.round(ha.create.perSecond),
    seconds: +f(ha.seconds),
  }),
};

const experimentPart = {
  name: "experiment",
  title: "chaos experiment (a host with 100 servers fails; steady-state wait until recovered, 15-minute objective; frozen clock)",
  run: () => measureExperiment({ servers: 100 }),
  rows: (chaos) => [
    row(
      "chaos experiment, 100-server host failure (15 min objective): wall / CPU",
      `${f(chaos.wallMs, 0)} / ${f(chaos.cpuMs, 0)} ms for ${f(chaos.recoverySeconds, 0)} virtual s (first run ${f(chaos.firstRunWallMs, 0)} ms; ${chaos.timelineEntries} timeline entries; same report twice: ${chaos.reproducible ? "yes" : "NO"})`,
      "< 1,000 ms CPU, same report",
      chaos.cpuMs < 1000 && chaos.reproducible,
    ),
  ],
  notes: () => [
    `chaos experiment: in-process emulator.experiments.run on a frozen clock; seed world ha-cluster plus 3 large hosts in a segment of their own and 100 HA-enabled servers on big-1; ` +
      `hypothesis: no server on a down host, no unfinished notification (2 probes as admin); method: fail big-1, steady-state every 10 s within 15 min; ` +
      `timed: the second run (the first also mounts the services' routes), wall and process CPU; the two reports compared byte for byte`,
  ],
  json: (chaos) => ({
    servers: chaos.servers,
    wallMs: Math.round(chaos.wallMs),
    cpuMs: Math.round(chaos.cpuMs),
    firstRunWallMs: Math.round(chaos.firstRunWallMs),
    recoverySeconds: chaos.recoverySeconds,
    timelineEntries: chaos.timelineEntries,
    reproducible: chaos.reproducible,
  }),
};

const amqpPart = {
  name: "amqp",
  title: "AMQP bridge on the local RabbitMQ (3,000 notifications out, 3,000 error notifications in; cold start with and without --amqp-url)",
  run: () => measureAmqp({ networks: 3000, errors: 3000, coldRuns: 5 }),
  rows: (a) =>
    a.skipped
      ? [info("AMQP bridge", `skipped: ${a.skipped}`)]
      : [
          info(
            "AMQP notifications published/s, API call to a consumer's receipt",
            `${f(a.publish.perSecond, 0)} (${a.publish.messages} network.create.end; the API calls alone ${f((a.publish.creates * 1000) / a.publish.apiMs, 0)}/s)`,
          ),
          info("AMQP error notifications consumed and acted on/s", `${f(a.consume.perSecond, 0)} (${a.consume.messages} compute.host.error)`),
          info("cold start without / with --amqp-url (median of 5 each)", `${f(a.cold.offMedianMs)} / ${f(a.cold.onMedianMs)} ms`),
        ],
  json: (a) =>
    a.skipped
      ? { skipped: a.skipped }
      : { publishedPerSecond: Math.round(a.publish.perSecond), consumedPerSecond: Math.round(a.consume.perSecond), coldStartMs: { off: +f(a.cold.offMedianMs), on: +f(a.cold.onMedianMs) } },
};

const blobsPart = {
  name: "blobs",
  title: "blob store (200 MiB in 1 MiB blobs put, then deleted; memory and disk)",
  run: () => measureBlobs({ totalMiB: 200, blobMiB: 1 }),
  rows: (b) => [
    info("blob put, 200 MiB in 1 MiB blobs, memory / disk", `${f(b.memory.putMiBps, 0)} / ${f(b.disk.putMiBps, 0)} MiB/s`),
    row(
      "  memory store: RSS before -> after puts -> after deletes",
      `${f(b.memory.before.rssMiB, 0)} -> ${f(b.memory.afterPuts.rssMiB, 0)} -> ${f(b.memory.afterDeletes.rssMiB, 0)} MiB (buffers +${f(b.heldMiB, 0)} -> ${f(b.leftMiB, 0)}; 2nd round RSS ${b.regrowthMiB >= 0 ? "+" : ""}${f(b.regrowthMiB, 0)})`,
      "returns after deletes",
      b.returned,
    ),
    info("  disk store: RSS before -> after puts -> after deletes", `${f(b.disk.before.rssMiB, 0)} -> ${f(b.disk.afterPuts.rssMiB, 0)} -> ${f(b.disk.afterDeletes.rssMiB, 0)} MiB`),
  ],
  json: (b) => ({
    putMiBps: { memory: Math.round(b.memory.putMiBps), disk: Math.round(b.disk.putMiBps) },
    memoryStore: blobPhases(b.memory),
    diskStore: blobPhases(b.disk),
    heldMiB: +f(b.heldMiB),
    leftMiB: +f(b.leftMiB),
    secondRoundRssGrowthMiB: +f(b.regrowthMiB),
  }),
};

const serverMemoryPart = {
  name: "server-memory",
  title: "memory back after deletes (100,000 servers with ports created, then all deleted)",
  run: async () => ({ ...(await measureServerMemory({ servers: 100_000 })), world: measureWorldRss({ servers: 100_000 }) }),
  rows: (m) => [
    row(
      "100k servers: heap before -> created -> deleted",
      `${f(m.before.heapMiB)} -> ${f(m.full.heapMiB)} -> ${f(m.after.heapMiB)} MiB (${m.heapReturnedPct >= 0 ? "+" : ""}${f(m.heapReturnedPct)}%)`,
      "<= +10%",
      m.returned,
    ),
    info("  RSS before -> created -> deleted", `${f(m.before.rssMiB, 0)} -> ${f(m.full.rssMiB, 0)} -> ${f(m.after.rssMiB, 0)} MiB`),
    row(
      "RSS of an emulator process holding 100k servers (own process)",
      `${f(m.world.rssMiB, 0)} MiB (${f(m.world.baseRssMiB, 0)} before the servers; heap ${f(m.world.heapMiB, 0)} MiB)`,
      "<= 300 MiB",
      m.world.rssMiB <= 300,
    ),
    row("  heap per server with its port", `${f(((m.full.heapMiB - m.before.heapMiB) * 1024) / m.servers, 2)} KiB`, "<= 1 KiB", ((m.full.heapMiB - m.before.heapMiB) * 1024) / m.servers <= 1),
  ],
  json: (m) => ({
    servers: m.servers,
    heapMiB: { before: +f(m.before.heapMiB), created: +f(m.full.heapMiB), deleted: +f(m.after.heapMiB) },
    rssMiB: { before: +f(m.before.rssMiB), created: +f(m.full.rssMiB), deleted: +f(m.after.rssMiB) },
    heapReturnedPct: +f(m.heapReturnedPct),
    heapPerServerKiB: +f(((m.full.heapMiB - m.before.heapMiB) * 1024) / m.servers, 3),
    worldRssMiB: Math.round(m.world.rssMiB),
  }),
};

export const serviceParts = [computePart, blockStoragePart, objectStoragePart, streamingPart, instanceHaPart, experimentPart, amqpPart, blobsPart, serverMemoryPart];
