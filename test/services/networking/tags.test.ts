import { describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../../helpers/emulator.js";

async function setup() {
  const emu = testEmulator();
  const demo = await login(emu, "demo");
  const admin = await login(emu, "admin");
  const net = (method: string, path: string, token: string, body?: unknown) => call(emu, method, `/networking/v2.0${path}`, { token, body });
  const network = (await net("POST", "/networks", demo, { network: { name: "tagged" } })).body.network;
  const state = () => JSON.stringify(emu.kernel.store.state.networking);
  return { emu, demo, admin, net, network, state };
}

describe("networking tags (standard-attr-tag)", () => {
  it("replaces, adds, checks, lists, filters and removes tags as openstack network create --tag does", async () => {
    const { net, demo, network } = await setup();
    const put = await net("PUT", `/networks/${network.id}/tags`, demo, { tags: ["red", "blue", "red"] });
    expect(put.status).toBe(200);
    expect(put.body.tags).toEqual(["red", "blue"]);
    expect((await net("PUT", `/networks/${network.id}/tags/green`, demo)).status).toBe(201);
    expect((await net("GET", `/networks/${network.id}/tags`, demo)).body.tags).toEqual(["red", "blue", "green"]);
    expect((await net("GET", `/networks/${network.id}/tags/blue`, demo)).status).toBe(204);
    expect((await net("GET", `/networks/${network.id}/tags/purple`, demo)).status).toBe(404);
    const shown = (await net("GET", `/networks/${network.id}`, demo)).body.network;
    expect(shown.tags).toEqual(["red", "blue", "green"]);
    expect(shown.revision_number).toBe(2);
    const listed = (await net("GET", "/networks?tags=green", demo)).body.networks;
    expect(listed.map((n: { id: string }) => n.id)).toEqual([network.id]);
    expect((await net("DELETE", `/networks/${network.id}/tags/red`, demo)).status).toBe(204);
    expect((await net("DELETE", `/networks/${network.id}/tags/red`, demo)).status).toBe(404);
    expect((await net("DELETE", `/networks/${network.id}/tags`, demo)).status).toBe(204);
    expect((await net("GET", `/networks/${network.id}/tags`, demo)).body.tags).toEqual([]);
  });

  it("tags other taggable resources too (ports, security groups, routers)", async () => {
    const { net, demo, network } = await setup();
    await net("POST", "/subnets", demo, { subnet: { network_id: network.id, ip_version: 4, cidr: "10.9.0.0/24" } });
    const port = (await net("POST", "/ports", demo, { port: { network_id: network.id } })).body.port;
    const group = (await net("POST", "/security-groups", demo, { security_group: { name: "web" } })).body.security_group;
    const router = (await net("POST", "/routers", demo, { router: { name: "r" } })).body.router;
    for (const path of [`/ports/${port.id}`, `/security-groups/${group.id}`, `/routers/${router.id}`]) {
      expect((await net("PUT", `${path}/tags/x`, demo)).status).toBe(201);
      expect((await net("GET", `${path}/tags`, demo)).body.tags).toEqual(["x"]);
    }
  });

  it("rejects bad tags and other projects' resources, changing nothing", async () => {
    const { net, demo, admin, network, state } = await setup();
    const before = state();
    expect((await net("PUT", `/networks/${network.id}/tags`, demo, { tags: ["a,b"] })).status).toBe(400);
    expect((await net("PUT", `/networks/${network.id}/tags`, demo, { tags: "red" })).status).toBe(400);
    expect((await net("PUT", `/networks/${network.id}/tags/${"x".repeat(256)}`, demo)).status).toBe(400);
    expect(state()).toBe(before);
    const adminNet = (await net("POST", "/networks", admin, { network: { name: "admins" } })).body.network;
    const mid = state();
    expect((await net("PUT", `/networks/${adminNet.id}/tags/x`, demo)).status).toBe(404);
    expect((await net("GET", `/networks/${adminNet.id}/tags`, demo)).status).toBe(404);
    expect(state()).toBe(mid);
  });
});
