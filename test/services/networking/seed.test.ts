import { describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../../helpers/emulator.js";
import { netApi, type NetApi } from "./api-setup.js";
import { interfaceCall, port, router, seedWorld, tenantNetwork } from "./l3-setup.js";

const resetProject = (n: NetApi, project: string) => call(n.emu, "POST", "/_emulator/reset", { body: { project } });

describe("networking: the default seed world", () => {
  it("has an external network `public` that demo sees, with a subnet floating IPs come from", async () => {
    const n = await netApi();
    const networks = (await n.api("GET", "/v2.0/networks?name=public", { token: n.demo })).body.networks;
    expect(networks).toHaveLength(1);
    expect(networks[0]).toMatchObject({ name: "public", "router:external": true, shared: false, project_id: n.adminProject, status: "ACTIVE" });
    const subnets = (await n.api("GET", `/v2.0/subnets?network_id=${networks[0].id}`)).body.subnets;
    expect(subnets).toHaveLength(1);
    expect(subnets[0]).toMatchObject({
      name: "public-subnet",
      cidr: "172.24.4.0/24",
      gateway_ip: "172.24.4.1",
      enable_dhcp: false,
      allocation_pools: [{ start: "172.24.4.2", end: "172.24.4.254" }],
    });
  });

  it("gives demo a private network and subnet, and router1 from it to public", async () => {
    const n = await netApi();
    const w = await seedWorld(n);
    expect(w.privateNet).toMatchObject({ project_id: n.demoProject, "router:external": false, shared: false, subnets: [w.privateSubnet.id] });
    expect(w.privateSubnet).toMatchObject({ project_id: n.demoProject, cidr: "10.0.0.0/24", gateway_ip: "10.0.0.1", network_id: w.privateNet.id });
    expect(w.router1).toMatchObject({ project_id: n.demoProject, status: "ACTIVE", admin_state_up: true });
    expect(w.router1.external_gateway_info).toEqual({
      network_id: w.publicNet.id,
      enable_snat: true,
      external_fixed_ips: [{ subnet_id: w.publicSubnet.id, ip_address: "172.24.4.2" }],
    });
    const demoPorts = (await n.api("GET", `/v2.0/ports?device_id=${w.router1.id}`, { token: n.demo })).body.ports;
    expect(demoPorts).toHaveLength(1);
    expect(demoPorts[0]).toMatchObject({
      device_owner: "network:router_interface",
      network_id: w.privateNet.id,
      fixed_ips: [{ subnet_id: w.privateSubnet.id, ip_address: "10.0.0.1" }],
      status: "ACTIVE",
    });
    // what demo sees of networking: its own private network plus the external one
    const names = (await n.api("GET", "/v2.0/networks", { token: n.demo })).body.networks.map((x: any) => x.name);
    expect(names.sort()).toEqual(["private", "public"]);
  });

  it("gives every project its default security group", async () => {
    const n = await netApi();
    const groups = (await n.api("GET", "/v2.0/security-groups?name=default")).body.security_groups;
    const projects = (await call(n.emu, "GET", "/identity/v3/projects", { token: n.admin })).body.projects.map((p: any) => p.id);
    expect(groups.map((g: any) => g.project_id).sort()).toEqual([...projects].sort());
    const demoGroup = groups.find((g: any) => g.project_id === n.demoProject);
    expect(demoGroup.security_group_rules).toHaveLength(4);
    const demoSees = (await n.api("GET", "/v2.0/security-groups", { token: n.demo })).body.security_groups;
    expect(demoSees.map((g: any) => g.id)).toEqual([demoGroup.id]);
  });

  it("has the same ids in every run, whatever the random seed, and after a reset", async () => {
    const ids = async (randomSeed: number) => {
      const emu = testEmulator({ randomSeed });
      const admin = await login(emu);
      const get = async (path: string, key: string) => (await call(emu, "GET", `/networking/v2.0/${path}`, { token: admin })).body[key].map((x: any) => x.id);
      return {
        networks: await get("networks", "networks"),
        subnets: await get("subnets", "subnets"),
        routers: await get("routers", "routers"),
        ports: await get("ports", "ports"),
        groups: await get("security-groups", "security_groups"),
        rules: (await call(emu, "GET", "/networking/v2.0/security-groups", { token: admin })).body.security_groups.flatMap((g: any) =>
          g.security_group_rules.map((r: any) => r.id),
        ),
      };
    };
    const first = await ids(1);
    expect(await ids(2)).toEqual(first);
    const n = await netApi();
    await router(n, { name: "extra" });
    expect((await call(n.emu, "POST", "/_emulator/reset")).status).toBe(200);
    // a full reset drops tokens too
    const routers = (await n.api("GET", "/v2.0/routers", { token: await login(n.emu) })).body.routers.map((r: any) => r.id);
    expect(routers).toEqual(first.routers);
  });

  it("refuses a networking section it does not understand, or one naming unknown projects (400)", async () => {
    const emu = testEmulator();
    const seed = (world: unknown) => call(emu, "POST", "/_emulator/seed", { raw: JSON.stringify(world), headers: { "Content-Type": "application/json" } });
    const bad = await seed({ extends: "default", networking: { networks: [{ name: "x", project: "demo", colour: "red" }] } });
    expect(bad.status).toBe(400);
    const ghost = await seed({ extends: "default", networking: { networks: [{ name: "x", project: "ghost" }] } });
    expect(ghost.status).toBe(400);
    expect(ghost.text).toContain("ghost");
    // a world that adds a project and a network for it loads, with the project's default group
    const ok = await seed({
      extends: "default",
      identity: { projects: [{ name: "staging" }] },
      networking: { networks: [{ name: "stage-net", project: "staging", subnets: [{ name: "stage-subnet", cidr: "10.20.0.0/24" }] }] },
    });
    expect(ok.status, ok.text).toBe(200);
    const admin = await login(emu);
    const nets = (await call(emu, "GET", "/networking/v2.0/networks?name=stage-net", { token: admin })).body.networks;
    expect(nets).toHaveLength(1);
    const groups = (await call(emu, "GET", `/networking/v2.0/security-groups?name=default&project_id=${nets[0].project_id}`, { token: admin })).body.security_groups;
    expect(groups).toHaveLength(1);
  });
});

describe("networking: per-project reset", () => {
  it("puts demo's networking back as seeded and leaves admin's alone", async () => {
    const n = await netApi();
    const w = await seedWorld(n);
    // demo changes its world: a new network and router, router1 torn down, floating IPs, a port
    const { network } = await tenantNetwork(n, "scratch", "192.168.90.0/24");
    const extra = await router(n, { name: "extra", external_gateway_info: { network_id: w.publicNet.id } }, n.demo);
    expect((await interfaceCall(n.api, w.router1.id, "remove", { subnet_id: w.privateSubnet.id }, n.demo)).status).toBe(200);
    expect((await n.api("DELETE", `/v2.0/routers/${w.router1.id}`, { token: n.demo })).status).toBe(204);
    await port(n, { network_id: w.privateNet.id }, n.demo);
    await n.api("POST", "/v2.0/floatingips", { token: n.demo, body: { floatingip: { floating_network_id: w.publicNet.id } } });
    // admin keeps a router and a floating IP of its own
    const adminRouter = await router(n, { name: "admins", external_gateway_info: { network_id: w.publicNet.id } });
    const adminFip = (await n.api("POST", "/v2.0/floatingips", { body: { floatingip: { floating_network_id: w.publicNet.id } } })).body.floatingip;

    const res = await resetProject(n, n.demoProject);
    expect(res.status, res.text).toBe(200);
    const demoRouters = (await n.api("GET", "/v2.0/routers", { token: n.demo })).body.routers;
    expect(demoRouters.map((r: any) => r.id)).toEqual([w.router1.id]);
    expect(demoRouters[0].external_gateway_info).toEqual(w.router1.external_gateway_info);
    expect((await n.api("GET", `/v2.0/networks/${network.id}`)).status).toBe(404);
    expect((await n.api("GET", `/v2.0/routers/${extra.id}`)).status).toBe(404);
    expect((await n.api("GET", "/v2.0/floatingips", { token: n.demo })).body.floatingips).toEqual([]);
    expect((await n.api("GET", `/v2.0/routers/${adminRouter.id}`)).status).toBe(200);
    expect((await n.api("GET", `/v2.0/floatingips/${adminFip.id}`)).status).toBe(200);

    // everything still works: the restored world routes floating IPs, addresses are accounted for
    const vm = await port(n, { network_id: w.privateNet.id }, n.demo);
    expect(vm.fixed_ips[0].ip_address).toBe("10.0.0.2");
    const fip = await n.api("POST", "/v2.0/floatingips", { token: n.demo, body: { floatingip: { floating_network_id: w.publicNet.id, port_id: vm.id } } });
    expect(fip.status, fip.text).toBe(201);
    expect(fip.body.floatingip).toMatchObject({ router_id: w.router1.id, status: "ACTIVE" });
    const taken = [adminRouter.external_gateway_info.external_fixed_ips[0].ip_address, adminFip.floating_ip_address, "172.24.4.2"];
    expect(taken).not.toContain(fip.body.floatingip.floating_ip_address);

    // new networks still get segmentation ids nobody has
    await n.network({ name: "after-reset" }, n.demo);
    const segments = (await n.api("GET", "/v2.0/networks")).body.networks.map((x: any) => x["provider:segmentation_id"]).filter((x: any) => x !== null);
    expect(new Set(segments).size).toBe(segments.length);

    // and after the admin's resources are reset too, the state is the seed world again
    for (const id of [fip.body.floatingip.id]) await n.api("DELETE", `/v2.0/floatingips/${id}`, { token: n.demo });
    expect((await resetProject(n, n.demoProject)).status).toBe(200);
    expect((await resetProject(n, n.adminProject)).status).toBe(200);
    expect((await n.api("GET", "/v2.0/floatingips")).body.floatingips).toEqual([]);
    expect((await n.api("GET", "/v2.0/routers")).body.routers).toEqual([w.router1]);
    expect((await n.api("GET", "/v2.0/networks")).body.networks.map((x: any) => x.id)).toEqual([w.publicNet.id, w.privateNet.id]);
  });
});
