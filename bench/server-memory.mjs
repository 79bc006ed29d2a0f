// Memory given back after deletes: heap and RSS (after full collections; bench runs with --expose-gc)
// before 100,000 servers are created (each with a port on a /12), once they are all ACTIVE, and once every
// one of them has been deleted and is gone. Target: the heap after the deletes within 10% of before.
// In-process through app.request, frozen clock, like bench/compute.mjs.

import { createEmulator } from "../dist/index.js";
import { appCall as call } from "./lib.mjs";

const CIRROS = "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11";
const BUILD_MS = 5000; // compute's default buildMs
const ACTION_MS = 2000; // compute's default actionMs (the deleting phase)
const MiB = 2 ** 20;
const BIG_HOSTS = {
  compute: { hosts: [1, 2, 3, 4].map((n) => ({ name: `mem-${n}`, host_ip: `192.168.201.${n}`, vcpus: 1_000_000, memory_mb: 1_000_000_000, local_gb: 1_000_000 })) },
};

/**
 * heap and RSS (MiB) after memory-reducing full collections (V8's "last resort" GC compacts every page and
 * gives free ones back; older Nodes run a plain full GC), a turn of the event loop apart
 */
export async function memory() {
  for (let i = 0; i < 2; i++) {
    globalThis.gc({ type: "major", execution: "sync", flavor: "last-resort" });
    await new Promise((resolve) => setImmediate(resolve));
  }
  const m = process.memoryUsage();
  return { heapMiB: m.heapUsed / MiB, rssMiB: m.rss / MiB };
}

async function prepare(emu) {
  const login = { auth: { identity: { methods: ["password"], password: { user: { name: "admin", domain: { name: "Default" }, password: "admin" } } }, scope: { project: { name: "admin", domain: { name: "Default" } } } } };
  const res = await call(emu, "POST", "/identity/v3/auth/tokens", undefined, login);
  const token = res.headers.get("x-subject-token");
  const projectId = res.body.token.project.id;
  await call(emu, "POST", "/_emulator/seed?mode=merge", undefined, BIG_HOSTS);
  await call(emu, "PUT", `/compute/v2.1/os-quota-sets/${projectId}`, token, { quota_set: { instances: -1, cores: -1, ram: -1 } });
  await call(emu, "PUT", `/networking/v2.0/quotas/${projectId}`, token, { quota: { port: -1 } });
  const net = await call(emu, "POST", "/networking/v2.0/networks", token, { network: { name: "mem" } });
  await call(emu, "POST", "/networking/v2.0/subnets", token, { subnet: { network_id: net.body.network.id, ip_version: 4, cidr: "10.16.0.0/12" } });
  return { token, networkId: net.body.network.id };
}

/** every server id, walking list pages */
async function allServerIds(emu, token) {
  const ids = [];
  for (let marker; ; ) {
    const page = await call(emu, "GET", `/compute/v2.1/servers?limit=1000${marker ? `&marker=${marker}` : ""}`, token);
    if (page.body.servers.length === 0) return ids;
    for (const s of page.body.servers) ids.push(s.id);
    marker = ids.at(-1);
  }
}

/** What compute and networking hold (from the state export: small before and after), and steps pending. */
async function held(emu) {
  const { state } = (await call(emu, "GET", "/_emulator/state")).body;
  return { servers: state.compute.servers.size, ports: state.networking.ports.size, pendingSteps: emu.transitions.pending().length };
}

/** Creates `count` servers (max_count batches, a port each), makes them ACTIVE, then deletes them all. */
async function createAndDelete(emu, token, networkId, count, batch, { whenFull = async () => {} } = {}) {
  for (let n = 0; n < count; n += batch) {
    const size = Math.min(batch, count - n);
    const body = { server: { name: `mem-${n}`, flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: networkId }], min_count: size, max_count: size } };
    await call(emu, "POST", "/compute/v2.1/servers", token, body);
  }
  await call(emu, "POST", "/_emulator/clock/advance", undefined, { by: BUILD_MS });
  await whenFull();
  const ids = await allServerIds(emu, token);
  for (const id of ids) await call(emu, "DELETE", `/compute/v2.1/servers/${id}`, token);
  await call(emu, "POST", "/_emulator/clock/advance", undefined, { by: ACTION_MS });
  return ids.length;
}

export async function measureServerMemory({ servers = 100_000, batch = 1000, warmup = 5000 } = {}) {
  if (!globalThis.gc) throw new Error("bench/server-memory.mjs needs node --expose-gc");
  const t0 = performance.now();
  const emu = createEmulator({ frozenClock: true, randomSeed: 9 });
  const { token, networkId } = await prepare(emu);
  // The baseline is a process in use: servers created and deleted one by one until what is bounded but
  // grows with use is full (the requests and events journals, 10,000 each; the router's memo of 4,096
  // paths), then a rehearsal of the measured round at 1/50 of its size (the code its paths compile), so
  // the figures compare what the world holds, not how full those are.
  for (let i = 0; i < warmup; i++) {
    const warm = await call(emu, "POST", "/compute/v2.1/servers", token, { server: { name: "warm", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: networkId }] } });
    await call(emu, "DELETE", `/compute/v2.1/servers/${warm.body.server.id}`, token);
  }
  await createAndDelete(emu, token, networkId, Math.ceil(servers / 50), batch);
  const before = await memory();
  const heldBefore = await held(emu);
  const start = performance.now();
  let full;
  let created;
  const count = await createAndDelete(emu, token, networkId, servers, batch, {
    whenFull: async () => {
      created = performance.now();
      full = await memory();
    },
  });
  const heldFull = { servers: count };
  const deleted = performance.now();
  const after = await memory();
  const heldAfter = await held(emu);
  await emu.close();
  const heldMiB = full.heapMiB - before.heapMiB;
  const leftMiB = after.heapMiB - before.heapMiB;
  return {
    servers,
    before,
    full,
    after,
    held: { before: heldBefore, full: heldFull, after: heldAfter },
    heldMiB,
    leftMiB,
    heapReturnedPct: (after.heapMiB / before.heapMiB - 1) * 100,
    returned: after.heapMiB <= before.heapMiB * 1.1 && heldAfter.servers === heldBefore.servers && heldAfter.ports === heldBefore.ports,
    warmupSeconds: (start - t0) / 1000,
    createSeconds: (created - start) / 1000,
    deleteSeconds: (deleted - created) / 1000,
  };
}

// `node --expose-gc bench/server-memory.mjs [servers]`: this part alone
if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureServerMemory({ servers: Number(process.argv[2] ?? 100_000) });
  const f = (x) => x.toFixed(1);
  console.log(`servers: ${r.servers} (warm-up ${f(r.warmupSeconds)} s, create + ACTIVE ${f(r.createSeconds)} s, delete + gone ${f(r.deleteSeconds)} s)`);
  console.log(`heap MiB: before ${f(r.before.heapMiB)} -> created ${f(r.full.heapMiB)} -> deleted ${f(r.after.heapMiB)} (${r.heapReturnedPct >= 0 ? "+" : ""}${f(r.heapReturnedPct)}% of before)`);
  console.log(`RSS MiB:  before ${f(r.before.rssMiB)} -> created ${f(r.full.rssMiB)} -> deleted ${f(r.after.rssMiB)}`);
  console.log(`held: ${JSON.stringify(r.held)}`);
  console.log(r.returned ? "PASS" : "MISS");
}
