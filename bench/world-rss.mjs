// The resident memory of an emulator process holding 100,000 servers (the "RSS at 100k servers"),
// measured in a process of its own: `node --expose-gc bench/world-rss.mjs [servers]` builds the world
// in-process (admin's servers by max_count batches, networks "none", all ACTIVE on a frozen clock), runs
// memory-reducing full collections and prints {servers, rssMiB, heapMiB, baseRssMiB} as one JSON line.
// The bench parts run it as a child, so its RSS holds no earlier part's garbage or code.

import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createEmulator } from "../dist/index.js";
import { appCall as call } from "./lib.mjs";
import { memory } from "./server-memory.mjs";

const CIRROS = "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11";
const HOSTS = { compute: { hosts: [1, 2, 3, 4].map((n) => ({ name: `rss-${n}`, host_ip: `192.168.202.${n}`, vcpus: 1_000_000, memory_mb: 1_000_000_000, local_gb: 1_000_000 })) } };

async function build(servers) {
  const emu = createEmulator({ frozenClock: true, randomSeed: 11, logLevel: "error" });
  const login = { auth: { identity: { methods: ["password"], password: { user: { name: "admin", domain: { name: "Default" }, password: "admin" } } }, scope: { project: { name: "admin", domain: { name: "Default" } } } } };
  const res = await call(emu, "POST", "/identity/v3/auth/tokens", undefined, login);
  const token = res.headers.get("x-subject-token");
  await call(emu, "POST", "/_emulator/seed?mode=merge", undefined, HOSTS);
  await call(emu, "PUT", `/compute/v2.1/os-quota-sets/${res.body.token.project.id}`, token, { quota_set: { instances: -1, cores: -1, ram: -1 } });
  const base = await memory();
  for (let n = 0; n < servers; n += 1000) {
    const size = Math.min(1000, servers - n);
    await call(emu, "POST", "/compute/v2.1/servers", token, { server: { name: `rss-${n}`, flavorRef: "1", imageRef: CIRROS, networks: "none", min_count: size, max_count: size } });
  }
  await call(emu, "POST", "/_emulator/clock/advance", undefined, { by: 60_000 });
  const full = await memory();
  return { servers, rssMiB: full.rssMiB, heapMiB: full.heapMiB, baseRssMiB: base.rssMiB, baseHeapMiB: base.heapMiB, emu };
}

/** Runs this file as a child and answers its figures. */
export function measureWorldRss({ servers = 100_000 } = {}) {
  const out = execFileSync(process.execPath, ["--expose-gc", fileURLToPath(import.meta.url), String(servers)], { encoding: "utf8", maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split("\n").at(-1));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { emu, ...figures } = await build(Number(process.argv[2] ?? 100_000));
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  await emu.close();
}
