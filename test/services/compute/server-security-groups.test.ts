// addSecurityGroup / removeSecurityGroup: the group (by name) on every port of the server and in its
// record; 404 for an unknown group, 400 when already there / not there.

import { describe, expect, it } from "vitest";
import { actionApi, fault } from "./server-actions-setup.js";

describe("add/removeSecurityGroup", () => {
  it("adds the group to the server's ports and shows it; removes it again", async () => {
    const t = await actionApi();
    const sg = await t.net("POST", "/security-groups", { token: t.demo, body: { security_group: { name: "web" } } });
    expect(sg.status).toBe(201);
    const server = await t.active();
    await t.ok(server.id, { addSecurityGroup: { name: "web" } });
    const [port] = await t.ports(server.id);
    expect(port.security_groups).toContain(sg.body.security_group.id);
    expect((await t.show(server.id)).security_groups.map((g: any) => g.name).sort()).toEqual(["default", "web"]);
    expect(fault(await t.refuse(server.id, { addSecurityGroup: { name: "web" } }, 400)).message).toBe(`Security group web is already associated with the instance ${server.id}`);
    await t.ok(server.id, { removeSecurityGroup: { name: "web" } });
    expect((await t.ports(server.id))[0].security_groups).not.toContain(sg.body.security_group.id);
    expect(fault(await t.refuse(server.id, { removeSecurityGroup: { name: "web" } }, 400)).message).toBe(`Security group web not associated with the instance ${server.id}`);
  });

  it("takes the group's id as its name too (as OSC sends it), and shows the name", async () => {
    const t = await actionApi();
    const sg = (await t.net("POST", "/security-groups", { token: t.demo, body: { security_group: { name: "web" } } })).body.security_group;
    const server = await t.active();
    await t.ok(server.id, { addSecurityGroup: { name: sg.id } });
    expect((await t.show(server.id)).security_groups.map((g: any) => g.name).sort()).toEqual(["default", "web"]);
    await t.ok(server.id, { removeSecurityGroup: { name: sg.id } });
    expect((await t.show(server.id)).security_groups.map((g: any) => g.name)).toEqual(["default"]);
  });

  it("an unknown group is 404, a missing name 400", async () => {
    const t = await actionApi();
    const server = await t.active();
    expect(fault(await t.refuse(server.id, { addSecurityGroup: { name: "nope" } }, 404)).message).toBe(`Security group nope not found for project ${t.demoProject}.`);
    await t.refuse(server.id, { addSecurityGroup: {} }, 400);
  });
});
