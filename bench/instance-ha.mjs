// Instance HA figures, in-process through app.request on a frozen clock: a host with 1,000 servers (seeded
// ACTIVE, one port each on a /16) fails, and the recovery (disable, prepare, evacuate 3 at a time, each
// rebuilt elsewhere) is advanced to its end through the control API: its virtual duration and the wall
// time that took; and notifications created per second through POST /instance-ha/v1/notifications.

import { createEmulator } from "../dist/index.js";
import { appCall } from "./lib.mjs";

const login = (name) => ({
  auth: {
    identity: { methods: ["password"], password: { user: { name, domain: { name: "Default" }, password: name } } },
    scope: { project: { name, domain: { name: "Default" } } },
  },
});

async function adminToken(emu) {
  return (await appCall(emu, "POST", "/identity/v3/auth/tokens", undefined, login("admin"))).headers.get("x-subject-token");
}

const bigHost = (name, i) => ({ name, zone: "nova", host_ip: `192.168.200.${i}`, vcpus: 32_768, memory_mb: 33_554_432, local_gb: 1_000_000 });

/** ha-cluster plus three large hosts in a segment of their own and a /16 network (then: `servers` on the first, seeded). */
const world = {
  networking: { networks: [{ name: "bench-net", project: "demo", subnets: [{ name: "bench-subnet", cidr: "10.50.0.0/16", gateway_ip: "10.50.0.1" }] }] },
  compute: { hosts: [bigHost("big-1", 1), bigHost("big-2", 2), bigHost("big-3", 3)], quotas: [{ project: "demo", instances: -1, cores: -1, ram: -1 }] },
  "instance-ha": { segments: [{ name: "bench-segment", hosts: [{ name: "big-1" }, { name: "big-2" }, { name: "big-3" }] }] },
};
const servers = (count) => ({
  compute: { servers: [{ name: "ha", project: "demo", flavor: "m1.tiny", image: "cirros", networks: ["bench-net"], host: "big-1", count, metadata: { HA_Enabled: "True" } }] },
});

export async function recovery(count) {
  const emu = createEmulator({ seed: "ha-cluster", frozenClock: true, randomSeed: 1, startTime: "2030-01-01T00:00:00Z", logLevel: "error" });
  await appCall(emu, "POST", "/_emulator/seed?mode=merge", undefined, world);
  const token = await adminToken(emu);
  const demo = (await appCall(emu, "GET", "/identity/v3/projects?name=demo", token)).body.projects[0].id;
  // the networking seed sets no quotas: demo's ports unlimited through the API
  await appCall(emu, "PUT", `/networking/v2.0/quotas/${demo}`, token, { quota: { port: -1 } });
  const t0 = performance.now();
  await appCall(emu, "POST", "/_emulator/seed?mode=merge", undefined, servers(count));
  const seedMs = performance.now() - t0;
  await appCall(emu, "POST", "/_emulator/compute/hosts/big-1/fail");
  const list = (await appCall(emu, "GET", "/instance-ha/v1/notifications?status=new", token)).body.notifications;
  if (list.length !== 1) throw new Error(`expected one notification, got ${list.length}`);
  const id = list[0].notification_uuid;
  const t1 = performance.now();
  const end = (await appCall(emu, "POST", `/_emulator/instance-ha/notifications/${id}/advance`, undefined, { within: "7d" })).body;
  const wallMs = performance.now() - t1;
  if (end.status !== "finished") throw new Error(`recovery ended ${end.status}`);
  // the recovery may outlast the token (a 10,000-server one takes hours of virtual time): a fresh one
  const left = (await appCall(emu, "GET", "/compute/v2.1/servers/detail?all_tenants=1&host=big-1&limit=1000", await adminToken(emu))).body.servers.length;
  if (left !== 0) throw new Error(`${left} servers left on the failed host`);
  return { servers: count, seedMs, wallMs, virtualSeconds: end.advancedMs / 1000 };
}

async function notificationRate(count) {
  const emu = createEmulator({ seed: "ha-cluster", frozenClock: true, randomSeed: 2, logLevel: "error" });
  const token = await adminToken(emu);
  const body = (i) => ({
    notification: {
      type: "VM",
      hostname: "compute-2",
      generated_time: "2030-01-01T00:00:00Z",
      payload: { event: "LIFECYCLE", instance_uuid: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`, vir_domain_event: "STOPPED_FAILED" },
    },
  });
  for (let i = 0; i < 200; i++) await appCall(emu, "POST", "/instance-ha/v1/notifications", token, body(1_000_000 + i));
  const t = performance.now();
  for (let i = 0; i < count; i++) await appCall(emu, "POST", "/instance-ha/v1/notifications", token, body(i));
  const ms = performance.now() - t;
  return { count, perSecond: (count / ms) * 1000, usPerCreate: (ms / count) * 1000 };
}

export async function measureInstanceHa({ servers = 1000, notifications = 5000 } = {}) {
  const t = performance.now();
  const small = await recovery(Math.max(1, Math.round(servers / 10)));
  const large = await recovery(servers);
  const create = await notificationRate(notifications);
  return { small, large, create, seconds: (performance.now() - t) / 1000 };
}

// `node bench/instance-ha.mjs`: this part alone
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureInstanceHa(), null, 1));
}
