// Subnet pools (neutron/db/db_base_plugin_v2.py subnetpool CRUD, neutron/ipam/subnet_alloc.py
// SubnetPoolReader): prefixes compacted and of one IP family, prefix length bounds, one default pool per
// family, address scope membership without overlap, add_prefixes / remove_prefixes.

import { dictDelete, dictGet, dictSet } from "../../../kernel/store/dict.js";
import { get, put, remove } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import * as E from "../errors.js";
import { ADDRESS_BITS, type IpVersion } from "../ip.js";
import { cidrProblem, cidrsOverlap, parseCidr, requireCidr } from "../cidr.js";
import { compactPrefixes, coversAll, prefixesOverlap, subtractPrefixes } from "../prefixes.js";
import type { NetworkingState, SubnetPool } from "../state.js";
import { newStandard, targetProject, touch, type NetworkingContext } from "./common.js";
import { visibleAddressScope } from "./address-scopes.js";
import { onRbacObjectDeleting } from "./extension-hooks.js";

export interface SubnetPoolFields {
  name?: string;
  description?: string;
  prefixes?: string[];
  defaultPrefixlen?: number;
  minPrefixlen?: number;
  maxPrefixlen?: number;
  defaultQuota?: number | null;
  isDefault?: boolean;
  addressScopeId?: string | null;
}

export interface SubnetPoolInput extends SubnetPoolFields {
  prefixes: string[];
  shared?: boolean;
  projectId?: string;
  tags?: string[];
}

/** SubnetPoolHelper's defaults: /8../32 for IPv4, /64../128 for IPv6. */
const DEFAULT_MIN: Record<IpVersion, number> = { 4: 8, 6: 64 };

export function canSeeSubnetPool(caller: Caller, pool: SubnetPool): boolean {
  return caller.isAdmin || pool.shared || pool.projectId === caller.projectId;
}

export function visibleSubnetPool(s: NetworkingState, caller: Caller, id: string): SubnetPool {
  const pool = get(s.subnetPools, id);
  if (!pool || !canSeeSubnetPool(caller, pool)) throw E.subnetPoolNotFound(id);
  return pool;
}

function ownedSubnetPool(s: NetworkingState, caller: Caller, id: string, action: string): SubnetPool {
  const pool = visibleSubnetPool(s, caller, id);
  if (!caller.isAdmin && pool.projectId !== caller.projectId) throw E.policyNotAuthorized(action);
  return pool;
}

/** Parses the prefixes (400 on a bad CIDR or an empty list), all of one family; returns that family. */
function prefixVersion(prefixes: readonly string[]): IpVersion {
  if (prefixes.length === 0) throw E.emptySubnetPoolPrefixList();
  let version: IpVersion | undefined;
  for (const p of prefixes) {
    const cidr = parseCidr(p);
    if (!cidr) throw E.invalidAttribute("prefixes", cidrProblem(p) ?? `'${p}' is not a valid IP subnet`);
    if (version !== undefined && cidr.version !== version) throw E.prefixVersionMismatch();
    version = cidr.version;
  }
  return version as IpVersion;
}

/** _read_prefix_bounds and SubnetPoolHelper's validate_* checks, in Neutron's order. */
function checkBounds(version: IpVersion, min: number, max: number, dflt: number): void {
  if (min > max) throw E.illegalSubnetPoolPrefixBounds("min_prefixlen", min, "max_prefixlen", max);
  const bits = ADDRESS_BITS[version];
  if (max > bits) throw E.illegalSubnetPoolPrefixBounds("max_prefixlen", max, "ip_version_max", bits);
  if (dflt < min) throw E.illegalSubnetPoolPrefixBounds("default_prefixlen", dflt, "min_prefixlen", min);
  if (dflt > max) throw E.illegalSubnetPoolPrefixBounds("default_prefixlen", dflt, "max_prefixlen", max);
}

function checkDefault(s: NetworkingState, version: IpVersion, poolId: string): void {
  const current = dictGet(s.defaultSubnetPools, String(version));
  if (current !== undefined && current !== poolId) {
    throw E.invalidInput("A default subnetpool for this IP family has already been set. Only one default may exist per IP family");
  }
}

/** Joining a scope: visible, the pool owner's or shared, of the pool's family, and no overlap with its other pools. */
function checkScope(s: NetworkingState, caller: Caller, pool: Pick<SubnetPool, "id" | "projectId" | "ipVersion" | "prefixes">, scopeId: string): void {
  const scope = visibleAddressScope(s, caller, scopeId);
  if (!scope.shared && scope.projectId !== pool.projectId) throw E.illegalSubnetPoolAssociationToAddressScope(pool.id, scopeId);
  if (scope.ipVersion !== pool.ipVersion) throw E.illegalSubnetPoolIpVersionAssociationToAddressScope(pool.id, scopeId, scope.ipVersion);
  for (const otherId of scope.subnetpoolIds) {
    const other = get(s.subnetPools, otherId);
    if (other && other.id !== pool.id && prefixesOverlap(other.prefixes, pool.prefixes)) throw E.addressScopePrefixConflict();
  }
}

function leaveScope(s: NetworkingState, pool: SubnetPool): void {
  const scope = pool.addressScopeId ? get(s.addressScopes, pool.addressScopeId) : undefined;
  if (scope) scope.subnetpoolIds = scope.subnetpoolIds.filter((id) => id !== pool.id);
}

export function createSubnetPool(s: NetworkingState, ctx: NetworkingContext, input: SubnetPoolInput): SubnetPool {
  const caller = ctx.caller;
  const projectId = targetProject(caller, input.projectId);
  if (input.shared && !caller.isAdmin) throw E.policyNotAuthorized("create_subnetpool:shared");
  if (input.isDefault && !caller.isAdmin) throw E.policyNotAuthorized("create_subnetpool:is_default");
  const ipVersion = prefixVersion(input.prefixes);
  const min = input.minPrefixlen ?? DEFAULT_MIN[ipVersion];
  const max = input.maxPrefixlen ?? ADDRESS_BITS[ipVersion];
  const dflt = input.defaultPrefixlen ?? min;
  checkBounds(ipVersion, min, max, dflt);
  const standard = newStandard(ctx, { name: input.name, description: input.description, projectId, tags: input.tags });
  const pool: SubnetPool = {
    ...standard,
    ipVersion,
    prefixes: compactPrefixes(ipVersion, input.prefixes),
    defaultPrefixlen: dflt,
    minPrefixlen: min,
    maxPrefixlen: max,
    defaultQuota: input.defaultQuota ?? null,
    isDefault: input.isDefault ?? false,
    shared: input.shared ?? false,
    addressScopeId: input.addressScopeId ?? null,
    subnetIds: [],
  };
  if (pool.isDefault) checkDefault(s, ipVersion, pool.id);
  if (pool.addressScopeId) checkScope(s, caller, pool, pool.addressScopeId);
  put(s.subnetPools, pool);
  if (pool.isDefault) dictSet(s.defaultSubnetPools, String(ipVersion), pool.id);
  if (pool.addressScopeId) get(s.addressScopes, pool.addressScopeId)?.subnetpoolIds.push(pool.id);
  return get(s.subnetPools, pool.id)!;
}

export function updateSubnetPool(s: NetworkingState, ctx: NetworkingContext, id: string, patch: SubnetPoolFields): SubnetPool {
  const caller = ctx.caller;
  const pool = ownedSubnetPool(s, caller, id, "update_subnetpool");
  if (patch.isDefault !== undefined && !caller.isAdmin) throw E.policyNotAuthorized("update_subnetpool:is_default");
  if (patch.prefixes !== undefined) {
    if (prefixVersion(patch.prefixes) !== pool.ipVersion) throw E.prefixVersionMismatch();
    if (!coversAll(patch.prefixes, pool.prefixes)) throw E.illegalSubnetPoolPrefixUpdate("Existing prefixes must be a subset of the new prefixes");
    pool.prefixes = compactPrefixes(pool.ipVersion, patch.prefixes);
  }
  const min = patch.minPrefixlen ?? pool.minPrefixlen;
  const max = patch.maxPrefixlen ?? pool.maxPrefixlen;
  const dflt = patch.defaultPrefixlen ?? pool.defaultPrefixlen;
  checkBounds(pool.ipVersion, min, max, dflt);
  pool.minPrefixlen = min;
  pool.maxPrefixlen = max;
  pool.defaultPrefixlen = dflt;
  if (patch.isDefault !== undefined && patch.isDefault !== pool.isDefault) {
    if (patch.isDefault) {
      checkDefault(s, pool.ipVersion, pool.id);
      dictSet(s.defaultSubnetPools, String(pool.ipVersion), pool.id);
    } else dictDelete(s.defaultSubnetPools, String(pool.ipVersion));
    pool.isDefault = patch.isDefault;
  }
  const scopeId = patch.addressScopeId === undefined ? pool.addressScopeId : patch.addressScopeId;
  if (scopeId !== pool.addressScopeId) {
    leaveScope(s, pool);
    if (scopeId) {
      checkScope(s, caller, pool, scopeId);
      get(s.addressScopes, scopeId)?.subnetpoolIds.push(pool.id);
    }
    pool.addressScopeId = scopeId;
  } else if (scopeId && patch.prefixes !== undefined) {
    checkScope(s, caller, pool, scopeId);
  }
  if (patch.defaultQuota !== undefined) pool.defaultQuota = patch.defaultQuota;
  if (patch.name !== undefined) pool.name = patch.name;
  if (patch.description !== undefined) pool.description = patch.description;
  touch(pool, ctx.now);
  return pool;
}

export function deleteSubnetPool(s: NetworkingState, ctx: NetworkingContext, id: string): void {
  const pool = ownedSubnetPool(s, ctx.caller, id, "delete_subnetpool");
  if (pool.subnetIds.length > 0) throw E.subnetPoolDeleteError("Subnet pool has existing allocations");
  leaveScope(s, pool);
  if (pool.isDefault) dictDelete(s.defaultSubnetPools, String(pool.ipVersion));
  onRbacObjectDeleting(s, "subnetpool", id);
  remove(s.subnetPools, id);
}

/** POST add_prefixes: the pool's prefixes with these merged in; returns the new list. */
export function addPrefixes(s: NetworkingState, ctx: NetworkingContext, id: string, prefixes: string[]): string[] {
  const pool = ownedSubnetPool(s, ctx.caller, id, "add_prefixes");
  if (prefixVersion(prefixes) !== pool.ipVersion) throw E.prefixVersionMismatch();
  pool.prefixes = compactPrefixes(pool.ipVersion, [...pool.prefixes, ...prefixes]);
  if (pool.addressScopeId) checkScope(s, ctx.caller, pool, pool.addressScopeId);
  touch(pool, ctx.now);
  return [...pool.prefixes];
}

/** POST remove_prefixes: refused while a subnet of the pool lies in a prefix taken away. */
export function removePrefixes(s: NetworkingState, ctx: NetworkingContext, id: string, prefixes: string[]): string[] {
  const pool = ownedSubnetPool(s, ctx.caller, id, "remove_prefixes");
  if (prefixVersion(prefixes) !== pool.ipVersion) throw E.prefixVersionMismatch();
  const removed = prefixes.map(requireCidr);
  for (const subnetId of pool.subnetIds) {
    const subnet = get(s.subnets, subnetId);
    if (subnet && removed.some((r) => cidrsOverlap(r, requireCidr(subnet.cidr)))) {
      throw E.illegalSubnetPoolPrefixUpdate(`Subnet ${subnet.cidr} of the pool is allocated from a prefix being removed`);
    }
  }
  const left = subtractPrefixes(pool.ipVersion, pool.prefixes, prefixes);
  if (left.length === 0) throw E.emptySubnetPoolPrefixList();
  pool.prefixes = left;
  touch(pool, ctx.now);
  return [...pool.prefixes];
}
