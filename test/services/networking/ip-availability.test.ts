import { beforeEach, describe, expect, it } from "vitest";
import { netApi, neutronError, type NetApi } from "./api-setup.js";
import { port } from "./l3-setup.js";

describe("networking: /v2.0/network-ip-availabilities", () => {
  let n: NetApi;
  beforeEach(async () => {
    n = await netApi();
  });

  it("counts pool addresses and allocations per network and subnet", async () => {
    const net = await n.network({ name: "counted" });
    const v4 = await n.subnet({ network_id: net.id, cidr: "10.60.0.0/24", name: "v4" });
    const v6 = await n.subnet({ network_id: net.id, cidr: "fd00:60::/120", ip_version: 6, name: "v6" });
    await port(n, { network_id: net.id, fixed_ips: [{ subnet_id: v4.id }] });
    await port(n, { network_id: net.id, fixed_ips: [{ subnet_id: v4.id }] });
    const res = await n.api("GET", `/v2.0/network-ip-availabilities/${net.id}`);
    expect(res.status, res.text).toBe(200);
    const v4Used = res.body.network_ip_availability.subnet_ip_availability.find((x: any) => x.subnet_id === v4.id).used_ips;
    expect(res.body.network_ip_availability).toEqual({
      network_id: net.id,
      network_name: "counted",
      project_id: n.adminProject,
      tenant_id: n.adminProject,
      total_ips: 253 + 254,
      used_ips: expect.any(Number),
      subnet_ip_availability: [
        { subnet_id: v4.id, subnet_name: "v4", cidr: "10.60.0.0/24", ip_version: 4, total_ips: 253, used_ips: v4Used },
        { subnet_id: v6.id, subnet_name: "v6", cidr: "fd00:60::/120", ip_version: 6, total_ips: 254, used_ips: expect.any(Number) },
      ],
    });
    expect(v4Used).toBeGreaterThanOrEqual(2);
    const list = await n.api("GET", "/v2.0/network-ip-availabilities");
    expect(list.body.network_ip_availabilities.map((x: any) => x.network_id)).toContain(net.id);
    const byName = await n.api("GET", "/v2.0/network-ip-availabilities?network_name=counted");
    expect(byName.body.network_ip_availabilities).toHaveLength(1);
    const v6Only = await n.api("GET", `/v2.0/network-ip-availabilities?ip_version=6&network_id=${net.id}`);
    expect(v6Only.body.network_ip_availabilities[0].subnet_ip_availability.map((x: any) => x.subnet_id)).toEqual([v6.id]);
    expect((await n.api("GET", "/v2.0/network-ip-availabilities?ip_version=5")).status).toBe(400);
  });

  it("is admin only: a non-admin lists none and finds none", async () => {
    const net = await n.network({ name: "counted" });
    expect((await n.api("GET", "/v2.0/network-ip-availabilities", { token: n.demo })).body).toEqual({ network_ip_availabilities: [] });
    const show = await n.api("GET", `/v2.0/network-ip-availabilities/${net.id}`, { token: n.demo });
    expect(show.status).toBe(404);
    expect(neutronError(show).type).toBe("HTTPNotFound");
    const missing = await n.api("GET", "/v2.0/network-ip-availabilities/nope");
    expect(missing.status).toBe(404);
    expect(neutronError(missing).type).toBe("NetworkNotFound");
  });

  it("advertises network-ip-availability", async () => {
    expect((await n.api("GET", "/v2.0/extensions/network-ip-availability")).status).toBe(200);
  });
});
