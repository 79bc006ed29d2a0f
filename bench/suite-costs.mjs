// What users pay per test, in-process through app.request on a frozen clock: a per-project reset (POST
// /_emulator/reset?project=) of a tenant beside 100k other resources; a full reset (POST /_emulator/reset)
// at the default world and after many resources were created (should be flat); a tenant from POST
// /_emulator/tenants at the default world and beside 100k; a state export (GET /_emulator/state) and import
// (PUT /_emulator/state) of a 100k-resource world. Every figure: rounds, median and spread.

import { createEmulator } from "../dist/index.js";
import { appCall, spread } from "./lib.mjs";

const BIG_HOSTS = {
  compute: {
    hosts: [1, 2, 3, 4].map((n) => ({ name: `suite-${n}`, host_ip: `192.168.210.${n}`, vcpus: 1_000_000, memory_mb: 1_000_000_000, local_gb: 1_000_000 })),
    quotas: [{ project: "admin", instances: -1, cores: -1, ram: -1 }],
  },
};
/** `count` servers of project admin (seeded ACTIVE, no ports), in entries of at most 10,000 (the seed's cap). */
const servers = (count, tag) => ({
  compute: {
    servers: Array.from({ length: Math.ceil(count / 10_000) }, (_, i) => ({
      name: `${tag}-${i}`,
      project: "admin",
      flavor: "m1.tiny",
      image: "cirros",
      host: `suite-${(i % 4) + 1}`,
      count: Math.min(10_000, count - i * 10_000),
    })),
  },
});

async function timed(fn) {
  const t0 = performance.now();
  const out = await fn();
  return { ms: performance.now() - t0, out };
}

/** A raw request whose answer is read to the end (the state export's body included); 2xx or it throws. */
async function raw(emu, method, path, body) {
  const res = await emu.app.request(`http://bench${path}`, { method, body, headers: body ? { "content-type": "application/json" } : {} });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${text.slice(0, 300)}`);
  return text;
}

const tenant = (emu, i) => appCall(emu, "POST", "/_emulator/tenants", undefined, { name: `suite-t${i}` });

export async function measureSuiteCosts({ rounds = 7, large = 100_000, created = 10_000 } = {}) {
  const emu = createEmulator({ frozenClock: true, randomSeed: 3, logLevel: "error" });
  let n = 0;
  // warm-up: each route once
  for (let i = 0; i < 3; i++) await raw(emu, "POST", "/_emulator/reset");
  const p0 = (await tenant(emu, n++)).body.project.id;
  await raw(emu, "POST", `/_emulator/reset?project=${p0}`);

  // at the default world
  const fullDefault = [];
  const tenantDefault = [];
  const projectResetDefault = [];
  for (let i = 0; i < rounds; i++) {
    fullDefault.push((await timed(() => raw(emu, "POST", "/_emulator/reset"))).ms);
    const t = await timed(() => tenant(emu, n++));
    tenantDefault.push(t.ms);
    projectResetDefault.push((await timed(() => raw(emu, "POST", `/_emulator/reset?project=${t.out.body.project.id}`))).ms);
  }

  // a full reset after `created` resources were merged in since the last reset
  const fullAfter = [];
  for (let i = 0; i < rounds; i++) {
    await raw(emu, "POST", "/_emulator/seed?mode=merge", JSON.stringify(BIG_HOSTS));
    await raw(emu, "POST", "/_emulator/seed?mode=merge", JSON.stringify(servers(created, `made${i}`)));
    fullAfter.push((await timed(() => raw(emu, "POST", "/_emulator/reset"))).ms);
  }

  // beside `large` other resources
  await raw(emu, "POST", "/_emulator/seed?mode=merge", JSON.stringify(BIG_HOSTS));
  const build = await timed(() => raw(emu, "POST", "/_emulator/seed?mode=merge", JSON.stringify(servers(large, "big"))));
  const tenantLarge = [];
  const projectResetLarge = [];
  for (let i = 0; i < rounds; i++) {
    const t = await timed(() => tenant(emu, n++));
    tenantLarge.push(t.ms);
    projectResetLarge.push((await timed(() => raw(emu, "POST", `/_emulator/reset?project=${t.out.body.project.id}`))).ms);
  }
  // a snapshot of this world (tenants made and torn down) must import too: say so if it does not
  let churnImport = "imported";
  try {
    await raw(emu, "PUT", "/_emulator/state", await raw(emu, "GET", "/_emulator/state"));
  } catch (error) {
    churnImport = String(error.message).slice(0, 200);
  }
  // export and import timed on a world of the seed plus `large` servers, nothing else done to it
  const fresh = createEmulator({ frozenClock: true, randomSeed: 4, logLevel: "error" });
  await raw(fresh, "POST", "/_emulator/seed?mode=merge", JSON.stringify(BIG_HOSTS));
  await raw(fresh, "POST", "/_emulator/seed?mode=merge", JSON.stringify(servers(large, "big")));
  const exportMs = [];
  const importMs = [];
  let snapshot = "";
  for (let i = 0; i < Math.min(rounds, 5); i++) {
    const e = await timed(() => raw(fresh, "GET", "/_emulator/state"));
    exportMs.push(e.ms);
    snapshot = e.out;
    importMs.push((await timed(() => raw(fresh, "PUT", "/_emulator/state", snapshot))).ms);
  }
  return {
    rounds,
    large,
    created,
    buildMs: build.ms,
    churnImport,
    snapshotMiB: Buffer.byteLength(snapshot) / 2 ** 20,
    fullDefault: spread(fullDefault),
    fullAfter: spread(fullAfter),
    fullRatio: spread(fullAfter.map((ms, i) => ms / fullDefault[i])),
    tenantDefault: spread(tenantDefault),
    tenantLarge: spread(tenantLarge),
    projectResetDefault: spread(projectResetDefault),
    projectResetLarge: spread(projectResetLarge),
    exportMs: spread(exportMs),
    importMs: spread(importMs),
  };
}
