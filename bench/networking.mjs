// Networking figures, in-process through app.request (the whole request pipeline, no socket): port create
// throughput, and the cost of creating a port (allocating its address) in a /16 with 100 versus 60,000
// addresses in use. The allocator must not scan the range: the target is within 1.5x.

import { createEmulator } from "../dist/index.js";
import { appCall as call } from "./lib.mjs";

const ADMIN = {
  auth: {
    identity: { methods: ["password"], password: { user: { name: "admin", domain: { name: "Default" }, password: "admin" } } },
    scope: { project: { name: "admin", domain: { name: "Default" } } },
  },
};

/** Creates `count` ports on the network; returns mean µs per create. */
async function createPorts(emu, token, networkId, count) {
  const t0 = performance.now();
  for (let i = 0; i < count; i++) await call(emu, "POST", "/networking/v2.0/ports", token, { port: { network_id: networkId } });
  return ((performance.now() - t0) * 1000) / count;
}

export async function measureNetworking({ sample = 1000, fillTo = 60_000 } = {}) {
  const emu = createEmulator({ frozenClock: true, randomSeed: 3 });
  const login = await call(emu, "POST", "/identity/v3/auth/tokens", undefined, ADMIN);
  const token = login.headers.get("x-subject-token");
  const projectId = login.body.token.project.id;
  await call(emu, "PUT", `/networking/v2.0/quotas/${projectId}`, token, { quota: { port: -1 } });
  const net = await call(emu, "POST", "/networking/v2.0/networks", token, { network: { name: "bench" } });
  const networkId = net.body.network.id;
  await call(emu, "POST", "/networking/v2.0/subnets", token, { subnet: { network_id: networkId, ip_version: 4, cidr: "10.20.0.0/16" } });

  await createPorts(emu, token, networkId, 100); // 100 in use
  const at100Us = await createPorts(emu, token, networkId, sample);
  const fillStarted = performance.now();
  await createPorts(emu, token, networkId, fillTo - 100 - sample);
  const fillSeconds = (performance.now() - fillStarted) / 1000;
  const at60kUs = await createPorts(emu, token, networkId, sample);
  await emu.close();
  return {
    portCreatesPerSecond: 1e6 / at100Us,
    at100Us,
    at60kUs,
    ratio: at60kUs / at100Us,
    filled: fillTo,
    fillSeconds,
    sample,
  };
}
