// A chaos experiment's wall time, in-process (emulator.experiments.run) on a frozen clock: a host with 100
// servers (seeded ACTIVE, HA-enabled) fails; the experiment's steady-state wait polls the hypothesis every
// 10 virtual seconds until instance HA has evacuated them all (objective: 15 virtual minutes). Reports the
// virtual recovery time, the wall and CPU time of the whole run (hypothesis, method, polls, report; the
// first run, which also mounts the services' routes, apart) and the report's timeline length; and checks
// that the second run gives the same report byte for byte.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmulator } from "../dist/index.js";

const bigHost = (name, i) => ({ name, zone: "nova", host_ip: `192.168.200.${i}`, vcpus: 4096, memory_mb: 4_194_304, local_gb: 100_000 });

const world = (count) => ({
  extends: "ha-cluster",
  networking: { networks: [{ name: "bench-net", project: "demo", subnets: [{ name: "bench-subnet", cidr: "10.50.0.0/16", gateway_ip: "10.50.0.1" }] }] },
  compute: {
    hosts: [bigHost("big-1", 1), bigHost("big-2", 2), bigHost("big-3", 3)],
    quotas: [{ project: "demo", instances: -1, cores: -1, ram: -1 }],
    servers: [{ name: "ha", project: "demo", flavor: "m1.tiny", image: "cirros", networks: ["bench-net"], host: "big-1", count, metadata: { HA_Enabled: "True" } }],
  },
  "instance-ha": { segments: [{ name: "bench-segment", hosts: [{ name: "big-1" }, { name: "big-2" }, { name: "big-3" }] }] },
});

const probe = (name, path, select, version) => ({
  type: "probe",
  name,
  provider: { type: "http", path, as: { user: "admin" }, headers: { "OpenStack-API-Version": version } },
  tolerance: { status: 200, select, count: 0 },
});

const experiment = (host) => ({
  title: `A host with its servers fails; instance HA recovers them within 15 minutes`,
  "steady-state-hypothesis": {
    title: "no server on a down host, no recovery under way",
    probes: [
      probe("no-server-on-a-down-host", "/compute/v2.1/servers/detail?all_tenants=1&limit=1000", "$.servers[?(@.host_status!='UP')]", "compute 2.53"),
      probe("no-recovery-under-way", "/instance-ha/v1/notifications", "$.notifications[?(@.status!='finished')]", "instance-ha 1.3"),
    ],
  },
  method: [
    { type: "action", name: "fail", provider: { type: "fail-host", host } },
    { type: "action", name: "wait-for-recovery", provider: { type: "steady-state", within: "15m", every: "10s" } },
  ],
});

export async function measureExperiment({ servers: count = 100 } = {}) {
  // the seed world itself (a file: `extends` is read from files): each run resets to it first, so both
  // start the same
  const dir = mkdtempSync(join(tmpdir(), "skymock-bench-experiment-"));
  const file = join(dir, "world.json");
  writeFileSync(file, JSON.stringify(world(count)));
  const emu = createEmulator({ seed: file, frozenClock: true, randomSeed: 1, startTime: "2030-01-01T00:00:00Z", logLevel: "error" });
  rmSync(dir, { recursive: true, force: true });
  const doc = experiment("big-1");
  const timed = async () => {
    const cpu = process.cpuUsage();
    const t = performance.now();
    const run = await emu.experiments.run(doc, { seed: 1, startAt: "2030-01-01T00:00:00Z" });
    const used = process.cpuUsage(cpu);
    return { run, wallMs: performance.now() - t, cpuMs: (used.user + used.system) / 1000 };
  };
  // the first run also mounts the services' routes and compiles what they use
  const cold = await timed();
  const warm = await timed();
  const first = cold.run;
  const second = warm.run;
  const report = first.report;
  if (report.status !== "completed") throw new Error(`the experiment ${report.status}: ${report.summary}`);
  const evacuated = report.timeline.filter((e) => e.kind === "state" && e.name === "compute.server" && e.detail.to === "ACTIVE").length;
  if (evacuated < count) throw new Error(`the timeline shows ${evacuated} servers back ACTIVE, expected ${count}`);
  await emu.close();
  return {
    servers: count,
    firstRunWallMs: cold.wallMs,
    wallMs: warm.wallMs,
    cpuMs: warm.cpuMs,
    recoverySeconds: report.recovery.seconds,
    timelineEntries: report.timeline.length,
    reportBytes: JSON.stringify(report).length,
    reproducible: JSON.stringify(second.report) === JSON.stringify(report),
  };
}

// `node bench/experiments.mjs`: this part alone
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureExperiment(), null, 1));
}
