// Compute figures, in-process through app.request (the whole request pipeline, no socket): creating 10,000
// servers one POST each on a high time factor, and the time until all are ACTIVE; the cost of one
// GET /servers/detail page of 1,000 with 10,000 versus 100,000 servers (target: within 1.5x); and full
// lifecycles (create -> ACTIVE -> delete -> gone) per second on a frozen clock advanced by the control API.

import { createEmulator } from "../dist/index.js";
import { spread } from "./lib.mjs";

// the seed's users: admin (project admin) and demo (project demo), each password its name
const login = (name) => ({
  auth: {
    identity: { methods: ["password"], password: { user: { name, domain: { name: "Default" }, password: name } } },
    scope: { project: { name, domain: { name: "Default" } } },
  },
});
const CIRROS = "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11";
const BUILD_MS = 5000; // compute's default buildMs
const ACTION_MS = 2000; // compute's default actionMs (the deleting phase)

// The default seed has three 16-vCPU hosts (48 m1.tiny); the bench merges in hosts that hold 100k+.
const BIG_HOSTS = {
  compute: {
    hosts: [1, 2, 3, 4].map((n) => ({
      name: `bench-${n}`,
      host_ip: `192.168.200.${n}`,
      vcpus: 1_000_000,
      memory_mb: 1_000_000_000,
      local_gb: 1_000_000,
    })),
  },
};

async function request(emu, method, path, token, body) {
  const res = await emu.app.request(`http://bench${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { "X-Auth-Token": token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function call(emu, method, path, token, body) {
  const res = await request(emu, method, path, token, body);
  if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${res.text.slice(0, 300)}`);
  return { headers: res.headers, body: res.text ? JSON.parse(res.text) : undefined };
}

async function tokenFor(emu, name) {
  const res = await call(emu, "POST", "/identity/v3/auth/tokens", undefined, login(name));
  return { token: res.headers.get("x-subject-token"), projectId: res.body.token.project.id };
}

/** A project's instances, cores and RAM quotas made unlimited (-1), by an admin. */
const unlimited = (emu, adminToken, projectId) =>
  call(emu, "PUT", `/compute/v2.1/os-quota-sets/${projectId}`, adminToken, { quota_set: { instances: -1, cores: -1, ram: -1 } });

/** Admin token and project; big hosts merged in; the admin project's instances, cores, RAM and ports unlimited. */
async function prepare(emu) {
  const { token, projectId } = await tokenFor(emu, "admin");
  await call(emu, "POST", "/_emulator/seed?mode=merge", undefined, BIG_HOSTS);
  await unlimited(emu, token, projectId);
  await call(emu, "PUT", `/networking/v2.0/quotas/${projectId}`, token, { quota: { port: -1 } });
  return { token, projectId };
}

/** A network with a /16 subnet in the admin project: room for every server of part 1 to get a port. */
async function benchNetwork(emu, token) {
  const net = await call(emu, "POST", "/networking/v2.0/networks", token, { network: { name: "bench" } });
  const id = net.body.network.id;
  await call(emu, "POST", "/networking/v2.0/subnets", token, { subnet: { network_id: id, ip_version: 4, cidr: "10.30.0.0/16" } });
  return id;
}

const serverBody = (name, networks, extra = {}) => ({ server: { name, flavorRef: "1", imageRef: CIRROS, networks, ...extra } });

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

const rssMiB = () => process.memoryUsage().rss / 2 ** 20;
const heapMiB = () => process.memoryUsage().heapUsed / 2 ** 20;
function settle() {
  globalThis.gc?.();
  globalThis.gc?.();
}

// --- (1) 10,000 creates, one POST each, with a port each, on a high time factor -------------------------

async function createMany({ count, timeFactor }) {
  // a 3600 s token would last 3.6 real seconds at 1000x: tokens live for 30 virtual days here
  const emu = createEmulator({ timeFactor, randomSeed: 5, tokenTtlSeconds: 30 * 86400 });
  const { token } = await prepare(emu);
  const networkId = await benchNetwork(emu, token);
  const ids = new Set();
  let active = 0;
  let allActive;
  const done = new Promise((resolve) => (allActive = resolve));
  // on a busy machine a 5 ms build can end before the create's answer is read: such early ACTIVEs are
  // kept and counted once the id is known
  const early = new Set();
  const countActive = () => ++active === count && allActive(performance.now());
  emu.events.subscribe("compute.server.state_changed", (e) => {
    if (e.payload.to !== "ACTIVE") return;
    if (ids.has(e.payload.id)) countActive();
    else early.add(e.payload.id);
  });
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const res = await call(emu, "POST", "/compute/v2.1/servers", token, serverBody(`c-${i}`, [{ uuid: networkId }]));
    ids.add(res.body.server.id);
    if (early.delete(res.body.server.id)) countActive();
  }
  const created = performance.now();
  const activeDuringCreates = active;
  // the clock's timer is unref'd: this one keeps the process alive while the builds finish in real time
  let timer;
  const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`only ${active} of ${count} ACTIVE after 30 s`)), 30_000)));
  const allActiveAt = await Promise.race([done, timeout]).finally(() => clearTimeout(timer));
  // the API agrees: nothing left in BUILD
  const building = await call(emu, "GET", "/compute/v2.1/servers?status=BUILD&limit=1", token);
  if (building.body.servers.length !== 0) throw new Error("servers still in BUILD after every ACTIVE event");
  return {
    emu,
    token,
    networkId,
    count,
    timeFactor,
    createsPerSecond: count / ((created - t0) / 1000),
    createSeconds: (created - t0) / 1000,
    allActiveSeconds: (allActiveAt - t0) / 1000,
    drainMs: Math.max(0, allActiveAt - created),
    activeDuringCreates,
  };
}

// --- (2) one page of /servers/detail, 10,000 vs 100,000 servers ------------------------------------------

/** Times GET `path` (response read to the last byte): median ms of `reps` after `warmup`; and its size. */
async function timePage(emu, token, path, { warmup = 20, reps = 40 } = {}) {
  let bytes = 0;
  let count = 0;
  const ms = [];
  for (let i = 0; i < warmup + reps; i++) {
    const t = performance.now();
    const res = await request(emu, "GET", path, token);
    const elapsed = performance.now() - t;
    if (res.status !== 200) throw new Error(`GET ${path} -> ${res.status}`);
    if (i >= warmup) ms.push(elapsed);
    bytes = res.text.length;
    if (i === 0) count = JSON.parse(res.text).servers.length;
  }
  return { ms: median(ms), minMs: Math.min(...ms), bytes, servers: count };
}

/** The id of the server at list position `position` (newest first), found by walking summary pages. */
async function markerAt(emu, token, position) {
  let marker;
  let seen = 0;
  for (;;) {
    const limit = Math.min(1000, position - seen);
    const q = marker ? `?limit=${limit}&marker=${marker}` : `?limit=${limit}`;
    const page = await call(emu, "GET", `/compute/v2.1/servers${q}`, token);
    seen += page.body.servers.length;
    marker = page.body.servers.at(-1).id;
    if (seen === position) return marker;
  }
}

/** Grows the world to `total` servers with max_count creates of `batch` (no network), then makes them ACTIVE. */
async function growTo(emu, token, total, have, batch) {
  const t0 = performance.now();
  for (let n = have; n < total; n += batch) {
    const size = Math.min(batch, total - n);
    await call(emu, "POST", "/compute/v2.1/servers", token, serverBody(`bulk-${n}`, "none", { min_count: size, max_count: size }));
  }
  const posted = performance.now();
  await call(emu, "POST", "/_emulator/clock/advance", undefined, { by: BUILD_MS });
  const advanced = performance.now();
  return { createMs: posted - t0, activateMs: advanced - posted, totalMs: advanced - t0 };
}

/** A world's three pages: admin's first, admin's from the marker in the middle (`mid`), demo's own. */
async function pageCosts(world, { warmup, reps }) {
  const first = await timePage(world.emu, world.token, "/compute/v2.1/servers/detail?limit=1000", { warmup, reps });
  const middle = await timePage(world.emu, world.token, `/compute/v2.1/servers/detail?limit=1000&marker=${world.mid}`, { warmup, reps });
  // demo's servers are the oldest: behind every admin server in the table, read through the project's group
  const otherProject = await timePage(world.emu, world.demoToken, "/compute/v2.1/servers/detail?limit=1000", { warmup, reps });
  return { first, middle, otherProject };
}

/** A world of demo's `demoServers` (created first) and admin's servers up to `total`, all ACTIVE. */
async function pageWorld({ total, batch, demoServers, seed }) {
  const emu = createEmulator({ frozenClock: true, randomSeed: seed });
  const { token } = await prepare(emu);
  const demo = await tokenFor(emu, "demo");
  await unlimited(emu, token, demo.projectId);
  await call(emu, "POST", "/compute/v2.1/servers", demo.token, serverBody("demo", "none", { min_count: demoServers, max_count: demoServers }));
  return { emu, token, demoToken: demo.token, build: await growTo(emu, token, total, 0, batch) };
}

const PAGES = ["first", "middle", "otherProject"];

/**
 * Memory: one world grown from `small` to `large` servers (heap and RSS at each size). Time: that world
 * beside a second one of `small` servers, their pages timed in alternating rounds (small, then large), so
 * a slow minute of the machine weighs on both sides of each round's ratio alike.
 */
async function measurePages({ small = 10_000, large = 100_000, batch = 10_000, demoServers = 1000, rounds = 7, warmup = 5, reps = 9 } = {}) {
  settle();
  const rss0 = rssMiB();
  const heap0 = heapMiB();
  const big = await pageWorld({ total: small, batch, demoServers, seed: 6 });
  settle();
  const rssSmall = rssMiB();
  const heapSmall = heapMiB();
  const buildLarge = await growTo(big.emu, big.token, large, small, batch);
  const check = await call(big.emu, "GET", "/compute/v2.1/servers?status=BUILD&limit=1", big.token);
  if (check.body.servers.length !== 0) throw new Error("servers still in BUILD after the advance");
  settle();
  const rssLarge = rssMiB();
  const heapLarge = heapMiB();
  const buildSmall = big.build;
  const little = await pageWorld({ total: small, batch, demoServers, seed: 7 });
  big.mid = await markerAt(big.emu, big.token, large / 2);
  little.mid = await markerAt(little.emu, little.token, small / 2);
  const at = { small: [], large: [] };
  // each side after a full collection: what came before (the other world's pages) is not swept in its time
  for (let r = 0; r < rounds; r++) {
    settle();
    at.small.push(await pageCosts(little, { warmup, reps }));
    settle();
    at.large.push(await pageCosts(big, { warmup, reps }));
  }
  await little.emu.close();
  await big.emu.close();
  const sizeOf = (side) => Object.fromEntries(PAGES.map((p) => [p, { ...side[0][p], ms: median(side.map((round) => round[p].ms)) }]));
  const ratios = (p) => spread(at.large.map((round, i) => round[p].ms / at.small[i][p].ms));
  return {
    small,
    large,
    batch,
    rounds,
    reps,
    warmup,
    atSmall: sizeOf(at.small),
    atLarge: sizeOf(at.large),
    firstRatio: ratios("first"),
    middleRatio: ratios("middle"),
    demoServers,
    otherProjectRatio: ratios("otherProject"),
    buildSmall,
    buildLarge,
    buildLargeTotalMs: buildSmall.totalMs + buildLarge.totalMs,
    rss: { beforeMiB: rss0, smallMiB: rssSmall, largeMiB: rssLarge, growthMiB: rssLarge - rss0 },
    heap: { beforeMiB: heap0, smallMiB: heapSmall, largeMiB: heapLarge, growthMiB: heapLarge - heap0 },
  };
}

// --- (3) full lifecycles on a frozen clock -------------------------------------------------------------

async function lifecycles(emu, token, networkId, { count }) {
  const advance = (ms) => call(emu, "POST", "/_emulator/clock/advance", undefined, { by: ms });
  const one = async (i) => {
    const created = await call(emu, "POST", "/compute/v2.1/servers", token, serverBody(`life-${i}`, [{ uuid: networkId }]));
    const id = created.body.server.id;
    await advance(BUILD_MS);
    const shown = await call(emu, "GET", `/compute/v2.1/servers/${id}`, token);
    if (shown.body.server.status !== "ACTIVE") throw new Error(`server ${id} is ${shown.body.server.status} after the build time`);
    await call(emu, "DELETE", `/compute/v2.1/servers/${id}`, token);
    await advance(ACTION_MS);
    const gone = await request(emu, "GET", `/compute/v2.1/servers/${id}`, token);
    if (gone.status !== 404) throw new Error(`server ${id}: GET after the deleting phase -> ${gone.status}`);
  };
  for (let i = 0; i < 50; i++) await one(`warm-${i}`);
  const t0 = performance.now();
  for (let i = 0; i < count; i++) await one(i);
  const seconds = (performance.now() - t0) / 1000;
  return { count, seconds, perSecond: count / seconds, usPerLifecycle: (seconds * 1e6) / count };
}

export async function measureCompute({ creates = 10_000, timeFactor = 1000, pagesSmall = 10_000, pagesLarge = 100_000, lifecycleCount = 2000 } = {}) {
  const started = performance.now();
  const made = await createMany({ count: creates, timeFactor });
  // part (3) reuses this world (10k servers with ports), its clock now frozen; first, for comparison with
  // part (2)'s port-less pages, what a page costs when every server shows an address
  await call(made.emu, "PATCH", "/_emulator/clock", undefined, { frozen: true });
  const withPorts = await timePage(made.emu, made.token, "/compute/v2.1/servers/detail?limit=1000");
  const life = await lifecycles(made.emu, made.token, made.networkId, { count: lifecycleCount });
  await made.emu.close();
  made.emu = undefined; // let world 1 go before part (2) measures memory
  const pages = await measurePages({ small: pagesSmall, large: pagesLarge });
  const { emu: _emu, token: _token, networkId: _net, ...create } = made;
  return { create: { ...create, pageWithPorts: withPorts }, pages, lifecycle: { ...life, worldServers: creates }, seconds: (performance.now() - started) / 1000 };
}
