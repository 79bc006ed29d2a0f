// The world the fuzzer attacks: an in-process emulator on a frozen clock with the default seed world, plus a
// few resources of every kind in both projects (so path parameters can be real ids, ours and another
// project's), the routes of every service, and the snapshot every request is checked against.

import type { Emulator } from "../../src/app.js";
import { routeTable, type RouteDef } from "../../src/kernel/http/service-app.js";
import { call, login, testEmulator } from "../helpers/emulator.js";

export interface FuzzRoute {
  service: string;
  mountPath: string;
  def: Readonly<RouteDef>;
  /** the full path, mount included, `:name` for parameters */
  path: string;
}

export interface FuzzWorld {
  emulator: Emulator;
  tokens: { admin: string; member: string };
  routes: FuzzRoute[];
  /** every id the setup saw, for fields that reference a resource */
  ids: string[];
  /** the ids a body field holds by its name: `network_id`, `floating_network_id` -> networks; else all */
  idsFor(key: string): string[];
  /** real values for a route's parameters, in order (empty when none could be listed) */
  paramValues(route: FuzzRoute): string[][];
  /** GET /_emulator/state: the snapshot every rejected request must leave as it was */
  baseline: string;
  /** accepted writes move the baseline instead of being undone (the long run's --drift) */
  drift: boolean;
  /** the baseline right after setup */
  readonly initial: string;
}

const IMAGE = "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11";

export async function createFuzzWorld(): Promise<FuzzWorld> {
  const emulator = testEmulator();
  const admin = await login(emulator, "admin");
  const member = await login(emulator, "demo");
  await populate(emulator, admin, member);
  const routes = emulator.services.flatMap((s) =>
    routeTable(s.routes(emulator.kernel)).map((def) => ({ service: s.name, mountPath: s.mountPath, def, path: s.mountPath + (def.path === "/" ? "/" : def.path) })),
  );
  const lists = new Map<string, string[]>();
  const ids = new Set<string>();
  const listed = async (path: string): Promise<string[]> => {
    if (!lists.has(path)) {
      const res = await call(emulator, "GET", path.includes("/compute/") ? `${path}?all_tenants=1` : path, { token: admin });
      const values = res.status === 200 ? valuesIn(res.body) : [];
      lists.set(path, values);
      values.forEach((v) => ids.add(v));
    }
    return lists.get(path)!;
  };
  // list every collection a parameter comes from now, so paramValues can stay synchronous
  const byRoute = new Map<FuzzRoute, string[][]>();
  for (const route of routes) byRoute.set(route, await resolveParams(route.path, listed));
  const initial = await exportState(emulator);
  // a parameter nothing lists (system grants, quotas never set): any id the world has, users and projects among them
  const all = [...ids].sort();
  for (const values of byRoute.values()) values.forEach((v, i) => { if (!v.length) values[i] = all; });
  return {
    emulator,
    tokens: { admin, member },
    routes,
    ids: all,
    paramValues: (route) => byRoute.get(route) ?? [],
    idsFor: (key) => idsByName(lists, key) ?? all,
    baseline: initial,
    drift: false,
    initial,
  };
}

export async function exportState(emulator: Emulator): Promise<string> {
  const res = await emulator.app.request("http://localhost/_emulator/state");
  return res.text();
}

export async function importState(emulator: Emulator, snapshot: string): Promise<void> {
  const res = await emulator.app.request("http://localhost/_emulator/state", { method: "PUT", body: snapshot, headers: { "content-type": "application/json" } });
  if (res.status !== 200) throw new Error(`restoring the fuzz world failed: ${res.status} ${await res.text()}`);
}

/** A field's name to the collections it points at: `security_group_id` -> `/security-groups`, `imageRef` -> `/images`. */
function idsByName(lists: Map<string, string[]>, key: string): string[] | undefined {
  if (key === "uuid") key = "network_id";
  const stem = key.replace(/(_id|Id|Ref|_ref)$/, "");
  const plurals = [stem, stem.split(/[_:]/).pop()!].map((s) => s.replace(/_/g, "-").replace(/y$/, "ie") + "s");
  const found = [...lists].filter(([path]) => plurals.some((p) => path.endsWith(`/${p}`))).flatMap(([, values]) => values);
  return found.length ? found : undefined;
}

/**
 * For `/a/:x/b/:y`: the values of :x listed from `/a`, then those of :y listed from `/a/<first x>/b`.
 * A route whose collection cannot be listed (a DELETE-only path, a policy) gets the ids of all lists.
 */
async function resolveParams(path: string, listed: (path: string) => Promise<string[]>): Promise<string[][]> {
  const segments = path.split("/");
  const out: string[][] = [];
  const prefix: string[] = [];
  for (const segment of segments) {
    if (segment.startsWith(":")) {
      const values = await listed(prefix.join("/"));
      out.push(values.slice(0, 6));
      prefix.push(encodeURIComponent(values[0] ?? "missing"));
    } else prefix.push(segment);
  }
  return out;
}

/** The ids in a list body: `{"networks": [{id}...]}`, `{"tags": [...]}`, `{"metadata": {k: v}}`, keypairs' names. */
function valuesIn(body: unknown): string[] {
  if (!body || typeof body !== "object") return [];
  const out: string[] = [];
  for (const value of Object.values(body as Record<string, unknown>)) {
    if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === "string") out.push(item);
        else if (item && typeof item === "object") {
          const row = ((item as any).keypair ?? item) as Record<string, unknown>;
          // Masakari's records: an integer id, and the uuid their paths take
          const uuid = typeof row.id === "number" ? (row.uuid ?? row.notification_uuid) : undefined;
          const id = uuid ?? row.id ?? row.name ?? row.project_id;
          if (typeof id === "string" || typeof id === "number") out.push(String(id));
        }
      }
    } else if (value && typeof value === "object" && !("href" in value)) out.push(...Object.keys(value));
  }
  return out;
}

/** Creates a few resources of each kind, as the member of demo and as admin; any failure stops the run. */
async function populate(emu: Emulator, admin: string, member: string): Promise<void> {
  const must = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await call(emu, method, path, { token, body });
    if (res.status >= 300) throw new Error(`fuzz world setup: ${method} ${path} -> ${res.status} ${res.text}`);
    return res.body;
  };
  const net = "/networking/v2.0";
  const volumes: Array<[string, string]> = [];
  for (const [token, tag] of [[member, "m"], [admin, "a"]] as const) {
    const network = (await must("POST", `${net}/networks`, token, { network: { name: `fuzz-${tag}`, tags: ["t1"] } })).network;
    const subnet = (await must("POST", `${net}/subnets`, token, { subnet: { network_id: network.id, cidr: "10.9.0.0/24", ip_version: 4 } })).subnet;
    await must("POST", `${net}/ports`, token, { port: { network_id: network.id, name: `fuzz-${tag}` } });
    const router = (await must("POST", `${net}/routers`, token, { router: { name: `fuzz-${tag}` } })).router;
    await must("PUT", `${net}/routers/${router.id}/add_router_interface`, token, { subnet_id: subnet.id });
    const group = (await must("POST", `${net}/security-groups`, token, { security_group: { name: `fuzz-${tag}` } })).security_group;
    await must("POST", `${net}/security-group-rules`, token, { security_group_rule: { security_group_id: group.id, direction: "ingress", protocol: "tcp", port_range_min: 22, port_range_max: 22 } });
    const publicNet = (await must("GET", `${net}/networks?name=public`, token)).networks[0];
    await must("POST", `${net}/floatingips`, token, { floatingip: { floating_network_id: publicNet.id } });
    const cp = "/compute/v2.1";
    await must("POST", `${cp}/servers`, token, { server: { name: `fuzz-${tag}`, flavorRef: "1", imageRef: IMAGE, networks: [{ uuid: network.id }], metadata: { k: "v" } } });
    await must("POST", `${cp}/os-keypairs`, token, { keypair: { name: `fuzz-${tag}` } });
    await must("POST", `${cp}/os-server-groups`, token, { server_group: { name: `fuzz-${tag}`, policies: ["affinity"] } });
    volumes.push([token, (await must("POST", "/volume/v3/volumes", token, { volume: { size: 1, name: `fuzz-${tag}`, metadata: { k: "v" } } })).volume.id]);
  }
  await must("POST", "/volume/v3/types", admin, { volume_type: { name: "fuzz", "os-volume-type-access:is_public": false, extra_specs: { k: "v" } } });
  await must("POST", "/volume/v3/qos-specs", admin, { qos_specs: { name: "fuzz", total_iops_sec: "100" } });
  const qos = (await must("POST", `${net}/qos/policies`, admin, { policy: { name: "fuzz" } })).policy;
  await must("POST", `${net}/qos/policies/${qos.id}/bandwidth_limit_rules`, admin, { bandwidth_limit_rule: { max_kbps: 1000 } });
  await must("POST", `${net}/qos/policies/${qos.id}/dscp_marking_rules`, admin, { dscp_marking_rule: { dscp_mark: 10 } });
  await must("POST", `${net}/qos/policies/${qos.id}/minimum_bandwidth_rules`, admin, { minimum_bandwidth_rule: { min_kbps: 100 } });
  await must("POST", "/compute/v2.1/flavors/1/os-extra_specs", admin, { extra_specs: { "hw:cpu_policy": "shared" } });
  const id = "/identity/v3";
  const domain = (await must("POST", `${id}/domains`, admin, { domain: { name: "fuzz" } })).domain;
  const project = (await must("POST", `${id}/projects`, admin, { project: { name: "fuzz", domain_id: domain.id } })).project;
  const user = (await must("POST", `${id}/users`, admin, { user: { name: "fuzz", password: "fuzz", domain_id: domain.id } })).user;
  const role = (await must("POST", `${id}/roles`, admin, { role: { name: "fuzz" } })).role;
  await must("PUT", `${id}/projects/${project.id}/users/${user.id}/roles/${role.id}`, admin);
  await must("PUT", `${id}/domains/${domain.id}/users/${user.id}/roles/${role.id}`, admin);
  const self = (await call(emu, "GET", `${id}/auth/tokens`, { token: member, headers: { "X-Subject-Token": member } })).body.token.user.id;
  await must("POST", `${id}/users/${self}/application_credentials`, member, { application_credential: { name: "fuzz" } });
  // servers leave BUILD: actions then meet ACTIVE servers, not only refusals
  await call(emu, "POST", "/_emulator/clock/advance?by=10m");
  // available volumes: a snapshot and a backup of each
  for (const [token, volume] of volumes) {
    await must("POST", "/volume/v3/snapshots", token, { snapshot: { volume_id: volume, name: "fuzz", metadata: { k: "v" } } });
    await call(emu, "POST", "/_emulator/clock/advance?by=1m");
    await must("POST", "/volume/v3/backups", token, { backup: { volume_id: volume, name: "fuzz" } });
    await call(emu, "POST", "/_emulator/clock/advance?by=1m");
  }
  // instance HA: a segment busy with a new notification of its host, and a free one with a reserved host
  const ha = "/instance-ha/v1";
  const busy = (await must("POST", `${ha}/segments`, admin, { segment: { name: "fuzz-busy", recovery_method: "auto", service_type: "COMPUTE" } })).segment;
  await must("POST", `${ha}/segments/${busy.uuid}/hosts`, admin, { host: { name: "compute-1", type: "COMPUTE", control_attributes: "SSH" } });
  await must("POST", `${ha}/notifications`, admin, {
    notification: { type: "COMPUTE_HOST", hostname: "compute-1", generated_time: "2030-01-01T00:00:00", payload: { event: "STOPPED", host_status: "NORMAL" } },
  });
  const free = (await must("POST", `${ha}/segments`, admin, { segment: { name: "fuzz-free", recovery_method: "reserved_host", service_type: "COMPUTE" } })).segment;
  await must("POST", `${ha}/segments/${free.uuid}/hosts`, admin, { host: { name: "compute-2", type: "COMPUTE", control_attributes: "SSH", reserved: true } });
}
