import { describe, expect, it } from "vitest";
import { computeApi } from "../../helpers/compute.js";

describe("deleting a server group", () => {
  it("leaves its servers running but no longer naming the group (server_groups at 2.71)", async () => {
    const t = await computeApi();
    const group = await t.api("POST", "/os-server-groups", { token: t.demo, body: { server_group: { name: "g", policies: ["anti-affinity"] } } });
    expect(group.status).toBe(200);
    const groupId = group.body.server_group.id;
    const server = await t.active({ name: "member" }, { hints: { group: groupId } });
    expect((await t.show(server.id, { version: "2.71" })).server_groups).toEqual([groupId]);
    expect((await t.api("DELETE", `/os-server-groups/${groupId}`, { token: t.demo })).status).toBe(204);
    const after = await t.show(server.id, { version: "2.71" });
    expect(after.status).toBe("ACTIVE");
    expect(after.server_groups).toEqual([]);
  });
});
