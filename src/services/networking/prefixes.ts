// Sets of address prefixes as subnet pools need them (netaddr's IPSet as Neutron uses it): merging a pool's
// prefixes, the free space left after its subnets, and the CIDRs that cover a range.

import { ADDRESS_BITS, type IpVersion } from "./ip.js";
import { cidrSize, formatCidr, requireCidr, type Cidr } from "./cidr.js";

interface Span {
  start: bigint;
  /** inclusive */
  end: bigint;
}

const spanOf = (c: Cidr): Span => ({ start: c.network, end: c.network + cidrSize(c) - 1n });

/** Sorted, merged (overlapping or adjacent joined) spans. */
function merge(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end + 1n) {
      if (s.end > last.end) last.end = s.end;
    } else out.push({ ...s });
  }
  return out;
}

/** The fewest CIDRs that cover a span exactly, in address order (netaddr's iter_cidrs). */
function cidrsOf(version: IpVersion, span: Span): Cidr[] {
  const bits = ADDRESS_BITS[version];
  const out: Cidr[] = [];
  let start = span.start;
  while (start <= span.end) {
    let size = 0;
    // grow while the block stays aligned and inside the span
    while (size < bits && start % (1n << BigInt(size + 1)) === 0n && start + (1n << BigInt(size + 1)) - 1n <= span.end) size++;
    out.push({ version, network: start, prefix: bits - size });
    start += 1n << BigInt(size);
  }
  return out;
}

/** A pool's prefixes compacted: overlaps merged, adjacent ones joined where they form one CIDR. */
export function compactPrefixes(version: IpVersion, prefixes: readonly string[]): string[] {
  return merge(prefixes.map((p) => spanOf(requireCidr(p)))).flatMap((s) => cidrsOf(version, s).map(formatCidr));
}

/** The free CIDRs of `prefixes` once `used` is taken out, smallest blocks first (as Neutron's allocator orders them). */
export function freeCidrs(version: IpVersion, prefixes: readonly string[], used: readonly string[]): Cidr[] {
  const taken = merge(used.map((u) => spanOf(requireCidr(u))));
  const free: Span[] = [];
  for (const p of merge(prefixes.map((x) => spanOf(requireCidr(x))))) {
    let cursor = p.start;
    for (const t of taken) {
      if (t.end < cursor || t.start > p.end) continue;
      if (t.start > cursor) free.push({ start: cursor, end: t.start - 1n });
      cursor = t.end + 1n;
    }
    if (cursor <= p.end) free.push({ start: cursor, end: p.end });
  }
  const cidrs = free.flatMap((s) => cidrsOf(version, s));
  // stable: equal sizes stay in address order
  return cidrs.map((c, i) => ({ c, i })).sort((a, b) => b.c.prefix - a.c.prefix || a.i - b.i).map((x) => x.c);
}

/** Whether every address of `inner` lies in `outer` (both prefix lists). */
export function coversAll(outer: readonly string[], inner: readonly string[]): boolean {
  const spans = merge(outer.map((p) => spanOf(requireCidr(p))));
  return inner.every((p) => {
    const s = spanOf(requireCidr(p));
    return spans.some((o) => o.start <= s.start && s.end <= o.end);
  });
}

/** Whether any address is in both prefix lists. */
export function prefixesOverlap(a: readonly string[], b: readonly string[]): boolean {
  const bs = b.map((p) => spanOf(requireCidr(p)));
  return a.some((p) => {
    const s = spanOf(requireCidr(p));
    return bs.some((o) => s.start <= o.end && o.start <= s.end);
  });
}

/** Removes `removed` from `prefixes` (netaddr IPSet difference), compacted. */
export function subtractPrefixes(version: IpVersion, prefixes: readonly string[], removed: readonly string[]): string[] {
  return freeCidrs(version, prefixes, removed)
    .sort((a, b) => (a.network < b.network ? -1 : a.network > b.network ? 1 : 0))
    .map(formatCidr);
}
