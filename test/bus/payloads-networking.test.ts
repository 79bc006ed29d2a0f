// Networking's notifications as a bus consumer sees them: Neutron's <resource>.create.end, .update.end and
// .delete.end on `notifications` from network.controller, the API's view under the resource's name.

import { describe, expect, it } from "vitest";
import { computeApi } from "../helpers/compute.js";
import { captureNotifications } from "../helpers/bus.js";

describe("networking's notifications", () => {
  it("a network, subnet, port, router interface and floating IP made and removed: Neutron's notifications in order", async () => {
    const t = await computeApi();
    const bus = captureNotifications(t.emu);
    const net = (method: string, path: string, body?: unknown) => t.net(method, path, { token: t.demo, body });
    const network = (await net("POST", "/networks", { network: { name: "blue" } })).body.network;
    const subnet = (await net("POST", "/subnets", { subnet: { network_id: network.id, cidr: "10.9.0.0/24", ip_version: 4 } })).body.subnet;
    const port = (await net("POST", "/ports", { port: { network_id: network.id, name: "p1" } })).body.port;
    expect((await net("PUT", `/ports/${port.id}`, { port: { name: "p2" } })).status).toBe(200);
    const router = (await net("POST", "/routers", { router: { name: "r1", external_gateway_info: { network_id: t.publicNet } } })).body.router;
    expect((await net("PUT", `/routers/${router.id}/add_router_interface`, { subnet_id: subnet.id })).status).toBe(200);
    const fip = await net("POST", "/floatingips", { floatingip: { floating_network_id: t.publicNet, port_id: port.id } });
    expect(fip.status, fip.text).toBe(201);
    expect((await net("DELETE", `/floatingips/${fip.body.floatingip.id}`)).status).toBe(204);
    expect((await net("PUT", `/routers/${router.id}/remove_router_interface`, { subnet_id: subnet.id })).status).toBe(200);
    expect((await net("DELETE", `/ports/${port.id}`)).status).toBe(204);
    expect((await net("DELETE", `/subnets/${subnet.id}`)).status).toBe(204);
    expect((await net("DELETE", `/networks/${network.id}`)).status).toBe(204);

    const ours = bus.filter((n) => n.from.startsWith("networking."));
    expect(ours.every((n) => n.topic === "notifications" && n.publisherId === "network.controller" && n.priority === "INFO")).toBe(true);
    const seen = ours.map((n) => n.eventType);
    for (const expected of [
      ["network.create.end", "subnet.create.end", "port.create.end", "port.update.end", "router.create.end", "router.interface.create"],
      ["floatingip.create.end", "floatingip.delete.end", "router.interface.delete"],
    ]) {
      const at = expected.map((type) => seen.indexOf(type));
      expect(at.every((i) => i >= 0), `${expected} in ${seen}`).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
    }
    const find = (type: string) => ours.find((n) => n.eventType === type)!.payload as Record<string, any>;
    expect(find("network.create.end").network).toMatchObject({ id: network.id, name: "blue", project_id: t.demoProject, tenant_id: t.demoProject });
    expect(find("subnet.create.end").subnet).toMatchObject({ id: subnet.id, cidr: "10.9.0.0/24", network_id: network.id });
    expect(find("port.create.end").port).toMatchObject({ id: port.id, name: "p1", network_id: network.id, fixed_ips: [expect.objectContaining({ subnet_id: subnet.id })] });
    expect(ours.filter((n) => n.eventType === "port.update.end").map((n) => (n.payload.port as any).name)).toContain("p2");
    expect(find("router.interface.create").router_interface).toMatchObject({ id: router.id, subnet_id: subnet.id, tenant_id: t.demoProject });
    expect(find("floatingip.create.end").floatingip).toMatchObject({ port_id: port.id, floating_network_id: t.publicNet });
    expect(find("floatingip.delete.end")).toMatchObject({ floatingip_id: fip.body.floatingip.id, floatingip: { id: fip.body.floatingip.id } });
    // removing the interface deleted the router's port first; the last port.delete.end is p2's
    expect(ours.filter((n) => n.eventType === "port.delete.end").at(-1)!.payload).toEqual({ port_id: port.id, port: { id: port.id, project_id: t.demoProject, tenant_id: t.demoProject, network_id: network.id, device_id: "" } });
    expect(find("subnet.delete.end")).toEqual({ subnet_id: subnet.id, subnet: { id: subnet.id, project_id: t.demoProject, tenant_id: t.demoProject, network_id: network.id } });
    expect(find("network.delete.end")).toEqual({ network_id: network.id, network: { id: network.id, project_id: t.demoProject, tenant_id: t.demoProject, name: "blue" } });
    expect(seen.slice(-2)).toEqual(["subnet.delete.end", "network.delete.end"]);
    expect(bus.failures).toEqual([]);
  });

  it("a server's port: created with the server, updated when bound to the host, deleted with the server", async () => {
    const t = await computeApi();
    const bus = captureNotifications(t.emu);
    const server = await t.active();
    await t.api("DELETE", `/servers/${server.id}`, { token: t.demo });
    t.advance(2000);
    const ports = bus.filter((n) => n.eventType.startsWith("port."));
    expect(ports.map((n) => n.eventType)).toEqual(["port.create.end", "port.update.end", "port.delete.end"]);
    expect((ports[1].payload.port as any)).toMatchObject({ device_id: server.id, "binding:host_id": server["OS-EXT-SRV-ATTR:host"], status: "ACTIVE" });
    expect(ports[2].payload).toMatchObject({ port: { device_id: server.id } });
  });
});
