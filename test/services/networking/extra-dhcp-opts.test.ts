// extra_dhcp_opts on ports: set on create, merged on update (same name and IP version replaced, a null
// value removes it), shown on the port; bad options refused without a change.

import { describe, expect, it } from "vitest";
import { netApi, type NetApi } from "./api-setup.js";

async function portWith(n: NetApi, opts: unknown) {
  const network = await n.network({ name: "d" }, n.demo);
  await n.subnet({ network_id: network.id, cidr: "10.30.0.0/24" }, n.demo);
  return n.api("POST", "/v2.0/ports", { token: n.demo, body: { port: { network_id: network.id, extra_dhcp_opts: opts } } });
}

describe("extra_dhcp_opts", () => {
  it("sets options on create (IPv4 unless told), ignoring ones without a value", async () => {
    const n = await netApi();
    const res = await portWith(n, [
      { opt_name: "bootfile-name", opt_value: "pxelinux.0" },
      { opt_name: "tftp-server", opt_value: "2001:db8::5", ip_version: 6 },
      { opt_name: "ntp-server", opt_value: null },
    ]);
    expect(res.status, res.text).toBe(201);
    expect(res.body.port.extra_dhcp_opts).toEqual([
      { opt_name: "bootfile-name", opt_value: "pxelinux.0", ip_version: 4 },
      { opt_name: "tftp-server", opt_value: "2001:db8::5", ip_version: 6 },
    ]);
    const shown = await n.api("GET", `/v2.0/ports/${res.body.port.id}`, { token: n.demo });
    expect(shown.body.port.extra_dhcp_opts).toEqual(res.body.port.extra_dhcp_opts);
  });

  it("replaces, adds and removes (opt_value null) options on update", async () => {
    const n = await netApi();
    const port = (await portWith(n, [{ opt_name: "bootfile-name", opt_value: "a" }, { opt_name: "server-ip-address", opt_value: "10.30.0.9" }])).body.port;
    const res = await n.api("PUT", `/v2.0/ports/${port.id}`, {
      token: n.demo,
      body: { port: { extra_dhcp_opts: [{ opt_name: "bootfile-name", opt_value: "b" }, { opt_name: "server-ip-address", opt_value: null }, { opt_name: "mtu", opt_value: "1400" }] } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.port.extra_dhcp_opts).toEqual([
      { opt_name: "bootfile-name", opt_value: "b", ip_version: 4 },
      { opt_name: "mtu", opt_value: "1400", ip_version: 4 },
    ]);
    expect(res.body.port.revision_number).toBe(port.revision_number + 1);
  });

  it("refuses malformed options (400) without creating or changing anything", async () => {
    const n = await netApi();
    const port = (await portWith(n, [{ opt_name: "bootfile-name", opt_value: "a" }])).body.port;
    const before = n.fingerprint();
    for (const opts of [[{ opt_value: "x" }], [{ opt_name: "", opt_value: "x" }], [{ opt_name: "a", opt_value: "x", ip_version: 5 }], [{ opt_name: "a", opt_value: "x", colour: 1 }], "bootfile"]) {
      const res = await n.api("PUT", `/v2.0/ports/${port.id}`, { token: n.demo, body: { port: { extra_dhcp_opts: opts } } });
      expect(res.status, JSON.stringify(opts)).toBe(400);
    }
    expect(n.fingerprint()).toBe(before);
  });
});
