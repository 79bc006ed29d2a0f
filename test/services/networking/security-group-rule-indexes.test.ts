// A security group rule list reads a group's own rules for security_group_id= and the direction index for
// direction= (a member, its own project's rules when a direction is more common than that): either way it
// must give exactly what filtering the whole list gives, in creation order and page by page, for an admin
// and for a member, after deletes, a group's delete, a per-project reset and the import of a snapshot of
// a build that kept no direction index.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { netApi, type NetApi } from "./api-setup.js";

const ids = (rules: any[]) => rules.map((r) => r.id);

async function list(n: NetApi, query: string, token: string): Promise<any[]> {
  const res = await n.api("GET", `/v2.0/security-group-rules${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.security_group_rules;
}

/** Every page of a query (limit 2, following the marker), joined. */
async function paged(n: NetApi, query: string, token: string): Promise<any[]> {
  const out: any[] = [];
  for (let marker = ""; ; ) {
    const page = await list(n, `${query}&limit=2${marker}`, token);
    out.push(...page);
    if (page.length < 2) return out;
    marker = `&marker=${page[page.length - 1].id}`;
  }
}

/** The filter agrees with the unfiltered list filtered here, whole and paged, for both callers. */
async function expectFiltered(n: NetApi, filters: Record<string, string[]>): Promise<void> {
  const query = `?${Object.entries(filters)
    .flatMap(([key, values]) => values.map((v) => `${key}=${encodeURIComponent(v)}`))
    .join("&")}`;
  const keep = (r: any) => Object.entries(filters).every(([key, values]) => values.includes(r[key]));
  for (const token of [n.admin, n.demo]) {
    const expected = ids((await list(n, "", token)).filter(keep));
    expect(ids(await list(n, query, token)), `${query} as ${token === n.admin ? "admin" : "demo"}`).toEqual(expected);
    expect(ids(await paged(n, query, token)), `${query} paged`).toEqual(expected);
  }
}

describe("the security group rule list's security_group_id and direction filters, through indexes", () => {
  it("match the whole list filtered, for an admin and a member, through deletes, an old snapshot and a reset", async () => {
    const n = await netApi();
    const group = async (name: string, token: string) => {
      const res = await n.api("POST", "/v2.0/security-groups", { token, body: { security_group: { name } } });
      expect(res.status, res.text).toBe(201);
      return res.body.security_group.id as string;
    };
    const rule = async (groupId: string, direction: string, port: number, token: string) => {
      const body = { security_group_rule: { security_group_id: groupId, direction, protocol: "tcp", port_range_min: port, port_range_max: port } };
      const res = await n.api("POST", "/v2.0/security-group-rules", { token, body });
      expect(res.status, res.text).toBe(201);
      return res.body.security_group_rule.id as string;
    };
    const adminWeb = await group("web", n.admin);
    const demoWeb = await group("web", n.demo);
    const demoDb = await group("db", n.demo);
    // rules of several groups interleaved in time, so that one group's rules are not contiguous in the table
    await rule(adminWeb, "ingress", 80, n.admin);
    await rule(demoWeb, "ingress", 80, n.demo);
    const demoDbRule = await rule(demoDb, "ingress", 5432, n.demo);
    await rule(demoWeb, "egress", 443, n.demo);
    await rule(adminWeb, "ingress", 443, n.admin);
    await rule(demoDb, "egress", 53, n.demo);
    await rule(demoWeb, "ingress", 22, n.demo);

    const filters = (): Array<Record<string, string[]>> => [
      { direction: ["ingress"] },
      { direction: ["egress"] },
      { direction: ["ingress", "egress"] },
      { security_group_id: [demoWeb] },
      { security_group_id: [adminWeb] },
      { security_group_id: [demoDb, demoWeb] },
      { security_group_id: [demoWeb], direction: ["ingress"] },
      { security_group_id: ["no-such-group"] },
    ];
    for (const f of filters()) await expectFiltered(n, f);
    // each group's rules: its two default egress rules and those added above, in creation order
    expect((await list(n, `?security_group_id=${demoWeb}`, n.demo)).map((r) => [r.direction, r.port_range_min])).toEqual([
      ["egress", null],
      ["egress", null],
      ["ingress", 80],
      ["egress", 443],
      ["ingress", 22],
    ]);
    // a member never sees another project's rules, asked for by group or not
    expect(await list(n, `?security_group_id=${adminWeb}`, n.demo)).toEqual([]);

    // more ingress rules in the admin's project than demo holds rules: demo's filter reads its own project
    for (let port = 1000; port < 1030; port++) await rule(adminWeb, "ingress", port, n.admin);
    for (const f of filters()) await expectFiltered(n, f);

    // deletes leave both the group's rules and the index
    expect((await n.api("DELETE", `/v2.0/security-group-rules/${demoDbRule}`, { token: n.demo })).status).toBe(204);
    for (const f of filters()) await expectFiltered(n, f);
    expect((await n.api("DELETE", `/v2.0/security-groups/${demoDb}`, { token: n.demo })).status).toBe(204);
    expect(await list(n, `?security_group_id=${demoDb}`, n.admin)).toEqual([]);
    for (const f of filters()) await expectFiltered(n, f);

    // a snapshot of a build without the direction index gets it built on import
    const snapshot = JSON.parse((await call(n.emu, "GET", "/_emulator/state")).text);
    delete snapshot.state.networking.rules.also;
    expect((await call(n.emu, "PUT", "/_emulator/state", { body: snapshot })).status).toBe(200);
    expect((await list(n, "?direction=ingress", n.admin)).length).toBeGreaterThan(30);
    for (const f of filters()) await expectFiltered(n, f);

    // demo's reset takes its rules out of the index with its groups
    expect((await call(n.emu, "POST", `/_emulator/reset?project=${n.demoProject}`)).status).toBeLessThan(300);
    expect(await list(n, `?security_group_id=${demoWeb}`, n.admin)).toEqual([]);
    expect(ids(await list(n, "?direction=ingress", n.admin))).toEqual(ids((await list(n, "", n.admin)).filter((r) => r.direction === "ingress")));
    for (const f of filters()) await expectFiltered(n, f);
  });
});
