// Throughput figures against issue 29's targets, in-process through app.request, each from rounds
// (median and spread): server creates (one POST with a port each), full server lifecycles on a frozen clock,
// port creates, volume create -> available (the creating step immediate), and a host failure with 10,000
// servers recovered by instance HA on a frozen clock advanced (bench/instance-ha.mjs).

import { createEmulator } from "../dist/index.js";
import { appCall, spread } from "./lib.mjs";
import { recovery } from "./instance-ha.mjs";

const CIRROS = "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11";
const login = {
  auth: {
    identity: { methods: ["password"], password: { user: { name: "admin", domain: { name: "Default" }, password: "admin" } } },
    scope: { project: { name: "admin", domain: { name: "Default" } } },
  },
};
const BIG_HOSTS = {
  compute: { hosts: [1, 2, 3, 4].map((n) => ({ name: `rate-${n}`, host_ip: `192.168.220.${n}`, vcpus: 1_000_000, memory_mb: 1_000_000_000, local_gb: 1_000_000 })) },
};

async function world() {
  const emu = createEmulator({ frozenClock: true, randomSeed: 5, logLevel: "error" });
  const res = await appCall(emu, "POST", "/identity/v3/auth/tokens", undefined, login);
  const token = res.headers.get("x-subject-token");
  const projectId = res.body.token.project.id;
  await appCall(emu, "POST", "/_emulator/seed?mode=merge", undefined, BIG_HOSTS);
  await appCall(emu, "PUT", `/compute/v2.1/os-quota-sets/${projectId}`, token, { quota_set: { instances: -1, cores: -1, ram: -1 } });
  await appCall(emu, "PUT", `/networking/v2.0/quotas/${projectId}`, token, { quota: { port: -1 } });
  await appCall(emu, "PUT", `/volume/v3/${projectId}/os-quota-sets/${projectId}`, token, { quota_set: { volumes: -1, gigabytes: -1 } });
  await appCall(emu, "POST", "/_emulator/transitions/overrides", undefined, { type: "block-storage.volume", from: "creating", mode: "immediate" });
  const net = (await appCall(emu, "POST", "/networking/v2.0/networks", token, { network: { name: "rates" } })).body.network.id;
  await appCall(emu, "POST", "/networking/v2.0/subnets", token, { subnet: { network_id: net, ip_version: 4, cidr: "10.40.0.0/16" } });
  return { emu, token, projectId, net };
}

/**
 * `rounds` timed batches of `batch` calls of `one(i)` after `warm` untimed ones: per second, each round, and
 * beside it the process's CPU time per call (user + system, all threads: GC and compiler threads too),
 * which moves less than wall time when the machine is shared.
 */
async function rate(one, { rounds, batch, warm, beforeRound }) {
  let n = 0;
  await beforeRound?.();
  for (let i = 0; i < warm; i++) await one(n++);
  const perSecond = [];
  const cpuUs = [];
  for (let r = 0; r < rounds; r++) {
    await beforeRound?.();
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (let i = 0; i < batch; i++) await one(n++);
    const c = process.cpuUsage(c0);
    perSecond.push((batch * 1000) / (performance.now() - t0));
    cpuUs.push((c.user + c.system) / batch);
  }
  return { ...spread(perSecond), cpuUsPerCall: spread(cpuUs) };
}

export async function measureRates({ rounds = 5, haServers = 10_000, haRounds = 5 } = {}) {
  const w = await world();
  const { emu, projectId, net } = w;
  let token = w.token;
  const call = (method, path, body) => appCall(emu, method, path, token, body);
  // the lifecycles move the clock 7 s each: a fresh token before each round, so none expires mid-round
  const freshToken = async () => {
    token = (await appCall(emu, "POST", "/identity/v3/auth/tokens", undefined, login)).headers.get("x-subject-token");
  };
  const server = (name) => ({ server: { name, flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: net }] } });
  const creates = await rate((i) => call("POST", "/compute/v2.1/servers", server(`c-${i}`)), { rounds, batch: 600, warm: 100 });
  const lifecycles = await rate(
    async (i) => {
      const id = (await call("POST", "/compute/v2.1/servers", server(`l-${i}`))).body.server.id;
      await appCall(emu, "POST", "/_emulator/clock/advance", undefined, { by: 5000 });
      const shown = await call("GET", `/compute/v2.1/servers/${id}`);
      if (shown.body.server.status !== "ACTIVE") throw new Error(`server ${id} is ${shown.body.server.status} after the build time`);
      await call("DELETE", `/compute/v2.1/servers/${id}`);
      await appCall(emu, "POST", "/_emulator/clock/advance", undefined, { by: 2000 });
      const gone = await emu.app.request(`http://bench/compute/v2.1/servers/${id}`, { headers: { "X-Auth-Token": token } });
      await gone.arrayBuffer();
      if (gone.status !== 404) throw new Error(`server ${id}: GET after the deleting phase -> ${gone.status}`);
    },
    { rounds, batch: 200, warm: 30, beforeRound: freshToken },
  );
  const ports = await rate((i) => call("POST", "/networking/v2.0/ports", { port: { network_id: net, name: `p-${i}` } }), { rounds, batch: 1000, warm: 100 });
  const volumes = await rate(
    async (i) => {
      const v = (await call("POST", `/volume/v3/${projectId}/volumes`, { volume: { size: 1, name: `v-${i}` } })).body.volume;
      if (v.status !== "available") throw new Error(`volume ${v.id} answered ${v.status}`);
    },
    { rounds, batch: 1000, warm: 100 },
  );
  const ha = [];
  for (let r = 0; r < haRounds; r++) ha.push(await recovery(haServers));
  return {
    rounds,
    creates,
    lifecycles,
    ports,
    volumes,
    haServers,
    haWallMs: spread(ha.map((h) => h.wallMs)),
    haVirtualSeconds: ha[0].virtualSeconds,
    haSeedMs: spread(ha.map((h) => h.seedMs)),
  };
}
