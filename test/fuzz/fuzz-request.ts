// One fuzzed request for a route, as a fast-check arbitrary: the route's method (now and then HEAD or a
// wrong one), its path with real ids or hostile segments, a hostile query, a token of admin, member, none
// or garbage, a content type, a microversion header, and a body from the route's schema, valid-ish or mutated.

import fc from "fast-check";
import type { FuzzRoute, FuzzWorld } from "./fuzz-world.js";
import { arbitraryFor } from "./zod-arbitrary.js";
import { brokenJson, CONTENT_TYPES, hostileSegment, MICROVERSION_HEADERS, mutatedBody, PROTOTYPE_NAMES, toJsonText } from "./hostile-values.js";

export interface FuzzRequest {
  method: string;
  /** path and query as sent (already encoded) */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** query keys the services read, plus keys no service knows */
const QUERY_KEYS = [
  "limit", "marker", "sort_key", "sort_dir", "fields", "all_tenants", "page_reverse", "name", "id", "status", "tags",
  "tags-any", "not-tags", "project_id", "tenant_id", "changes-since", "enabled", "domain_id", "user.id", "scope.project.id",
  "include_names", "parent_id", "flavor", "image", "ip", "host", "binary", "minDisk", "minRam", "is_public", "deleted",
  "network_id", "device_id", "fixed_ips", "shared", "router:external", "visibility", "usage", "blobs", "unknown_filter",
];
const QUERY_VALUES = ["0", "1", "-1", "99999999999999999999", "2147483648", "1e3", "abc", "", "true", "desc", "asc", "name", "id", "created_at", "dirty"];

export function requestFor(world: FuzzWorld, route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  const { def } = route;
  const reads = def.method === "GET" || def.method === "DELETE";
  const id = world.ids.length ? fc.constantFrom(...world.ids) : hostileSegment;
  const method = fc.oneof(
    { arbitrary: fc.constant(def.method as string), weight: 12 },
    { arbitrary: fc.constant(def.method === "GET" ? "HEAD" : def.method), weight: 1 },
    { arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"), weight: 1 },
  );
  const params = world.paramValues(route).map((values) =>
    fc.oneof({ arbitrary: fc.constantFrom(...values).map(encodeURIComponent), weight: 5 }, { arbitrary: hostileSegment, weight: 2 }),
  );
  const path = fc.tuple(...params).map((values) => fill(route.path, values));
  const queryValue = fc.oneof(fc.constantFrom(...QUERY_VALUES), fc.constantFrom(...PROTOTYPE_NAMES), hostileSegment, id);
  const queryKey = fc.oneof({ arbitrary: fc.constantFrom(...QUERY_KEYS), weight: 4 }, { arbitrary: fc.constantFrom(...PROTOTYPE_NAMES), weight: 1 }, { arbitrary: hostileSegment, weight: 1 });
  const query = fc.oneof(
    { arbitrary: fc.constant(""), weight: 3 },
    { arbitrary: fc.array(fc.tuple(queryKey, queryValue), { minLength: 1, maxLength: 4 }).map((pairs) => "?" + pairs.map(([k, v]) => `${k}=${v}`).join("&")), weight: 2 },
  );
  // mostly real callers, so requests get past auth; sometimes none, garbage, or a scheme the service may not take
  const token = fc.oneof(
    { arbitrary: fc.constant<Record<string, string>>({ "X-Auth-Token": world.tokens.admin }), weight: 4 },
    { arbitrary: fc.constant<Record<string, string>>({ "X-Auth-Token": world.tokens.member }), weight: 4 },
    { arbitrary: fc.constantFrom<Record<string, string>>({}, { "X-Auth-Token": "gAAAAAgarbage" }, { "X-Auth-Token": "" }, { Authorization: `Bearer ${world.tokens.member}` }), weight: 1 },
  );
  const microversion = fc.oneof({ arbitrary: fc.constant({}), weight: 3 }, { arbitrary: MICROVERSION_HEADERS, weight: 1 });
  const contentType = fc.oneof(
    { arbitrary: fc.constant<Record<string, string>>({ "Content-Type": "application/json" }), weight: 8 },
    { arbitrary: fc.constant<Record<string, string>>({}), weight: 1 },
    { arbitrary: fc.constantFrom(...CONTENT_TYPES).map((t) => ({ "Content-Type": t })), weight: 1 },
  );
  const body = reads ? fc.oneof({ arbitrary: fc.constant(undefined), weight: 8 }, { arbitrary: brokenJson, weight: 1 }) : bodyFor(world, route);
  return fc
    .record({ method, path, query, token, microversion, contentType, body })
    .map(({ method, path, query, token, microversion, contentType, body }) => {
      const canHaveBody = method !== "GET" && method !== "HEAD" && body !== undefined;
      return {
        method,
        path: path + query,
        headers: { ...token, ...microversion, ...(canHaveBody ? contentType : {}) },
        ...(canHaveBody ? { body } : {}),
      };
    });
}

function bodyFor(world: FuzzWorld, route: FuzzRoute): fc.Arbitrary<string | undefined> {
  const schema = route.def.schema;
  const none = fc.constant(undefined);
  if (!schema) return fc.oneof({ arbitrary: none, weight: 4 }, { arbitrary: brokenJson, weight: 1 }, { arbitrary: fc.jsonValue({ maxDepth: 2 }).map(toJsonText), weight: 1 });
  const valid = arbitraryFor(schema, { idsFor: world.idsFor });
  return fc.oneof(
    { arbitrary: valid.map(toJsonText), weight: 5 },
    { arbitrary: valid.chain(mutatedBody), weight: 5 },
    { arbitrary: brokenJson, weight: 1 },
    { arbitrary: none, weight: 1 },
  );
}

function fill(path: string, values: string[]): string {
  let i = 0;
  return path.split("/").map((segment) => (segment.startsWith(":") ? values[i++] ?? "" : segment)).join("/");
}
