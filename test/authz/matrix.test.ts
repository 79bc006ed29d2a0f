// The authorization matrix: every route of every service (from the route tables and their declared
// policies) against every kind of credential. Refused tokens get a 401, a role below the route's policy or
// a token without a project a 403, each in the owning service's envelope; a role that meets it gets past
// the policy; another project's member never reaches a project's resources. Lists: lists.test.ts; ids
// inside request bodies: references.test.ts.

import { beforeAll, describe, expect, it, vi } from "vitest";
import { authzWorld, type AuthzWorld } from "./credentials.js";
import { derivedBody, describe as line, fill, inEnvelope, matrixRoutes, nowhere, send, type MatrixRoute } from "./routes.js";

// thousands of requests in-process: a bound for a hang, not a speed target (two loaded cores take minutes)
vi.setConfig({ testTimeout: 600_000, hookTimeout: 600_000 });

/**
 * Routes only the owner may call whatever the role: Keystone's create_application_credential is
 * `rule:owner`, delete `system admin or owner`, so a project admin's token is refused another user's.
 * (The matrix sends the member of A's own user id, so the member's rows call them as the owner.)
 */
const OWNER_ONLY = new Set(["identity.application_credential.create", "identity.application_credential.delete"]);

/**
 * What another project's member gets for a project's resource: a 404, as for one that does not exist (Nova
 * itemNotFound, Neutron NotFound, Glance). Where the real service answers otherwise: Nova's quota defaults
 * are anyone's (policy `@`), a 200; quotas and users, addressed by a project or user id, a 403 (Nova's,
 * Neutron's and Cinder's quota policies check the project, Cinder's defaults too; Keystone's user policies
 * the owner).
 */
const ACROSS: Array<[RegExp, number]> = [
  [/^compute\.quota\.defaults$/, 200],
  // the project in the path is the policy's target: another project's is refused (Nova, Neutron, Keystone)
  [/^(compute\.quota\.|compute\.tenant_usage\.|networking\.quota\.|networking\.auto_allocated_topology\.|block-storage\.quota\.|identity\.)/, 403],
];
/**
 * 403s that are Keystone's rules, not its policy: a domain still enabled cannot be deleted, and a domain
 * configuration it does not support is InvalidDomainConfig (a Forbidden): past the policy, refused on the body.
 */
const RULE_403 = /^(Cannot delete a domain that is enabled, please disable it first\.|Invalid domain specific configuration: )/;
const ruleMessage = (body: unknown) => String((body as { error?: { message?: unknown } } | null)?.error?.message ?? "");
const acrossStatus = (r: MatrixRoute) => ACROSS.find(([operation]) => operation.test(r.operation))?.[1] ?? 404;

/**
 * Where the real service tells another project's id from an unknown one: Keystone's user policies check
 * the target they looked up (403 for a user that exists, 404 for one that does not); Nova's quota defaults
 * verify the project with Keystone first (400 for an unknown one).
 */
const DISCLOSED = /^(identity\.|compute\.quota\.defaults$)/;

const below = (policy: MatrixRoute["policy"], role: "reader" | "member"): boolean =>
  policy === "admin" || (role === "reader" && policy === "member");

let world: AuthzWorld;
let routes: MatrixRoute[];
beforeAll(async () => {
  world = await authzWorld();
  routes = matrixRoutes(world.emu).filter((r) => r.policy !== "public");
});

type Expected = (r: MatrixRoute, status: number, body: unknown, filled: boolean) => boolean;

/**
 * Sends `token` to each route (writes with `{}`, or with a derived body when `derive`: see derivedBody) and
 * collects the answers `expected` refuses, and any 5xx, as readable lines.
 */
async function sweep(w: AuthzWorld, list: MatrixRoute[], who: string, token: string | undefined, expected: Expected, derive = false) {
  const failures: string[] = [];
  for (const route of list) {
    const { url } = fill(route.path, w.ownedA, w.shared);
    const body = derive ? await derivedBody(w.emu, route, url, w.tokens.admin) : undefined;
    const res = await send(w.emu, route, url, token, body ?? {});
    if (res.status >= 500 || !expected(route, res.status, res.body ?? res.text, body !== undefined)) failures.push(line(route, url, who, res));
  }
  return failures;
}

const refusedWith = (status: number) => (r: MatrixRoute, got: number, body: unknown) => got === status && inEnvelope(r.service, status, body);

/**
 * A refusal the policy decides only once it sees the target: a body the matrix could not fill may be
 * refused first, with a 400 (Nova's schema decorators and Neutron's prepare_request_body run before policy).
 */
const refusedAfterBody = (status: number): Expected => (r, got, body, filled) =>
  (got === status || (got === 400 && !filled && r.method !== "GET" && r.method !== "DELETE")) && inEnvelope(r.service, got, body);

describe("authorization matrix", () => {
  it("refuses a missing, garbage, expired, revoked, deleted user's, disabled user's or disabled project's token with a 401 everywhere", async () => {
    const failures: string[] = [];
    for (const [kind, token] of Object.entries(world.refused)) failures.push(...(await sweep(world, routes, kind, token, refusedWith(401))));
    expect(failures).toEqual([]);
  });

  it("refuses a reader on member and admin routes and a member on admin routes with a 403", async () => {
    const { readerA, memberA } = world.tokens;
    const failures = [
      ...(await sweep(world, routes.filter((r) => below(r.policy, "reader")), "reader of A", readerA, refusedWith(403))),
      ...(await sweep(world, routes.filter((r) => below(r.policy, "member")), "member of A", memberA, refusedWith(403))),
    ];
    expect(failures).toEqual([]);
  });

  it("refuses unscoped and domain-scoped tokens with a 403 wherever a role is needed", async () => {
    const { unscoped, domainMember } = world.tokens;
    const needsRole = routes.filter((r) => r.policy !== "authenticated");
    const failures = [
      ...(await sweep(world, needsRole, "unscoped", unscoped, refusedAfterBody(403), true)),
      ...(await sweep(world, needsRole, "domain-scoped member", domainMember, refusedAfterBody(403), true)),
    ];
    expect(failures).toEqual([]);
  });

  it("never lets another project's member reach a project's resources, and changes nothing", async () => {
    const before = JSON.stringify(world.emu.kernel.store.state);
    const across = routes.filter((r) => fill(r.path, world.ownedA).owned && r.policy !== "admin");
    const failures = await sweep(world, across, "member of B", world.tokens.memberB, (r, status, body, filled) =>
      status === 200 ? acrossStatus(r) === 200 : refusedAfterBody(acrossStatus(r))(r, status, body, filled), true);
    expect(failures).toEqual([]);
    expect(JSON.stringify(world.emu.kernel.store.state)).toBe(before);
  });

  it("answers another project's member about a project's resource exactly as about one that does not exist", async () => {
    const w = world;
    const unknownA = Object.fromEntries(Object.entries(w.ownedA).map(([k, id]) => [k, nowhere(id)]));
    const failures: string[] = [];
    for (const route of routes.filter((r) => fill(r.path, w.ownedA).owned && !DISCLOSED.test(r.operation))) {
      const { url } = fill(route.path, w.ownedA, w.shared);
      const body = (await derivedBody(w.emu, route, url, w.tokens.admin)) ?? {};
      const res = await send(w.emu, route, url, w.tokens.memberB, body);
      const unknown = await send(w.emu, route, fill(route.path, unknownA, w.shared).url, w.tokens.memberB, body);
      const text = Object.values(w.ownedA).reduce((t, id) => t.replaceAll(id, nowhere(id)), res.text);
      if (unknown.status !== res.status || unknown.text !== text) failures.push(`${line(route, url, "member of B", res)}; unknown ids get ${unknown.status} ${unknown.text.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });
});

/**
 * A role that meets the policy gets past it: no 401 or 403 (a 400 or 404 for the dummy body is fine), never
 * a 5xx. Each credential gets a fresh world, since its writes and deletes change it; deletes go last.
 */
describe.each([
  ["reader of A", "readerA", (r: MatrixRoute) => r.policy === "reader"],
  ["member of A", "memberA", (r: MatrixRoute) => r.policy === "reader" || r.policy === "member" || r.policy === "authenticated"],
  ["admin", "admin", (r: MatrixRoute) => !OWNER_ONLY.has(r.operation)],
] as const)("a role that meets the policy: %s", (who, key, applies) => {
  it("gets past it on every route", async () => {
    const w = await authzWorld();
    const last = (r: MatrixRoute) => (r.method === "DELETE" ? 1 : 0) + (r.operation === "identity.token.revoke" ? 1 : 0);
    const list = matrixRoutes(w.emu).filter((r) => r.policy !== "public" && applies(r)).sort((a, b) => last(a) - last(b));
    const failures = await sweep(w, list, who, w.tokens[key], (_r, status, body) => status !== 401 && (status !== 403 || RULE_403.test(ruleMessage(body))));
    expect(failures).toEqual([]);
  });
});
