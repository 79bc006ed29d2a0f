// State export/import round-trips exactly, whatever was done before: random sequences of operations through
// HTTP (servers, networks, ports, key pairs, metadata, projects, users, flavors, tenants, clock advances,
// fault rules), then GET /_emulator/state, PUT into a fresh emulator, GET again: byte-identical; and the
// imported emulator answers the same as the original, now and after time has moved on.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../helpers/emulator.js";
import { CIRROS } from "../helpers/compute.js";
import type { Emulator } from "../../src/app.js";

const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,7}$/);
/** metadata keys, built-in property names among them: stored and carried over like any other */
const key = fc.oneof(name, fc.constantFrom("__proto__", "constructor", "valueOf", "toString", "hasOwnProperty"));
/** which of the resources made so far an operation acts on (modulo their number) */
const pick = fc.nat(50);

const op = fc.oneof(
  fc.record({ kind: fc.constant("server.create" as const), name, flavor: fc.constantFrom("1", "2") }),
  fc.record({ kind: fc.constant("server.delete" as const), pick }),
  fc.record({ kind: fc.constant("server.action" as const), pick, action: fc.constantFrom({ reboot: { type: "SOFT" } }, { "os-stop": null }, { "os-start": null }) }),
  fc.record({ kind: fc.constant("server.metadata" as const), pick, key, value: fc.string({ maxLength: 12 }) }),
  fc.record({ kind: fc.constant("network.create" as const), name }),
  fc.record({ kind: fc.constant("network.delete" as const), pick }),
  fc.record({ kind: fc.constant("port.create" as const), pick, name }),
  fc.record({ kind: fc.constant("port.delete" as const), pick }),
  fc.record({ kind: fc.constant("keypair.create" as const), name }),
  fc.record({ kind: fc.constant("keypair.delete" as const), pick }),
  fc.record({ kind: fc.constant("project.create" as const), name }),
  fc.record({ kind: fc.constant("project.delete" as const), pick }),
  fc.record({ kind: fc.constant("user.create" as const), name, pick }),
  fc.record({ kind: fc.constant("flavor.create" as const), name, ram: fc.integer({ min: 64, max: 4096 }) }),
  fc.record({ kind: fc.constant("flavor.delete" as const), pick }),
  fc.record({ kind: fc.constant("tenant.create" as const), name }),
  fc.record({ kind: fc.constant("clock.advance" as const), ms: fc.integer({ min: 0, max: 12_000 }) }),
  fc.record({ kind: fc.constant("fault.add" as const), status: fc.constantFrom(409, 503), method: fc.constantFrom("POST", "DELETE"), times: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant("fault.clear" as const) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

interface Made {
  servers: string[];
  networks: string[];
  ports: string[];
  keypairs: string[];
  projects: string[];
  flavors: string[];
}

const nth = <T,>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

/** Runs one operation as admin; refusals (quota, conflicts, injected faults) are part of the sequence. */
async function apply(emu: Emulator, token: string, made: Made, privateNet: string, o: Op): Promise<void> {
  const as = (method: string, path: string, body?: unknown) => call(emu, method, path, { token, body });
  const id = async (method: string, path: string, body: unknown, key: string, into: string[]) => {
    const res = await as(method, path, body);
    if (res.status < 300 && res.body?.[key]?.id) into.push(res.body[key].id);
  };
  switch (o.kind) {
    case "server.create":
      return id("POST", "/compute/v2.1/servers", { server: { name: o.name, flavorRef: o.flavor, imageRef: CIRROS, networks: [{ uuid: privateNet }] } }, "server", made.servers);
    case "server.delete": {
      const server = nth(made.servers, o.pick);
      if (server) await as("DELETE", `/compute/v2.1/servers/${server}`);
      return;
    }
    case "server.action": {
      const server = nth(made.servers, o.pick);
      if (server) await as("POST", `/compute/v2.1/servers/${server}/action`, o.action);
      return;
    }
    case "server.metadata": {
      const server = nth(made.servers, o.pick);
      if (server) await as("PUT", `/compute/v2.1/servers/${server}/metadata/${o.key}`, { meta: { [o.key]: o.value } });
      return;
    }
    case "network.create":
      return id("POST", "/networking/v2.0/networks", { network: { name: o.name } }, "network", made.networks);
    case "network.delete": {
      const network = nth(made.networks, o.pick);
      if (network) await as("DELETE", `/networking/v2.0/networks/${network}`);
      return;
    }
    case "port.create":
      return id("POST", "/networking/v2.0/ports", { port: { name: o.name, network_id: nth(made.networks, o.pick) ?? privateNet } }, "port", made.ports);
    case "port.delete": {
      const port = nth(made.ports, o.pick);
      if (port) await as("DELETE", `/networking/v2.0/ports/${port}`);
      return;
    }
    case "keypair.create": {
      const res = await as("POST", "/compute/v2.1/os-keypairs", { keypair: { name: o.name } });
      if (res.status < 300) made.keypairs.push(o.name);
      return;
    }
    case "keypair.delete": {
      const keypair = nth(made.keypairs, o.pick);
      if (keypair) await as("DELETE", `/compute/v2.1/os-keypairs/${keypair}`);
      return;
    }
    case "project.create":
      return id("POST", "/identity/v3/projects", { project: { name: o.name, domain_id: "default" } }, "project", made.projects);
    case "project.delete": {
      const project = nth(made.projects, o.pick);
      if (project) await as("DELETE", `/identity/v3/projects/${project}`);
      return;
    }
    case "user.create": {
      const project = nth(made.projects, o.pick);
      await as("POST", "/identity/v3/users", { user: { name: o.name, password: "pw", domain_id: "default", ...(project ? { default_project_id: project } : {}) } });
      return;
    }
    case "flavor.create":
      return id("POST", "/compute/v2.1/flavors", { flavor: { name: o.name, ram: o.ram, vcpus: 1, disk: 1 } }, "flavor", made.flavors);
    case "flavor.delete": {
      const flavor = nth(made.flavors, o.pick);
      if (flavor) await as("DELETE", `/compute/v2.1/flavors/${flavor}`);
      return;
    }
    case "tenant.create":
      await call(emu, "POST", "/_emulator/tenants", { body: { name: `t-${o.name}` } });
      return;
    case "clock.advance":
      await call(emu, "POST", "/_emulator/clock/advance", { body: { by: o.ms } });
      return;
    case "fault.add":
      await call(emu, "POST", "/_emulator/faults", { body: { method: o.method, effect: { type: "error", status: o.status }, times: o.times } });
      return;
    case "fault.clear":
      await call(emu, "DELETE", "/_emulator/faults");
      return;
  }
}

/** Reads a user notices: lists of every kind, as admin. */
const LISTS = [
  "/compute/v2.1/servers/detail",
  "/compute/v2.1/flavors/detail",
  "/compute/v2.1/os-keypairs",
  "/networking/v2.0/networks",
  "/networking/v2.0/ports",
  "/networking/v2.0/security-groups",
  "/identity/v3/projects",
  "/identity/v3/users",
];

async function answers(emu: Emulator, token: string): Promise<string[]> {
  const out: string[] = [];
  for (const path of LISTS) {
    const res = await call(emu, "GET", path, { token });
    out.push(`${path} ${res.status} ${res.text}`);
  }
  return out;
}

const exported = async (emu: Emulator) => {
  const res = await call(emu, "GET", "/_emulator/state");
  expect(res.status).toBe(200);
  return res.text;
};

describe("GET then PUT /_emulator/state, after random operations", () => {
  it("round-trips byte for byte, and the imported emulator answers as the original", { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 60, size: "medium" }), async (ops) => {
        const source = testEmulator();
        const token = await login(source);
        const privateNet = (await call(source, "GET", "/networking/v2.0/networks?name=private", { token })).body.networks[0].id as string;
        const made: Made = { servers: [], networks: [], ports: [], keypairs: [], projects: [], flavors: [] };
        for (const o of ops) await apply(source, token, made, privateNet, o);

        const first = await exported(source);
        // another random seed and start time: nothing of the target's own may leak into what it imports
        const target = testEmulator({ randomSeed: 7, startTime: Date.parse("2040-06-01T00:00:00Z") });
        const put = await call(target, "PUT", "/_emulator/state", { raw: first });
        expect(put.status, put.text).toBe(200);
        expect(await exported(target)).toBe(first);

        // fault rules are runtime settings, not state: the original's are dropped before comparing answers
        await call(source, "DELETE", "/_emulator/faults");
        expect(await answers(target, token)).toEqual(await answers(source, token));
        // lifecycles under way carry on alike
        for (const emu of [source, target]) await call(emu, "POST", "/_emulator/clock/advance", { body: { by: "1m" } });
        expect(await exported(target)).toBe(await exported(source));
        source.kernel.clock.stop();
        target.kernel.clock.stop();
      }),
      { numRuns: 30, seed: 10_2026 },
    );
  });
});
