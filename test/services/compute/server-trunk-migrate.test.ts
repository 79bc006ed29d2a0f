// A server booted on a trunk's parent port: the subports follow the parent's binding, ACTIVE on its host,
// and still ACTIVE on the new host after a live migration.

import { describe, expect, it } from "vitest";
import { ACTION_MS, actionApi } from "./server-actions-setup.js";

describe("trunk subports and live migration", () => {
  it("subports are ACTIVE on the parent's host after boot and after os-migrateLive", async () => {
    const t = await actionApi();
    const port = async (name: string) => (await t.net("POST", "/ports", { token: t.demo, body: { port: { network_id: t.privateNet, name } } })).body.port;
    const parent = await port("parent");
    const sub = await port("sub");
    const trunk = await t.net("POST", "/trunks", { token: t.demo, body: { trunk: { port_id: parent.id, sub_ports: [{ port_id: sub.id, segmentation_type: "vlan", segmentation_id: 100 }] } } });
    expect(trunk.status).toBe(201);
    const server = await t.active({ networks: [{ port: parent.id }] });
    const subPort = async () => (await t.net("GET", `/ports/${sub.id}`, { token: t.admin })).body.port;
    expect(await subPort()).toMatchObject({ status: "ACTIVE", "binding:host_id": server["OS-EXT-SRV-ATTR:host"] });
    await t.ok(server.id, { "os-migrateLive": { host: null, block_migration: "auto" } }, 202, { token: t.admin, version: "2.25" });
    t.advance(ACTION_MS);
    const moved = await t.show(server.id);
    expect(moved["OS-EXT-SRV-ATTR:host"]).not.toBe(server["OS-EXT-SRV-ATTR:host"]);
    expect(await subPort()).toMatchObject({ status: "ACTIVE", "binding:host_id": moved["OS-EXT-SRV-ATTR:host"] });
  });
});
