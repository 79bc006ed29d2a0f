// The standard-attr-tag extension: tags on networks, subnets, ports, routers, security groups, floating IPs
// QoS policies, subnet pools and trunks (`openstack network create --tag` sets them through these calls after creating).

import { get, type Table } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import { genericNotFound, invalidInput, tagNotFound } from "../errors.js";
import type { NetworkingState, Standard } from "../state.js";
import { owns, touch, type NetworkingContext } from "./common.js";

type Row = (s: NetworkingState) => Table<Standard>;

/** URL collection -> the slice's table and the resource's name in messages. */
export const TAGGABLE = {
  networks: [(s) => s.networks, "Network"],
  subnets: [(s) => s.subnets, "Subnet"],
  ports: [(s) => s.ports, "Port"],
  routers: [(s) => s.routers, "Router"],
  "security-groups": [(s) => s.securityGroups, "Security group"],
  floatingips: [(s) => s.floatingIps, "Floating IP"],
  "qos/policies": [(s) => s.qosPolicies, "QoS policy"],
  subnetpools: [(s) => s.subnetPools, "Subnetpool"],
  trunks: [(s) => s.ext.trunks, "Trunk"],
} as const satisfies Record<string, readonly [Row, string]>;

export type TaggableCollection = keyof typeof TAGGABLE;

/** The tagged resource, if the caller owns it (or is admin); otherwise it is not found. */
export function taggable(s: NetworkingState, caller: Caller, collection: TaggableCollection, id: string): Standard {
  const [table, label]: readonly [Row, string] = TAGGABLE[collection];
  const row = get(table(s), id);
  if (!row || !owns(caller, row)) throw genericNotFound(`${label} ${id} could not be found.`);
  return row;
}

export function checkTag(tag: string): string {
  if (tag.length === 0 || tag.length > 255 || tag.includes(",")) {
    throw invalidInput(`'${tag}' is not a valid tag: 1 to 255 characters, no comma`);
  }
  return tag;
}

/** GET .../tags/{tag}: 204 when the resource has the tag, TagNotFound otherwise. */
export function checkTagPresent(s: NetworkingState, caller: Caller, collection: TaggableCollection, id: string, tag: string): void {
  if (!taggable(s, caller, collection, id).tags.includes(tag)) throw tagNotFound(tag);
}

export function replaceTags(s: NetworkingState, ctx: NetworkingContext, collection: TaggableCollection, id: string, tags: string[]): string[] {
  const row = taggable(s, ctx.caller, collection, id);
  row.tags = [...new Set(tags.map(checkTag))];
  touch(row, ctx.now);
  return row.tags;
}

export function addTag(s: NetworkingState, ctx: NetworkingContext, collection: TaggableCollection, id: string, tag: string): void {
  const row = taggable(s, ctx.caller, collection, id);
  if (row.tags.includes(checkTag(tag))) return;
  row.tags.push(tag);
  touch(row, ctx.now);
}

export function removeTag(s: NetworkingState, ctx: NetworkingContext, collection: TaggableCollection, id: string, tag: string): void {
  const row = taggable(s, ctx.caller, collection, id);
  const at = row.tags.indexOf(tag);
  if (at < 0) throw tagNotFound(tag);
  row.tags.splice(at, 1);
  touch(row, ctx.now);
}
