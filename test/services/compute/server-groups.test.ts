import { beforeEach, describe, expect, it } from "vitest";
import { computeApi, fault, type ComputeApi } from "../../helpers/compute.js";

describe("compute: /v2.1/os-server-groups", () => {
  let n: ComputeApi;
  beforeEach(async () => {
    n = await computeApi();
  });

  const create = async (server_group: Record<string, unknown>, mv?: string, token = n.demo) =>
    n.api("POST", "/os-server-groups", { token, version: mv, body: { server_group } });

  it("creates (200) and shows the 2.1 shape: exactly id, name, policies, members, metadata", async () => {
    const res = await create({ name: "web", policies: ["anti-affinity"] });
    expect(res.status).toBe(200);
    const g = res.body.server_group;
    expect(g).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: "web", policies: ["anti-affinity"], members: [], metadata: {} });
    expect((await n.api("GET", `/os-server-groups/${g.id}`, { token: n.demo })).body).toEqual({ server_group: g });
    expect((await n.events("compute.server_group.created"))[0].payload).toMatchObject({ id: g.id, name: "web", projectId: n.demoProject, policy: "anti-affinity" });
  });

  it("adds project_id and user_id at 2.13, and has policy + rules instead of policies + metadata at 2.64", async () => {
    const g = (await create({ name: "g", policies: ["affinity"] }, "2.13")).body.server_group;
    expect(g).toEqual({ id: g.id, name: "g", policies: ["affinity"], members: [], metadata: {}, project_id: n.demoProject, user_id: n.demoUser });
    const v264 = await create({ name: "spread", policy: "anti-affinity", rules: { max_server_per_host: 2 } }, "2.64");
    expect(v264.status).toBe(200);
    expect(v264.body.server_group).toEqual({
      id: v264.body.server_group.id,
      name: "spread",
      policy: "anti-affinity",
      rules: { max_server_per_host: 2 },
      members: [],
      project_id: n.demoProject,
      user_id: n.demoUser,
    });
    // the same group, read at 2.1
    expect((await n.api("GET", `/os-server-groups/${v264.body.server_group.id}`, { token: n.demo })).body.server_group.policies).toEqual(["anti-affinity"]);
    // and an old group at 2.64
    expect((await n.api("GET", `/os-server-groups/${g.id}`, { token: n.demo, version: "2.64" })).body.server_group).toMatchObject({ policy: "affinity", rules: {} });
  });

  it("takes the soft policies from 2.15 only", async () => {
    expect((await create({ name: "s", policies: ["soft-anti-affinity"] }, "2.14")).status).toBe(400);
    const res = await create({ name: "s", policies: ["soft-anti-affinity"] }, "2.15");
    expect(res.status).toBe(200);
    expect(res.body.server_group.policies).toEqual(["soft-anti-affinity"]);
    expect((await create({ name: "s2", policy: "soft-affinity" }, "2.64")).body.server_group.policy).toBe("soft-affinity");
  });

  it("rejects bad bodies with 400, changing nothing", async () => {
    const before = n.fingerprint();
    for (const [body, mv] of [
      [{ name: "x", policies: ["affinity", "anti-affinity"] }, undefined],
      [{ name: "x", policies: [] }, undefined],
      [{ name: "x", policies: ["clustered"] }, undefined],
      [{ name: "x" }, undefined],
      [{ name: " x", policies: ["affinity"] }, undefined],
      [{ name: "x", policies: ["affinity"], rules: {} }, undefined],
      [{ name: "x", policy: "affinity" }, "2.63"],
      [{ name: "x", policies: ["affinity"] }, "2.64"],
      [{ name: "x", policy: "affinity", rules: { max_server_per_host: 2 } }, "2.64"],
      [{ name: "x", policy: "anti-affinity", rules: { max_server_per_host: 0 } }, "2.64"],
      [{ name: "x", policy: "anti-affinity", rules: { colour: 1 } }, "2.64"],
    ] as const) {
      const res = await create(body, mv);
      expect(res.status, `${JSON.stringify(body)} at ${mv ?? "2.1"}`).toBe(400);
      expect(fault(res).name).toBe("badRequest");
    }
    expect(fault(await create({ name: "x", policy: "affinity", rules: { max_server_per_host: 2 } }, "2.64")).message).toBe("Only anti-affinity policy supports rules.");
    expect(n.fingerprint()).toBe(before);
  });

  it("lists the project's groups; an admin sees every project's with all_projects; limit and offset", async () => {
    const mine = (await create({ name: "a", policies: ["affinity"] })).body.server_group;
    await create({ name: "b", policies: ["affinity"] });
    const theirs = (await create({ name: "admins", policies: ["affinity"] }, undefined, n.admin)).body.server_group;
    const names = async (token: string, q = "") => (await n.api("GET", `/os-server-groups${q}`, { token })).body.server_groups.map((g: any) => g.name);
    expect(await names(n.demo)).toEqual(["a", "b"]);
    expect(await names(n.demo, "?all_projects=True")).toEqual(["a", "b"]);
    expect(await names(n.admin)).toEqual(["admins"]);
    expect(await names(n.admin, "?all_projects=True")).toEqual(["a", "b", "admins"]);
    expect(await names(n.demo, "?limit=1")).toEqual(["a"]);
    expect(await names(n.demo, "?limit=1&offset=1")).toEqual(["b"]);
    expect((await n.api("GET", "/os-server-groups?offset=-1", { token: n.demo })).status).toBe(400);
    // another project's group is not found for a member; an admin reads it
    expect((await n.api("GET", `/os-server-groups/${theirs.id}`, { token: n.demo })).status).toBe(404);
    expect((await n.api("GET", `/os-server-groups/${mine.id}`)).status).toBe(200);
  });

  it("deletes (204); then 404; another project's group is 404 and stays", async () => {
    const g = (await create({ name: "a", policies: ["affinity"] })).body.server_group;
    const theirs = (await create({ name: "admins", policies: ["affinity"] }, undefined, n.admin)).body.server_group;
    const before = n.fingerprint();
    const notMine = await n.api("DELETE", `/os-server-groups/${theirs.id}`, { token: n.demo });
    expect(notMine.status).toBe(404);
    expect(fault(notMine).message).toBe(`Server group ${theirs.id} could not be found.`);
    expect(n.fingerprint()).toBe(before);
    expect((await n.api("DELETE", `/os-server-groups/${g.id}`, { token: n.demo })).status).toBe(204);
    expect((await n.api("GET", `/os-server-groups/${g.id}`, { token: n.demo })).status).toBe(404);
    expect((await n.api("DELETE", `/os-server-groups/${g.id}`, { token: n.demo })).status).toBe(404);
  });

  it("counts server_groups per project against the quota (413)", async () => {
    await n.api("PUT", `/os-quota-sets/${n.demoProject}`, { body: { quota_set: { server_groups: 1 } } });
    expect((await create({ name: "one", policies: ["affinity"] })).status).toBe(200);
    const before = n.fingerprint();
    const res = await create({ name: "two", policies: ["affinity"] });
    expect(res.status).toBe(413);
    expect(fault(res)).toMatchObject({ name: "entityTooLarge", message: "Quota exceeded for server_groups: Requested 1, but already used 1 of 1 server_groups" });
    expect(n.fingerprint()).toBe(before);
  });

  it("gets its members from servers booted with the group hint, and the scheduler honours anti-affinity", async () => {
    const g = (await create({ name: "spread", policies: ["anti-affinity"] })).body.server_group;
    const ids = [(await n.create({ name: "a" }, { hints: { group: g.id } })).id, (await n.create({ name: "b" }, { hints: { group: g.id } })).id, (await n.create({ name: "c" }, { hints: { group: g.id } })).id];
    n.advance(30_000);
    expect((await n.api("GET", `/os-server-groups/${g.id}`, { token: n.demo })).body.server_group.members).toEqual(ids);
    const hosts = await Promise.all(ids.map(async (id) => (await n.api("GET", `/servers/${id}`)).body.server["OS-EXT-SRV-ATTR:host"]));
    expect(new Set(hosts).size).toBe(3);
    // a fourth has nowhere to go: three hosts, each holding a member
    const fourth = (await n.create({ name: "d" }, { hints: { group: g.id } })).id;
    n.advance(30_000);
    const server = (await n.api("GET", `/servers/${fourth}`)).body.server;
    expect(server.status).toBe("ERROR");
    expect(server.fault.message).toContain("No valid host was found");
  });

  it("places every member of an affinity group on the first member's host", async () => {
    const g = (await create({ name: "together", policies: ["affinity"] })).body.server_group;
    const ids = [(await n.create({ name: "a" }, { hints: { group: g.id } })).id, (await n.create({ name: "b" }, { hints: { group: g.id } })).id, (await n.create({ name: "c" }, { hints: { group: g.id } })).id];
    n.advance(30_000);
    const hosts = await Promise.all(ids.map(async (id) => (await n.api("GET", `/servers/${id}`)).body.server["OS-EXT-SRV-ATTR:host"]));
    expect(new Set(hosts).size).toBe(1);
  });

  it("allows max_server_per_host members per host with the 2.64 anti-affinity rule", async () => {
    const g = (await create({ name: "pairs", policy: "anti-affinity", rules: { max_server_per_host: 2 } }, "2.64")).body.server_group;
    const ids = [];
    for (const name of ["a", "b", "c", "d", "e", "f"]) ids.push((await n.create({ name: name }, { hints: { group: g.id } })).id);
    n.advance(30_000);
    const hosts = await Promise.all(ids.map(async (id) => (await n.api("GET", `/servers/${id}`)).body.server["OS-EXT-SRV-ATTR:host"]));
    const perHost = new Map<string, number>();
    for (const h of hosts) perHost.set(h, (perHost.get(h) ?? 0) + 1);
    expect([...perHost.values()]).toEqual([2, 2, 2]);
  });
});
