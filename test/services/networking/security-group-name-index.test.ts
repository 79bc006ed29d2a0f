// A security group list's name= filter reads the groups so named from the table's name index (a member's,
// its own project's groups when the name is more common than that): it must give exactly what filtering
// the whole list gives, in creation order, for an admin and for a member, after a rename, after a
// per-project reset and after importing a snapshot of a build that kept no name index.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { netApi, type NetApi } from "./api-setup.js";

const ids = (groups: any[]) => groups.map((g) => g.id);

async function list(n: NetApi, query: string, token: string): Promise<any[]> {
  const res = await n.api("GET", `/v2.0/security-groups${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.security_groups;
}

/** The filter through the index agrees with the unfiltered list filtered here, for both callers. */
async function expectNamed(n: NetApi, ...names: string[]): Promise<void> {
  const query = `?${names.map((name) => `name=${encodeURIComponent(name)}`).join("&")}`;
  for (const token of [n.admin, n.demo]) {
    const all = await list(n, "", token);
    expect(ids(await list(n, query, token))).toEqual(ids(all.filter((g) => names.includes(g.name))));
  }
}

describe("the security group list's name filter, through the name index", () => {
  it("matches the whole list filtered, for an admin and a member, through renames, an old snapshot and a reset", async () => {
    const n = await netApi();
    const create = async (name: string, token: string) => {
      const res = await n.api("POST", "/v2.0/security-groups", { token, body: { security_group: { name } } });
      expect(res.status, res.text).toBe(201);
      return res.body.security_group;
    };
    const adminWeb = await create("web", n.admin);
    const demoWeb = await create("web", n.demo);
    const demoDb = await create("db", n.demo);
    await create("", n.demo);
    await create("web", n.admin);

    await expectNamed(n, "web");
    await expectNamed(n, "db", "web");
    await expectNamed(n, "");
    await expectNamed(n, "default");
    await expectNamed(n, "nothing-so-named");
    // a name the admin's project holds more often than demo holds groups: demo's list reads its own project
    for (let i = 0; i < 6; i++) await create("common", n.admin);
    const demoCommon = await create("common", n.demo);
    expect(ids(await list(n, "?name=common", n.demo))).toEqual([demoCommon.id]);
    await expectNamed(n, "common");
    await expectNamed(n, "common", "web");
    // the member sees only its own web, the admin both of its own and demo's, in creation order
    expect(ids(await list(n, "?name=web", n.demo))).toEqual([demoWeb.id]);
    expect(ids(await list(n, "?name=web", n.admin))[0]).toBe(adminWeb.id);

    // a rename moves the group in the index: found under its new name, in creation order, not under its old
    const renamed = await n.api("PUT", `/v2.0/security-groups/${demoDb.id}`, { token: n.demo, body: { security_group: { name: "web" } } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(ids(await list(n, "?name=web", n.demo))).toEqual([demoWeb.id, demoDb.id]);
    expect(await list(n, "?name=db", n.demo)).toEqual([]);
    await expectNamed(n, "web");

    // a snapshot of a build without the name index gets it built on import
    const snapshot = JSON.parse((await call(n.emu, "GET", "/_emulator/state")).text);
    delete snapshot.state.networking.securityGroups.also;
    expect((await call(n.emu, "PUT", "/_emulator/state", { body: snapshot })).status).toBe(200);
    await expectNamed(n, "web");
    await expectNamed(n, "db", "");

    // demo's reset takes its groups out of the index with them
    expect((await call(n.emu, "POST", `/_emulator/reset?project=${n.demoProject}`)).status).toBeLessThan(300);
    expect(await list(n, "?name=web", n.demo)).toEqual([]);
    expect(ids(await list(n, "?name=web", n.admin))).not.toContain(demoWeb.id);
    await expectNamed(n, "web");
  });
});
