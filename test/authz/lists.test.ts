// Lists never show another project's resources: every collection route of every service (a GET without
// path parameters), asked by project B's member with each way of asking for more (all_tenants and
// all_projects spellings, project_id/tenant_id/owner of A, fields=, A's ids as marker and filters), never
// names anything project A owns. A refusal is fine (Nova's 403 for all_tenants, 400 for an unknown marker),
// in the service's envelope; a 5xx never is.

import { beforeAll, expect, it, vi } from "vitest";
import { call } from "../helpers/emulator.js";
import { authzWorld, type AuthzWorld } from "./credentials.js";
import { describe as line, inEnvelope, matrixRoutes, nowhere, type MatrixRoute } from "./routes.js";

// thousands of requests in-process: a bound for a hang, not a speed target (two loaded cores take minutes)
vi.setConfig({ testTimeout: 600_000, hookTimeout: 600_000 });

const OWNER_FIELDS = ["projectId", "ownerProjectId", "project_id", "tenant_id"];

/** The ids of every record a project owns in the services' state (identity's own records aside). */
function ownedIds(state: Record<string, unknown>, projectId: string): Set<string> {
  const ids = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (typeof v !== "object" || v === null) return;
    const record = v as Record<string, unknown>;
    if (typeof record.id === "string" && OWNER_FIELDS.some((f) => record[f] === projectId)) ids.add(record.id);
    Object.values(record).forEach(walk);
  };
  for (const [slice, value] of Object.entries(state)) if (slice !== "identity") walk(value);
  return ids;
}

interface Variant {
  query: string;
  headers?: Record<string, string>;
}

/** Every way of asking a list for more than the caller's own, with project A's ids where one is needed. */
function variants(w: AuthzWorld, route: MatrixRoute): Variant[] {
  const A = w.projectA;
  const own = w.ownedA;
  const segments = route.path.split("/");
  const collection = segments.at(-1) === "detail" ? segments.at(-2)! : segments.at(-1)!;
  const mine = own[collection];
  const latest = { "OpenStack-API-Version": "compute latest", "X-OpenStack-Nova-API-Version": "latest" };
  const queries = [
    "",
    "all_tenants=1",
    "all_tenants=true",
    "all_tenants=True",
    "all_projects=1",
    "all_projects=true",
    `project_id=${A}`,
    `tenant_id=${A}`,
    `owner=${A}`,
    `all_tenants=1&project_id=${A}`,
    `all_tenants=1&tenant_id=${A}`,
    `all_projects=1&project_id=${A}`,
    "fields=id",
    "fields=project_id&fields=id&fields=name",
    `user_id=${own.users}`,
    `device_id=${own.servers}`,
    `network_id=${own.networks}`,
    `security_group_id=${own["security-groups"]}`,
    `name=${encodeURIComponent(`net-A`)}`,
    ...(mine ? [`id=${encodeURIComponent(mine)}`, `marker=${encodeURIComponent(mine)}`, `marker=${encodeURIComponent(mine)}&limit=1`] : []),
  ];
  return [
    ...queries.map((query) => ({ query })),
    // Nova's keypair user_id and server project_id filters need later microversions
    { query: `user_id=${own.users}`, headers: latest },
    { query: `all_tenants=1&project_id=${A}`, headers: latest },
  ];
}

let world: AuthzWorld;
beforeAll(async () => {
  world = await authzWorld();
});

it("never shows project B's member anything project A owns, however the list is asked for", async () => {
  const w = world;
  const leaks = new Set([...ownedIds(w.emu.kernel.store.state as Record<string, unknown>, w.projectA), w.projectA, w.ownedA["os-keypairs"]!]);
  const lists = matrixRoutes(w.emu).filter((r) => r.method === "GET" && r.policy !== "public" && !r.path.includes(":"));
  const failures: string[] = [];
  let requests = 0;
  for (const route of lists) {
    for (const { query, headers } of variants(w, route)) {
      const ask = async (q: string) => {
        requests++;
        return call(w.emu, "GET", q ? `${route.path}?${q}` : route.path, { token: w.tokens.memberB, headers });
      };
      const res = await ask(query);
      // A's ids the request names itself (a marker, a filter) may be echoed: the answer must then be the one
      // an id that exists nowhere gets, so it discloses nothing about them
      const named = [...leaks].filter((id) => query.includes(encodeURIComponent(id)));
      let text = res.text;
      let differs = false;
      if (named.length) {
        const unknown = await ask(named.reduce((q, id) => q.replaceAll(encodeURIComponent(id), encodeURIComponent(nowhere(id))), query));
        text = named.reduce((t, id) => t.replaceAll(id, nowhere(id)), text);
        differs = unknown.status !== res.status || unknown.text !== text;
      }
      const leaked = [...leaks].filter((id) => text.includes(id));
      const badError = res.status >= 400 && !inEnvelope(route.service, res.status, res.body);
      if (res.status >= 500 || leaked.length || badError || differs) {
        const why = [leaked.length && `leaks ${leaked.join(", ")}`, differs && "answers differently than for an unknown id"].filter(Boolean);
        failures.push(`${line(route, `${route.path}?${query}`, "member of B", res)} ${why.join("; ")}`);
      }
    }
  }
  expect(failures).toEqual([]);
  expect(requests).toBeGreaterThan(lists.length * 20);
});
