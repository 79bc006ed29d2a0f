// allocateAddresses / releaseAddresses as routers and floating IPs call them (no HTTP in between): the
// family option, the router-only IPv6 anycast address, owners in s.ipOwners, and all-or-nothing writes.

import { describe, expect, it } from "vitest";
import { get } from "../../../src/kernel/store/table.js";
import { allocateAddresses, releaseAddresses, type AddressRequest, type AllocateOptions } from "../../../src/services/networking/operations/addresses.js";
import { sliceOf } from "../../../src/services/networking/state.js";
import { ipOwner, type FixedIp, type NetworkingState } from "../../../src/services/networking/state.js";
import { netApi, type NetApi } from "./api-setup.js";

async function dualStack(n: NetApi) {
  const network = await n.network({ name: "dual" });
  const v4 = await n.subnet({ network_id: network.id, cidr: "10.10.0.0/29" });
  const v6 = await n.subnet({ network_id: network.id, ip_version: 6, cidr: "fd00:10::/64" });
  return { network, v4, v6 };
}

/** Runs allocateAddresses in one store write, as an operation would. */
function allocate(n: NetApi, networkId: string, requests: AddressRequest[] | undefined, owner: string, options?: AllocateOptions): FixedIp[] {
  return n.emu.kernel.store.update((draft) => {
    const s = sliceOf(draft);
    return allocateAddresses(s, get(s.networks, networkId)!, requests, owner, options);
  });
}

const state = (n: NetApi) => n.emu.kernel.store.state.networking as NetworkingState;

describe("allocateAddresses", () => {
  it("gives one address of each family, or of the family asked for, and records the owner", async () => {
    const n = await netApi();
    const { network, v4, v6 } = await dualStack(n);
    expect(allocate(n, network.id, undefined, "port-a")).toEqual([
      { subnetId: v4.id, ipAddress: "10.10.0.2" },
      { subnetId: v6.id, ipAddress: "fd00:10::2" },
    ]);
    expect(allocate(n, network.id, undefined, "fip:1", { ipVersion: 4 })).toEqual([{ subnetId: v4.id, ipAddress: "10.10.0.3" }]);
    expect(ipOwner(state(n), v4.id, "10.10.0.3")).toBe("fip:1");
    expect(ipOwner(state(n), v6.id, "fd00:10::2")).toBe("port-a");
  });

  it("fails with 409 when the family asked for has no room, and keeps nothing of a failed request", async () => {
    const n = await netApi();
    const { network, v4 } = await dualStack(n);
    const v6only = await n.network({ name: "v6only" });
    await n.subnet({ network_id: v6only.id, ip_version: 6, cidr: "fd00:11::/64" });
    expect(() => allocate(n, v6only.id, undefined, "fip:2", { ipVersion: 4 })).toThrow(/No more IP addresses/);
    for (let i = 0; i < 5; i++) allocate(n, network.id, [{ subnetId: v4.id }], `p${i}`);
    const before = JSON.stringify(state(n));
    expect(() => allocate(n, network.id, [{ ipAddress: "fd00:10::9" }, { subnetId: v4.id }], "late")).toThrow(/No more IP addresses/);
    expect(JSON.stringify(state(n))).toBe(before);
  });

  it("lets only router ports take the IPv6 subnet-router anycast address; the gateway is anyone's to ask for", async () => {
    const n = await netApi();
    const { network, v4, v6 } = await dualStack(n);
    expect(() => allocate(n, network.id, [{ subnetId: v6.id, ipAddress: "fd00:10::" }], "vm")).toThrow(/not a valid IP for the specified subnet/);
    expect(allocate(n, network.id, [{ subnetId: v6.id, ipAddress: "fd00:10::" }], "router", { allowGateway: true })).toEqual([{ subnetId: v6.id, ipAddress: "fd00:10::" }]);
    expect(allocate(n, network.id, [{ ipAddress: "10.10.0.1" }], "port-on-gateway")).toEqual([{ subnetId: v4.id, ipAddress: "10.10.0.1" }]);
    expect(() => allocate(n, network.id, [{ ipAddress: "10.10.0.1" }], "router", { allowGateway: true })).toThrow(/is in use/);
  });
});

describe("releaseAddresses", () => {
  it("frees the addresses and their owners, and skips subnets that are gone", async () => {
    const n = await netApi();
    const { network, v4 } = await dualStack(n);
    const [first] = allocate(n, network.id, [{ subnetId: v4.id }], "p1");
    n.emu.kernel.store.update((draft) => releaseAddresses(sliceOf(draft), [first, { subnetId: "gone", ipAddress: "10.99.0.1" }]));
    expect(ipOwner(state(n), v4.id, first.ipAddress)).toBeUndefined();
    expect(allocate(n, network.id, [{ subnetId: v4.id }], "p2")).toEqual([first]);
  });
});
