// Neutron's exact `name=` filter on networks, subnets and ports reads the tables' name index: after
// creates, renames (PUT), deletes, a per-project reset and the import of a snapshot written without the
// index, a filtered list must hold exactly the rows of the unfiltered list that carry the name, in the
// same order, for the admin and for a member (whose visibility still applies).

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { netApi, type NetApi } from "./api-setup.js";

const COLLECTIONS = ["networks", "subnets", "ports"] as const;
type Collection = (typeof COLLECTIONS)[number];

async function ids(n: NetApi, collection: Collection, query: string, token: string): Promise<string[]> {
  const res = await n.api("GET", `/v2.0/${collection}${query}`, { token });
  expect(res.status).toBe(200);
  return res.body[collection].map((r: { id: string }) => r.id);
}

/** For each collection, token and name: the filtered list against the full list's rows with that name. */
async function check(n: NetApi, names: string[][]): Promise<number> {
  let matched = 0;
  for (const collection of COLLECTIONS) {
    for (const token of [n.admin, n.demo]) {
      const all = (await n.api("GET", `/v2.0/${collection}`, { token })).body[collection] as Array<{ id: string; name: string }>;
      for (const wanted of names) {
        const want = all.filter((r) => wanted.includes(r.name)).map((r) => r.id);
        const query = `?${wanted.map((w) => `name=${encodeURIComponent(w)}`).join("&")}`;
        expect(await ids(n, collection, query, token), `${collection} ${query}`).toEqual(want);
        matched += want.length;
      }
    }
  }
  return matched;
}

describe("the name filter through the name index", () => {
  it("lists exactly the rows so named, through renames, deletes, a reset and an old snapshot", async () => {
    const n = await netApi();
    const nets = [];
    for (let i = 0; i < 6; i++) {
      const token = i % 2 ? n.demo : n.admin;
      const net = await n.network({ name: i < 3 ? "twin" : `solo-${i}` }, token);
      const subnet = await n.subnet({ network_id: net.id, cidr: `10.77.${i}.0/24`, name: i < 3 ? "twin" : `solo-${i}` }, token);
      const port = await n.api("POST", "/v2.0/ports", { token, body: { port: { network_id: net.id, name: i < 3 ? "twin" : "" } } });
      expect(port.status).toBe(201);
      nets.push({ net, subnet, port: port.body.port });
    }
    const names = [["twin"], ["solo-3"], ["solo-4", "twin"], [""], ["nobody"]];
    expect(await check(n, names)).toBeGreaterThan(20);

    // renames move rows between names; a rename to the same name changes nothing
    const rename = async (collection: string, id: string, name: string) =>
      expect((await n.api("PUT", `/v2.0/${collection}/${id}`, { body: { [collection.slice(0, -1)]: { name } } })).status).toBe(200);
    await rename("networks", nets[0]!.net.id, "solo-3");
    await rename("networks", nets[3]!.net.id, "twin");
    await rename("subnets", nets[1]!.subnet.id, "");
    await rename("ports", nets[4]!.port.id, "twin");
    await rename("ports", nets[2]!.port.id, "twin");
    expect(await ids(n, "networks", "?name=solo-3", n.admin)).toEqual([nets[0]!.net.id]);
    await check(n, names);
    // back to its old name: it takes the name after the others, but lists in creation order, first
    await rename("networks", nets[0]!.net.id, "twin");
    expect((await ids(n, "networks", "?name=twin", n.admin))[0]).toBe(nets[0]!.net.id);
    await check(n, names);

    // deletes leave the index
    expect((await n.api("DELETE", `/v2.0/ports/${nets[4]!.port.id}`)).status).toBe(204);
    expect((await n.api("DELETE", `/v2.0/ports/${nets[5]!.port.id}`)).status).toBe(204);
    expect((await n.api("DELETE", `/v2.0/subnets/${nets[5]!.subnet.id}`)).status).toBe(204);
    await check(n, names);

    // a snapshot from a build without the name index reads the same once imported
    const snapshot = JSON.parse((await call(n.emu, "GET", "/_emulator/state")).text);
    for (const table of ["networks", "subnets", "ports"]) {
      const state = snapshot.state.networking[table];
      state.also = state.also.filter((g: { by: string }) => g.by !== "name");
    }
    expect((await call(n.emu, "PUT", "/_emulator/state", { body: snapshot })).status).toBe(200);
    await check(n, names);

    // a per-project reset of demo drops demo's rows from every name
    expect((await call(n.emu, "POST", `/_emulator/reset?project=${n.demoProject}`)).status).toBeLessThan(300);
    expect(await ids(n, "networks", "?name=twin", n.demo)).not.toContain(nets[1]!.net.id);
    await check(n, names);
  });
});
