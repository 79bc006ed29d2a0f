// The authorization matrix's view of the emulator: every route of every service (its route table and
// declared policy), its path filled with real ids, the request sent, and the check that an error body is
// in the owning service's own envelope. Nothing here names a route: a new service is covered by declaring.

import type { Emulator } from "../../src/app.js";
import { ApiError } from "../../src/kernel/errors.js";
import type { Policy } from "../../src/kernel/auth/principal.js";
import { routeTable } from "../../src/kernel/http/service-app.js";
import type { ServiceModule } from "../../src/kernel/service.js";
import { call, type Call } from "../helpers/emulator.js";

export interface MatrixRoute {
  service: ServiceModule;
  method: string;
  /** the full path template, mount included, `:name` for parameters */
  path: string;
  operation: string;
  policy: Policy;
}

/** Services whose callers carry no token, and where their authorization is tested instead. */
const TOKENLESS: Record<string, string> = {
  s3: "requests are signed with identity's EC2 keys (SigV4), never a token: test/services/s3/auth.test.ts",
};

/**
 * Every route of every service the emulator runs that takes a token, with its effective policy. A route
 * served both with the project in its path and without (Cinder's `/v3/:project_id/volumes` and `/v3/volumes`)
 * is swept once, without: the project form only adds the check that the path names the token's project,
 * which the service's own tests cover (test/services/block-storage/profiles.test.ts).
 */
export function matrixRoutes(emu: Emulator): MatrixRoute[] {
  return emu.services.filter((service) => !(service.name in TOKENLESS)).flatMap((service) => {
    const table = routeTable(service.routes(emu.kernel));
    const served = new Set(table.map((r) => `${r.method} ${r.path}`));
    const twin = (path: string) => path.includes("/:project_id/") && path.replace("/:project_id/", "/");
    return table
      .filter((r) => {
        const without = twin(r.path);
        return !without || !served.has(`${r.method} ${without}`);
      })
      .map((r) => ({
        service,
        method: r.method,
        path: `${service.mountPath}${r.path === "/" ? "" : r.path}`,
        operation: r.operation,
        policy: r.policy ?? (r.method === "GET" ? "reader" : "member"),
      }));
  });
}

/** What a parameter gets when no value is known for the collection before it. */
export const DUMMY = "authz-dummy";

/**
 * The path with each `:param` replaced by the value of the collection segment before it
 * (`/servers/:id/metadata/:key` -> values.servers, values.metadata); `owned` says whether any of them came
 * from `owned` (a resource of the project under test) rather than `shared` or the dummy.
 */
export function fill(path: string, owned: Record<string, string>, shared: Record<string, string> = {}): { url: string; owned: boolean } {
  let isOwned = false;
  const segments = path.split("/");
  const url = segments
    .map((segment, i) => {
      if (!segment.startsWith(":")) return segment;
      const collection = segments[i - 1]!;
      if (owned[collection] !== undefined) {
        isOwned = true;
        return encodeURIComponent(owned[collection]!);
      }
      return encodeURIComponent(shared[collection] ?? DUMMY);
    })
    .join("/");
  return { url, owned: isOwned };
}

const isWrite = (method: string) => method !== "GET" && method !== "DELETE";

/** Sends a route's request: `body`, or `{}`, as the body of a write (auth is decided before the body is read). */
export function send(emu: Emulator, route: MatrixRoute, url: string, token: string | undefined, body: unknown = {}): Promise<Call> {
  return call(emu, route.method, url, { token, body: isWrite(route.method) ? body : undefined });
}

/**
 * Bodies for writes no GET shows the shape of: a server action (reboot: any server can take it), a volume
 * attach (an unknown volume: the server's owner is checked first). Only strengthens the rows that check a
 * resource's owner; a route without one is sent `{}`.
 */
const SAMPLE_BODIES: Record<string, unknown> = {
  "compute.server.action": { reboot: { type: "SOFT" } },
  "compute.server.volume_attachment.create": { volumeAttachment: { volumeId: "00000000-0000-4000-8000-000000000000" } },
};

/**
 * A body a write to `url` accepts, derived from what a GET of the same path shows: the same top-level
 * keys, a resource (an object with an `id`) emptied (`{"network": {}}`), anything else as shown
 * (`{"tags": [...]}`, `{"meta": {"k": "v"}}`), so the request gets past body validation to the resource
 * lookup (OpenStack services validate the body first, as the emulator does). A POST is derived only below
 * an existing resource and from a one-key answer (`/servers/:id/metadata`), never for a create.
 * `undefined` when there is nothing to derive it from: such a write may be refused with a 400 first.
 */
export async function derivedBody(emu: Emulator, route: MatrixRoute, url: string, admin: string): Promise<unknown> {
  if (SAMPLE_BODIES[route.operation]) return SAMPLE_BODIES[route.operation];
  const post = route.method === "POST" && route.path.includes(":");
  if (route.method !== "PUT" && route.method !== "PATCH" && !post) return undefined;
  const shown = await call(emu, "GET", url, { token: admin });
  if (shown.status !== 200 || typeof shown.body !== "object" || shown.body === null || Array.isArray(shown.body)) return undefined;
  if (post && Object.keys(shown.body).length !== 1) return undefined;
  const resource = (v: unknown) => typeof v === "object" && v !== null && "id" in v;
  return Object.fromEntries(Object.entries(shown.body).map(([k, v]) => [k, resource(v) ? {} : v]));
}

/**
 * Whether `body` is an error of `status` in the service's envelope. A JSON envelope: one top-level key (the same key the
 * service renders for every error, unless its key names the fault, as Nova's does), holding the same
 * fields as the service's own rendering, with a `code` field equal to the status where it has one.
 */
export function inEnvelope(service: ServiceModule, status: number, body: unknown): boolean {
  // a service that renders whole documents (Swift's HTML, S3's XML): the matrix passes their text
  if (!service.envelope) return typeof body === "string" && /^(<html>|<\?xml)/.test(body);
  const rendered = (s: number, message = "m") => service.envelope!(new ApiError(s, undefined, message)) as Record<string, Record<string, unknown>>;
  const expected = rendered(status);
  if (typeof expected === "string") {
    // a text envelope around the message (Glance's webob bodies): the same text before and after it
    const [before, after] = (rendered(status, "\u0000") as unknown as string).split("\u0000");
    return typeof body === "string" && body.startsWith(before!) && body.endsWith(after!);
  }
  if (typeof body !== "object" || body === null) return false;
  const [key] = Object.keys(expected);
  const fixedKey = Object.keys(rendered(400))[0] === Object.keys(rendered(404))[0];
  const keys = Object.keys(body);
  if (keys.length !== 1 || (fixedKey && keys[0] !== key)) return false;
  const inner = (body as Record<string, unknown>)[keys[0]!];
  if (typeof inner !== "object" || inner === null) return false;
  const fields = Object.keys(expected[key!]!).sort().join();
  if (Object.keys(inner).sort().join() !== fields) return false;
  return !("code" in inner) || (inner as { code: unknown }).code === status;
}

/** An id of the same shape that nothing has: what another project's id must be indistinguishable from. */
export const nowhere = (id: string) => id.replace(/[0-9a-zA-Z]/g, "0");

/** One line of a failure list: what was sent and what came back. */
export function describe(route: MatrixRoute, url: string, who: string, res: Call): string {
  return `${who}: ${route.method} ${url} (${route.operation}, ${route.policy}) -> ${res.status} ${res.text.slice(0, 160)}`;
}
