// Who holds each address is kept per subnet (state.ipOwners: subnet -> address -> owner). A subnet's new
// allocation pools keep every address in use taken, on that subnet only; a port's delete frees its address;
// a snapshot written by an older build, which kept the owners in one flat map keyed `<subnet>|<address>`,
// imports with its addresses still taken; a snapshot whose owner map holds something else is a 400 that
// changes nothing.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { dictEntries, dictSet, emptyDict, type Dict } from "../../../src/kernel/store/dict.js";
import { netApi, neutronError, type NetApi } from "./api-setup.js";

async function twoSubnets(n: NetApi) {
  const network = await n.network({ name: "owners" });
  const a = await n.subnet({ network_id: network.id, cidr: "10.61.0.0/24", allocation_pools: [{ start: "10.61.0.10", end: "10.61.0.20" }] });
  const b = await n.subnet({ network_id: network.id, cidr: "10.62.0.0/24", allocation_pools: [{ start: "10.62.0.10", end: "10.62.0.20" }] });
  const port = async (subnetId: string, ip: string) =>
    n.api("POST", "/v2.0/ports", { body: { port: { network_id: network.id, fixed_ips: [{ subnet_id: subnetId, ip_address: ip }] } } });
  return { network, a, b, port };
}

/** Every owner the state holds, as `<subnet>|<address>` -> owner, read through the nested maps. */
function ownersOf(n: NetApi): Record<string, string> {
  const out: Record<string, string> = {};
  const nested = n.emu.kernel.store.state.networking as { ipOwners: Dict<Dict<string>> };
  for (const [subnet, owners] of dictEntries(nested.ipOwners)) for (const [ip, owner] of dictEntries(owners)) out[`${subnet}|${ip}`] = owner;
  return out;
}

describe("address owners, kept per subnet", () => {
  it("new allocation pools keep the addresses in use taken, on that subnet only; a delete frees its address", async () => {
    const n = await netApi();
    const { a, b, port } = await twoSubnets(n);
    const onA = (await port(a.id, "10.61.0.12")).body.port;
    const onB = await port(b.id, "10.62.0.12");
    expect(onB.status).toBe(201);
    expect(ownersOf(n)).toMatchObject({ [`${a.id}|10.61.0.12`]: onA.id, [`${b.id}|10.62.0.12`]: onB.body.port.id });

    expect((await n.api("PUT", `/v2.0/subnets/${a.id}`, { body: { subnet: { allocation_pools: [{ start: "10.61.0.5", end: "10.61.0.30" }] } } })).status).toBe(200);
    const again = await port(a.id, "10.61.0.12");
    expect(again.status).toBe(409);
    expect(neutronError(again).type).toBe("IpAddressInUse");
    // the rebuild read A's owners only: A's free addresses are free, B's taken one is still taken
    expect((await port(a.id, "10.61.0.13")).status).toBe(201);
    expect((await port(b.id, "10.62.0.12")).status).toBe(409);

    expect((await n.api("DELETE", `/v2.0/ports/${onA.id}`)).status).toBe(204);
    expect(ownersOf(n)).not.toHaveProperty(`${a.id}|10.61.0.12`);
    expect((await port(a.id, "10.61.0.12")).status).toBe(201);
  });

  it("of an older build's snapshot (one flat map) import, with every address still taken", async () => {
    const n = await netApi();
    const { a, b, port } = await twoSubnets(n);
    const held = (await port(a.id, "10.61.0.15")).body.port;
    await port(b.id, "10.62.0.16");
    const before = ownersOf(n);
    const snapshot = JSON.parse((await call(n.emu, "GET", "/_emulator/state")).text);
    const flat = emptyDict<string>();
    for (const [key, owner] of Object.entries(before)) dictSet(flat, key, owner);
    snapshot.state.networking.ipOwners = JSON.parse(JSON.stringify(flat));

    expect((await call(n.emu, "PUT", "/_emulator/state", { body: snapshot })).status).toBe(200);
    expect(ownersOf(n)).toEqual(before);
    // the pools rebuilt from the owners: 10.61.0.15 is still the port's
    expect((await n.api("PUT", `/v2.0/subnets/${a.id}`, { body: { subnet: { allocation_pools: [{ start: "10.61.0.5", end: "10.61.0.30" }] } } })).status).toBe(200);
    expect((await port(a.id, "10.61.0.15")).status).toBe(409);
    expect((await n.api("DELETE", `/v2.0/ports/${held.id}`)).status).toBe(204);
    expect((await port(a.id, "10.61.0.15")).status).toBe(201);
  });

  it("a snapshot whose owner map holds something else is refused (400), nothing changed", async () => {
    const n = await netApi();
    const { a, port } = await twoSubnets(n);
    await port(a.id, "10.61.0.11");
    const text = (await call(n.emu, "GET", "/_emulator/state")).text;
    const bad = (mutate: (owners: Dict<unknown>) => void) => {
      const snapshot = JSON.parse(text);
      mutate(snapshot.state.networking.ipOwners);
      return snapshot;
    };
    const broken = [
      // one subnet's owners as a number, beside another subnet's map
      bad((owners) => dictSet(owners, "another-subnet", 7)),
      // a flat key that names no subnet and address
      bad((owners) => {
        const flat = emptyDict<string>();
        dictSet(flat, "no-bar-here", "port-x");
        Object.assign(owners, flat);
      }),
      // an address held by something that is not an id
      bad((owners) => {
        for (const [, inner] of dictEntries(owners as Dict<Dict<unknown>>)) for (const [ip] of dictEntries(inner)) dictSet(inner, ip, { id: 1 });
      }),
    ];
    for (const snapshot of broken) {
      const res = await call(n.emu, "PUT", "/_emulator/state", { body: snapshot });
      expect(res.status).toBe(400);
      expect(res.text).toMatch(/ipOwners/);
      expect((await call(n.emu, "GET", "/_emulator/state")).text).toBe(text);
    }
  });
});
