// Every list flat (issue 29): the cost of one page of each collection a user pages, in a world with 10k and
// then 100k rows of it (grown in place, in-process through app.request on a frozen clock), for an admin,
// for a member (demo) whose project holds a small share (100 rows), and with a filter that picks a few rows.
// Each view: 21 timed requests after 5 warm-up at each size, after a full collection (5 after 1 for a page over 100 ms); the figure is the medians' ratio, its spread
// the ratio of the extremes (100k's min over 10k's max .. 100k's max over 10k's min).
// Worlds are built by the control API's seed (merge) where a section takes the collection, else by POSTs.

import { createEmulator } from "../dist/index.js";
import { appCall, spread } from "./lib.mjs";

const login = (name) => ({
  auth: {
    identity: { methods: ["password"], password: { user: { name, domain: { name: "Default" }, password: name } } },
    scope: { project: { name, domain: { name: "Default" } } },
  },
});
const CHUNK = 5000; // rows per seed merge: the body stays under the 1 MiB request limit
const seed = (emu, doc) => appCall(emu, "POST", "/_emulator/seed?mode=merge", undefined, doc);
const range = (from, to) => Array.from({ length: to - from }, (_, k) => from + k);
async function seedChunks(w, from, to, doc) {
  for (let i = from; i < to; i += CHUNK) {
    w.tick(i);
    await seed(w.emu, doc(range(i, Math.min(to, i + CHUNK))));
  }
}

async function world(seedName) {
  const emu = createEmulator({ ...(seedName ? { seed: seedName } : {}), frozenClock: true, randomSeed: 6, logLevel: "error" });
  const admin = await appCall(emu, "POST", "/identity/v3/auth/tokens", undefined, login("admin"));
  const demo = await appCall(emu, "POST", "/identity/v3/auth/tokens", undefined, login("demo"));
  return {
    emu,
    admin: admin.headers.get("x-subject-token"),
    adminProject: admin.body.token.project.id,
    demo: demo.headers.get("x-subject-token"),
    demoProject: demo.body.token.project.id,
    demoUser: demo.body.token.user.id,
  };
}

const HOSTS = { compute: { hosts: [1, 2, 3, 4].map((n) => ({ name: `lst-${n}`, host_ip: `192.168.230.${n}`, vcpus: 1_000_000, memory_mb: 1_000_000_000, local_gb: 1_000_000 })), quotas: [{ project: "admin", instances: -1, cores: -1, ram: -1 }, { project: "demo", instances: -1, cores: -1, ram: -1 }] } };
const cidr = (i) => `10.${(i >> 12) & 255}.${(i >> 4) & 255}.${(i & 15) * 16}/28`;

/**
 * Each collection: prepare (the member's 100 rows and the filter's target), grow(w, from, to) adding admin's
 * rows, and its views: [name, token key, path].
 */
const COLLECTIONS = [
  {
    name: "servers",
    prepare: async (w) => {
      await seed(w.emu, HOSTS);
      await seed(w.emu, { compute: { servers: [{ name: "mine", project: "demo", flavor: "m1.tiny", image: "cirros", host: "lst-1", count: 100 }, { name: "only-one", project: "admin", flavor: "m1.tiny", image: "cirros", host: "lst-2" }] } });
    },
    grow: async (w, from, to) => {
      for (let i = from; i < to; i += 10_000) {
        w.tick(i);
        await seed(w.emu, { compute: { servers: [{ name: `s${i}`, project: "admin", flavor: "m1.tiny", image: "cirros", host: `lst-${((i / 10_000) % 4) + 1}`, count: Math.min(10_000, to - i) }] } });
      }
    },
    views: [
      ["admin, all projects", "admin", "/compute/v2.1/servers/detail?all_tenants=1&limit=100"],
      ["member (100 of its own)", "demo", "/compute/v2.1/servers/detail?limit=100"],
      ["admin, name filter (1 match)", "admin", "/compute/v2.1/servers/detail?all_tenants=1&name=only-one&limit=100"],
      ["admin, status+host filter", "admin", "/compute/v2.1/servers/detail?all_tenants=1&status=ACTIVE&host=lst-1&limit=100"],
    ],
  },
  {
    name: "projects",
    prepare: async () => {},
    grow: (w, from, to) => seedChunks(w, from, to, (ids) => ({ identity: { projects: ids.map((i) => ({ name: `p-${i}` })) } })),
    views: [
      ["admin", "admin", "/identity/v3/projects?limit=100"],
      ["member (its own)", "demo", "/identity/v3/auth/projects"],
      ["admin, name filter", "admin", "/identity/v3/projects?name=p-5"],
    ],
  },
  {
    name: "users + role assignments",
    prepare: async () => {},
    grow: (w, from, to) =>
      seedChunks(w, from, to, (ids) => ({
        identity: { users: ids.map((i) => ({ name: `u-${i}` })), assignments: ids.map((i) => ({ user: `u-${i}`, role: "reader", project: "admin" })) },
      })),
    views: [
      ["users, admin", "admin", "/identity/v3/users?limit=100"],
      ["users, admin, name filter", "admin", "/identity/v3/users?name=u-5"],
      ["role assignments, admin, one user", "admin", (w) => `/identity/v3/role_assignments?user.id=${w.demoUser}`],
      ["role assignments, admin, one project", "admin", (w) => `/identity/v3/role_assignments?scope.project.id=${w.demoProject}`],
    ],
  },
  {
    name: "networks + subnets",
    prepare: async (w) => {
      for (const p of [w.adminProject, w.demoProject]) await appCall(w.emu, "PUT", `/networking/v2.0/quotas/${p}`, w.admin, { quota: { network: -1, subnet: -1 } });
      await seed(w.emu, { networking: { networks: range(0, 100).map((i) => ({ name: `mine-${i}`, project: "demo", subnets: [{ name: `mine-${i}`, cidr: `172.${16 + (i >> 8)}.${i & 255}.0/24` }] })) } });
    },
    grow: (w, from, to) =>
      seedChunks(w, from, to, (ids) => ({ networking: { networks: ids.map((i) => ({ name: `n-${i}`, project: "admin", subnets: [{ name: `sn-${i}`, cidr: cidr(i) }] })) } })),
    views: [
      ["networks, admin", "admin", "/networking/v2.0/networks?limit=100"],
      ["networks, member (100 of its own)", "demo", "/networking/v2.0/networks?limit=100"],
      ["networks, admin, name filter", "admin", "/networking/v2.0/networks?name=n-5"],
      ["subnets, admin", "admin", "/networking/v2.0/subnets?limit=100"],
      ["subnets, member (100 of its own)", "demo", "/networking/v2.0/subnets?limit=100"],
      ["subnets, admin, name filter", "admin", "/networking/v2.0/subnets?name=sn-5"],
    ],
  },
  {
    name: "images",
    prepare: (w) => seed(w.emu, { image: { images: range(0, 100).map((i) => ({ name: `mine-${i}`, project: "demo", visibility: "private" })) } }),
    grow: (w, from, to) => seedChunks(w, from, to, (ids) => ({ image: { images: ids.map((i) => ({ name: `img-${i}`, project: "admin", visibility: "private" })) } })),
    views: [
      ["admin", "admin", "/image/v2/images?limit=100"],
      ["member (100 of its own)", "demo", "/image/v2/images?limit=100"],
      ["admin, name filter", "admin", "/image/v2/images?name=img-5"],
    ],
  },
  {
    name: "ports",
    prepare: async (w) => {
      await appCall(w.emu, "PUT", `/networking/v2.0/quotas/${w.adminProject}`, w.admin, { quota: { port: -1 } });
      const net = async (token, name, c) => {
        const id = (await appCall(w.emu, "POST", "/networking/v2.0/networks", token, { network: { name } })).body.network.id;
        await appCall(w.emu, "POST", "/networking/v2.0/subnets", token, { subnet: { network_id: id, ip_version: 4, cidr: c } });
        return id;
      };
      w.net = await net(w.admin, "lists", "10.60.0.0/15");
      const mine = await net(w.demo, "mine", "10.70.0.0/24");
      for (let i = 0; i < 100; i++) await appCall(w.emu, "POST", "/networking/v2.0/ports", w.demo, { port: { network_id: mine } });
    },
    grow: async (w, from, to) => {
      for (let i = from; i < to; i++) {
        w.tick(i);
        await appCall(w.emu, "POST", "/networking/v2.0/ports", w.admin, { port: { network_id: w.net, name: `port-${i}` } });
      }
    },
    views: [
      ["admin", "admin", "/networking/v2.0/ports?limit=100"],
      ["member (100 of its own)", "demo", "/networking/v2.0/ports?limit=100"],
      ["admin, name filter", "admin", "/networking/v2.0/ports?name=port-5"],
      ["admin, status filter", "admin", "/networking/v2.0/ports?status=DOWN&limit=100"],
    ],
  },
  {
    name: "volumes",
    prepare: async (w) => {
      for (const p of [w.adminProject, w.demoProject]) await appCall(w.emu, "PUT", `/volume/v3/${w.adminProject}/os-quota-sets/${p}`, w.admin, { quota_set: { volumes: -1, gigabytes: -1 } });
      await appCall(w.emu, "POST", "/_emulator/transitions/overrides", undefined, { type: "block-storage.volume", from: "creating", mode: "immediate" });
      for (let i = 0; i < 100; i++) await appCall(w.emu, "POST", `/volume/v3/${w.demoProject}/volumes`, w.demo, { volume: { size: 1, name: `mine-${i}` } });
    },
    grow: async (w, from, to) => {
      for (let i = from; i < to; i++) {
        w.tick(i);
        await appCall(w.emu, "POST", `/volume/v3/${w.adminProject}/volumes`, w.admin, { volume: { size: 1, name: `vol-${i}` } });
      }
    },
    views: [
      ["admin, all projects", "admin", (w) => `/volume/v3/${w.adminProject}/volumes/detail?all_tenants=1&limit=100`],
      ["member (100 of its own)", "demo", (w) => `/volume/v3/${w.demoProject}/volumes/detail?limit=100`],
      ["admin, name filter", "admin", (w) => `/volume/v3/${w.adminProject}/volumes/detail?all_tenants=1&name=vol-5`],
      ["admin, status filter", "admin", (w) => `/volume/v3/${w.adminProject}/volumes/detail?all_tenants=1&status=available&limit=100`],
    ],
  },
  {
    name: "snapshots",
    prepare: async (w) => {
      for (const p of [w.adminProject, w.demoProject]) await appCall(w.emu, "PUT", `/volume/v3/${w.adminProject}/os-quota-sets/${p}`, w.admin, { quota_set: { volumes: -1, gigabytes: -1, snapshots: -1 } });
      await appCall(w.emu, "POST", "/_emulator/transitions/overrides", undefined, { type: "block-storage.volume", from: "creating", mode: "immediate" });
      const volume = async (token, project) => (await appCall(w.emu, "POST", `/volume/v3/${project}/volumes`, token, { volume: { size: 1 } })).body.volume.id;
      w.volume = await volume(w.admin, w.adminProject);
      const mine = await volume(w.demo, w.demoProject);
      for (let i = 0; i < 100; i++) await appCall(w.emu, "POST", `/volume/v3/${w.demoProject}/snapshots`, w.demo, { snapshot: { volume_id: mine, name: `mine-${i}` } });
    },
    grow: async (w, from, to) => {
      for (let i = from; i < to; i++) {
        w.tick(i);
        await appCall(w.emu, "POST", `/volume/v3/${w.adminProject}/snapshots`, w.admin, { snapshot: { volume_id: w.volume, name: `snap-${i}` } });
      }
    },
    views: [
      ["admin, all projects", "admin", (w) => `/volume/v3/${w.adminProject}/snapshots/detail?all_tenants=1&limit=100`],
      ["member (100 of its own)", "demo", (w) => `/volume/v3/${w.demoProject}/snapshots/detail?limit=100`],
      ["admin, name filter", "admin", (w) => `/volume/v3/${w.adminProject}/snapshots/detail?all_tenants=1&name=snap-5`],
    ],
  },
  {
    name: "backups",
    prepare: async (w) => {
      for (const p of [w.adminProject, w.demoProject]) await appCall(w.emu, "PUT", `/volume/v3/${w.adminProject}/os-quota-sets/${p}`, w.admin, { quota_set: { volumes: -1, gigabytes: -1, backups: -1, backup_gigabytes: -1 } });
      for (const type of ["block-storage.volume", "block-storage.backup"]) await appCall(w.emu, "POST", "/_emulator/transitions/overrides", undefined, { type, from: "creating", mode: "immediate" });
      const mine = (await appCall(w.emu, "POST", `/volume/v3/${w.demoProject}/volumes`, w.demo, { volume: { size: 1 } })).body.volume.id;
      for (let i = 0; i < 100; i++) await appCall(w.emu, "POST", `/volume/v3/${w.demoProject}/backups`, w.demo, { backup: { volume_id: mine, name: `mine-${i}` } });
    },
    // a backup is made one at a time per volume upstream; the admin's are imported records (import_record),
    // which make a backup row each as a create does. Each writes its Swift driver objects (a size 0 backup
    // its two: metadata and sha256 file), about 0.8 ms a backup: this world has a longer budget
    budgetSeconds: 150,
    grow: async (w, from, to) => {
      for (let i = from; i < to; i++) {
        w.tick(i);
        const record = { id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`, name: `bak-${i}`, size: 0, volumeId: "00000000-0000-4000-8000-000000000000" };
        const url = Buffer.from(JSON.stringify(record)).toString("base64");
        await appCall(w.emu, "POST", `/volume/v3/${w.adminProject}/backups/import_record`, w.admin, { "backup-record": { backup_service: "cinder.backup.drivers.swift", backup_url: url } });
      }
    },
    views: [
      ["admin, all projects", "admin", (w) => `/volume/v3/${w.adminProject}/backups/detail?all_tenants=1&limit=100`],
      ["member (100 of its own)", "demo", (w) => `/volume/v3/${w.demoProject}/backups/detail?limit=100`],
      ["admin, name filter", "admin", (w) => `/volume/v3/${w.adminProject}/backups/detail?all_tenants=1&name=bak-5`],
      ["admin, status filter", "admin", (w) => `/volume/v3/${w.adminProject}/backups/detail?all_tenants=1&status=available&limit=100`],
    ],
  },
  {
    name: "security groups + rules",
    prepare: async (w) => {
      for (const p of [w.adminProject, w.demoProject]) await appCall(w.emu, "PUT", `/networking/v2.0/quotas/${p}`, w.admin, { quota: { security_group: -1, security_group_rule: -1 } });
      for (let i = 0; i < 100; i++) await appCall(w.emu, "POST", "/networking/v2.0/security-groups", w.demo, { security_group: { name: `mine-${i}` } });
    },
    grow: async (w, from, to) => {
      for (let i = from; i < to; i++) {
        w.tick(i);
        await appCall(w.emu, "POST", "/networking/v2.0/security-groups", w.admin, { security_group: { name: `sg-${i}` } });
      }
    },
    views: [
      ["groups, admin", "admin", "/networking/v2.0/security-groups?limit=100"],
      ["groups, member (100 of its own)", "demo", "/networking/v2.0/security-groups?limit=100"],
      ["groups, admin, name filter", "admin", "/networking/v2.0/security-groups?name=sg-5"],
      ["rules (2 a group), admin", "admin", "/networking/v2.0/security-group-rules?limit=100"],
      ["rules, member (its groups')", "demo", "/networking/v2.0/security-group-rules?limit=100"],
      ["rules, admin, direction filter", "admin", "/networking/v2.0/security-group-rules?direction=ingress&limit=100"],
    ],
  },
  {
    name: "floating IPs",
    prepare: async (w) => {
      for (const p of [w.adminProject, w.demoProject]) await appCall(w.emu, "PUT", `/networking/v2.0/quotas/${p}`, w.admin, { quota: { floatingip: -1 } });
      await seed(w.emu, { networking: { networks: [{ name: "lists-ext", project: "admin", external: true, shared: false, subnets: [{ name: "lists-ext", cidr: "100.64.0.0/14" }] }] } });
      w.ext = (await appCall(w.emu, "GET", "/networking/v2.0/networks?name=lists-ext", w.admin)).body.networks[0].id;
      for (let i = 0; i < 100; i++) await appCall(w.emu, "POST", "/networking/v2.0/floatingips", w.demo, { floatingip: { floating_network_id: w.ext } });
    },
    grow: async (w, from, to) => {
      for (let i = from; i < to; i++) {
        w.tick(i);
        await appCall(w.emu, "POST", "/networking/v2.0/floatingips", w.admin, { floatingip: { floating_network_id: w.ext, description: `fip-${i}` } });
      }
    },
    views: [
      ["admin", "admin", "/networking/v2.0/floatingips?limit=100"],
      ["member (100 of its own)", "demo", "/networking/v2.0/floatingips?limit=100"],
      ["admin, status filter", "admin", "/networking/v2.0/floatingips?status=DOWN&limit=100"],
    ],
  },
  {
    name: "objects",
    prepare: async (w) => {
      const put = (token, project, path, body) =>
        Promise.resolve(
          w.emu.app.request(`http://bench/object-store/v1/AUTH_${project}${path}`, {
            method: "PUT",
            headers: { "X-Auth-Token": token, "Content-Length": String(body?.length ?? 0) },
            body,
          }),
        ).then(async (r) => {
          const text = await r.text();
          if (r.status >= 300) throw new Error(`PUT ${path} -> ${r.status} ${text.slice(0, 200)}`);
        });
      w.put = put;
      await put(w.admin, w.adminProject, "/c");
      await put(w.demo, w.demoProject, "/c");
      for (let i = 0; i < 100; i++) await put(w.demo, w.demoProject, `/c/mine-${i}`, "x");
    },
    grow: async (w, from, to) => {
      for (let i = from; i < to; i++) {
        w.tick(i);
        await w.put(w.admin, w.adminProject, `/c/obj-${String(i).padStart(6, "0")}`, "x");
      }
    },
    views: [
      ["a container page", "admin", (w) => `/object-store/v1/AUTH_${w.adminProject}/c?format=json&limit=100`],
      ["member's own container (100)", "demo", (w) => `/object-store/v1/AUTH_${w.demoProject}/c?format=json&limit=100`],
      ["prefix filter", "admin", (w) => `/object-store/v1/AUTH_${w.adminProject}/c?format=json&prefix=obj-00005&limit=100`],
    ],
  },
  {
    name: "HA notifications",
    seed: "ha-cluster", // its hosts are in a failover segment
    prepare: async () => {},
    grow: async (w, from, to) => {
      for (let i = from; i < to; i++) {
        w.tick(i);
        const payload = { event: "LIFECYCLE", instance_uuid: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`, vir_domain_event: "STOPPED_FAILED" };
        await appCall(w.emu, "POST", "/instance-ha/v1/notifications", w.admin, { notification: { type: "VM", hostname: "compute-2", generated_time: "2030-01-01T00:00:00Z", payload } });
      }
    },
    views: [
      ["admin", "admin", "/instance-ha/v1/notifications?limit=100"],
      ["admin, status filter", "admin", "/instance-ha/v1/notifications?status=new&limit=100"],
    ],
  },
];

/** Collections the issue names that this part has no fast builder for yet: reported as not measured. */
const NOT_BUILT = [];

async function timeView(w, token, path, { warm = 5, timed = 21, sampleMs = 2 } = {}) {
  const url = `http://bench${path}`;
  const one = async () => {
    const t0 = performance.now();
    const res = await w.emu.app.request(url, { headers: { "X-Auth-Token": token } });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`GET ${path} -> ${res.status} ${text.slice(0, 200)}`);
    return ms;
  };
  // a slow page (a scan of 100k rows) is asked fewer times: 5 rounds still, so the part's wall time stays modest
  const first = await one();
  const slow = first > 100;
  const warmed = [];
  for (let i = 1; i < (slow ? 1 : warm); i++) warmed.push(await one());
  // a fast view is timed over a batch of requests of about sampleMs (the mean of the batch is one sample):
  // one request of 30 us is within the timer's and a collection's noise, and flipped x0.8 to x1.8 between runs
  const typical = warmed.length > 0 ? warmed.sort((a, b) => a - b)[warmed.length >> 1] : first;
  const batch = slow ? 1 : Math.min(50, Math.max(1, Math.ceil(sampleMs / Math.max(typical, 0.001))));
  const ms = [];
  for (let i = 0; i < (slow ? 5 : timed); i++) {
    let total = 0;
    for (let j = 0; j < batch; j++) total += await one();
    ms.push(total / batch);
  }
  return spread(ms);
}

async function measureViews(w, views) {
  const out = [];
  for (const [view, who, path] of views) {
    const p = typeof path === "function" ? path(w) : path;
    // the world just built, and a view before this one (a whole unpaged list of 100k), leave garbage
    // behind: collected first, so that a view's figure is its own cost, not a share of an earlier
    // collection (sub-millisecond views measured ×3 to ×5 slower at 100k without this)
    globalThis.gc?.();
    try {
      out.push({ view, path: p, ms: await timeView(w, w[who], p) });
    } catch (error) {
      out.push({ view, path: p, error: String(error.message).slice(0, 160) });
    }
  }
  return out;
}

/** Thrown when a world takes longer than the budget to build: the collection is reported as not measured. */
class OverBudget extends Error {}

export async function measureLists({ small = 10_000, large = 100_000, only, budgetSeconds = 45 } = {}) {
  const figures = [];
  const started = performance.now();
  for (const c of COLLECTIONS.filter((c) => !only || only.includes(c.name))) {
    const t0 = performance.now();
    try {
      const w = await world(c.seed);
      // every 1000 rows (and every seed chunk) the build checks its budget
      w.tick = (i) => {
        const budget = c.budgetSeconds ?? budgetSeconds;
        if (i % 1000 === 0 && performance.now() - t0 > budget * 1000) throw new OverBudget(`the world took over ${budget} s to build, at ${i} rows`);
      };
      await c.prepare(w);
      await c.grow(w, 0, small);
      const atSmall = await measureViews(w, c.views);
      await c.grow(w, small, large);
      const buildMs = performance.now() - t0;
      // fresh tokens: building may have moved nothing, but a long build must not expire them
      const atLarge = await measureViews(w, c.views);
      const views = atSmall.map((s, i) => {
        const l = atLarge[i];
        if (s.error || l.error) return { view: s.view, path: s.path, error: s.error ?? l.error };
        const ratio = { median: l.ms.median / s.ms.median, min: l.ms.min / s.ms.max, max: l.ms.max / s.ms.min, rounds: l.ms.rounds };
        return { view: s.view, path: s.path, small: s.ms, large: l.ms, ratio };
      });
      figures.push({ name: c.name, buildSeconds: buildMs / 1000, seconds: (performance.now() - t0) / 1000, views });
      process.stderr.write(`bench: lists: ${c.name} in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    } catch (error) {
      figures.push({ name: c.name, error: String(error.message).slice(0, 200) });
      process.stderr.write(`bench: lists: ${c.name} not measured: ${String(error.message).slice(0, 200)}\n`);
    }
    globalThis.gc?.();
  }
  for (const name of NOT_BUILT) figures.push({ name, error: "no fast builder in the bench yet" });
  return {
    small,
    large,
    figures,
    seconds: (performance.now() - started) / 1000,
    note:
      `lists: in-process app.request, frozen clock, one world per collection grown from ${small} to ${large} rows of admin's (seed merges of ${CHUNK} for ` +
      `servers, projects, users+assignments, networks+subnets, images; POSTs for ports, volumes, snapshots, backups (import_record beside demo's 100 made), security groups, floating IPs, objects and HA notifications) beside demo's 100; ` +
      `each view 21 timed samples after 5 warm-up GETs at each size, after a full collection, a sample the mean of a batch of GETs of about 2 ms (at most 50; 5 single GETs after 1 when the first took over 100 ms), body read; ` +
      figures.filter((c) => c.buildSeconds).map((c) => `${c.name} built in ${c.buildSeconds.toFixed(1)} s`).join(", "),
  };
}
