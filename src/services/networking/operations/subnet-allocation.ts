// Subnets from subnet pools (db_base_plugin_v2._get_subnetpool_id, neutron/ipam/subnet_alloc.py): which
// pool a subnet request names, the per-project prefix quota, and the CIDR it gets, the smallest free
// block that fits first, or the one asked for if it is free.

import { dictGet } from "../../../kernel/store/dict.js";
import { get } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import * as E from "../errors.js";
import { ADDRESS_BITS } from "../ip.js";
import { cidrSize, formatCidr, parseCidr, cidrProblem, type Cidr } from "../cidr.js";
import { freeCidrs } from "../prefixes.js";
import type { Network, NetworkingState, SubnetPool } from "../state.js";
import { visibleSubnetPool } from "./subnet-pools.js";

export interface PoolRequest {
  subnetpoolId?: string | null;
  useDefaultSubnetpool?: boolean;
  cidr?: string;
  prefixlen?: number;
  ipVersion: 4 | 6;
}

/** The pool a subnet request allocates from, or undefined for a plain subnet (which then needs a cidr). */
export function requestedPool(s: NetworkingState, caller: Caller, req: PoolRequest): SubnetPool | undefined {
  if (req.useDefaultSubnetpool && req.subnetpoolId) throw E.badRequest("subnets", "subnetpool_id and use_default_subnetpool cannot both be specified");
  let poolId = req.subnetpoolId ?? undefined;
  if (!poolId && req.useDefaultSubnetpool) {
    poolId = dictGet(s.defaultSubnetPools, String(req.ipVersion));
    if (!poolId) throw E.badRequest("subnets", `No default subnetpool found for IPv${req.ipVersion}`);
  }
  if (!poolId && req.cidr === undefined) throw E.badRequest("subnets", "a subnetpool must be specified in the absence of a cidr");
  if (req.cidr !== undefined && req.prefixlen !== undefined) throw E.badRequest("subnets", "cidr and prefixlen must not be supplied together");
  if (!poolId) return undefined;
  const pool = visibleSubnetPool(s, caller, poolId);
  if (pool.ipVersion !== req.ipVersion) throw E.badRequest("subnets", `Cannot allocate IPv${req.ipVersion} subnet from IPv${pool.ipVersion} subnet pool`);
  return pool;
}

/** Subnets of one family on a network come from one pool (NetworkSubnetPoolAffinityError). */
export function checkPoolAffinity(s: NetworkingState, network: Network, pool: SubnetPool): void {
  for (const id of network.subnetIds) {
    const other = get(s.subnets, id);
    if (other && other.ipVersion === pool.ipVersion && other.subnetpoolId !== pool.id) throw E.networkSubnetPoolAffinityError();
  }
}

/** Quota units: addresses for IPv4, /64 networks for IPv6 (ip_version_subnetpool_quota_unit). */
function quotaUnits(pool: SubnetPool, prefixlen: number): number {
  const unit = pool.ipVersion === 4 ? 32 : 64;
  return 2 ** (unit - prefixlen);
}

function checkQuota(s: NetworkingState, pool: SubnetPool, projectId: string, prefixlen: number): void {
  if (!pool.defaultQuota) return;
  let used = 0;
  for (const id of pool.subnetIds) {
    const subnet = get(s.subnets, id);
    if (subnet && subnet.projectId === projectId) used += quotaUnits(pool, Number(subnet.cidr.split("/")[1]));
  }
  if (used + quotaUnits(pool, prefixlen) > pool.defaultQuota) throw E.subnetPoolQuotaExceeded();
}

/** The CIDR a subnet gets from the pool: the one asked for, or the first free block of the prefix length. */
export function allocateFromPool(s: NetworkingState, pool: SubnetPool, projectId: string, req: PoolRequest): string {
  let wanted: Cidr | undefined;
  if (req.cidr !== undefined) {
    wanted = parseCidr(req.cidr);
    if (!wanted) throw E.invalidAttribute("cidr", cidrProblem(req.cidr) ?? `'${req.cidr}' is not a valid IP subnet`);
  }
  const prefixlen = wanted?.prefix ?? req.prefixlen ?? pool.defaultPrefixlen;
  if (prefixlen > pool.maxPrefixlen) throw E.maxPrefixSubnetAllocationError(prefixlen, pool.maxPrefixlen);
  if (prefixlen < pool.minPrefixlen) throw E.minPrefixSubnetAllocationError(prefixlen, pool.minPrefixlen);
  checkQuota(s, pool, projectId, prefixlen);
  const used = pool.subnetIds.map((id) => get(s.subnets, id)?.cidr).filter((c): c is string => c !== undefined);
  const free = freeCidrs(pool.ipVersion, pool.prefixes, used);
  if (wanted) {
    const w = wanted;
    const fits = free.some((f) => f.prefix <= w.prefix && w.network >= f.network && w.network + cidrSize(w) <= f.network + cidrSize(f));
    if (!fits) throw E.subnetAllocationError("Cannot allocate requested subnet from the available set of prefixes");
    return formatCidr(w);
  }
  const block = free.find((f) => f.prefix <= prefixlen && prefixlen <= ADDRESS_BITS[pool.ipVersion]);
  if (!block) throw E.subnetAllocationError(`Insufficient prefix space to allocate subnet size /${prefixlen}`);
  return formatCidr({ version: pool.ipVersion, network: block.network, prefix: prefixlen });
}
