// Host aggregates (nova/compute/api.py AggregateAPI, nova/api/openstack/compute/aggregates.py): create,
// update, delete (400 while hosts remain), add_host / remove_host, set_metadata. An aggregate's
// `availability_zone` metadata is its hosts' zone: the host record's zone follows it, so the scheduler,
// os-availability-zone and os-services see it; a host leaving its last zoned aggregate gets its own back.

import { find, get, put, remove, values } from "../../../kernel/store/table.js";
import type { OperationContext } from "../../../kernel/operation.js";
import type { Aggregate, ComputeHost, ComputeState } from "../state.js";
import { badRequest, conflictingRequest, itemNotFound } from "../errors.js";
import { INTERNAL_ZONE } from "./zones.js";

export const AZ_KEY = "availability_zone";

type Ctx = Pick<OperationContext, "ids" | "now">;

export const aggregateNotFound = (id: string) => itemNotFound(`Aggregate ${id} could not be found.`);

export function showAggregate(s: ComputeState, id: string): Aggregate {
  const aggregate = get(s.aggregates, id);
  if (!aggregate) throw aggregateNotFound(id);
  return aggregate;
}

export function listAggregates(s: ComputeState): Aggregate[] {
  return values(s.aggregates).sort((a, b) => a.number - b.number);
}

function checkName(s: ComputeState, name: string, self?: string): void {
  if (find(s.aggregates, (a) => a.name === name && a.id !== self)) throw conflictingRequest(`Aggregate ${name} already exists.`);
}

function checkZoneName(zone: string | null | undefined): void {
  if (zone === INTERNAL_ZONE) throw badRequest(`Aggregate's availability zone '${zone}' is reserved for the internal services.`);
}

/** The zone a host would be in once `aggregate` names `zone`: any other zoned aggregate of it must agree. */
function checkHostZone(s: ComputeState, host: string, aggregate: Aggregate, zone: string | undefined, action: "add" | "metadata"): void {
  if (!zone) return;
  const others = values(s.aggregates).filter((a) => a.id !== aggregate.id && a.hosts.includes(host) && a.metadata[AZ_KEY] && a.metadata[AZ_KEY] !== zone);
  if (others.length === 0) return;
  const zones = [...new Set(others.map((a) => a.metadata[AZ_KEY]))].join(", ");
  const reason = `One or more hosts already in availability zone(s) ['${zones}']`;
  throw action === "add"
    ? conflictingRequest(`Cannot add host to aggregate ${aggregate.id}. Reason: ${reason}.`)
    : badRequest(`Cannot update metadata of aggregate ${aggregate.id}. Reason: ${reason}.`);
}

/** A host's zone from its aggregates: the first zoned one it belongs to, else the zone it had of its own. */
function refreshHostZone(s: ComputeState, hostName: string): void {
  const host = get(s.hosts, hostName);
  if (!host) return;
  const zoned = listAggregates(s).find((a) => a.hosts.includes(hostName) && a.metadata[AZ_KEY]);
  const saved = get(s.hostDefaultZones, hostName);
  if (zoned) {
    if (!saved) put(s.hostDefaultZones, { id: hostName, zone: host.zone });
    host.zone = zoned.metadata[AZ_KEY];
  } else if (saved) {
    host.zone = saved.zone;
    remove(s.hostDefaultZones, hostName);
  }
}

export function createAggregate(s: ComputeState, ctx: Ctx, name: string, zone: string | null | undefined): Aggregate {
  checkName(s, name);
  checkZoneName(zone);
  const number = s.nextAggregateNumber++;
  const aggregate: Aggregate = {
    id: String(number),
    number,
    uuid: ctx.ids.uuid(),
    name,
    hosts: [],
    metadata: zone ? { [AZ_KEY]: zone } : {},
    createdAt: ctx.now,
    updatedAt: null,
  };
  put(s.aggregates, aggregate);
  return aggregate;
}

/** Sets or drops metadata keys (null drops); a zone change moves the aggregate's hosts' zone with it. */
function applyMetadata(s: ComputeState, ctx: Ctx, aggregate: Aggregate, changes: Record<string, string | null>): void {
  if (Object.hasOwn(changes, AZ_KEY)) {
    const zone = changes[AZ_KEY] ?? undefined;
    checkZoneName(zone);
    for (const host of aggregate.hosts) checkHostZone(s, host, aggregate, zone, "metadata");
  }
  const metadata = { ...aggregate.metadata };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete metadata[key];
    else metadata[key] = value;
  }
  aggregate.metadata = metadata;
  aggregate.updatedAt = ctx.now;
  for (const host of aggregate.hosts) refreshHostZone(s, host);
}

export function updateAggregate(s: ComputeState, ctx: Ctx, id: string, patch: { name?: string; zone?: string | null }): Aggregate {
  const aggregate = showAggregate(s, id);
  if (patch.name !== undefined) checkName(s, patch.name, id);
  if (patch.zone !== undefined) applyMetadata(s, ctx, aggregate, { [AZ_KEY]: patch.zone });
  if (patch.name !== undefined) aggregate.name = patch.name;
  aggregate.updatedAt = ctx.now;
  return aggregate;
}

export function setAggregateMetadata(s: ComputeState, ctx: Ctx, id: string, changes: Record<string, string | null>): Aggregate {
  const aggregate = showAggregate(s, id);
  applyMetadata(s, ctx, aggregate, changes);
  return aggregate;
}

export function deleteAggregate(s: ComputeState, id: string): void {
  const aggregate = showAggregate(s, id);
  // Nova's InvalidAggregateActionDelete reads "remove host from", whatever was asked
  if (aggregate.hosts.length > 0) throw badRequest(`Cannot remove host from aggregate ${id}. Reason: Host aggregate is not empty.`);
  remove(s.aggregates, id);
}

function computeHost(s: ComputeState, name: string, notFound = `Compute host ${name} could not be found.`): ComputeHost {
  const host = get(s.hosts, name);
  if (!host) throw itemNotFound(notFound);
  return host;
}

export function addAggregateHost(s: ComputeState, ctx: Ctx, id: string, hostName: string): Aggregate {
  const aggregate = showAggregate(s, id);
  computeHost(s, hostName);
  if (aggregate.hosts.includes(hostName)) throw conflictingRequest(`Aggregate ${id} already has host ${hostName}.`);
  checkHostZone(s, hostName, aggregate, aggregate.metadata[AZ_KEY], "add");
  aggregate.hosts = [...aggregate.hosts, hostName];
  aggregate.updatedAt = ctx.now;
  refreshHostZone(s, hostName);
  return aggregate;
}

export function removeAggregateHost(s: ComputeState, ctx: Ctx, id: string, hostName: string): Aggregate {
  const aggregate = get(s.aggregates, id);
  if (!aggregate) throw itemNotFound(`Cannot remove host ${hostName} in aggregate ${id}`);
  computeHost(s, hostName, `Cannot remove host ${hostName} in aggregate ${id}`);
  if (!aggregate.hosts.includes(hostName)) throw itemNotFound(`Cannot remove host ${hostName} in aggregate ${id}`);
  aggregate.hosts = aggregate.hosts.filter((h) => h !== hostName);
  aggregate.updatedAt = ctx.now;
  refreshHostZone(s, hostName);
  return aggregate;
}

/**
 * Masakari's reserved-host recovery with add_reserved_host_to_aggregate: the reserved host joins every
 * aggregate the failed host is in (those it is already in are left alone). Returns the aggregates joined.
 */
export function joinAggregatesOf(s: ComputeState, ctx: Ctx, failedHost: string, reservedHost: string): string[] {
  computeHost(s, reservedHost);
  const joined: string[] = [];
  for (const aggregate of listAggregates(s)) {
    if (!aggregate.hosts.includes(failedHost) || aggregate.hosts.includes(reservedHost)) continue;
    addAggregateHost(s, ctx, aggregate.id, reservedHost);
    joined.push(aggregate.id);
  }
  return joined;
}
