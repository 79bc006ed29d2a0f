// `networks: "auto"` for a project with no network (Nova's get-me-a-network): networking's auto-allocated
// topology is made once for a multi-create and every server is attached to it; without a default external
// network it is Nova's 400 and nothing is left behind.

import { describe, expect, it } from "vitest";
import { BUILD_MS, CIRROS, computeApi } from "../../helpers/compute.js";

const body = { server: { name: "auto", flavorRef: "1", imageRef: CIRROS, networks: "auto", min_count: 3 } };

describe("networks auto with no network to boot on", () => {
  it("is a 400 while no default external network exists", async () => {
    const t = await computeApi();
    const res = await t.refused(400, "POST", "/servers", { token: t.admin, version: "2.37", body });
    expect(res.text).toContain("Unable to automatically allocate a network");
  });

  it("allocates the topology once and attaches each of min_count 3 servers to it", async () => {
    const t = await computeApi();
    expect((await t.net("PUT", `/networks/${t.publicNet}`, { token: t.admin, body: { network: { is_default: true } } })).status).toBe(200);
    const res = await t.api("POST", "/servers", { token: t.admin, version: "2.37", body });
    expect(res.status).toBe(202);
    t.advance(BUILD_MS);
    const nets = (await t.net("GET", "/networks?name=auto_allocated_network", { token: t.admin })).body.networks;
    expect(nets).toHaveLength(1);
    const servers = (await t.api("GET", "/servers/detail?name=auto", { token: t.admin })).body.servers;
    expect(servers).toHaveLength(3);
    for (const s of servers) {
      expect(s.status).toBe("ACTIVE");
      expect(Object.keys(s.addresses)).toEqual(["auto_allocated_network"]);
    }
    const ports = (await t.net("GET", `/ports?network_id=${nets[0].id}&device_owner=compute:nova`, { token: t.admin })).body.ports;
    expect(ports).toHaveLength(3);
  });
});
