// The recovery engine tests' harness: the `ha-cluster` scenario (compute-1..3, compute-4 reserved and
// disabled, one segment of all four) on a frozen clock, with engine settings of the test's choosing;
// without the scenario's seeded servers unless the test asks for `seed: "ha-cluster"` itself; servers in
// two projects placed on compute-1; calls to compute, instance HA and the control API.

import { createEmulator } from "../../../src/app.js";
import { resolveOptions, type EmulatorOptions } from "../../../src/config.js";
import { defaultServices } from "../../../src/services.js";
import { instanceHaService } from "../../../src/services/instance-ha/index.js";
import type { EngineOptions } from "../../../src/services/instance-ha/engine/settings.js";
import { loadWorldFrom } from "../../../src/world.js";
import { call, login, START, type Call } from "../../helpers/emulator.js";
import { CIRROS } from "../../helpers/compute.js";

export const ACTION_MS = 2000;
export const BUILD_MS = 5000;
/** wait_period_after_service_update */
export const SERVICE_WAIT_MS = 180_000;

export interface Cluster {
  emu: ReturnType<typeof createEmulator>;
  admin: string;
  demo: string;
  alt: string;
  compute(method: string, path: string, options?: { token?: string; body?: unknown; version?: string }): Promise<Call>;
  ha(method: string, path: string, options?: { body?: unknown; version?: string }): Promise<Call>;
  control(method: string, path: string, body?: unknown): Promise<Call>;
  events(type: string): Promise<Array<{ type: string; payload: any; at: string }>>;
  advance(ms: number): void;
  /** a server of `project` (demo or alt) built on compute-1 (the others' services disabled meanwhile) */
  server(project: "demo" | "alt", name: string, metadata?: Record<string, string>): Promise<string>;
  /** GET /servers/{id} as admin at 2.53 */
  show(id: string): Promise<Record<string, any>>;
  /** the one notification (at 1.3) */
  notification(id?: string): Promise<Record<string, any>>;
  service(host: string): Promise<Record<string, any>>;
  /** the segment's host record of that name */
  haHost(name: string): Promise<Record<string, any>>;
  segmentId(): Promise<string>;
}

/** `engine`: InstanceHaOptions and the engine's extras for this emulator. */
export async function haCluster(engine: Partial<EngineOptions> = {}, options: EmulatorOptions = {}): Promise<Cluster> {
  const base: EmulatorOptions = { frozenClock: true, startTime: START, randomSeed: 42, seed: withoutServers(), ...options };
  // the engine's options as code gives them (custom task objects included): the service itself, not a copy
  const services = defaultServices(resolveOptions(base)).map((s) => (s.name === "instance-ha" ? instanceHaService(engine) : s));
  const emu = createEmulator({ ...base, services });
  const [admin, demo] = [await login(emu), await login(emu, "demo")];
  // the `alt` tenant is the ha-cluster scenario's (two-tenants); another seed may lack it
  const alt = await login(emu, "alt").catch(() => "");
  const compute: Cluster["compute"] = (method, path, o = {}) =>
    call(emu, method, `/compute/v2.1${path}`, {
      token: o.token ?? admin,
      body: o.body,
      headers: { "OpenStack-API-Version": `compute ${o.version ?? "2.53"}` },
    });
  const ha: Cluster["ha"] = (method, path, o = {}) =>
    call(emu, method, `/instance-ha/v1${path}`, { token: admin, body: o.body, headers: { "OpenStack-API-Version": `instance-ha ${o.version ?? "1.3"}` } });
  const serviceId = async (host: string) => (await compute("GET", `/os-services?host=${host}&binary=nova-compute`)).body.services[0].id as string;
  const setService = async (host: string, status: "enabled" | "disabled") => {
    const res = await compute("PUT", `/os-services/${await serviceId(host)}`, { body: status === "enabled" ? { status } : { status, disabled_reason: "test setup" } });
    if (res.status !== 200) throw new Error(`os-services: ${res.status} ${res.text}`);
  };
  const network = async (token: string, name: string) =>
    (await call(emu, "GET", `/networking/v2.0/networks?name=${name}`, { token })).body.networks[0].id as string;
  const nets = { demo: await network(demo, "private"), alt: alt ? await network(alt, "alt-private") : "" };
  const t: Cluster = {
    emu,
    admin,
    demo,
    alt,
    compute,
    ha,
    control: (method, path, body) => call(emu, method, `/_emulator${path}`, { body }),
    events: async (type) => (await call(emu, "GET", `/_emulator/events?type=${encodeURIComponent(type)}`)).body.events,
    advance: (ms) => emu.clock.advance(ms),
    async server(project, name, metadata = {}) {
      await setService("compute-2", "disabled");
      await setService("compute-3", "disabled");
      const res = await compute("POST", "/servers", {
        token: project === "demo" ? demo : alt,
        body: { server: { name, flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: nets[project] }], metadata } },
      });
      if (res.status !== 202) throw new Error(`create failed: ${res.status} ${res.text}`);
      emu.clock.advance(BUILD_MS);
      await setService("compute-2", "enabled");
      await setService("compute-3", "enabled");
      return res.body.server.id;
    },
    async show(id) {
      return (await compute("GET", `/servers/${id}`)).body.server;
    },
    async notification(id) {
      if (id) return (await ha("GET", `/notifications/${id}`)).body.notification;
      const list = (await ha("GET", "/notifications")).body.notifications;
      if (list.length !== 1) throw new Error(`expected one notification, got ${list.length}`);
      return (await ha("GET", `/notifications/${list[0].notification_uuid}`)).body.notification;
    },
    async segmentId() {
      return (await ha("GET", "/segments")).body.segments[0].uuid;
    },
    async haHost(name) {
      return (await ha("GET", `/segments/${await t.segmentId()}/hosts`)).body.hosts.find((h: any) => h.name === name);
    },
    async service(host) {
      return (await compute("GET", `/os-services?host=${host}&binary=nova-compute`)).body.services[0];
    },
  };
  return t;
}

/** The ha-cluster world less its seeded servers: the tests place their own. */
function withoutServers() {
  const world = loadWorldFrom("ha-cluster") as Record<string, any>;
  return { ...world, compute: { ...world.compute, servers: [] } };
}

/** vm_state, task_state, status and host of a server as an admin sees them. */
export function where(server: Record<string, any>) {
  return { status: server.status, host: server["OS-EXT-SRV-ATTR:host"], locked: server.locked };
}
