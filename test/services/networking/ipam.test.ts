// The subnet address allocator: Neutron-visible behaviour (order, exhaustion, in-use, reuse), agreement with
// a simple Set model, and the promise that makes it fit the store: a write copies O(1) chunks.

import { describe, expect, it } from "vitest";
import { produce } from "immer";
import { seededRandom } from "../../../src/kernel/ids.js";
import { dictEntries, dictGet } from "../../../src/kernel/store/dict.js";
import { defaultGateway, defaultPools, ipAt, offsetOf, requireCidr, validatePools, type Cidr } from "../../../src/services/networking/cidr.js";
import { formatIp, requireIp } from "../../../src/services/networking/ip.js";
import {
  allocateNext,
  allocateSpecific,
  dropSubnet,
  emptyIpamChunks,
  freeCount,
  inPools,
  isUsed,
  newIpam,
  release,
  usedCount,
  MAX_POOL_SIZE,
  type Chunk,
  type IpamChunks,
  type IpamState,
} from "../../../src/services/networking/ipam.js";

const ID = "subnet-1";

/** A subnet with Neutron's default gateway and pools unless told otherwise, and text-level helpers. */
function subnet(cidrText: string, options: { gateway?: string | null; pools?: Array<{ start: string; end: string }> } = {}) {
  const cidr = requireCidr(cidrText);
  const gateway = options.gateway === undefined ? defaultGateway(cidr) : options.gateway === null ? null : requireIp(options.gateway);
  const check = options.pools ? validatePools(cidr, options.pools, gateway) : undefined;
  if (check && !check.ok) throw new Error(check.kind);
  const ipam = newIpam(cidr, check?.ok ? check.pools : defaultPools(cidr, gateway));
  const chunks = emptyIpamChunks();
  return {
    cidr,
    ipam,
    chunks,
    next: () => text(cidr, allocateNext(ipam, chunks, ID)),
    take: (ip: string, routerPort = false) => allocateSpecific(ipam, chunks, ID, offsetOf(cidr, requireIp(ip)) ?? -1n, { routerPort }),
    free: (ip: string) => release(ipam, chunks, ID, offsetOf(cidr, requireIp(ip)) ?? -1n),
    used: (ip: string) => isUsed(ipam, chunks, ID, offsetOf(cidr, requireIp(ip)) ?? -1n),
  };
}

const text = (cidr: Cidr, offset: bigint | undefined) => (offset === undefined ? undefined : formatIp(ipAt(cidr, offset)));

describe("allocating addresses", () => {
  it("hands out the pool in address order, starting after the gateway", () => {
    const s = subnet("10.0.0.0/24");
    expect([s.next(), s.next(), s.next()]).toEqual(["10.0.0.2", "10.0.0.3", "10.0.0.4"]);
    expect(usedCount(s.ipam)).toBe(3);
    expect(freeCount(s.ipam)).toBe(253 - 3);
  });

  it("moves from one pool to the next around a gateway in the middle", () => {
    const s = subnet("10.0.0.0/29", { gateway: "10.0.0.4" });
    expect(Array.from({ length: 6 }, s.next)).toEqual(["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.5", "10.0.0.6", undefined]);
  });

  it("exhausts a /29 after its five pool addresses, and recovers on release", () => {
    const s = subnet("10.0.0.0/29");
    expect(Array.from({ length: 5 }, s.next)).toEqual(["10.0.0.2", "10.0.0.3", "10.0.0.4", "10.0.0.5", "10.0.0.6"]);
    expect(s.next()).toBeUndefined(); // the service answers 409 IpAddressGenerationFailure
    expect(s.next()).toBeUndefined();
    expect(freeCount(s.ipam)).toBe(0);
    expect(s.free("10.0.0.4")).toBe(true);
    expect(s.next()).toBe("10.0.0.4");
    expect(s.next()).toBeUndefined();
  });

  it("reuses released addresses, lowest first", () => {
    const s = subnet("10.0.0.0/24");
    for (let i = 0; i < 10; i++) s.next(); // .2 .. .11
    expect(s.free("10.0.0.9")).toBe(true);
    expect(s.free("10.0.0.3")).toBe(true);
    expect(s.free("10.0.0.3")).toBe(false); // already free
    expect([s.next(), s.next(), s.next()]).toEqual(["10.0.0.3", "10.0.0.9", "10.0.0.12"]);
  });

  it("skips addresses taken as fixed IPs", () => {
    const s = subnet("10.0.0.0/24");
    expect(s.take("10.0.0.2")).toBe("ok");
    expect(s.take("10.0.0.4")).toBe("ok");
    expect([s.next(), s.next()]).toEqual(["10.0.0.3", "10.0.0.5"]);
  });

  it("gives nothing when there are no pools", () => {
    const s = subnet("2001:db8::/127", { gateway: "2001:db8::1" });
    expect(s.ipam.capacity).toBe(0);
    expect(s.next()).toBeUndefined();
    expect(s.take("2001:db8::1", true)).toBe("ok");
  });
});

describe("fixed IPs asked for by address", () => {
  it("reports an address already taken as in-use", () => {
    const s = subnet("10.0.0.0/24");
    expect(s.next()).toBe("10.0.0.2");
    expect(s.take("10.0.0.2")).toBe("in-use"); // 409 IpAddressInUse
    expect(s.take("10.0.0.50")).toBe("ok");
    expect(s.take("10.0.0.50")).toBe("in-use");
    expect(s.used("10.0.0.50")).toBe(true);
    expect(s.used("10.0.0.51")).toBe(false);
  });

  it("allows subnet addresses outside the pools, such as the gateway, without touching pool capacity", () => {
    const s = subnet("10.0.0.0/24", { pools: [{ start: "10.0.0.100", end: "10.0.0.110" }] });
    expect(s.take("10.0.0.1")).toBe("ok");
    expect(s.take("10.0.0.1")).toBe("in-use");
    expect(s.take("10.0.0.254")).toBe("ok");
    expect(inPools(s.ipam, 254n)).toBe(false);
    expect(usedCount(s.ipam)).toBe(2);
    expect(freeCount(s.ipam)).toBe(11);
    expect(s.next()).toBe("10.0.0.100");
    expect(s.free("10.0.0.1")).toBe(true);
    expect(s.used("10.0.0.1")).toBe(false);
    expect(usedCount(s.ipam)).toBe(2);
  });

  it("refuses the network and broadcast addresses and anything outside the subnet", () => {
    const s = subnet("10.0.0.0/24");
    expect(s.take("10.0.0.0")).toBe("invalid-for-subnet"); // 400 InvalidIpForSubnet
    expect(s.take("10.0.0.255")).toBe("invalid-for-subnet");
    expect(s.take("10.0.1.1")).toBe("invalid-for-subnet");
    expect(usedCount(s.ipam)).toBe(0);
  });

  it("gives the IPv6 subnet-router anycast address to router ports only", () => {
    const s = subnet("2001:db8::/64");
    expect(s.take("2001:db8::")).toBe("invalid-for-subnet");
    expect(s.take("2001:db8::", true)).toBe("ok");
    expect(s.take("2001:db8::1")).toBe("ok"); // the gateway: any port may take it
  });
});

describe("IPv6", () => {
  it("caps a /64's pool at 2^32 addresses and still takes fixed IPs anywhere in the subnet", () => {
    const s = subnet("2001:db8::/64");
    expect(s.ipam.capacity).toBe(MAX_POOL_SIZE);
    expect(s.ipam.top).toBe(3);
    expect([s.next(), s.next()]).toEqual(["2001:db8::2", "2001:db8::3"]);
    expect(s.take("2001:db8::ffff:ffff:ffff:ffff")).toBe("ok");
    expect(s.take("2001:db8::ffff:ffff:ffff:ffff")).toBe("in-use");
    expect(s.take("2001:db8::1:0:1")).toBe("ok"); // the last address the pool reaches: position 2^32 - 1
    expect(inPools(s.ipam, 0x1_0000_0001n)).toBe(true);
    expect(inPools(s.ipam, 0x1_0000_0002n)).toBe(false);
    expect(s.free("2001:db8::2")).toBe(true);
    expect(s.next()).toBe("2001:db8::2");
  });

  it("places a pool far from the network address exactly", () => {
    const s = subnet("2001:db8::/64", { pools: [{ start: "2001:db8::ffff:0:0:10", end: "2001:db8::ffff:0:0:12" }] });
    expect(Array.from({ length: 4 }, s.next)).toEqual(["2001:db8::ffff:0:0:10", "2001:db8::ffff:0:0:11", "2001:db8::ffff:0:0:12", undefined]);
  });
});

describe("pools given to newIpam", () => {
  it("must be disjoint and inside the CIDR", () => {
    const cidr = requireCidr("10.0.0.0/24");
    const range = (a: string, b: string) => ({ start: requireIp(a), end: requireIp(b) });
    expect(() => newIpam(cidr, [range("10.0.0.2", "10.0.1.2")])).toThrow(RangeError);
    expect(() => newIpam(cidr, [range("10.0.0.2", "10.0.0.9"), range("10.0.0.9", "10.0.0.20")])).toThrow(RangeError);
    expect(newIpam(cidr, [range("10.0.0.50", "10.0.0.59"), range("10.0.0.2", "10.0.0.9")]).pools).toEqual([
      { start: "2", size: 8, base: 0 },
      { start: "50", size: 10, base: 8 },
    ]);
  });
});

describe("agreement with a Set model", () => {
  it("matches lowest-free-first over thousands of random operations across several chunks", () => {
    // two pools, 2,981 addresses: three leaf chunks under one summary chunk, with a gap in between
    const pools = [{ start: "10.0.0.10", end: "10.0.7.200" }, { start: "10.0.8.0", end: "10.0.11.229" }];
    const s = subnet("10.0.0.0/20", { gateway: "10.0.0.1", pools });
    const poolOffsets: number[] = [];
    for (const p of pools) for (let o = Number(offsetOf(s.cidr, requireIp(p.start))); o <= Number(offsetOf(s.cidr, requireIp(p.end))); o++) poolOffsets.push(o);
    expect(poolOffsets.length).toBe(s.ipam.capacity);
    const model = new Set<number>();
    const random = seededRandom(11);
    for (let step = 0; step < 20_000; step++) {
      const roll = random();
      if (roll < 0.55) {
        const expected = poolOffsets.find((o) => !model.has(o));
        const got = allocateNext(s.ipam, s.chunks, ID);
        expect(got === undefined ? undefined : Number(got)).toBe(expected);
        if (expected !== undefined) model.add(expected);
      } else if (roll < 0.7) {
        const offset = 1 + Math.floor(random() * 4094);
        const result = allocateSpecific(s.ipam, s.chunks, ID, BigInt(offset));
        expect(result).toBe(model.has(offset) ? "in-use" : "ok");
        model.add(offset);
      } else {
        const offset = random() < 0.8 && model.size ? [...model][Math.floor(random() * model.size)] : Math.floor(random() * 4096);
        expect(release(s.ipam, s.chunks, ID, BigInt(offset))).toBe(model.delete(offset));
      }
      if (step % 1000 === 0) expect(treeProblem(s.ipam, s.chunks, ID)).toBeUndefined();
    }
    expect(usedCount(s.ipam)).toBe(model.size);
    expect(freeCount(s.ipam)).toBe(poolOffsets.filter((o) => !model.has(o)).length);
    for (let o = 0; o < 4096; o++) expect(isUsed(s.ipam, s.chunks, ID, BigInt(o))).toBe(model.has(o));
    expect(treeProblem(s.ipam, s.chunks, ID)).toBeUndefined();
  });

  it("keeps a two-level summary right when whole summary chunks fill and empty", () => {
    // 2^21 pool addresses: 2,048 leaves, two level-1 chunks, one level-2 chunk
    const s = subnet("10.0.0.0/11", { gateway: null, pools: [{ start: "10.0.0.1", end: "10.31.255.254" }] });
    expect(s.ipam.top).toBe(2);
    for (let i = 0; i < 1024 * 1024 + 5; i++) allocateNext(s.ipam, s.chunks, ID);
    expect(dictGet(s.chunks, `${ID}:2:0`)?.n).toBe(1); // the first level-1 chunk is full
    expect(treeProblem(s.ipam, s.chunks, ID)).toBeUndefined();
    expect(release(s.ipam, s.chunks, ID, 777n)).toBe(true);
    expect(dictGet(s.chunks, `${ID}:2:0`)).toBeUndefined();
    expect(s.next()).toBe("10.0.3.9");
    expect(s.next()).toBe("10.16.0.6");
    expect(treeProblem(s.ipam, s.chunks, ID)).toBeUndefined();
  });
});

describe("living in the store", () => {
  it("copies O(1) chunks per allocation in a /16 with 60,000 addresses in use", () => {
    const s = subnet("10.1.0.0/16");
    for (let i = 0; i < 60_000; i++) allocateNext(s.ipam, s.chunks, ID);
    const base = { ipam: s.ipam, chunks: s.chunks };
    const before = new Map(dictEntries(base.chunks));
    const changed = (next: { chunks: IpamChunks }) => [...dictEntries(next.chunks)].filter(([k, c]) => before.get(k) !== c).map(([k]) => k);

    const next = produce(base, (d) => {
      expect(text(s.cidr, allocateNext(d.ipam, d.chunks, ID))).toBe("10.1.234.98");
    });
    expect(changed(next)).toEqual([`${ID}:0:58`]);
    expect(base.ipam.used).toBe(60_000); // the base state is untouched
    expect(next.ipam.used).toBe(60_001);

    // a release far behind the cursor copies its leaf, and the summary chunk as the leaf stops being full;
    // the next request takes the address back
    const after = produce(next, (d) => {
      release(d.ipam, d.chunks, ID, 300n);
    });
    expect(changed(after).sort()).toEqual([`${ID}:0:0`, `${ID}:0:58`, `${ID}:1:0`]); // chunk 58 changed in `next`
    produce(after, (d) => {
      expect(text(s.cidr, allocateNext(d.ipam, d.chunks, ID))).toBe("10.1.1.44");
    });
  });

  it("round-trips through JSON and keeps allocating where it left off", () => {
    const s = subnet("10.0.0.0/21");
    for (let i = 0; i < 1500; i++) s.next();
    release(s.ipam, s.chunks, ID, 700n);
    const back = JSON.parse(JSON.stringify({ ipam: s.ipam, chunks: s.chunks })) as { ipam: IpamState; chunks: IpamChunks };
    expect(back).toEqual({ ipam: s.ipam, chunks: s.chunks });
    expect(allocateNext(back.ipam, back.chunks, ID)).toBe(700n);
    expect(allocateNext(back.ipam, back.chunks, ID)).toBe(1502n);
  });

  it("drops one subnet's chunks and leaves the others'", () => {
    const a = subnet("10.0.0.0/21");
    const b = newIpam(a.cidr, defaultPools(a.cidr, null));
    for (let i = 0; i < 2000; i++) {
      allocateNext(a.ipam, a.chunks, ID);
      allocateNext(b, a.chunks, "other");
    }
    allocateSpecific(a.ipam, a.chunks, ID, 1n);
    expect(dropSubnet(a.chunks, ID, a.ipam)).toBe(4); // two leaves, one summary, one outside-pool chunk
    expect([...dictEntries(a.chunks)].every(([k]) => k.startsWith("other:"))).toBe(true);
    expect(allocateNext(b, a.chunks, "other")).toBe(2001n);
    // nothing in use: nothing kept, nothing to walk
    const c = subnet("10.0.0.0/24");
    c.next();
    c.free("10.0.0.2");
    expect(c.chunks.size).toBe(0);
    expect(dropSubnet(c.chunks, ID, c.ipam)).toBe(0);
  });
});

/** What is wrong with a subnet's bitmaps: counts that disagree with the bits, empty chunks, stale summary bits. */
function treeProblem(ipam: IpamState, chunks: IpamChunks, id: string): string | undefined {
  const bitsIn = (level: number, index: number) => Math.min(1024, Math.ceil(ipam.capacity / 1024 ** level) - index * 1024);
  const byLevel = new Map<number, Map<number, Chunk>>();
  for (const [key, chunk] of dictEntries(chunks)) {
    const [owner, level, index] = key.split(":");
    if (owner !== id) continue;
    const popcount = chunk.w.reduce((sum, word) => sum + (word >>> 0).toString(2).replaceAll("0", "").length, 0);
    if (popcount !== chunk.n) return `${key}: n=${chunk.n} but ${popcount} bits`;
    if (chunk.n === 0) return `${key}: empty chunk kept`;
    if (level === "x") continue;
    if (!byLevel.has(Number(level))) byLevel.set(Number(level), new Map());
    byLevel.get(Number(level))!.set(Number(index), chunk);
  }
  for (let level = 1; level <= ipam.top; level++) {
    const children = byLevel.get(level - 1) ?? new Map<number, Chunk>();
    const parents = byLevel.get(level) ?? new Map<number, Chunk>();
    const full = new Set([...children].filter(([i, c]) => c.n === bitsIn(level - 1, i)).map(([i]) => i));
    for (const [index, parent] of parents) {
      for (let bit = 0; bit < 1024; bit++) {
        const set = (parent.w[bit >>> 5] & (1 << (bit & 31))) !== 0;
        if (set !== full.has(index * 1024 + bit)) return `level ${level} chunk ${index} bit ${bit} is ${set} but the child full is ${!set}`;
      }
    }
    for (const child of full) if (!parents.has(Math.floor(child / 1024))) return `full chunk ${child} at level ${level - 1} has no parent bit`;
  }
  return undefined;
}
