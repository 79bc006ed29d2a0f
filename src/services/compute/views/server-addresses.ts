// A server's `addresses` (nova/api/openstack/compute/views/addresses.py): by network name, each address
// with its version, and (the extended form) OS-EXT-IPS:type and a lower-case MAC. `{}` while building.

import { computeHooks } from "../../networking/index.js";
import type { Server } from "../state.js";

type Root = Readonly<Record<string, unknown>>;

export interface AddressContext {
  root: Root;
  floating: computeHooks.FloatingLookup;
}

export function addressContext(root: Root): AddressContext {
  return { root, floating: computeHooks.floatingLookup(root) };
}

export type AddressesView = Record<string, Array<Record<string, unknown>>>;

export function addressesView(ctx: AddressContext, server: Server, extended = true): AddressesView {
  if (server.vmState === "building" || server.portIds.length === 0) return {};
  // keyed by network names users chose (`valueOf`, `__proto__`): a Map, then an object of own keys
  const out = new Map<string, Array<Record<string, unknown>>>();
  for (const a of computeHooks.addressesOf(ctx.root, server.portIds, ctx.floating)) {
    const entry: Record<string, unknown> = { version: a.version, addr: a.addr };
    if (extended) {
      entry["OS-EXT-IPS:type"] = a.type;
      entry["OS-EXT-IPS-MAC:mac_addr"] = a.mac;
    }
    const list = out.get(a.networkName);
    if (list) list.push(entry);
    else out.set(a.networkName, [entry]);
  }
  return Object.fromEntries(out);
}
