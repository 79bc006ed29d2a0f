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
  const out: AddressesView = {};
  if (server.vmState === "building" || server.portIds.length === 0) return out;
  for (const a of computeHooks.addressesOf(ctx.root, server.portIds, ctx.floating)) {
    const entry: Record<string, unknown> = { version: a.version, addr: a.addr };
    if (extended) {
      entry["OS-EXT-IPS:type"] = a.type;
      entry["OS-EXT-IPS-MAC:mac_addr"] = a.mac;
    }
    (out[a.networkName] ??= []).push(entry);
  }
  return out;
}
