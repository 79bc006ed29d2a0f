// Security group and rule list filters tested on the row before the view is made (operations/row-filters.ts):
// each gives exactly what filtering the whole list gives, for an admin and for a member.

import { describe, expect, it } from "vitest";
import { netApi } from "./api-setup.js";

describe("security group and rule list filters on the row", () => {
  it("name, project, direction, ethertype and group give what filtering the whole list gives", async () => {
    const n = await netApi();
    const made: any[] = [];
    for (const [name, token] of [["web", n.demo], ["db", n.demo], ["web", n.admin]] as const) {
      const res = await n.api("POST", "/v2.0/security-groups", { token, body: { security_group: { name } } });
      expect(res.status, res.text).toBe(201);
      made.push(res.body.security_group);
    }
    const rule = await n.api("POST", "/v2.0/security-group-rules", { token: n.demo, body: { security_group_rule: { security_group_id: made[0].id, direction: "ingress", ethertype: "IPv6", protocol: "tcp", port_range_min: 22, port_range_max: 22 } } });
    expect(rule.status, rule.text).toBe(201);
    for (const token of [n.admin, n.demo]) {
      const groups = (await n.api("GET", "/v2.0/security-groups", { token })).body.security_groups;
      const rules = (await n.api("GET", "/v2.0/security-group-rules", { token })).body.security_group_rules;
      const cases: Array<[string, string, any[], (x: any) => boolean]> = [
        ["security-groups", "?name=web", groups, (g) => g.name === "web"],
        ["security-groups", "?name=web&name=db", groups, (g) => g.name === "web" || g.name === "db"],
        ["security-groups", `?project_id=${n.demoProject}&name=web`, groups, (g) => g.project_id === n.demoProject && g.name === "web"],
        ["security-group-rules", "?direction=ingress", rules, (r) => r.direction === "ingress"],
        ["security-group-rules", "?ethertype=IPv6&direction=ingress", rules, (r) => r.ethertype === "IPv6" && r.direction === "ingress"],
        ["security-group-rules", `?security_group_id=${made[0].id}`, rules, (r) => r.security_group_id === made[0].id],
        ["security-group-rules", `?tenant_id=${n.adminProject}`, rules, (r) => r.project_id === n.adminProject],
      ];
      for (const [path, query, all, keep] of cases) {
        const res = await n.api("GET", `/v2.0/${path}${query}`, { token });
        expect(res.status, res.text).toBe(200);
        const key = path === "security-groups" ? "security_groups" : "security_group_rules";
        expect(res.body[key].map((x: any) => x.id), `${path}${query}`).toEqual(all.filter(keep).map((x: any) => x.id));
      }
    }
  });
});
