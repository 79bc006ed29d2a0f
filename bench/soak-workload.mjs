// The soak's mixed workload over real HTTP: clients that log in before every call (as the openstack CLI
// does), creating and deleting in every service, fault rules that fire, and a clock that keeps advancing so
// tokens expire. Everything a client makes it deletes again, so what the emulator holds should level off.

/** mulberry32: a small seeded generator, so a seed replays the same choices */
function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CIRROS = "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11";
const credentials = (name, password, project) => ({
  auth: {
    identity: { methods: ["password"], password: { user: { name, domain: { name: "Default" }, password } } },
    scope: { project: { name: project, domain: { name: "Default" } } },
  },
});

/** Counts answers by outcome; an unexpected status is remembered (the first few) for the report. */
export class Tally {
  requests = 0;
  injected = 0;
  transport = 0;
  unexpected = 0;
  samples = [];
  note(method, path, status, expected) {
    this.requests++;
    if (status === 503) return void this.injected++; // the soak's fault rules answer 503
    if (expected.includes(status)) return;
    this.unexpected++;
    if (this.samples.length < 10) this.samples.push(`${method} ${path} -> ${status}`);
  }
}

export function client(url, tally) {
  async function call(method, path, { token, body, raw, headers, expect = [200, 201, 202, 204] } = {}) {
    const init = {
      method,
      headers: { "content-type": raw === undefined ? "application/json" : "application/octet-stream", ...(token ? { "x-auth-token": token } : {}), ...headers },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    };
    // a kept-alive connection the server closes as a request goes out fails without an answer: counted,
    // and sent again once on a fresh connection
    const res = await fetch(url + path, init).catch(() => {
      tally.transport++;
      return fetch(url + path, init);
    });
    const text = await res.text();
    tally.note(method, path.split("?")[0], res.status, expect);
    return { status: res.status, headers: res.headers, body: text && text[0] === "{" ? JSON.parse(text) : undefined };
  }
  /** a fresh token, as a CLI gets before each command */
  async function login(name = "admin", password = name, project = name) {
    const res = await call("POST", "/identity/v3/auth/tokens", { body: credentials(name, password, project) });
    return res.headers.get("x-subject-token");
  }
  /** log in, then one call: the CLI's way */
  const as = (who, method, path, options = {}) => login(...who).then((token) => call(method, path, { ...options, token }));
  return { call, login, as };
}

/** Admin's and demo's quotas unlimited; a /16 for admin's servers; the public network for floating IPs. */
export async function prepareWorld(http) {
  const token = await http.login();
  const projects = (await http.call("GET", "/identity/v3/projects", { token })).body.projects;
  const id = (name) => projects.find((p) => p.name === name).id;
  for (const name of ["admin", "demo"]) {
    await http.call("PUT", `/compute/v2.1/os-quota-sets/${id(name)}`, { token, body: { quota_set: { instances: -1, cores: -1, ram: -1, key_pairs: -1 } } });
    await http.call("PUT", `/networking/v2.0/quotas/${id(name)}`, { token, body: { quota: { port: -1, network: -1, subnet: -1, router: -1, floatingip: -1 } } });
  }
  const net = (await http.call("POST", "/networking/v2.0/networks", { token, body: { network: { name: "soak" } } })).body.network;
  await http.call("POST", "/networking/v2.0/subnets", { token, body: { subnet: { network_id: net.id, ip_version: 4, cidr: "10.40.0.0/16" } } });
  const pub = (await http.call("GET", "/networking/v2.0/networks?name=public", { token })).body.networks[0];
  const member = (await http.call("GET", "/identity/v3/roles?name=member", { token })).body.roles[0];
  return { networkId: net.id, publicId: pub.id, memberRoleId: member.id, demoAccount: `/object-store/v1/AUTH_${id("demo")}` };
}

const ADMIN = ["admin"];
const DEMO = ["demo"];

/** One client's actions; `n` makes names unique across clients and rounds. */
function actions(http, world, random, n) {
  const servers = [];
  const { as } = http;
  const body = (o) => ({ body: o });
  return [
    // servers: boot with a port (or none), delete the oldest once a client holds a few
    [5, async () => {
      const networks = random() < 0.5 ? [{ uuid: world.networkId }] : "none";
      const res = await as(ADMIN, "POST", "/compute/v2.1/servers", body({ server: { name: `soak-${n()}`, flavorRef: "1", imageRef: CIRROS, networks } }));
      if (res.body?.server) servers.push(res.body.server.id);
      if (servers.length > 8) await as(ADMIN, "DELETE", `/compute/v2.1/servers/${servers.shift()}`);
    }],
    // reads, as dashboards and CLIs do all day
    [4, async () => {
      await as(ADMIN, "GET", "/compute/v2.1/servers/detail?limit=50");
      await as(DEMO, "GET", "/networking/v2.0/networks");
      await as(DEMO, "GET", "/image/v2/images");
      await as(ADMIN, "GET", "/identity/v3/users");
    }],
    // networking: network, subnet, port, router with an interface; all deleted again
    [2, async () => {
      const i = n();
      const net = (await as(DEMO, "POST", "/networking/v2.0/networks", body({ network: { name: `soak-${i}` } }))).body?.network;
      if (!net) return;
      const cidr = `10.${100 + (i % 100)}.${(i >> 7) % 256}.0/24`;
      const subnet = (await as(DEMO, "POST", "/networking/v2.0/subnets", body({ subnet: { network_id: net.id, ip_version: 4, cidr } }))).body?.subnet;
      const port = (await as(DEMO, "POST", "/networking/v2.0/ports", body({ port: { network_id: net.id } }))).body?.port;
      const router = (await as(DEMO, "POST", "/networking/v2.0/routers", body({ router: { name: `soak-${i}` } }))).body?.router;
      if (router && subnet) {
        await as(DEMO, "PUT", `/networking/v2.0/routers/${router.id}/add_router_interface`, body({ subnet_id: subnet.id }));
        await as(DEMO, "PUT", `/networking/v2.0/routers/${router.id}/remove_router_interface`, body({ subnet_id: subnet.id }));
      }
      if (router) await as(DEMO, "DELETE", `/networking/v2.0/routers/${router.id}`);
      if (port) await as(DEMO, "DELETE", `/networking/v2.0/ports/${port.id}`);
      if (subnet) await as(DEMO, "DELETE", `/networking/v2.0/subnets/${subnet.id}`);
      await as(DEMO, "DELETE", `/networking/v2.0/networks/${net.id}`);
    }],
    // a floating IP from the public network, released again
    [1, async () => {
      const fip = (await as(ADMIN, "POST", "/networking/v2.0/floatingips", body({ floatingip: { floating_network_id: world.publicId } }))).body?.floatingip;
      if (fip) await as(ADMIN, "DELETE", `/networking/v2.0/floatingips/${fip.id}`);
    }],
    // a key pair (generated), deleted
    [1, async () => {
      const name = `soak-${n()}`;
      const kp = await as(DEMO, "POST", "/compute/v2.1/os-keypairs", body({ keypair: { name } }));
      if (kp.body?.keypair) await as(DEMO, "DELETE", `/compute/v2.1/os-keypairs/${name}`);
    }],
    // identity: a project and a user with a role, the user's own login and application credential, a
    // role of its own; all deleted again
    [1, async () => {
      const i = n();
      const project = (await as(ADMIN, "POST", "/identity/v3/projects", body({ project: { name: `soak-${i}` } }))).body?.project;
      const user = (await as(ADMIN, "POST", "/identity/v3/users", body({ user: { name: `soak-${i}`, password: "pw", default_project_id: project?.id } }))).body?.user;
      const role = (await as(ADMIN, "POST", "/identity/v3/roles", body({ role: { name: `soak-${i}` } }))).body?.role;
      if (project && user) {
        await as(ADMIN, "PUT", `/identity/v3/projects/${project.id}/users/${user.id}/roles/${world.memberRoleId}`);
        const own = await http.login(`soak-${i}`, "pw", `soak-${i}`);
        const cred = (await http.call("POST", `/identity/v3/users/${user.id}/application_credentials`, { token: own, body: { application_credential: { name: "ci" } } })).body?.application_credential;
        if (cred) {
          const auth = { auth: { identity: { methods: ["application_credential"], application_credential: { id: cred.id, secret: cred.secret } } } };
          await http.call("POST", "/identity/v3/auth/tokens", { body: auth });
          await http.call("DELETE", `/identity/v3/users/${user.id}/application_credentials/${cred.id}`, { token: own });
        }
      }
      if (role) await as(ADMIN, "DELETE", `/identity/v3/roles/${role.id}`);
      if (user) await as(ADMIN, "DELETE", `/identity/v3/users/${user.id}`);
      if (project) await as(ADMIN, "DELETE", `/identity/v3/projects/${project.id}`);
    }],
    // object storage: a container, objects up and read back (whole, a range, a listing), a server-side
    // copy, everything deleted again
    [2, async () => {
      const container = `${world.demoAccount}/soak-${n()}`;
      const bytes = "x".repeat(1 + Math.floor(random() * 64 * 1024));
      if ((await as(DEMO, "PUT", container, { expect: [201, 202] })).status >= 300) return;
      for (const name of ["a", "b/c"]) await as(DEMO, "PUT", `${container}/${name}`, { raw: bytes, expect: [201] });
      await as(DEMO, "GET", `${container}/a`, { expect: [200] });
      await as(DEMO, "GET", `${container}/b/c`, { headers: { range: "bytes=0-99" }, expect: [206] });
      await as(DEMO, "GET", `${container}?prefix=b/`, { expect: [200] });
      await as(DEMO, "PUT", `${container}/copy`, { raw: "", headers: { "x-copy-from": `${container.split("/").pop()}/a` }, expect: [201] });
      for (const name of ["a", "b/c", "copy"]) await as(DEMO, "DELETE", `${container}/${name}`, { expect: [204] });
      await as(DEMO, "DELETE", container, { expect: [204] });
    }],
    // a token validated, then revoked
    [1, async () => {
      const token = await http.login("demo");
      await as(ADMIN, "GET", "/identity/v3/auth/tokens", { headers: { "x-subject-token": token } });
      await http.call("DELETE", "/identity/v3/auth/tokens", { token, headers: { "x-subject-token": token } });
    }],
    // a fault rule that fires once on the next flavor list, and the list that meets it
    [1, async () => {
      await http.call("POST", "/_emulator/faults", { body: { service: "compute", method: "GET", path: "/v2.1/flavors", effect: { type: "error", status: 503 }, times: 1 } });
      await as(DEMO, "GET", "/compute/v2.1/flavors", { expect: [200, 503] });
    }],
  ];
}

/**
 * Runs `clients` clients until `stop()` says so, and a clock that advances `advanceMs` every
 * `requestsPerTick` requests: virtual time follows the work done, not the wall clock, so how many tokens
 * are still within their retention (which is what the emulator holds most of) does not depend on how fast
 * the machine happens to be.
 */
export async function runWorkload({ url, seed, clients = 6, requestsPerTick = 50, advanceMs = 30 * 60_000, stop, tally }) {
  const http = client(url, tally);
  const world = await prepareWorld(http);
  let counter = 0;
  const n = () => counter++;
  const one = async (k) => {
    const random = seededRandom(seed * 131 + k);
    const list = actions(http, world, random, n);
    const total = list.reduce((sum, [w]) => sum + w, 0);
    while (!stop()) {
      let pick = random() * total;
      const [, act] = list.find(([w]) => (pick -= w) < 0) ?? list[0];
      await act();
    }
  };
  const clock = (async () => {
    let tickedAt = 0;
    while (!stop()) {
      if (tally.requests - tickedAt >= requestsPerTick) {
        tickedAt = tally.requests;
        await http.call("POST", "/_emulator/clock/advance", { body: { by: advanceMs } });
      } else await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  await Promise.all([clock, ...Array.from({ length: clients }, (_, k) => one(k))]);
}
