// The image list (Glance v2 images-images-v2 "List images"): who sees what by default (own, public, and
// shared images the caller accepted; community only when asked for), filters (any other parameter is a
// custom property filter, as Glance reads it), time filters with operators, sort and limit/marker paging.
// A value the list does not understand is a 400: a list must never silently widen.

import { get, scan, scanGroup, seqOf, type Table } from "../../../kernel/store/table.js";
import { own } from "../../../kernel/own.js";
import { badRequest } from "../errors.js";
import { membershipOf, type Image, type Viewer } from "../state.js";

const SORT_KEYS = ["name", "status", "container_format", "disk_format", "size", "id", "created_at", "updated_at", "visibility", "min_disk", "min_ram"] as const;
type SortKey = (typeof SORT_KEYS)[number];
const TIME_OPERATORS = ["gt", "gte", "lt", "lte", "eq", "neq"] as const;
const PAGING = new Set(["limit", "marker", "sort", "sort_key", "sort_dir"]);
/** parameters that name base attributes: everything else filters custom properties */
const BASE_FILTERS = new Set([
  "name", "status", "visibility", "owner", "tag", "member_status", "size", "size_min", "size_max", "disk_format", "container_format",
  "protected", "os_hidden", "id", "created_at", "updated_at", "checksum", "os_hash_value", "min_disk", "min_ram",
]);

export interface ListQuery {
  limit: number;
  marker?: string;
  /** undefined: Glance's default order (created_at desc) */
  sort?: Array<{ key: SortKey; desc: boolean }>;
  match: (image: Image) => boolean;
  /** for a member: its own, public, community and shared images (a private image of another project is never in its list) */
  memberOf?: string;
  /** the name filter's names: the rows are read from the table's name index (match still checks them) */
  names?: string[];
}

type Params = Record<string, string[]>;

function single(params: Params, key: string): string | undefined {
  const values = own(params, key);
  if (values === undefined) return undefined;
  if (values.length > 1) throw badRequest(`The parameter ${key} may be given only once.`);
  return values[0];
}

function bool(key: string, value: string): boolean {
  const v = value.toLowerCase();
  if (["true", "1", "yes", "on"].includes(v)) return true;
  if (["false", "0", "no", "off"].includes(v)) return false;
  throw badRequest(`Invalid value '${value}' for the ${key} filter: a boolean was expected.`);
}

function integer(key: string, value: string): number {
  if (!/^\d+$/.test(value)) throw badRequest(`Invalid value '${value}' for the ${key} filter: an integer was expected.`);
  return Number(value);
}

/** `in:a,b` (Glance's list operator for name and id) or a plain value. */
function anyOf(value: string): string[] {
  return value.startsWith("in:") ? value.slice(3).split(",").map((v) => v.replace(/^"|"$/g, "")) : [value];
}

/** `gt:2030-01-01T00:00:00Z` and friends; a plain time means eq. */
function timeFilter(key: string, value: string): (ms: number) => boolean {
  const at = value.indexOf(":");
  const op = at > 0 ? value.slice(0, at) : "";
  const known = (TIME_OPERATORS as readonly string[]).includes(op);
  const text = known ? value.slice(at + 1) : value;
  const ms = Date.parse(text);
  if (!/^\d{4}-\d\d-\d\d/.test(text) || Number.isNaN(ms)) throw badRequest(`Unable to filter on a range with a nonsensical date: '${value}' for ${key}.`);
  // created_at is kept to the second on the wire: compare at that precision
  const second = (t: number) => Math.floor(t / 1000) * 1000;
  switch (known ? op : "eq") {
    case "gt": return (t) => second(t) > ms;
    case "gte": return (t) => second(t) >= ms;
    case "lt": return (t) => second(t) < ms;
    case "lte": return (t) => second(t) <= ms;
    case "neq": return (t) => second(t) !== ms;
    default: return (t) => second(t) === ms;
  }
}

function parseSort(params: Params): ListQuery["sort"] {
  const sort = single(params, "sort");
  const keys = own(params, "sort_key");
  const dirs = own(params, "sort_dir") ?? [];
  if (sort !== undefined && (keys !== undefined || dirs.length > 0)) throw badRequest("The sort and sort_key/sort_dir parameters cannot be combined.");
  const check = (key: string, dir: string) => {
    if (!(SORT_KEYS as readonly string[]).includes(key)) throw badRequest(`Invalid sort key: ${key}. It must be one of the following: ${SORT_KEYS.join(", ")}.`);
    if (dir !== "asc" && dir !== "desc") throw badRequest(`Invalid sort direction: ${dir}`);
    return { key: key as SortKey, desc: dir === "desc" };
  };
  if (sort !== undefined) {
    return sort.split(",").map((part) => {
      const [key = "", dir = "desc", extra] = part.trim().split(":");
      if (extra !== undefined) throw badRequest(`Invalid sort value: ${part}`);
      return check(key, dir);
    });
  }
  if (keys === undefined) {
    if (dirs.length > 0) return [check("created_at", dirs[0]!)];
    return undefined;
  }
  if (dirs.length > 1 && dirs.length !== keys.length) throw badRequest("The number of sort_dir values must match the number of sort_key values.");
  return keys.map((key, i) => check(key, dirs[i] ?? dirs[0] ?? "desc"));
}

/** Who sees an image in a list, by the `visibility` and `member_status` asked for (admins see all but others' community images by default). */
function visibilityRule(caller: Viewer, visibility: string | undefined, memberStatus: string): (i: Image) => boolean {
  const mine = (i: Image) => i.ownerProjectId !== null && i.ownerProjectId === caller.projectId;
  const member = (i: Image) => {
    const m = membershipOf(caller, i);
    return m !== undefined && (memberStatus === "all" || m.status === memberStatus);
  };
  const shared = (i: Image) => i.visibility === "shared" && (mine(i) || member(i) || caller.isAdmin);
  switch (visibility) {
    case undefined:
      return (i) => mine(i) || i.visibility === "public" || (i.visibility === "shared" && member(i)) || (caller.isAdmin && i.visibility !== "community");
    case "public":
    case "community":
      return (i) => i.visibility === visibility;
    case "private":
      return (i) => i.visibility === "private" && (mine(i) || caller.isAdmin);
    case "shared":
      return shared;
    case "all":
      return (i) => mine(i) || i.visibility === "public" || i.visibility === "community" || shared(i) || caller.isAdmin;
    default:
      throw badRequest(`Invalid visibility value: ${visibility}`);
  }
}

export function parseListQuery(params: Params, caller: Viewer, maxPageSize: number): ListQuery {
  const limitRaw = single(params, "limit");
  if (limitRaw !== undefined && !/^\d+$/.test(limitRaw)) throw badRequest("limit param must be an integer");
  const limit = Math.min(limitRaw === undefined ? 25 : Number(limitRaw), maxPageSize);
  const memberStatus = single(params, "member_status") ?? "accepted";
  if (!["pending", "accepted", "rejected", "all"].includes(memberStatus)) throw badRequest(`Invalid status value: ${memberStatus}`);
  const tests: Array<(i: Image) => boolean> = [visibilityRule(caller, single(params, "visibility"), memberStatus)];
  const add = (key: string, build: (value: string) => (i: Image) => boolean) => {
    const value = single(params, key);
    if (value !== undefined) tests.push(build(value));
  };
  const nameParam = single(params, "name");
  const names = nameParam === undefined ? undefined : anyOf(nameParam);
  if (names !== undefined) tests.push((i) => i.name !== null && names.includes(i.name));
  add("id", (v) => { const ids = anyOf(v); return (i) => ids.includes(i.id); });
  add("status", (v) => (i) => i.status === v.toLowerCase());
  add("owner", (v) => (i) => i.ownerProjectId === v);
  add("disk_format", (v) => { const f = anyOf(v); return (i) => i.diskFormat !== null && f.includes(i.diskFormat); });
  add("container_format", (v) => { const f = anyOf(v); return (i) => i.containerFormat !== null && f.includes(i.containerFormat); });
  add("checksum", (v) => { const f = anyOf(v); return (i) => i.checksum !== null && f.includes(i.checksum); });
  add("os_hash_value", (v) => (i) => i.osHashValue === v);
  add("protected", (v) => { const b = bool("protected", v); return (i) => i.protected === b; });
  // Glance filters any other image column by equality: `size` among them
  add("size", (v) => { const n = integer("size", v); return (i) => hasSize(i) && i.size === n; });
  add("size_min", (v) => { const n = integer("size_min", v); return (i) => hasSize(i) && i.size >= n; });
  add("size_max", (v) => { const n = integer("size_max", v); return (i) => hasSize(i) && i.size <= n; });
  add("min_disk", (v) => { const n = integer("min_disk", v); return (i) => i.minDisk === n; });
  add("min_ram", (v) => { const n = integer("min_ram", v); return (i) => i.minRam === n; });
  // hidden images stay out of a list unless asked for (os_hidden=true lists only them)
  const hidden = single(params, "os_hidden");
  const wantHidden = hidden === undefined ? false : bool("os_hidden", hidden);
  tests.push((i) => i.osHidden === wantHidden);
  for (const key of ["created_at", "updated_at"] as const) {
    for (const value of own(params, key) ?? []) {
      const test = timeFilter(key, value);
      tests.push(key === "created_at" ? (i) => test(i.createdAt) : (i) => test(i.updatedAt));
    }
  }
  for (const tag of own(params, "tag") ?? []) tests.push((i) => i.tags.includes(tag));
  for (const [key, values] of Object.entries(params)) {
    if (BASE_FILTERS.has(key) || PAGING.has(key)) continue;
    for (const value of values) tests.push((i) => own(i.metadata, key) === value);
  }
  const memberOf = caller.isAdmin ? undefined : caller.projectId;
  return { limit, marker: single(params, "marker"), sort: parseSort(params), match: (i) => tests.every((t) => t(i)), memberOf, names };
}

const hasSize = (i: Image) => i.data !== null || i.status === "active" || i.status === "deactivated";

function sortValue(i: Image, key: SortKey): string | number {
  switch (key) {
    case "created_at": return i.createdAt;
    case "updated_at": return i.updatedAt;
    case "container_format": return i.containerFormat ?? "";
    case "disk_format": return i.diskFormat ?? "";
    case "min_disk": return i.minDisk;
    case "min_ram": return i.minRam;
    case "name": return i.name ?? "";
    default: return i[key];
  }
}

/**
 * The images a page in Glance's default order reads, newest first after the marker: every image for an
 * admin; for a member, only the groups it can see anything of (its own, public, community, shared), read
 * through the table's owner and visibility indexes, so other projects' private images are never walked
 * (the cost grows with what the member may see, not with the catalog).
 */
function newestFirst(table: Table<Image>, q: ListQuery): Iterable<Image> {
  // the name filter's rows come from the name index, whoever asks (match checks visibility)
  if (q.names !== undefined) return newestFirstOf(table, q.names.map((name) => scanGroup(table, name, { by: "name" })), q.marker);
  if (q.memberOf === undefined) return scan(table, { after: q.marker, reverse: true });
  return newestFirstOf(table, [scanGroup(table, q.memberOf), ...VISIBLE_TO_MEMBERS.map((v) => scanGroup(table, v, { by: "visibility" }))], q.marker);
}

/** The groups' rows newest first, after `marker`: a group lists an image in the order it joined (owner, visibility and name change), so they are sorted by creation here. */
function newestFirstOf(table: Table<Image>, groups: Array<Iterable<Image>>, marker: string | undefined): Image[] {
  const seq = (i: Image) => seqOf(table, i.id)!;
  const rows = [...new Set(groups.flatMap((group) => Array.from(group)))].sort((a, b) => seq(b) - seq(a));
  if (marker === undefined) return rows;
  const markerSeq = seqOf(table, marker)!;
  return rows.filter((i) => seq(i) < markerSeq);
}

const VISIBLE_TO_MEMBERS = ["public", "community", "shared"] as const;

/**
 * One page. Glance's default order (newest first) is the catalog's insertion order reversed, so that page
 * costs O(page + rows skipped); an explicit sort sorts the matching rows (id breaking ties, as Glance adds it).
 */
export function listPage(table: Table<Image>, q: ListQuery, visible: (i: Image) => boolean): { items: Image[]; more: boolean } {
  if (q.marker !== undefined) {
    const marker = get(table, q.marker);
    if (!marker || !visible(marker)) throw badRequest(`marker ${q.marker} could not be found`);
  }
  if (q.sort === undefined) {
    const items: Image[] = [];
    for (const i of newestFirst(table, q)) {
      if (!q.match(i)) continue;
      if (items.length === q.limit) return { items, more: true };
      items.push(i);
    }
    return { items, more: false };
  }
  const sort = [...q.sort, { key: "id" as const, desc: q.sort.at(-1)!.desc }];
  const compare = (a: Image, b: Image) => {
    for (const { key, desc } of sort) {
      const x = sortValue(a, key);
      const y = sortValue(b, key);
      if (x !== y) return (x < y ? -1 : 1) * (desc ? -1 : 1);
    }
    return 0;
  };
  const all: Image[] = [];
  for (const i of scan(table)) if (q.match(i)) all.push(i);
  all.sort(compare);
  const start = q.marker === undefined ? 0 : all.findIndex((i) => i.id === q.marker) + 1;
  // a marker the filters exclude: the page starts after where it would sort
  const from = q.marker !== undefined && start === 0 ? all.findIndex((i) => compare(i, get(table, q.marker!)!) > 0) : start;
  const items = from < 0 ? [] : all.slice(from, from + q.limit);
  return { items, more: from >= 0 && from + q.limit < all.length };
}
