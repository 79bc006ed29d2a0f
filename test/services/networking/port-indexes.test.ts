// Port lists read through the ports' indexes (by project, device and network): the rows are exactly the
// ones a scan of every port would give, in the same order, through device changes (bind, unbind, router,
// update), a member's view of other projects' ports on its networks, a per-project reset and a snapshot of
// a build that kept no such indexes.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { netApi, type NetApi } from "./api-setup.js";
import { demoNet, okPort } from "./port-setup.js";
import { dictEntries } from "../../../src/kernel/store/dict.js";

const ids = async (n: NetApi, query: string, token = n.admin) => {
  const res = await n.api("GET", `/v2.0/ports${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.ports.map((p: any) => p.id as string);
};

/** Every port the token sees, filtered here by a scan of the full admin list: what an index must match. */
async function expected(n: NetApi, keep: (p: any) => boolean, token = n.admin): Promise<string[]> {
  const all = (await n.api("GET", "/v2.0/ports", { token })).body.ports;
  return all.filter(keep).map((p: any) => p.id);
}

describe("port lists through the indexes", () => {
  it("a device_id filter follows ports bound, unbound, moved to another device and updated, in creation order", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const a = await okPort(n, { network_id: network.id, device_id: "dev-1" });
    const b = await okPort(n, { network_id: network.id });
    const c = await okPort(n, { network_id: network.id, device_id: "dev-1" });
    expect(await ids(n, "?device_id=dev-1")).toEqual([a.id, c.id]);
    // b joins dev-1 after c did: it still lists in creation order
    expect((await n.api("PUT", `/v2.0/ports/${b.id}`, { token: n.demo, body: { port: { device_id: "dev-1" } } })).status).toBe(200);
    expect(await ids(n, "?device_id=dev-1")).toEqual([a.id, b.id, c.id]);
    expect((await n.api("PUT", `/v2.0/ports/${a.id}`, { token: n.demo, body: { port: { device_id: "dev-2" } } })).status).toBe(200);
    expect(await ids(n, "?device_id=dev-1")).toEqual([b.id, c.id]);
    expect(await ids(n, "?device_id=dev-2")).toEqual([a.id]);
    expect(await ids(n, "?device_id=dev-1", n.demo)).toEqual([b.id, c.id]);
    expect(await ids(n, "?device_id=")).toEqual(await expected(n, (p) => p.device_id === ""));
    expect(await ids(n, "?device_id=dev-1&device_id=dev-2")).toEqual([a.id, b.id, c.id]);
    // deleted: gone from its device
    expect((await n.api("DELETE", `/v2.0/ports/${c.id}`, { token: n.demo })).status).toBe(204);
    expect(await ids(n, "?device_id=dev-1")).toEqual([b.id]);
  });

  it("a server's ports by device_id as Nova asks, through its build and delete; a router's interface port", async () => {
    const n = await netApi();
    const net = (await n.api("GET", "/v2.0/networks?name=private", { token: n.demo })).body.networks[0];
    const made = await call(n.emu, "POST", "/compute/v2.1/servers", { token: n.demo, body: { server: { name: "s", flavorRef: "1", imageRef: "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11", networks: [{ uuid: net.id }] } } });
    expect(made.status, made.text).toBe(202);
    const server = made.body.server.id;
    n.emu.clock.advance(10_000);
    const ports = await ids(n, `?device_id=${server}`);
    expect(ports).toHaveLength(1);
    expect(ports).toEqual(await expected(n, (p) => p.device_id === server));
    expect((await call(n.emu, "DELETE", `/compute/v2.1/servers/${server}`, { token: n.demo })).status).toBe(204);
    n.emu.clock.advance(10_000);
    expect(await ids(n, `?device_id=${server}`)).toEqual([]);

    const router = (await n.api("GET", "/v2.0/routers", { token: n.demo })).body.routers[0];
    expect(await ids(n, `?device_id=${router.id}`)).toEqual(await expected(n, (p) => p.device_id === router.id));
    expect((await ids(n, `?device_id=${router.id}`)).length).toBeGreaterThan(0);
  });

  it("a member sees its own ports and other projects' ports on its networks, and no others, in creation order", async () => {
    const n = await netApi();
    const { network: mine } = await demoNet(n);
    const shared = await n.network({ name: "shared-net", shared: true });
    await n.subnet({ network_id: shared.id, cidr: "10.99.0.0/24" });
    const own1 = await okPort(n, { network_id: mine.id });
    const adminsOnMine = await okPort(n, { network_id: mine.id, project_id: n.adminProject }, n.admin);
    const adminsOnShared = await okPort(n, { network_id: shared.id }, n.admin);
    const ownOnShared = await okPort(n, { network_id: shared.id });
    const seen = await ids(n, "", n.demo);
    expect(seen).toContain(own1.id);
    expect(seen).toContain(adminsOnMine.id);
    expect(seen).toContain(ownOnShared.id);
    expect(seen).not.toContain(adminsOnShared.id);
    // the same rows, in the same order, as the admin's full list narrowed to what demo may see
    const admin = (await n.api("GET", "/v2.0/ports", { token: n.admin })).body.ports;
    const demoNets = new Set((await n.api("GET", `/v2.0/networks?project_id=${n.demoProject}`, { token: n.admin })).body.networks.map((x: any) => x.id));
    expect(seen).toEqual(admin.filter((p: any) => p.project_id === n.demoProject || demoNets.has(p.network_id)).map((p: any) => p.id));
    expect(await ids(n, `?network_id=${shared.id}`, n.demo)).toEqual([ownOnShared.id]);
    expect(await ids(n, `?network_id=${mine.id}`, n.demo)).toEqual(await expected(n, (p) => p.network_id === mine.id));
    // a page and the next one after its marker
    const page = await ids(n, "?limit=2", n.demo);
    expect(page).toEqual(seen.slice(0, 2));
    expect(await ids(n, `?limit=2&marker=${page[1]}`, n.demo)).toEqual(seen.slice(2, 4));
  });

  it("stays right through a per-project reset and a snapshot from a build without the indexes", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const adminPort = await okPort(n, { network_id: network.id, project_id: n.adminProject, device_id: "keep" }, n.admin);
    await okPort(n, { network_id: network.id, device_id: "gone" });
    expect((await call(n.emu, "POST", `/_emulator/reset?project=${n.demoProject}`)).status).toBeLessThan(300);
    expect(await ids(n, "?device_id=gone")).toEqual([]);
    expect(await ids(n, "?device_id=keep")).toEqual([]); // its network was demo's: gone with it
    const kept = await okPort(n, { network_id: (await n.api("GET", "/v2.0/networks?name=private", { token: n.demo })).body.networks[0].id, device_id: "dev" });
    expect(adminPort.id).not.toBe(kept.id);

    const snapshot = JSON.parse((await call(n.emu, "GET", "/_emulator/state")).text);
    const ports = snapshot.state.networking.ports;
    expect(ports.also.map((g: { by: string }) => g.by)).toEqual(["deviceId", "networkId", "name"]);
    delete ports.also;
    delete ports.groups;
    delete snapshot.state.networking.networks.groups;
    expect((await call(n.emu, "PUT", "/_emulator/state", { body: snapshot })).status).toBe(200);
    expect(await ids(n, "?device_id=dev")).toEqual([kept.id]);
    expect(await ids(n, "", n.demo)).toEqual(await expected(n, (p) => p.project_id === n.demoProject || p.network_id === kept.network_id));
  });
});

describe("port list filters read on the row", () => {
  it("name, status, device_owner, mac_address and project_id give what filtering the whole list gives", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const a = await okPort(n, { network_id: network.id, name: "same" });
    await okPort(n, { network_id: network.id, name: "other", device_owner: "compute:nova", device_id: "d" });
    const c = await okPort(n, { network_id: network.id, name: "same", admin_state_up: false });
    const all = (await n.api("GET", "/v2.0/ports")).body.ports;
    const cases: Array<[string, (p: any) => boolean]> = [
      ["?name=same", (p) => p.name === "same"],
      ["?name=same&name=other", (p) => p.name === "same" || p.name === "other"],
      ["?name=", (p) => p.name === ""],
      ["?status=DOWN", (p) => p.status === "DOWN"],
      ["?device_owner=compute:nova", (p) => p.device_owner === "compute:nova"],
      [`?mac_address=${a.mac_address}`, (p) => p.mac_address === a.mac_address],
      [`?project_id=${n.demoProject}&name=same`, (p) => p.project_id === n.demoProject && p.name === "same"],
      [`?tenant_id=${n.adminProject}`, (p) => p.project_id === n.adminProject],
      ["?name=same&admin_state_up=false", (p) => p.name === "same" && p.admin_state_up === false],
    ];
    for (const [query, keep] of cases) expect(await ids(n, query), query).toEqual(all.filter(keep).map((p: any) => p.id));
    expect(await ids(n, "?name=same&admin_state_up=false")).toEqual([c.id]);
  });
});

describe("a port list's name filter, read from the name index or the caller's own ports", () => {
  it("gives a member what filtering its whole list gives, whether the name is rarer or commoner than its ports", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const adminNet = await n.network({ name: "admin-net" });
    // demo's ports, and an admin's port on demo's network (which demo sees), named alike
    await okPort(n, { network_id: network.id, name: "web" });
    await okPort(n, { network_id: network.id, name: "db" });
    const foreign = await n.api("POST", "/v2.0/ports", { body: { port: { network_id: network.id, name: "web", project_id: n.adminProject } } });
    expect(foreign.status, foreign.text).toBe(201);
    await okPort(n, { network_id: network.id });
    const check = async () => {
      for (const token of [n.demo, n.admin]) {
        for (const names of [["web"], ["db"], [""], ["web", ""], ["common"], ["nothing"]]) {
          const query = `?${names.map((name) => `name=${name}`).join("&")}`;
          expect(await ids(n, query, token), `${query}`).toEqual(await expected(n, (p) => names.includes(p.name), token));
        }
      }
    };
    await check();
    // a name the admin's ports hold far more often than demo holds ports: demo's list reads its own ports;
    // unnamed admin ports make the empty name more than half the table: an admin's list scans
    for (let i = 0; i < 8; i++) {
      const res = await n.api("POST", "/v2.0/ports", { body: { port: { network_id: adminNet.id, name: i % 2 ? "common" : "" } } });
      expect(res.status, res.text).toBe(201);
    }
    await okPort(n, { network_id: network.id, name: "common" });
    await check();
  });
});

describe("the empty device and name, which most ports have, are not indexed", () => {
  it("keeps no group for them, and device_id= and name= with the empty value still give what a scan gives", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const named = await okPort(n, { network_id: network.id, name: "web", device_id: "dev-1" });
    await okPort(n, { network_id: network.id });
    await okPort(n, { network_id: network.id, name: "web" });
    const groupsOf = (state: any, by: string) => new Map(dictEntries(state.networking.ports.also.find((g: any) => g.by === by).members));
    const check = async () => {
      for (const token of [n.admin, n.demo]) {
        for (const [query, keep] of [
          ["?device_id=", (p: any) => p.device_id === ""],
          ["?name=", (p: any) => p.name === ""],
          ["?name=&name=web", (p: any) => p.name === "" || p.name === "web"],
          ["?device_id=&name=web", (p: any) => p.device_id === "" && p.name === "web"],
          ["?device_id=dev-1", (p: any) => p.device_id === "dev-1"],
        ] as Array<[string, (p: any) => boolean]>) {
          expect(await ids(n, query, token), query).toEqual(await expected(n, keep, token));
        }
      }
    };
    await check();
    const state = JSON.parse((await call(n.emu, "GET", "/_emulator/state")).text).state;
    expect(groupsOf(state, "deviceId").has("")).toBe(false);
    expect(groupsOf(state, "name").has("")).toBe(false);
    // a group of one is its row's sequence number; of two, a set of them
    expect(typeof groupsOf(state, "deviceId").get("dev-1")).toBe("number");
    expect(groupsOf(state, "name").get("web")).toMatchObject({ size: 2 });
    // a port leaving its device and its name leaves their groups, and joins no empty one
    const cleared = await n.api("PUT", `/v2.0/ports/${named.id}`, { token: n.demo, body: { port: { device_id: "", name: "" } } });
    expect(cleared.status, cleared.text).toBe(200);
    const after = JSON.parse((await call(n.emu, "GET", "/_emulator/state")).text);
    expect(groupsOf(after.state, "deviceId").has("dev-1")).toBe(false);
    expect(groupsOf(after.state, "deviceId").has("")).toBe(false);
    expect(groupsOf(after.state, "name").has("")).toBe(false);
    expect(typeof groupsOf(after.state, "name").get("web")).toBe("number");
    await check();
    // an index that says it keeps the empty value but lacks its rows is refused on import, changing nothing
    for (const by of ["deviceId", "name"]) {
      const grouping = after.state.networking.ports.also.find((g: any) => g.by === by);
      delete grouping.skipEmpty;
    }
    const unskipped = await call(n.emu, "PUT", "/_emulator/state", { body: after });
    expect(unskipped.status).toBe(400);
    expect(JSON.parse((await call(n.emu, "GET", "/_emulator/state")).text).state.networking.ports.also.find((g: any) => g.by === "name").skipEmpty).toBe(true);
    await check();
  });
});
