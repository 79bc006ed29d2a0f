import { beforeEach, describe, expect, it } from "vitest";
import { directory, type Directory } from "./directory-setup.js";
import { validate } from "./identity-helpers.js";

// Keystone computes a token's roles at each validation: a token stays valid while its user holds some role
// on its scope, and removing a grant elsewhere leaves it alone.
describe("identity: which tokens a removed grant or membership ends", () => {
  let d: Directory;
  let ids: { user: string; group: string; a: string; b: string; member: string; reader: string };
  beforeEach(async () => {
    d = await directory();
    const user = (await d.api("POST", "/v3/users", { body: { user: { name: "carol", password: "pw" } } })).body.user.id;
    const group = (await d.api("POST", "/v3/groups", { body: { group: { name: "ops" } } })).body.group.id;
    const a = (await d.api("POST", "/v3/projects", { body: { project: { name: "a" } } })).body.project.id;
    const b = (await d.api("POST", "/v3/projects", { body: { project: { name: "b" } } })).body.project.id;
    ids = { user, group, a, b, member: await d.idOf("roles", "member"), reader: await d.idOf("roles", "reader") };
  });

  const tokenOn = async (project: string) => {
    const res = await d.auth({ id: ids.user }, "pw", { project: { id: project } });
    expect(res.status).toBe(201);
    return res.headers.get("x-subject-token")!;
  };
  const status = async (token: string) => (await validate(d.emu, d.admin, token)).status;
  const roles = async (token: string) => (await validate(d.emu, d.admin, token)).body.token.roles.map((r: { name: string }) => r.name).sort();

  it("removing a user's role on project B ends the token on B, not the one on A", async () => {
    await d.api("PUT", `/v3/projects/${ids.a}/users/${ids.user}/roles/${ids.member}`);
    await d.api("PUT", `/v3/projects/${ids.b}/users/${ids.user}/roles/${ids.member}`);
    const [onA, onB] = [await tokenOn(ids.a), await tokenOn(ids.b)];
    expect((await d.api("DELETE", `/v3/projects/${ids.b}/users/${ids.user}/roles/${ids.member}`)).status).toBe(204);
    expect(await status(onA)).toBe(200);
    expect(await status(onB)).toBe(404);
    // and the token on A still works as a caller
    expect((await d.api("GET", "/v3/auth/projects", { token: onA })).status).toBe(200);
    expect((await d.api("GET", "/v3/auth/projects", { token: onB })).status).toBe(401);
  });

  it("removing one of two roles keeps the token, without that role", async () => {
    await d.api("PUT", `/v3/projects/${ids.a}/users/${ids.user}/roles/${ids.member}`);
    await d.api("PUT", `/v3/projects/${ids.a}/users/${ids.user}/roles/${ids.reader}`);
    const token = await tokenOn(ids.a);
    await d.api("DELETE", `/v3/roles/${ids.member}/implies/${ids.reader}`);
    await d.api("DELETE", `/v3/projects/${ids.a}/users/${ids.user}/roles/${ids.member}`);
    expect(await status(token)).toBe(200);
    expect(await roles(token)).toEqual(["reader"]);
  });

  it("removing a group's grant ends only the members' tokens that rested on it", async () => {
    await d.api("PUT", `/v3/groups/${ids.group}/users/${ids.user}`);
    await d.api("PUT", `/v3/projects/${ids.a}/groups/${ids.group}/roles/${ids.member}`);
    await d.api("PUT", `/v3/projects/${ids.b}/groups/${ids.group}/roles/${ids.member}`);
    const [onA, onB] = [await tokenOn(ids.a), await tokenOn(ids.b)];
    await d.api("DELETE", `/v3/projects/${ids.b}/groups/${ids.group}/roles/${ids.member}`);
    expect(await status(onA)).toBe(200);
    expect(await status(onB)).toBe(404);
  });

  it("leaving a group ends the tokens that rested on its grants, not those on the user's own grants", async () => {
    await d.api("PUT", `/v3/groups/${ids.group}/users/${ids.user}`);
    await d.api("PUT", `/v3/projects/${ids.a}/groups/${ids.group}/roles/${ids.member}`);
    await d.api("PUT", `/v3/projects/${ids.b}/users/${ids.user}/roles/${ids.reader}`);
    await d.api("PUT", `/v3/projects/${ids.b}/groups/${ids.group}/roles/${ids.member}`);
    const [onA, onB] = [await tokenOn(ids.a), await tokenOn(ids.b)];
    expect(await roles(onB)).toEqual(["member", "reader"]);
    await d.api("DELETE", `/v3/groups/${ids.group}/users/${ids.user}`);
    expect(await status(onA)).toBe(404);
    expect(await status(onB)).toBe(200);
    expect(await roles(onB)).toEqual(["reader"]);
  });

  it("another user's grant removal leaves a user's tokens alone; a password change still ends them all", async () => {
    await d.api("PUT", `/v3/projects/${ids.a}/users/${ids.user}/roles/${ids.member}`);
    const token = await tokenOn(ids.a);
    const demo = await d.idOf("users", "demo");
    await d.api("DELETE", `/v3/projects/${await d.idOf("projects", "demo")}/users/${demo}/roles/${ids.member}`);
    expect(await status(token)).toBe(200);
    await d.api("PATCH", `/v3/users/${ids.user}`, { body: { user: { password: "new" } } });
    expect(await status(token)).toBe(404);
  });
});
