// Swift's listing rules over a SortedMap (account -> containers, container -> objects): prefix, delimiter
// (`subdir` entries), marker / end_marker (swapped roles with reverse), limit; a page costs O(log n + page).

import { compareNames, sortedEntries, type SortedMap, type SortedScan } from "./sorted-map.js";

export const MAX_LISTING = 10_000;

export interface ListQuery {
  prefix?: string;
  delimiter?: string;
  /** forward: names after it; reverse: names before it */
  marker?: string;
  /** forward: names before it; reverse: names after it */
  endMarker?: string;
  limit: number;
  reverse?: boolean;
}

export type ListItem<V> = { name: string; value: V; subdir?: undefined } | { subdir: string; name?: undefined; value?: undefined };

export interface ListPage<V> {
  items: ListItem<V>[];
  /** more items follow the page */
  truncated: boolean;
}

/** the largest code point: `p + TOP` sorts after every name starting with p (in practice) */
const TOP = "\u{10FFFF}\u{10FFFF}";

export function listPage<V>(map: SortedMap<V>, query: ListQuery, visible: (value: V) => boolean = () => true): ListPage<V> {
  const prefix = query.prefix ?? "";
  const reverse = query.reverse ?? false;
  const items: ListItem<V>[] = [];
  let start = firstStart(query, prefix, reverse);
  for (;;) {
    let restart: SortedScan["start"];
    for (const [name, value] of sortedEntries(map, { start, reverse })) {
      if (!name.startsWith(prefix)) {
        // past the prefix's range (forward: every later name is greater; reverse: smaller)
        if (reverse ? compareNames(name, prefix) < 0 : compareNames(name, prefix) > 0) return { items, truncated: false };
        continue;
      }
      if (query.endMarker !== undefined) {
        const cmp = compareNames(name, query.endMarker);
        if (reverse ? cmp <= 0 : cmp >= 0) return { items, truncated: false };
      }
      if (!visible(value)) continue;
      if (items.length >= query.limit) return { items, truncated: true };
      const cut = query.delimiter ? name.indexOf(query.delimiter, prefix.length) : -1;
      if (cut < 0) {
        items.push({ name, value });
        continue;
      }
      const subdir = name.slice(0, cut + query.delimiter!.length);
      // Swift leaves out the subdir that equals the bound a paging client passes back (forward: marker,
      // reverse: end_marker); without this a client paging by the last subdir gets it again forever
      if (subdir !== (reverse ? query.endMarker : query.marker)) items.push({ subdir });
      // skip the rest of the subdir: seek past (or before) every name that starts with it
      restart = reverse ? { key: subdir, inclusive: false } : { key: subdir + TOP, inclusive: false };
      break;
    }
    if (!restart) return { items, truncated: false };
    start = restart;
  }
}

function firstStart(query: ListQuery, prefix: string, reverse: boolean): SortedScan["start"] {
  const marker = query.marker;
  if (!reverse) {
    if (marker !== undefined && marker !== "" && compareNames(marker, prefix) >= 0) return { key: marker, inclusive: false };
    return prefix ? { key: prefix, inclusive: true } : undefined;
  }
  const top = prefix ? prefix + TOP : undefined;
  if (marker !== undefined && marker !== "" && (top === undefined || compareNames(marker, top) < 0)) return { key: marker, inclusive: false };
  return top === undefined ? undefined : { key: top, inclusive: true };
}
