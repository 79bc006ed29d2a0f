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

/** Before a timed full reset, the garbage of what came before is collected (the bench runs with --expose-gc):
 * the merge of 10,000 servers right before one leaves megabytes that would otherwise be swept inside it. */
function settle() {
  globalThis.gc?.();
}

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

export async function measureSuiteCosts({ rounds = 7, perTest = 50, large = 100_000, created = 10_000, warm = 20 } = {}) {
  const emu = createEmulator({ frozenClock: true, randomSeed: 3, logLevel: "error" });
  let n = 0;
  // warm-up: a suite's first tests (the JIT compiles the routes' code over the first calls; a figure from
  // the first seven calls measured the compiler, not the steady cost each later test pays)
  for (let i = 0; i < 3; i++) await raw(emu, "POST", "/_emulator/reset");
  for (let i = 0; i < warm; i++) {
    const p0 = (await tenant(emu, n++)).body.project.id;
    await raw(emu, "POST", `/_emulator/reset?project=${p0}`);
  }

  // at the default world
  const fullDefault = [];
  const tenantDefault = [];
  const projectResetDefault = [];
  for (let i = 0; i < rounds; i++) {
    settle();
    fullDefault.push((await timed(() => raw(emu, "POST", "/_emulator/reset"))).ms);
  }
  // a tenant and its reset cost about a millisecond each: many rounds, so that the median is not the machine's noise
  for (let i = 0; i < perTest; i++) {
    const t = await timed(() => tenant(emu, n++));
    tenantDefault.push(t.ms);
    projectResetDefault.push((await timed(() => raw(emu, "POST", `/_emulator/reset?project=${t.out.body.project.id}`))).ms);
  }

  // a full reset after `created` resources were merged in since the last reset
  const fullAfter = [];
  for (let i = 0; i < rounds; i++) {
    await raw(emu, "POST", "/_emulator/seed?mode=merge", JSON.stringify(BIG_HOSTS));
    await raw(emu, "POST", "/_emulator/seed?mode=merge", JSON.stringify(servers(created, `made${i}`)));
    settle();
    fullAfter.push((await timed(() => raw(emu, "POST", "/_emulator/reset"))).ms);
  }

  // beside `large` other resources
  await raw(emu, "POST", "/_emulator/seed?mode=merge", JSON.stringify(BIG_HOSTS));
  const build = await timed(() => raw(emu, "POST", "/_emulator/seed?mode=merge", JSON.stringify(servers(large, "big"))));
  const tenantLarge = [];
  const projectResetLarge = [];
  for (let i = 0; i < perTest; i++) {
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
  // beside each, the machine's own floor for the same bytes: JSON.stringify of the state, JSON.parse of the text
  const exportMs = [];
  const importMs = [];
  const stringifyMs = [];
  const parseMs = [];
  let snapshot = "";
  for (let i = 0; i < Math.min(rounds, 5); i++) {
    const e = await timed(() => raw(fresh, "GET", "/_emulator/state"));
    exportMs.push(e.ms);
    snapshot = e.out;
    stringifyMs.push((await timed(() => JSON.stringify(fresh.world.export()))).ms);
    importMs.push((await timed(() => raw(fresh, "PUT", "/_emulator/state", snapshot))).ms);
    parseMs.push((await timed(() => JSON.parse(snapshot))).ms);
  }
  return {
    rounds,
    perTest,
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
    stringifyMs: spread(stringifyMs),
    parseMs: spread(parseMs),
    exportRatio: spread(exportMs.map((ms, i) => ms / stringifyMs[i])),
    importRatio: spread(importMs.map((ms, i) => ms / parseMs[i])),
    warm,
  };
}
