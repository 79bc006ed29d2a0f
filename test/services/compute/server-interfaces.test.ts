// os-interface: list and show the server's ports; attach a new port on a network (optionally with a fixed
// IP) or a given port, bound on the server's host; detach (a created port is deleted, a given one freed);
// Nova's 400s, 404s and the 409 of a server in the wrong state.

import { describe, expect, it } from "vitest";
import { ACTION_MS, actionApi, fault } from "./server-actions-setup.js";

describe("os-interface", () => {
  it("lists the server's interfaces and shows one", async () => {
    const t = await actionApi();
    const server = await t.active();
    const [port] = await t.ports(server.id);
    const list = await t.api("GET", `/servers/${server.id}/os-interface`, { token: t.demo });
    expect(list.status).toBe(200);
    expect(list.body.interfaceAttachments).toEqual([
      { fixed_ips: port.fixed_ips, mac_addr: port.mac_address, net_id: t.privateNet, port_id: port.id, port_state: "ACTIVE" },
    ]);
    const one = await t.api("GET", `/servers/${server.id}/os-interface/${port.id}`, { token: t.demo, version: "2.70" });
    expect(one.body.interfaceAttachment).toMatchObject({ port_id: port.id, tag: null });
    expect(fault(await t.refused(404, "GET", `/servers/${server.id}/os-interface/nope`, { token: t.demo })).message).toBe(`Instance ${server.id} does not have a port with id nope`);
  });

  it("attaches a new port on a network, bound on the host, then detaches it (the port is deleted)", async () => {
    const t = await actionApi();
    const server = await t.active();
    const res = await t.api("POST", `/servers/${server.id}/os-interface`, { token: t.demo, body: { interfaceAttachment: { net_id: t.privateNet } } });
    expect(res.status).toBe(200);
    const portId = res.body.interfaceAttachment.port_id;
    expect(res.body.interfaceAttachment).toMatchObject({ net_id: t.privateNet, port_state: "ACTIVE" });
    expect((await t.ports(server.id)).map((p) => p.id)).toContain(portId);
    expect((await t.show(server.id)).addresses.private).toHaveLength(2);
    expect((await t.api("DELETE", `/servers/${server.id}/os-interface/${portId}`, { token: t.demo })).status).toBe(202);
    expect((await t.net("GET", `/ports/${portId}`)).status).toBe(404);
    expect((await t.show(server.id)).addresses.private).toHaveLength(1);
  });

  it("attaches a given port and frees it again on detach", async () => {
    const t = await actionApi();
    const server = await t.active();
    const port = (await t.net("POST", "/ports", { token: t.demo, body: { port: { network_id: t.privateNet } } })).body.port;
    const res = await t.api("POST", `/servers/${server.id}/os-interface`, { token: t.demo, body: { interfaceAttachment: { port_id: port.id } } });
    expect(res.status).toBe(200);
    expect((await t.net("GET", `/ports/${port.id}`)).body.port).toMatchObject({ device_id: server.id, status: "ACTIVE" });
    await t.api("DELETE", `/servers/${server.id}/os-interface/${port.id}`, { token: t.demo });
    expect((await t.net("GET", `/ports/${port.id}`)).body.port).toMatchObject({ device_id: "", status: "DOWN" });
  });

  it("refuses both port and network, a fixed IP without a network, an unknown network, and a server in RESCUE", async () => {
    const t = await actionApi();
    const server = await t.active();
    const path = `/servers/${server.id}/os-interface`;
    const attach = (a: unknown, status: number) => t.refused(status, "POST", path, { token: t.demo, body: { interfaceAttachment: a } });
    expect(fault(await attach({ port_id: "p", net_id: t.privateNet }, 400)).message).toBe("Must not input both network_id and port_id");
    expect(fault(await attach({ fixed_ips: [{ ip_address: "10.0.0.99" }] }, 400)).message).toBe("Must input network_id when request IP address");
    expect(fault(await attach({ net_id: "nope" }, 400)).message).toBe("Network nope could not be found.");
    expect(fault(await t.refused(404, "DELETE", `${path}/nope`, { token: t.demo })).message).toBe("Port nope is not attached");
    await t.ok(server.id, { rescue: null }, 200);
    t.advance(ACTION_MS);
    expect(fault(await attach({ net_id: t.privateNet }, 409)).message).toBe(`Cannot 'attach_interface' instance ${server.id} while it is in vm_state rescued`);
  });
});
