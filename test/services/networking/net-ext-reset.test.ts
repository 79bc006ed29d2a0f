import { describe, expect, it } from "vitest";
import type { NetworkingState } from "../../../src/services/networking/state.js";
import { call } from "../../helpers/emulator.js";
import { netApi } from "./api-setup.js";
import { port, seedWorld } from "./l3-setup.js";

describe("networking extensions: per-project reset", () => {
  it("drops the project's trunks, forwardings and RBAC policies and keeps other projects' ones", async () => {
    const n = await netApi();
    const w = await seedWorld(n);
    const parent = await port(n, { network_id: w.privateNet.id }, n.demo);
    await n.api("POST", "/v2.0/trunks", { token: n.demo, body: { trunk: { port_id: parent.id } } });
    const fip = (await n.api("POST", "/v2.0/floatingips", { token: n.demo, body: { floatingip: { floating_network_id: w.publicNet.id } } })).body.floatingip;
    const vm = await port(n, { network_id: w.privateNet.id }, n.demo);
    const pf = await n.api("POST", `/v2.0/floatingips/${fip.id}/port_forwardings`, {
      token: n.demo,
      body: { port_forwarding: { protocol: "tcp", internal_port_id: vm.id, internal_ip_address: vm.fixed_ips[0].ip_address, internal_port: 22, external_port: 22 } },
    });
    expect(pf.status, pf.text).toBe(201);
    const shared = await n.network({ name: "for-demo" });
    const rbac = { object_type: "network", object_id: shared.id, action: "access_as_shared", target_tenant: n.demoProject };
    expect((await n.api("POST", "/v2.0/rbac-policies", { body: { rbac_policy: rbac } })).status).toBe(201);
    const label = await n.api("POST", "/v2.0/metering/metering-labels", { body: { metering_label: { name: "m" } } });
    expect(label.status).toBe(201);

    expect((await call(n.emu, "POST", `/_emulator/reset?project=${n.demoProject}`)).status).toBe(200);
    expect((await n.api("GET", "/v2.0/trunks")).body.trunks).toEqual([]);
    const ext = (n.emu.kernel.store.state.networking as NetworkingState).ext;
    expect(ext.portForwardings.size).toBe(0);
    expect((await n.api("GET", "/v2.0/rbac-policies")).body.rbac_policies).toHaveLength(1);
    expect((await n.api("GET", `/v2.0/networks/${shared.id}`, { token: n.demo })).status).toBe(200);
    expect((await n.api("GET", "/v2.0/metering/metering-labels")).body.metering_labels).toHaveLength(1);
  });
});
