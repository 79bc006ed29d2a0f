import { beforeEach, describe, expect, it } from "vitest";
import type { NetworkingState } from "../../../src/services/networking/state.js";
import { netApi, neutronError, type NetApi } from "./api-setup.js";
import { port, rejected, seedWorld, tenantNetwork, type SeedWorld } from "./l3-setup.js";

describe("networking: /v2.0/floatingips/{id}/port_forwardings", () => {
  let n: NetApi;
  let w: SeedWorld;
  let fip: any;
  let vm: any;
  beforeEach(async () => {
    n = await netApi();
    w = await seedWorld(n);
    fip = (await n.api("POST", "/v2.0/floatingips", { token: n.demo, body: { floatingip: { floating_network_id: w.publicNet.id } } })).body.floatingip;
    vm = await port(n, { network_id: w.privateNet.id }, n.demo);
  });

  const url = () => `/v2.0/floatingips/${fip.id}/port_forwardings`;
  const body = (extra: Record<string, unknown> = {}) => ({
    port_forwarding: { protocol: "tcp", internal_port_id: vm.id, internal_ip_address: vm.fixed_ips[0].ip_address, internal_port: 22, external_port: 2222, ...extra },
  });
  const create = (extra: Record<string, unknown> = {}) => n.api("POST", url(), { token: n.demo, body: body(extra) });

  it("creates, shows, lists, updates and deletes a forwarding; the floating IP takes the router meanwhile", async () => {
    const res = await create({ description: "ssh" });
    expect(res.status, res.text).toBe(201);
    const pf = res.body.port_forwarding;
    expect(pf).toEqual({
      id: expect.any(String),
      protocol: "tcp",
      internal_ip_address: vm.fixed_ips[0].ip_address,
      internal_port_id: vm.id,
      internal_port: 22,
      external_port: 2222,
      internal_port_range: "22:22",
      external_port_range: "2222:2222",
      description: "ssh",
    });
    expect((await n.api("GET", `${url()}/${pf.id}`, { token: n.demo })).body.port_forwarding).toEqual(pf);
    expect((await n.api("GET", url(), { token: n.demo })).body.port_forwardings).toEqual([pf]);
    expect((await n.api("GET", `/v2.0/floatingips/${fip.id}`, { token: n.demo })).body.floatingip.router_id).toBe(w.router1.id);
    const updated = await n.api("PUT", `${url()}/${pf.id}`, { token: n.demo, body: { port_forwarding: { external_port: 2200, description: "moved" } } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.port_forwarding).toMatchObject({ external_port: 2200, description: "moved", internal_port: 22 });
    const range = await create({ protocol: "udp", internal_port: undefined, external_port: undefined, internal_port_range: "5000:5010", external_port_range: "6000:6010" });
    expect(range.status, range.text).toBe(201);
    expect(range.body.port_forwarding).toMatchObject({ internal_port: null, internal_port_range: "5000:5010", external_port_range: "6000:6010" });
    expect((await n.api("DELETE", `${url()}/${pf.id}`, { token: n.demo })).status).toBe(204);
    expect((await n.api("DELETE", `${url()}/${range.body.port_forwarding.id}`, { token: n.demo })).status).toBe(204);
    expect((await n.api("GET", `/v2.0/floatingips/${fip.id}`, { token: n.demo })).body.floatingip.router_id).toBe(null);
    const gone = await n.api("GET", `${url()}/${pf.id}`, { token: n.demo });
    expect(neutronError(gone)).toMatchObject({ type: "PortForwardingNotFound", message: `Port Forwarding ${pf.id} could not be found.` });
  });

  it("refuses duplicates as Neutron does (400) and forwardings the router cannot reach", async () => {
    expect((await create()).status).toBe(201);
    const dupExternal = await rejected(n, () => create({ internal_port: 23 }), 400, "BadRequest");
    expect(dupExternal.message).toBe(
      `Bad port_forwarding request: A duplicate port forwarding entry with same attributes already exists, conflicting values are {'floatingip_id': '${fip.id}', 'external_port': '2222', 'protocol': 'tcp'}.`,
    );
    await rejected(n, () => create({ external_port: 2223 }), 400, "BadRequest");
    expect((await create({ protocol: "udp" })).status).toBe(201);
    await rejected(n, () => create({ internal_ip_address: "10.0.0.250", external_port: 3000 }), 400, "BadRequest");
    await rejected(n, () => create({ internal_port_id: "nope", external_port: 3001 }), 404, "PortNotFound");
    await rejected(n, () => create({ protocol: "icmp", external_port: 3002 }), 400, "BadRequest");
    await rejected(n, () => create({ external_port: 70000 }), 400, "BadRequest");
    await rejected(n, () => create({ internal_port_range: "30:40", external_port: 3003 }), 400, "HTTPBadRequest");
    const { network } = await tenantNetwork(n, "unrouted", "10.80.0.0/24");
    const lonely = await port(n, { network_id: network.id }, n.demo);
    await rejected(
      n,
      () => create({ internal_port_id: lonely.id, internal_ip_address: lonely.fixed_ips[0].ip_address, external_port: 3004 }),
      404,
      "ExternalGatewayForFloatingIPNotFound",
    );
  });

  it("refuses a port that already has a floating IP, and a floating IP that has a port", async () => {
    const other = await port(n, { network_id: w.privateNet.id }, n.demo);
    const bound = await n.api("POST", "/v2.0/floatingips", { token: n.demo, body: { floatingip: { floating_network_id: w.publicNet.id, port_id: other.id } } });
    expect(bound.status, bound.text).toBe(201);
    await rejected(n, () => create({ internal_port_id: other.id, internal_ip_address: other.fixed_ips[0].ip_address }), 409, "PortHasBindingFloatingIP");
    fip = bound.body.floatingip;
    await rejected(n, () => create(), 409, "FloatingIPPortAlreadyAssociated");
  });

  it("hides another project's floating IP", async () => {
    const adminFip = (await n.api("POST", "/v2.0/floatingips", { body: { floatingip: { floating_network_id: w.publicNet.id } } })).body.floatingip;
    const path = `/v2.0/floatingips/${adminFip.id}/port_forwardings`;
    await rejected(n, () => n.api("POST", path, { token: n.demo, body: body() }), 404, "FloatingIPNotFound");
    await rejected(n, () => n.api("GET", path, { token: n.demo }), 404, "FloatingIPNotFound");
  });

  it("advertises floating-ip-port-forwarding", async () => {
    expect((await n.api("GET", "/v2.0/extensions/floating-ip-port-forwarding")).status).toBe(200);
  });

  it("a floating IP with forwardings takes no port, nor a port with forwardings a floating IP", async () => {
    expect((await create()).status).toBe(201);
    const other = await port(n, { network_id: w.privateNet.id }, n.demo);
    const inUse = await rejected(n, () => n.api("PUT", `/v2.0/floatingips/${fip.id}`, { token: n.demo, body: { floatingip: { port_id: other.id } } }), 409, "FipInUseByPortForwarding");
    expect(inUse.message).toBe(`Floating IP ${fip.id} in use by Port Forwarding resources.`);
    await rejected(
      n,
      () => n.api("POST", "/v2.0/floatingips", { token: n.demo, body: { floatingip: { floating_network_id: w.publicNet.id, port_id: vm.id } } }),
      400,
      "PortHasPortForwarding",
    );
  });
  it("forwardings go with their floating IP or internal port", async () => {
    const pf = (await create()).body.port_forwarding;
    expect((await n.api("DELETE", `/v2.0/ports/${vm.id}`, { token: n.demo })).status).toBe(204);
    expect((await n.api("GET", `${url()}/${pf.id}`, { token: n.demo })).status).toBe(404);
    expect((await n.api("GET", `/v2.0/floatingips/${fip.id}`, { token: n.demo })).body.floatingip.router_id).toBe(null);
    vm = await port(n, { network_id: w.privateNet.id }, n.demo);
    const again = (await create()).body.port_forwarding;
    expect((await n.api("DELETE", `/v2.0/floatingips/${fip.id}`, { token: n.demo })).status).toBe(204);
    expect((n.emu.kernel.store.state.networking as NetworkingState).ext.portForwardings.size).toBe(0);
    expect(again.id).toEqual(expect.any(String));
  });
});
