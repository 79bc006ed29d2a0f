// POST /_emulator/tenants: a project with its own user, network, subnet, router and default security group
// in one step, isolated from every other project; POST /_emulator/reset?project= tears it down to nothing.

import { describe, expect, it } from "vitest";
import { call, login, passwordAuth, testEmulator } from "../helpers/emulator.js";
import type { Emulator } from "../../src/app.js";

const tenant = async (emu: Emulator, body: unknown = {}, headers?: Record<string, string>) => {
  const res = await call(emu, "POST", "/_emulator/tenants", { body, headers });
  expect(res.status, res.text).toBe(201);
  return res.body;
};
const tokenFor = async (emu: Emulator, t: any) => {
  const res = await call(emu, "POST", "/identity/v3/auth/tokens", {
    body: passwordAuth(t.credentials.username, t.credentials.password, { project: { name: t.project.name, domain: { name: "Default" } } }),
  });
  return res.status === 201 ? (res.headers.get("x-subject-token") as string) : undefined;
};
const names = async (emu: Emulator, token: string, resource: string) =>
  (await call(emu, "GET", `/networking/v2.0/${resource}`, { token })).body[resource].map((r: { name: string }) => r.name).sort();
const state = (emu: Emulator) => JSON.stringify(emu.kernel.store.state);

describe("POST /_emulator/tenants", () => {
  it("makes a project whose user logs in and sees its own network, subnet, router and security group only", async () => {
    const emu = testEmulator();
    const t = await tenant(emu, { name: "worker-1" });
    expect(t.project).toMatchObject({ name: "worker-1", domainId: "default" });
    expect(t.user).toMatchObject({ name: "worker-1", role: "member" });
    expect(t.user.password).toEqual(expect.any(String));
    expect(t.credentials).toEqual({
      username: "worker-1",
      password: t.user.password,
      projectName: "worker-1",
      userDomainName: "Default",
      projectDomainName: "Default",
      regionName: "RegionOne",
    });
    // the default world's private subnet is 10.0.0.0/24: the first tenant gets the next free /24
    expect(t.network).toMatchObject({ name: "worker-1-net", cidr: "10.1.0.0/24", externalNetworkId: expect.any(String) });

    const token = (await tokenFor(emu, t))!;
    expect(token).toBeTruthy();
    expect(await names(emu, token, "networks")).toEqual(["public", "worker-1-net"]);
    // the external network is listed, its subnets are not (Neutron shows them to its owner and admins)
    expect(await names(emu, token, "subnets")).toEqual(["worker-1-subnet"]);
    expect(await names(emu, token, "routers")).toEqual(["worker-1-router"]);
    const groups = (await call(emu, "GET", "/networking/v2.0/security-groups", { token })).body.security_groups;
    expect(groups.map((g: { id: string; name: string }) => [g.id, g.name])).toEqual([[t.securityGroupId, "default"]]);
    const router = (await call(emu, "GET", `/networking/v2.0/routers/${t.network.routerId}`, { token })).body.router;
    expect(router.external_gateway_info.network_id).toBe(t.network.externalNetworkId);
    const ports = (await call(emu, "GET", `/networking/v2.0/ports?device_id=${t.network.routerId}`, { token: await login(emu) })).body.ports;
    expect(ports.map((p: { device_owner: string }) => p.device_owner).sort()).toEqual(["network:router_gateway", "network:router_interface"]);

    // the demo project sees none of it
    expect(await names(emu, await login(emu, "demo"), "networks")).toEqual(["private", "public"]);
  });

  it("gives every tenant a CIDR no other subnet overlaps, and publishes the events of what it made", async () => {
    const emu = testEmulator({ seed: "two-tenants" });
    const a = await tenant(emu);
    const b = await tenant(emu);
    // two-tenants holds 10.0.0.0/24 and 10.1.0.0/24 already
    expect([a.network.cidr, b.network.cidr]).toEqual(["10.2.0.0/24", "10.3.0.0/24"]);
    expect(a.project.name).toMatch(/^tenant-[0-9a-f]{8}$/);
    expect(a.project.name).not.toBe(b.project.name);
    const types = (await call(emu, "GET", "/_emulator/events?type=identity.*")).body.events.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(["identity.project.created", "identity.user.created", "identity.role_assignment.created"]));
  });

  it("takes a name, user, password, role, CIDR and quotas, or no network at all", async () => {
    const emu = testEmulator();
    const t = await tenant(emu, {
      name: "qa",
      username: "qa-bot",
      password: "s3cret",
      role: "reader",
      cidr: "192.168.50.0/24",
      externalNetwork: "public",
      quotas: { compute: { instances: 2, cores: 4 }, networking: { network: 3 } },
    });
    expect(t.credentials).toMatchObject({ username: "qa-bot", password: "s3cret", projectName: "qa" });
    expect(t.user.role).toBe("reader");
    expect(t.network.cidr).toBe("192.168.50.0/24");
    const admin = await login(emu);
    const compute = await call(emu, "GET", `/compute/v2.1/os-quota-sets/${t.project.id}`, { token: admin });
    expect(compute.body.quota_set).toMatchObject({ instances: 2, cores: 4, ram: 51200 });
    const networking = await call(emu, "GET", `/networking/v2.0/quotas/${t.project.id}`, { token: admin });
    expect(networking.body.quota).toMatchObject({ network: 3, subnet: 100 });

    const bare = await tenant(emu, { name: "bare", network: false });
    expect(bare.network).toBeNull();
    expect(await names(emu, (await tokenFor(emu, bare))!, "networks")).toEqual(["public"]);
  });

  it("answers with OS_* and clouds.yaml pointing at the address the request used", async () => {
    const emu = testEmulator();
    const t = await tenant(emu, { name: "envy" }, { Host: "cloud.test:9000" });
    expect(t.osEnvironment).toMatchObject({ OS_AUTH_URL: "http://cloud.test:9000/identity", OS_USERNAME: "envy", OS_PROJECT_NAME: "envy", OS_PASSWORD: t.user.password });
    expect(t.cloudsYaml).toContain("auth_url: http://cloud.test:9000/identity");
    expect(t.cloudsYaml).toContain("username: envy");
  });

  it("refuses a name that is taken with a 409 and changes nothing, the id stream included", async () => {
    const emu = testEmulator();
    const before = state(emu);
    for (const body of [{ name: "demo" }, { name: "fresh", username: "admin" }]) {
      const res = await call(emu, "POST", "/_emulator/tenants", { body });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ status: 409, code: "Conflict" });
      expect(state(emu)).toBe(before);
    }
    const other = testEmulator();
    expect((await tenant(emu)).project.id).toBe((await tenant(other)).project.id);
  });

  it.each([
    [{ nmae: "typo" }, /nmae/],
    [{ name: "" }, /name/],
    [{ quotas: { compute: { instancez: 1 } } }, /instancez|key/i],
    [{ quotas: { networking: { network: -2 } } }, /network/],
    [{ network: false, cidr: "10.9.0.0/24" }, /cidr/],
    [{ cidr: "banana" }, /banana|cidr/i],
    [{ cidr: "10.0.0.0/33" }, /10\.0\.0\.0\/33|cidr/i],
    [{ cidr: "fd00::/64" }, /./],
    [{ role: "overlord" }, /No role named overlord. Roles: admin, member, reader, service, ResellerAdmin/],
    [{ externalNetwork: "private" }, /No external network private. External networks: public/],
    [[], /object/],
  ])("refuses %j with a 400 in the control API's shape and changes nothing", async (body, message) => {
    const emu = testEmulator();
    const before = state(emu);
    const res = await call(emu, "POST", "/_emulator/tenants", { body });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect(state(emu)).toBe(before);
  });

  it("refuses a body that is not JSON", async () => {
    const emu = testEmulator();
    const res = await call(emu, "POST", "/_emulator/tenants", { raw: "{name:" });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/JSON/);
  });
});

describe("POST /_emulator/reset?project=<tenant>", () => {
  it("tears the tenant down to nothing: servers, ports, router, network, groups, quotas, user, key pairs, project", async () => {
    const emu = testEmulator();
    const admin = await login(emu);
    const counts = async () => {
      const count = async (path: string, key: string) => (await call(emu, "GET", path, { token: admin })).body[key].length;
      return [
        await count("/identity/v3/projects", "projects"),
        await count("/identity/v3/users", "users"),
        await count("/identity/v3/role_assignments", "role_assignments"),
        await count("/networking/v2.0/networks", "networks"),
        await count("/networking/v2.0/subnets", "subnets"),
        await count("/networking/v2.0/ports", "ports"),
        await count("/networking/v2.0/routers", "routers"),
        await count("/networking/v2.0/security-groups", "security_groups"),
        await count("/networking/v2.0/security-group-rules", "security_group_rules"),
        await count("/networking/v2.0/quotas", "quotas"),
      ];
    };
    const before = await counts();
    const t = await tenant(emu, { name: "doomed", quotas: { compute: { instances: 3 }, networking: { port: 20 } } });
    const token = (await tokenFor(emu, t))!;
    const server = await call(emu, "POST", "/compute/v2.1/servers", {
      token,
      body: { server: { name: "vm", flavorRef: "1", imageRef: "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11", networks: [{ uuid: t.network.id }] } },
    });
    expect(server.status, server.text).toBe(202);
    expect((await call(emu, "POST", "/compute/v2.1/os-keypairs", { token, body: { keypair: { name: "k" } } })).status).toBe(200);
    emu.clock.advance(10_000);
    expect(await counts()).not.toEqual(before);

    const res = await call(emu, "POST", `/_emulator/reset?project=${t.project.id}`);
    expect(res.status).toBe(200);
    expect(await counts()).toEqual(before);
    expect((await call(emu, "GET", `/identity/v3/projects/${t.project.id}`, { token: admin })).status).toBe(404);
    expect((await call(emu, "GET", `/compute/v2.1/servers/${server.body.server.id}`, { token: admin })).status).toBe(404);
    expect((await call(emu, "GET", `/compute/v2.1/os-keypairs?user_id=${t.user.id}`, { token: admin })).body.keypairs).toEqual([]);
    // nothing anywhere in the state names the project or its user any more
    const snapshot = JSON.stringify((await call(emu, "GET", "/_emulator/state")).body.state);
    expect(snapshot).not.toContain(t.project.id);
    expect(snapshot).not.toContain(t.user.id);
    // the session ends with its project, and the user cannot log in again
    expect((await call(emu, "GET", "/networking/v2.0/networks", { token })).status).toBe(401);
    expect(await tokenFor(emu, t)).toBeUndefined();
    expect((await call(emu, "GET", "/_emulator/clouds.yaml?user=doomed")).status).toBe(404);
    // the name is free again, and so is the address range
    expect((await tenant(emu, { name: "doomed" })).network.cidr).toBe("10.1.0.0/24");
  });

  it("keeps a seeded project and seeded users, and leaves other tenants alone", async () => {
    const emu = testEmulator();
    const a = await tenant(emu, { name: "a" });
    const b = await tenant(emu, { name: "b" });
    await call(emu, "POST", "/_emulator/reset", { body: { project: a.project.id } });
    expect(await tokenFor(emu, a)).toBeUndefined();
    expect(await tokenFor(emu, b)).toBeTruthy();
    const demoProject = (await call(emu, "GET", "/identity/v3/projects?name=demo", { token: await login(emu) })).body.projects[0].id;
    await call(emu, "POST", `/_emulator/reset?project=${demoProject}`);
    expect(await login(emu, "demo")).toBeTruthy();
  });

  it("a full reset drops every tenant", async () => {
    const emu = testEmulator();
    const t = await tenant(emu, { name: "gone" });
    await call(emu, "POST", "/_emulator/reset");
    expect(await tokenFor(emu, t)).toBeUndefined();
    expect((await call(emu, "GET", "/_emulator/os-environment?user=gone")).status).toBe(404);
  });
});
