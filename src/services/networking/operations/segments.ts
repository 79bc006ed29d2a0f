// Segments (neutron/services/segments, the segment extension): every network's provider attributes are
// its first segment; an admin adds more segments (checked as ml2's type drivers do: physical network for
// flat and VLAN, ids in range, one user per VLAN/tunnel id/flat physical network) and names them.

import { derivedId, uuidOf } from "../../../kernel/seed-helpers.js";
import { get, put, remove, scan } from "../../../kernel/store/table.js";
import { flatNetworkInUse, invalidInput, notFound, tunnelIdInUse, vlanIdInUse } from "../errors.js";
import type { Network, NetworkingState } from "../state.js";
import type { Segment } from "../extension-state.js";
import { segmentInUse, segmentNotFound } from "../extension-errors.js";
import type { NetworkingContext } from "./common.js";

export const NETWORK_TYPES = ["flat", "vlan", "vxlan", "geneve", "gre", "local"] as const;
const FIRST_TUNNEL_ID = 5000;
const FIRST_VLAN = 100;

export interface SegmentInput {
  networkId: string;
  networkType: string;
  physicalNetwork?: string | null;
  segmentationId?: number | null;
  name?: string | null;
  description?: string;
}

/** The id of a network's first segment: derived from the network's, so it needs no record of its own. */
export function firstSegmentId(networkId: string): string {
  return uuidOf(derivedId("networking-segment", networkId));
}

/** A network's first segment: its provider attributes, named and described once an admin has done so. */
export function firstSegment(s: NetworkingState, n: Network): Segment {
  const stored = get(s.ext.segments, firstSegmentId(n.id));
  return {
    id: firstSegmentId(n.id),
    networkId: n.id,
    name: stored?.name ?? null,
    description: stored?.description ?? "",
    networkType: n.provider.networkType,
    physicalNetwork: n.provider.physicalNetwork,
    segmentationId: n.provider.segmentationId,
    createdAt: n.createdAt,
    updatedAt: stored?.updatedAt ?? n.createdAt,
    revision: stored?.revision ?? 0,
  };
}

/** Every segment: per network its first one, then those an admin added. A scan, for the admin's list. */
export function* allSegments(s: NetworkingState): Generator<Segment> {
  for (const n of scan(s.networks)) yield firstSegment(s, n);
  for (const seg of scan(s.ext.segments)) if (seg.id !== firstSegmentId(seg.networkId)) yield seg;
}

export function findSegment(s: NetworkingState, id: string): Segment {
  const stored = get(s.ext.segments, id);
  if (stored) {
    const network = get(s.networks, stored.networkId);
    if (stored.id === firstSegmentId(stored.networkId)) {
      if (network) return firstSegment(s, network);
    } else return stored;
  }
  for (const n of scan(s.networks)) if (firstSegmentId(n.id) === id) return firstSegment(s, n);
  throw segmentNotFound(id);
}

type Key = Pick<Segment, "networkType" | "physicalNetwork" | "segmentationId">;

function clashes(a: Key, b: Key): boolean {
  if (a.networkType !== b.networkType) return false;
  if (a.networkType === "flat") return a.physicalNetwork === b.physicalNetwork;
  if (a.networkType === "vlan") return a.physicalNetwork === b.physicalNetwork && a.segmentationId === b.segmentationId;
  if (a.networkType === "local") return false;
  return a.segmentationId === b.segmentationId;
}

function* segmentKeys(s: NetworkingState): Generator<Key> {
  for (const n of scan(s.networks)) yield n.provider;
  for (const seg of scan(s.ext.segments)) if (seg.id !== firstSegmentId(seg.networkId)) yield seg;
}

function inUse(s: NetworkingState, key: Key): boolean {
  for (const other of segmentKeys(s)) if (clashes(key, other)) return true;
  return false;
}

/** ml2's type drivers: what each type needs, and the next free id when none is given. */
function checkedKey(s: NetworkingState, input: SegmentInput): Key {
  const type = input.networkType;
  const physnet = input.physicalNetwork ?? null;
  const segId = input.segmentationId ?? null;
  switch (type) {
    case "flat": {
      if (physnet === null) throw invalidInput("physical_network required for flat provider network");
      if (segId !== null) throw invalidInput("segmentation_id specified for flat provider network");
      const key = { networkType: type, physicalNetwork: physnet, segmentationId: null };
      if (inUse(s, key)) throw flatNetworkInUse(physnet);
      return key;
    }
    case "vlan": {
      if (physnet === null) throw invalidInput("physical_network required for VLAN provider network");
      if (segId !== null && (segId < 1 || segId > 4094)) throw invalidInput("segmentation_id out of range (1 through 4094)");
      return nextFree(s, { networkType: type, physicalNetwork: physnet, segmentationId: segId }, FIRST_VLAN, 4094, () => vlanIdInUse(segId!, physnet));
    }
    case "local":
      if (physnet !== null || segId !== null) throw invalidInput("provider attributes are not allowed for a local network");
      return { networkType: type, physicalNetwork: null, segmentationId: null };
    default: {
      if (physnet !== null) throw invalidInput(`provider:physical_network specified for ${type} network`);
      if (segId !== null && (segId < 1 || segId > 16777215)) throw invalidInput("segmentation_id out of range (1 through 16777215)");
      return nextFree(s, { networkType: type, physicalNetwork: null, segmentationId: segId }, FIRST_TUNNEL_ID, 16777215, () => tunnelIdInUse(segId!));
    }
  }
}

function nextFree(s: NetworkingState, key: Key, first: number, last: number, taken: () => Error): Key {
  if (key.segmentationId !== null) {
    if (inUse(s, key)) throw taken();
    return key;
  }
  const used = new Set<number>();
  for (const other of segmentKeys(s)) if (clashes({ ...key, segmentationId: other.segmentationId }, other) && other.segmentationId !== null) used.add(other.segmentationId);
  for (let id = first; id <= last; id++) if (!used.has(id)) return { ...key, segmentationId: id };
  throw invalidInput("no free segmentation id");
}

export function createSegment(s: NetworkingState, ctx: NetworkingContext, input: SegmentInput): Segment {
  const network = get(s.networks, input.networkId);
  if (!network) throw notFound("Network", input.networkId);
  const key = checkedKey(s, input);
  const segment: Segment = {
    id: ctx.ids.uuid(),
    networkId: network.id,
    name: input.name ?? null,
    description: input.description ?? "",
    ...key,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    revision: 0,
  };
  put(s.ext.segments, segment);
  return get(s.ext.segments, segment.id)!;
}

export function updateSegment(s: NetworkingState, ctx: NetworkingContext, segment: Segment, patch: { name?: string | null; description?: string }): Segment {
  const stored = get(s.ext.segments, segment.id) ?? (put(s.ext.segments, { ...segment }), get(s.ext.segments, segment.id)!);
  if (patch.name !== undefined) stored.name = patch.name;
  if (patch.description !== undefined) stored.description = patch.description;
  stored.updatedAt = ctx.now;
  stored.revision++;
  return findSegment(s, segment.id);
}

/** A network keeps its first segment as long as it exists (this cloud's networks have exactly one). */
export function deleteSegment(s: NetworkingState, segment: Segment): void {
  if (segment.id === firstSegmentId(segment.networkId) && get(s.networks, segment.networkId)) {
    throw segmentInUse(segment.id, `it is the provider segment of network ${segment.networkId}`);
  }
  remove(s.ext.segments, segment.id);
}

/** A deleted network takes its segments with it. */
export function dropNetworkSegments(s: NetworkingState, networkId: string): void {
  const ids: string[] = [];
  for (const seg of scan(s.ext.segments)) if (seg.networkId === networkId) ids.push(seg.id);
  for (const id of ids) remove(s.ext.segments, id);
}
