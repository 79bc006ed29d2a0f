// Keystone's list filters, read from a query string: `attr=value` (exact) and `attr__<comparator>=value`
// (inexact: contains, startswith, endswith, equals; an `i` prefix makes it case-insensitive), honoured only
// for the attributes a list supports. Other query keys, and comparators Keystone does not know, are ignored.

export type ListQuery = Iterable<[string, string]>;

export interface ListFilter {
  attr: string;
  /** `equals` for `attr=value`; else the comparator after `__`, its `i` prefix removed */
  comparator: string;
  value: string;
  caseSensitive: boolean;
}

const FALSE_WORDS = ["0", "f", "false", "off", "n", "no"];

/** The filters of a query that name a supported attribute, in query order (a repeated key filters twice). */
export function parseListFilters(query: ListQuery, supported: readonly string[]): ListFilter[] {
  const out: ListFilter[] = [];
  for (const [key, value] of query) {
    if (supported.includes(key)) {
      out.push({ attr: key, comparator: "equals", value, caseSensitive: true });
      continue;
    }
    const cut = key.indexOf("__");
    if (cut <= 0 || !supported.includes(key.slice(0, cut))) continue;
    let comparator = key.slice(cut + 2);
    const caseSensitive = !comparator.startsWith("i");
    if (!caseSensitive) comparator = comparator.slice(1);
    out.push({ attr: key.slice(0, cut), comparator, value, caseSensitive });
  }
  return out;
}

function asText(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return undefined;
}

/** One filter against one attribute value, as Keystone's list filtering compares them. */
export function filterMatches(f: ListFilter, actual: unknown): boolean {
  if (f.comparator === "equals" && typeof actual === "boolean") {
    // oslo's bool_from_string with default true: only the false words are false
    return actual === !FALSE_WORDS.includes(f.value.trim().toLowerCase());
  }
  const text = asText(actual);
  if (text === undefined) return false;
  const want = f.caseSensitive ? f.value : f.value.toLowerCase();
  const have = f.caseSensitive ? text : text.toLowerCase();
  switch (f.comparator) {
    case "equals":
      return have === want;
    case "contains":
      return have.includes(want);
    case "startswith":
      return have.startsWith(want);
    case "endswith":
      return have.endsWith(want);
    default:
      // a comparator Keystone does not know is ignored, as Keystone ignores it
      return true;
  }
}

/**
 * The items every filter keeps. `read(item, attr)` gives the attribute as the wire shows it (for example a
 * top-level project's `parent_id` is its domain); an item without the attribute never matches.
 */
export function applyListFilters<T>(items: readonly T[], filters: readonly ListFilter[], read: (item: T, attr: string) => unknown): T[] {
  if (filters.length === 0) return [...items];
  return items.filter((item) => filters.every((f) => filterMatches(f, read(item, f.attr))));
}

/** The value of a query's `name=` (exact, case-sensitive), when it has one: a list may read only rows of that name. */
export function exactName(query: ListQuery): string | undefined {
  for (const [key, value] of query) if (key === "name") return value;
  return undefined;
}

/** parse + apply in one call: the list as Keystone would return it for this query. */
export function filterList<T>(items: readonly T[], query: ListQuery, supported: readonly string[], read: (item: T, attr: string) => unknown): T[] {
  return applyListFilters(items, parseListFilters(query, supported), read);
}

/** The query pairs of a request URL, repeated keys included. */
export function queryOf(url: string): ListQuery {
  return new URL(url).searchParams;
}
