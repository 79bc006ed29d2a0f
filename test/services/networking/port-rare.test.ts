// A port's rarely set fields (address pairs, QoS policy, vnic type, binding profile, DHCP options, DNS name,
// port security, service port) are held in a record of their own only by a port that sets one: what a
// client reads is the same either way, and an older build's snapshot, which kept them in the row, imports.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { netApi, type NetApi } from "./api-setup.js";
import { demoNet, okPort } from "./port-setup.js";

const RARE = ["allowedAddressPairs", "portSecurityEnabled", "qosPolicyId", "bindingVnicType", "bindingProfile", "countsAgainstNetwork", "extraDhcpOpts", "dnsName"];
const DEFAULTS: Record<string, unknown> = {
  allowedAddressPairs: [],
  portSecurityEnabled: true,
  qosPolicyId: null,
  bindingVnicType: "normal",
  bindingProfile: {},
  countsAgainstNetwork: true,
  extraDhcpOpts: [],
  dnsName: "",
};

/** Every port row of a state export. */
function portRows(state: any): any[] {
  const rows: any[] = [];
  const walk = (node: any[], level: number) => node.forEach((slot) => slot && (level > 0 ? walk(slot, level - 1) : rows.push(slot)));
  walk(state.networking.ports.rows, state.networking.ports.depth - 1);
  return rows;
}

const exported = async (n: NetApi) => JSON.parse((await call(n.emu, "GET", "/_emulator/state")).text);
const shown = async (n: NetApi, id: string) => (await n.api("GET", `/v2.0/ports/${id}`)).body.port;

describe("a port's rarely set fields", () => {
  it("are kept only by a port that sets one, read back the same, and go when they are back at their defaults", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const plain = await okPort(n, { network_id: network.id });
    const named = await okPort(n, { network_id: network.id, dns_name: "web", allowed_address_pairs: [{ ip_address: "10.20.0.200" }] });
    expect(plain).toMatchObject({ dns_name: "", allowed_address_pairs: [], port_security_enabled: true, qos_policy_id: null, "binding:vnic_type": "normal", extra_dhcp_opts: [] });
    expect(named.dns_name).toBe("web");
    expect(named.allowed_address_pairs).toEqual([{ ip_address: "10.20.0.200", mac_address: named.mac_address }]);

    const rows = portRows((await exported(n)).state);
    const rowOf = (id: string) => rows.find((r) => r.id === id);
    expect(rowOf(plain.id).rare).toBeUndefined();
    for (const key of RARE) expect(Object.hasOwn(rowOf(plain.id), key), key).toBe(false);
    expect(rowOf(named.id).rare).toMatchObject({ dnsName: "web", portSecurityEnabled: true });

    // set on an update, then back to the defaults: the record comes and goes, the answers follow
    const update = async (id: string, port: Record<string, unknown>) => {
      const res = await n.api("PUT", `/v2.0/ports/${id}`, { token: n.demo, body: { port } });
      expect(res.status, res.text).toBe(200);
      return res.body.port;
    };
    expect((await update(plain.id, { extra_dhcp_opts: [{ opt_name: "mtu", opt_value: "1400" }] })).extra_dhcp_opts).toEqual([{ opt_name: "mtu", opt_value: "1400", ip_version: 4 }]);
    expect(portRows((await exported(n)).state).find((r) => r.id === plain.id).rare.extraDhcpOpts).toHaveLength(1);
    expect((await shown(n, plain.id)).extra_dhcp_opts).toEqual([{ opt_name: "mtu", opt_value: "1400", ip_version: 4 }]);
    await update(plain.id, { extra_dhcp_opts: [{ opt_name: "mtu", opt_value: null }] });
    await update(named.id, { dns_name: "", allowed_address_pairs: [] });
    const after = portRows((await exported(n)).state);
    expect(after.find((r) => r.id === plain.id).rare).toBeUndefined();
    expect(after.find((r) => r.id === named.id).rare).toBeUndefined();
    expect(await shown(n, named.id)).toMatchObject({ dns_name: "", allowed_address_pairs: [] });
  });

  it("imports from an older build's snapshot that kept them in each port's row, and exports as before", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const named = await okPort(n, { network_id: network.id, dns_name: "db" });
    await okPort(n, { network_id: network.id });
    const text = (await call(n.emu, "GET", "/_emulator/state")).text;
    const old = JSON.parse(text);
    old.format = "skymock-snapshot/2";
    for (const row of portRows(old.state)) {
      Object.assign(row, DEFAULTS, row.rare ?? {});
      delete row.rare;
    }
    expect(portRows(old.state).find((r) => r.id === named.id).dnsName).toBe("db");
    const res = await call(n.emu, "PUT", "/_emulator/state", { body: old });
    expect(res.status, res.text).toBe(200);
    const back = JSON.parse((await call(n.emu, "GET", "/_emulator/state")).text);
    expect(portRows(back.state)).toEqual(portRows(JSON.parse(text).state));
    expect((await shown(n, named.id)).dns_name).toBe("db");
  });

  it("a record this build would not read refuses the import and changes nothing", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const port = await okPort(n, { network_id: network.id, dns_name: "x" });
    const before = (await call(n.emu, "GET", "/_emulator/state")).text;
    for (const rare of [5, { ...DEFAULTS, dnsName: 7 }, { ...DEFAULTS, extra: true }, { ...DEFAULTS, bindingProfile: null }]) {
      const bad = JSON.parse(before);
      portRows(bad.state).find((r) => r.id === port.id).rare = rare;
      const res = await call(n.emu, "PUT", "/_emulator/state", { body: bad });
      expect(res.status, JSON.stringify(rare)).toBe(400);
      expect(res.text).toMatch(new RegExp(`port ${port.id}'s rare fields`));
    }
    // an older row's field of the wrong kind, too
    const flat = JSON.parse(before);
    const row = portRows(flat.state).find((r) => r.id === port.id);
    delete row.rare;
    row.bindingProfile = null;
    expect((await call(n.emu, "PUT", "/_emulator/state", { body: flat })).status).toBe(400);
    expect((await call(n.emu, "GET", "/_emulator/state")).text).toBe(before);
  });
});
