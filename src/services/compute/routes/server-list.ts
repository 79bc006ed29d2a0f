// GET /servers and /servers/detail (nova/api/openstack/compute/servers.py _get_servers): the filters, admin
// scoping (all_tenants: 403 for others), newest first, limit/marker with `servers_links`. Without filters a
// page walks the table backwards from the marker: O(page), whatever the number of servers.

import { RE2JS } from "re2js";
import { serverHostname } from "../hostname.js";
import { novaNextLinks, paginate } from "../../../kernel/pagination.js";
import { get, groupSize, scan, scanGroupPast } from "../../../kernel/store/table.js";
import { own } from "../../../kernel/own.js";
import { queryParam, queries, baseUrl, type Ctx } from "../../../kernel/http/context.js";
import type { Caller } from "../../../kernel/operation.js";
import { computeHooks } from "../../networking/index.js";
import { badRequest, forbidden } from "../errors.js";
import { microversion } from "../microversion.js";
import { refId } from "../operations/flavors.js";
import type { ComputeState, Server } from "../state.js";
import { apiStatus, FILTER_STATUSES } from "../status.js";
import type { ComputeProfile } from "../options.js";
import { listUrl, pageParams } from "../views/collection.js";
import { serverSummary, serverView, serverViewContext } from "../views/servers.js";
import type { ComputeDeps } from "./deps.js";
import { rareOf } from "../server-rare.js";

/** Nova's osapi_max_limit */
export const MAX_LIMIT = 1000;

type Predicate = (server: Server) => boolean;

function truthy(value: string): boolean {
  return !/^(0|false|f|no|n|off)$/i.test(value.trim());
}

/**
 * A filter's regular expression (Nova's `re.search` of the field): run by RE2 (re2js), in time linear in the
 * name it tests whatever the pattern, so no filter can hold the event loop. RE2 lacks backreferences and
 * lookaround: those patterns are a 400, as any other it cannot compile.
 */
function regex(value: string, what: string): { test(text: string): boolean } {
  // a pattern without special characters matches where it occurs: a substring search (what most clients send,
  // a plain name), several times cheaper per server than RE2's matcher
  if (!/[\\^$.|?*+()[\]{}]/.test(value)) return { test: (text) => text.includes(value) };
  try {
    const re = RE2JS.compile(value);
    return { test: (text) => re.matcher(text).find() };
  } catch {
    throw badRequest(`Invalid ${what} filter: '${value}' is not a valid regular expression.`);
  }
}

// what oslo's parse_isotime takes: a date, or a date and a time, with an optional zone
const ISO8601 = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?([zZ]|[+-]\d{2}(:?\d{2})?)?$/;

function time(value: string, key: string): number {
  if (!ISO8601.test(value)) throw badRequest(`Invalid input for query parameters ${key}. Value: ${value}. '${value}' is not a 'date-time'`);
  const at = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  if (Number.isNaN(at)) throw badRequest(`Invalid filter field: ${key}.`);
  return at;
}

function tagList(value: string): string[] {
  return value.split(",").map((t) => t.trim()).filter((t) => t !== "");
}

/**
 * `status` (any case, repeatable). Nova ignores the values it does not know as long as one is known; none
 * known is 400 from 2.38 and an empty list below it. The spec's filter takes only status values, so its
 * profile refuses any unknown one at every microversion.
 */
function statusFilter(values: string[], profile: ComputeProfile, version: number): Predicate {
  const asked = values.map((x) => x.toUpperCase());
  const wanted = new Set(asked.filter((x) => FILTER_STATUSES.has(x)));
  const invalid = profile === "spec" ? wanted.size < new Set(asked).size : wanted.size === 0;
  if (invalid && (profile === "spec" || version >= 38)) throw badRequest("Invalid status value");
  return (v) => wanted.has(apiStatus(v));
}

/** The filters a request asks for, as predicates; admin-only ones are ignored for others, as Nova does. */
function filtersOf(c: Ctx, caller: Caller, root: Readonly<Record<string, unknown>>, profile: ComputeProfile): { predicates: Predicate[]; allTenants: boolean; scope: string | undefined; host: string | undefined } {
  const q = (key: string) => queryParam(c, key);
  const predicates: Predicate[] = [];
  const allTenantsRaw = q("all_tenants");
  const allTenants = allTenantsRaw !== undefined && truthy(allTenantsRaw);
  if (allTenants && !caller.isAdmin) throw forbidden("Policy doesn't allow os_compute_api:servers:index:get_all_tenants to be performed.");
  // Nova reads project_id / tenant_id only beside all_tenants: without it a list is the caller's project
  const project = caller.isAdmin && allTenants ? (q("project_id") ?? q("tenant_id")) : undefined;
  const scope = project ?? (allTenants ? undefined : caller.projectId);
  if (scope !== undefined) predicates.push((v) => v.projectId === scope);

  const statuses = queries(c)["status"];
  if (statuses) predicates.push(statusFilter(statuses, profile, microversion(c)));
  const name = q("name");
  if (name !== undefined) {
    const re = regex(name, "name");
    predicates.push((v) => re.test(v.name));
  }
  const flavor = q("flavor");
  if (flavor !== undefined) predicates.push((v) => v.flavorId === refId(flavor));
  const image = q("image");
  if (image !== undefined) predicates.push((v) => v.imageId === refId(image));
  const reservation = q("reservation_id");
  if (reservation !== undefined) predicates.push((v) => v.reservationId === reservation);
  const host = q("host") ?? q("node");
  const onHost = host !== undefined && caller.isAdmin ? host : undefined;
  if (onHost !== undefined) predicates.push((v) => v.host === onHost);
  const since = q("changes-since");
  if (since !== undefined) {
    const at = time(since, "changes-since");
    predicates.push((v) => v.updatedAt >= at);
  }
  const before = q("changes-before");
  if (before !== undefined && microversion(c) >= 66) {
    const at = time(before, "changes-before");
    predicates.push((v) => v.updatedAt <= at);
  }
  for (const key of ["ip", "ip6"] as const) {
    const value = q(key);
    if (value === undefined) continue;
    const re = regex(value, key);
    const version = key === "ip" ? 4 : 6;
    const floating = computeHooks.floatingLookup(root);
    predicates.push((v) => computeHooks.addressesOf(root, v.portIds, floating).some((a) => a.version === version && re.test(a.addr)));
  }
  const tags = q("tags");
  if (tags !== undefined) predicates.push((v) => tagList(tags).every((t) => v.tags.includes(t)));
  const tagsAny = q("tags-any");
  if (tagsAny !== undefined) predicates.push((v) => tagList(tagsAny).some((t) => v.tags.includes(t)));
  const notTags = q("not-tags");
  if (notTags !== undefined) predicates.push((v) => !tagList(notTags).every((t) => v.tags.includes(t)));
  const notTagsAny = q("not-tags-any");
  if (notTagsAny !== undefined) predicates.push((v) => !tagList(notTagsAny).some((t) => v.tags.includes(t)));
  const locked = q("locked");
  if (locked !== undefined && microversion(c) >= 73) {
    if (!/^(true|false|t|f|1|0|yes|no)$/i.test(locked)) throw badRequest(`Unrecognized value '${locked}', acceptable values are: true, false`);
    const want = truthy(locked);
    predicates.push((v) => rareOf(v).locked === want);
  }
  // admins filter by these at any version, everyone from 2.83 (hostname from 2.90); before, Nova drops them
  // for others
  const v = microversion(c);
  if (caller.isAdmin || v >= 83) predicates.push(...recordFilters(c, caller.isAdmin || v >= 90));
  return { predicates, allTenants, scope, host: onHost };
}

/** Nova's exact-match filters (any of the values given), its time stamps and its regular-expression ones. */
const EXACT_FILTERS: Record<string, (v: Server) => string | null> = {
  user_id: (v) => v.userId,
  vm_state: (v) => v.vmState,
  task_state: (v) => v.taskState,
};
const MATCH_FILTERS: Record<string, (v: Server) => string | null> = {
  availability_zone: (v) => v.availabilityZone,
  key_name: (v) => v.keyName,
  config_drive: (v) => rareOf(v).configDrive,
  power_state: (v) => String(v.powerState),
  // Nova matches the instance's progress column as text; the emulator's builds and moves keep it at 0
  progress: () => "0",
};

const TIME_FILTERS: Record<string, (v: Server) => number | null> = {
  created_at: (v) => v.createdAt,
  launched_at: (v) => v.launchedAt,
  terminated_at: (v) => rareOf(v).terminatedAt,
};

function recordFilters(c: Ctx, withHostname: boolean): Predicate[] {
  const predicates: Predicate[] = [];
  const hostname = withHostname ? queryParam(c, "hostname") : undefined;
  if (hostname !== undefined) {
    const re = regex(hostname, "hostname");
    predicates.push((v) => re.test(serverHostname(v)));
  }
  for (const [key, field] of Object.entries(EXACT_FILTERS)) {
    const wanted = queries(c)[key];
    if (wanted) predicates.push((v) => wanted.includes(field(v) ?? ""));
  }
  // a time stamp (ISO 8601, UTC when no zone): the servers whose record has that second
  for (const [key, field] of Object.entries(TIME_FILTERS)) {
    const value = queryParam(c, key);
    if (value === undefined) continue;
    const second = Math.floor(time(value, key) / 1000);
    predicates.push((v) => {
      const at = field(v);
      return at !== null && Math.floor(at / 1000) === second;
    });
  }
  for (const [key, field] of Object.entries(MATCH_FILTERS)) {
    const value = queryParam(c, key);
    if (value === undefined) continue;
    const re = regex(value, key);
    predicates.push((v) => re.test(field(v) ?? ""));
  }
  return predicates;
}

/** Nova's sort keys this emulator can sort by, with the server field each means. */
const SORT_KEYS: Record<string, (v: Server) => string | number | null> = {
  created_at: (v) => v.createdAt,
  updated_at: (v) => v.updatedAt,
  launched_at: (v) => v.launchedAt,
  display_name: (v) => v.name,
  display_description: (v) => rareOf(v).description,
  uuid: (v) => v.id,
  vm_state: (v) => v.vmState,
  task_state: (v) => v.taskState,
  power_state: (v) => v.powerState,
  project_id: (v) => v.projectId,
  user_id: (v) => v.userId,
  key_name: (v) => v.keyName,
  availability_zone: (v) => v.availabilityZone,
  host: (v) => v.host,
  node: (v) => v.host,
  image_ref: (v) => v.imageId,
  instance_type_id: (v) => v.flavorId,
  launch_index: (v) => v.launchIndex,
  locked: (v) => (rareOf(v).locked ? 1 : 0),
};

const badSortKey = (key: string): never => {
  throw badRequest(`Invalid sort_key: ${key}`);
};

function compare(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/**
 * The group a page reads its rows from, every row the filters pass being in it: the host's servers or the
 * project's, whichever holds fewer (both are indexes of the table), or every server.
 */
function groupOf(s: ComputeState, scope: string | undefined, host: string | undefined): { group: string; by?: string } | undefined {
  if (host === undefined) return scope === undefined ? undefined : { group: scope };
  if (scope === undefined || groupSize(s.servers, host, "host") < groupSize(s.servers, scope)) return { group: host, by: "host" };
  return { group: scope };
}

/** The ordered rows of one page: table order (newest first) unless sort_key asks for another order. */
function pageRows(c: Ctx, s: ComputeState, caller: Caller, filter: Predicate | undefined, limit: number, marker: string | undefined, from: { group: string; by?: string } | undefined): Server[] {
  if (marker !== undefined) {
    const m = get(s.servers, marker);
    if (!m || (!caller.isAdmin && m.projectId !== caller.projectId)) throw badRequest(`marker [${marker}] not found`);
  }
  const keys = queries(c)["sort_key"] ?? [];
  const dirs = queries(c)["sort_dir"] ?? [];
  for (const d of dirs) if (d !== "asc" && d !== "desc") throw badRequest(`Invalid sort direction: ${d}`);
  const custom = keys.length > 0 && !(keys.length === 1 && keys[0] === "created_at" && (dirs[0] ?? "desc") === "desc");
  // one project's servers are read from its group of the table, not filtered out of every project's
  if (!custom) return paginate(s.servers, { limit, marker, reverse: true, filter, group: from?.group, by: from?.by }, MAX_LIMIT).items;
  const readers = keys.map((k) => own(SORT_KEYS, k) ?? badSortKey(k));
  const rows: Server[] = [];
  const all = from !== undefined ? scanGroupPast(s.servers, from.group, { reverse: true, by: from.by }) : scan(s.servers, { reverse: true });
  for (const v of all) if (!filter || filter(v)) rows.push(v);
  rows.sort((a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const order = compare(readers[i](a), readers[i](b));
      if (order !== 0) return (dirs[i] ?? "desc") === "desc" ? -order : order;
    }
    return 0;
  });
  let start = 0;
  if (marker !== undefined) {
    start = rows.findIndex((v) => v.id === marker) + 1;
    if (start === 0) throw badRequest(`marker [${marker}] not found`);
  }
  return rows.slice(start, start + limit);
}

export function listServers(deps: ComputeDeps, c: Ctx, detail: boolean): Response {
  const caller = deps.caller(c);
  const s = deps.state();
  const root = deps.root();
  const { limit: asked, marker } = pageParams(c);
  const limit = Math.min(asked ?? MAX_LIMIT, MAX_LIMIT);
  const { predicates, scope, host } = filtersOf(c, caller, root, deps.profile);
  // Nova answers limit=0 with no servers (and no next link)
  if (limit === 0) return c.json({ servers: [] });
  const filter: Predicate | undefined =
    predicates.length === 0 ? undefined : predicates.length === 1 ? predicates[0] : (v) => predicates.every((p) => p(v));
  const rows = pageRows(c, s, caller, filter, limit, marker, groupOf(s, scope, host));
  const base = baseUrl(c);
  const ctx = detail ? serverViewContext(s, root, base, microversion(c), caller.isAdmin) : undefined;
  const body: Record<string, unknown> = { servers: rows.map((v) => (ctx ? serverView(ctx, v) : serverSummary(base, v))) };
  // Nova links the next page whenever this one is full
  const links = novaNextLinks(() => listUrl(c), rows.length, limit, () => rows[rows.length - 1].id);
  if (links) body.servers_links = links;
  return c.json(body);
}
