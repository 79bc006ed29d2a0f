import { beforeEach, describe, expect, it } from "vitest";
import { netApi, neutronError, type NetApi } from "./api-setup.js";
import { interfaceCall, rejected, port, router, seedWorld, tenantNetwork, type SeedWorld } from "./l3-setup.js";
import { standardAttributes } from "./standard-attributes.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("networking: /v2.0/routers", () => {
  let n: NetApi;
  let w: SeedWorld;
  beforeEach(async () => {
    n = await netApi();
    w = await seedWorld(n);
  });


  describe("create, show, list, update", () => {
    it("creates a router with a gateway on public (201): the full record, an address from public-subnet", async () => {
      const res = await n.api("POST", "/v2.0/routers", {
        token: n.demo,
        body: { router: { name: "edge", admin_state_up: true, external_gateway_info: { network_id: w.publicNet.id } } },
      });
      expect(res.status, res.text).toBe(201);
      const r = res.body.router;
      expect(r).toEqual({
        id: expect.stringMatching(UUID),
        name: "edge",
        description: "",
        ...standardAttributes(n.demoProject),
        admin_state_up: true,
        status: "ACTIVE",
        external_gateway_info: {
          network_id: w.publicNet.id,
          enable_snat: true,
          external_fixed_ips: [{ subnet_id: w.publicSubnet.id, ip_address: expect.stringMatching(/^172\.24\.4\.\d+$/) }],
        },
        routes: [],
        // no distributed/ha: a member does not see them (admin-only in Neutron's policy)
        availability_zones: ["nova"],
        availability_zone_hints: [],
        flavor_id: null,
      });
      const shown = await n.api("GET", `/v2.0/routers/${r.id}`, { token: n.demo });
      expect(shown.status).toBe(200);
      expect(shown.body.router).toEqual(r);
      // the gateway port belongs to no project: the admin sees it, the router's owner does not
      const address = r.external_gateway_info.external_fixed_ips[0].ip_address;
      const adminPorts = (await n.api("GET", `/v2.0/ports?device_id=${r.id}`)).body.ports;
      expect(adminPorts).toHaveLength(1);
      expect(adminPorts[0]).toMatchObject({ device_owner: "network:router_gateway", network_id: w.publicNet.id, project_id: "", status: "ACTIVE" });
      expect(adminPorts[0].fixed_ips).toEqual([{ subnet_id: w.publicSubnet.id, ip_address: address }]);
      expect((await n.api("GET", `/v2.0/ports?device_id=${r.id}`, { token: n.demo })).body.ports).toEqual([]);
    });

    it("creates a router without a gateway; lists with filters and fields; finds by name as OSC does", async () => {
      const r = await router(n, { name: "lonely", description: "no way out" }, n.demo);
      expect(r.external_gateway_info).toBeNull();
      const byPath = await n.api("GET", "/v2.0/routers/lonely", { token: n.demo });
      expect(byPath.status).toBe(404);
      expect(neutronError(byPath)).toEqual({ type: "RouterNotFound", message: "Router lonely could not be found.", detail: "" });
      const byName = await n.api("GET", "/v2.0/routers?name=lonely", { token: n.demo });
      expect(byName.body.routers.map((x: any) => x.id)).toEqual([r.id]);
      const names = (await n.api("GET", "/v2.0/routers?fields=name&fields=id", { token: n.demo })).body.routers;
      expect(names).toEqual([
        { name: "router1", id: w.router1.id },
        { name: "lonely", id: r.id },
      ]);
      const shown = await n.api("GET", `/v2.0/routers/${r.id}?fields=description`, { token: n.demo });
      expect(shown.body).toEqual({ router: { description: "no way out" } });
    });

    it("keeps projects apart: another project's router is 404; the admin sees every router", async () => {
      const mine = await router(n, { name: "admins" });
      expect((await n.api("GET", `/v2.0/routers/${mine.id}`, { token: n.demo })).status).toBe(404);
      expect((await n.api("PUT", `/v2.0/routers/${mine.id}`, { token: n.demo, body: { router: { name: "x" } } })).status).toBe(404);
      expect((await n.api("DELETE", `/v2.0/routers/${mine.id}`, { token: n.demo })).status).toBe(404);
      const demoSees = (await n.api("GET", "/v2.0/routers", { token: n.demo })).body.routers.map((r: any) => r.name);
      expect(demoSees).toEqual(["router1"]);
      const adminSees = (await n.api("GET", "/v2.0/routers")).body.routers.map((r: any) => r.name);
      expect(adminSees).toEqual(["router1", "admins"]);
    });

    it("rejects a gateway on a network that is not external (400) or unknown (404), changing nothing", async () => {
      const err = await rejected(n, 
        () => n.api("POST", "/v2.0/routers", { token: n.demo, body: { router: { name: "r", external_gateway_info: { network_id: w.privateNet.id } } } }),
        400,
        "BadRequest",
      );
      expect(err.message).toBe(`Bad router request: Network ${w.privateNet.id} is not an external network.`);
      await rejected(n, () => n.api("POST", "/v2.0/routers", { token: n.demo, body: { router: { external_gateway_info: { network_id: "nope" } } } }), 404, "NetworkNotFound");
      await rejected(n, 
        () => n.api("PUT", `/v2.0/routers/${w.router1.id}`, { token: n.demo, body: { router: { external_gateway_info: { network_id: w.privateNet.id } } } }),
        400,
        "BadRequest",
      );
    });

    it("rejects bad bodies and admin-only attributes", async () => {
      await rejected(n, () => n.api("POST", "/v2.0/routers", { token: n.demo, body: { router: { name: "r", colour: "red" } } }), 400, "BadRequest");
      await rejected(n, () => n.api("POST", "/v2.0/routers", { token: n.demo, body: { router: { admin_state_up: "maybe" } } }), 400, "BadRequest");
      await rejected(n, () => n.api("POST", "/v2.0/routers", { token: n.demo, raw: "{not json" }), 400, "BadRequest");
      const snat = await rejected(n, 
        () => n.api("POST", "/v2.0/routers", { token: n.demo, body: { router: { external_gateway_info: { network_id: w.publicNet.id, enable_snat: false } } } }),
        403,
        "PolicyNotAuthorized",
      );
      expect(snat.message).toBe("(rule:create_router:external_gateway_info:enable_snat) is disallowed by policy.");
      await rejected(n, () => n.api("POST", "/v2.0/routers", { token: n.demo, body: { router: { distributed: true } } }), 403, "PolicyNotAuthorized");
      await rejected(n, () => n.api("POST", "/v2.0/routers", { token: n.demo, body: { router: { project_id: n.adminProject } } }), 403, "PolicyNotAuthorized");
    });

    it("lets the admin choose SNAT and the gateway address", async () => {
      const r = await router(n, {
        name: "fixed",
        external_gateway_info: { network_id: w.publicNet.id, enable_snat: false, external_fixed_ips: [{ ip_address: "172.24.4.200" }] },
      });
      expect(r.external_gateway_info).toEqual({
        network_id: w.publicNet.id,
        enable_snat: false,
        external_fixed_ips: [{ subnet_id: w.publicSubnet.id, ip_address: "172.24.4.200" }],
      });
      const taken = await rejected(n, 
        () => n.api("POST", "/v2.0/routers", { body: { router: { external_gateway_info: { network_id: w.publicNet.id, external_fixed_ips: [{ ip_address: "172.24.4.200" }] } } } }),
        409,
        "IpAddressInUse",
      );
      expect(taken.message).toContain("The IP address 172.24.4.200 is in use.");
    });

    it("a gateway update naming the subnets or addresses it already has allocates nothing new", async () => {
      const r = await router(n, { name: "gw", external_gateway_info: { network_id: w.publicNet.id } });
      const gateway = r.external_gateway_info;
      const [held] = gateway.external_fixed_ips;
      const ports = async () => (await n.api("GET", `/v2.0/ports?device_id=${r.id}`)).body.ports;
      for (const fixed of [[{ subnet_id: held.subnet_id }], [{ ip_address: held.ip_address }], [{ subnet_id: held.subnet_id, ip_address: held.ip_address }]]) {
        const res = await n.api("PUT", `/v2.0/routers/${r.id}`, { body: { router: { external_gateway_info: { network_id: w.publicNet.id, external_fixed_ips: fixed } } } });
        expect(res.status, res.text).toBe(200);
        expect(res.body.router.external_gateway_info.external_fixed_ips).toEqual([held]);
        const [gw] = await ports();
        expect(gw.fixed_ips).toEqual([held]);
      }
    });

    it("sets, keeps and clears the gateway as `router set/unset --external-gateway` do; the address is released", async () => {
      const r = await router(n, { name: "r" }, n.demo);
      const set = await n.api("PUT", `/v2.0/routers/${r.id}`, { token: n.demo, body: { router: { external_gateway_info: { network_id: w.publicNet.id } } } });
      expect(set.status, set.text).toBe(200);
      const gateway = set.body.router.external_gateway_info;
      expect(gateway.network_id).toBe(w.publicNet.id);
      expect(set.body.router.revision_number).toBe(1);
      // the same network again changes nothing about the address
      const again = await n.api("PUT", `/v2.0/routers/${r.id}`, { token: n.demo, body: { router: { external_gateway_info: { network_id: w.publicNet.id } } } });
      expect(again.body.router.external_gateway_info).toEqual(gateway);
      const renamed = await n.api("PUT", `/v2.0/routers/${r.id}`, { token: n.demo, body: { router: { name: "renamed", admin_state_up: false } } });
      expect(renamed.body.router).toMatchObject({ name: "renamed", admin_state_up: false, external_gateway_info: gateway });
      const cleared = await n.api("PUT", `/v2.0/routers/${r.id}`, { token: n.demo, body: { router: { external_gateway_info: {} } } });
      expect(cleared.status).toBe(200);
      expect(cleared.body.router.external_gateway_info).toBeNull();
      expect((await n.api("GET", `/v2.0/ports?device_id=${r.id}`)).body.ports).toEqual([]);
      // the address went back to the pool: the next gateway gets it again (lowest free first)
      const other = await router(n, { external_gateway_info: { network_id: w.publicNet.id } }, n.demo);
      expect(other.external_gateway_info.external_fixed_ips).toEqual(gateway.external_fixed_ips);
      const nulled = await n.api("PUT", `/v2.0/routers/${other.id}`, { token: n.demo, body: { router: { external_gateway_info: null } } });
      expect(nulled.body.router.external_gateway_info).toBeNull();
    });

    it("counts routers against the project's quota (409 OverQuota)", async () => {
      const quota = await n.api("PUT", `/v2.0/quotas/${n.demoProject}`, { body: { quota: { router: 2 } } });
      expect(quota.status, quota.text).toBe(200);
      await router(n, { name: "second" }, n.demo);
      const err = await rejected(n, () => n.api("POST", "/v2.0/routers", { token: n.demo, body: { router: { name: "third" } } }), 409, "OverQuota");
      expect(err.message).toBe("Quota exceeded for resources: ['router'].");
    });
  });

  describe("interfaces", () => {
    it("adds an interface by subnet (200): a router_interface port holding the subnet's gateway address", async () => {
      const { network, subnet } = await tenantNetwork(n, "web", "192.168.10.0/24");
      const r = await router(n, { name: "r" }, n.demo);
      const res = await interfaceCall(n.api, r.id, "add", { subnet_id: subnet.id }, n.demo);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        id: r.id,
        subnet_id: subnet.id,
        subnet_ids: [subnet.id],
        port_id: expect.stringMatching(UUID),
        network_id: network.id,
        project_id: n.demoProject,
        tenant_id: n.demoProject,
        tags: [],
      });
      const p = (await n.api("GET", `/v2.0/ports/${res.body.port_id}`, { token: n.demo })).body.port;
      expect(p).toMatchObject({
        device_owner: "network:router_interface",
        device_id: r.id,
        network_id: network.id,
        project_id: n.demoProject,
        status: "ACTIVE",
        fixed_ips: [{ subnet_id: subnet.id, ip_address: "192.168.10.1" }],
      });
      // the interface port keeps the network in use, and the port API refuses to delete it
      expect((await n.api("DELETE", `/v2.0/networks/${network.id}`, { token: n.demo })).status).toBe(409);
      expect((await n.api("DELETE", `/v2.0/ports/${p.id}`, { token: n.demo })).status).toBe(409);
    });

    it("refuses a subnet already attached, one without a gateway, and bodies naming neither or both (400)", async () => {
      const already = await rejected(n, () => interfaceCall(n.api, w.router1.id, "add", { subnet_id: w.privateSubnet.id }, n.demo), 400, "BadRequest");
      expect(already.message).toBe(`Bad router request: Router already has a port on subnet ${w.privateSubnet.id}.`);
      const { subnet } = await tenantNetwork(n, "dark", "192.168.20.0/24", n.demo, { gateway_ip: null });
      const noGateway = await rejected(n, () => interfaceCall(n.api, w.router1.id, "add", { subnet_id: subnet.id }, n.demo), 400, "BadRequest");
      expect(noGateway.message).toBe("Bad router request: Subnet for router interface must have a gateway IP.");
      const neither = await rejected(n, () => interfaceCall(n.api, w.router1.id, "add", {}, n.demo), 400, "BadRequest");
      expect(neither.message).toBe("Bad router request: Either subnet_id or port_id must be specified.");
      const both = await rejected(n, () => interfaceCall(n.api, w.router1.id, "add", { subnet_id: subnet.id, port_id: "x" }, n.demo), 400, "BadRequest");
      expect(both.message).toBe("Bad router request: Cannot specify both subnet-id and port-id.");
      await rejected(n, () => interfaceCall(n.api, w.router1.id, "add", { subnet_id: "nope" }, n.demo), 404, "SubnetNotFound");
      await rejected(n, () => interfaceCall(n.api, "nope", "add", { subnet_id: subnet.id }, n.demo), 404, "RouterNotFound");
    });

    it("refuses a subnet that overlaps one the router is already on", async () => {
      const { subnet } = await tenantNetwork(n, "twin", "10.0.0.0/24");
      const err = await rejected(n, () => interfaceCall(n.api, w.router1.id, "add", { subnet_id: subnet.id }, n.demo), 400, "BadRequest");
      expect(err.message).toBe(`Bad router request: Cidr 10.0.0.0/24 of subnet ${subnet.id} overlaps with cidr 10.0.0.0/24 of subnet ${w.privateSubnet.id}.`);
    });

    it("takes over a port with one fixed IP; refuses one in use or with several addresses", async () => {
      const { network, subnet } = await tenantNetwork(n, "svc", "192.168.30.0/24");
      const free = await port(n, { network_id: network.id, fixed_ips: [{ subnet_id: subnet.id, ip_address: "192.168.30.5" }] }, n.demo);
      const res = await interfaceCall(n.api, w.router1.id, "add", { port_id: free.id }, n.demo);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ id: w.router1.id, port_id: free.id, subnet_id: subnet.id, network_id: network.id });
      const taken = (await n.api("GET", `/v2.0/ports/${free.id}`, { token: n.demo })).body.port;
      expect(taken).toMatchObject({ device_owner: "network:router_interface", device_id: w.router1.id, status: "ACTIVE" });

      const { network: net2, subnet: sub2 } = await tenantNetwork(n, "busy", "192.168.40.0/24");
      const busy = await port(n, { network_id: net2.id, device_id: "some-server", device_owner: "compute:nova" }, n.demo);
      await rejected(n, () => interfaceCall(n.api, w.router1.id, "add", { port_id: busy.id }, n.demo), 409, "PortInUse");
      const double = await port(n, { network_id: net2.id, fixed_ips: [{ subnet_id: sub2.id }, { subnet_id: sub2.id }] }, n.demo);
      await rejected(n, () => interfaceCall(n.api, w.router1.id, "add", { port_id: double.id }, n.demo), 400, "BadRequest");
      await rejected(n, () => interfaceCall(n.api, w.router1.id, "add", { port_id: "nope" }, n.demo), 404, "PortNotFound");
    });

    it("removes an interface by subnet or by port (200): the port is deleted and the subnet freed", async () => {
      const { network, subnet } = await tenantNetwork(n, "tmp", "192.168.50.0/24");
      const added = (await interfaceCall(n.api, w.router1.id, "add", { subnet_id: subnet.id }, n.demo)).body;
      const removed = await interfaceCall(n.api, w.router1.id, "remove", { subnet_id: subnet.id }, n.demo);
      expect(removed.status, removed.text).toBe(200);
      expect(removed.body).toEqual(added);
      expect((await n.api("GET", `/v2.0/ports/${added.port_id}`, { token: n.demo })).status).toBe(404);
      expect((await n.api("DELETE", `/v2.0/networks/${network.id}`, { token: n.demo })).status).toBe(204);

      // the external network's subnet is not demo's to see (Neutron's get_subnet policy)
      await rejected(n, () => interfaceCall(n.api, w.router1.id, "remove", { subnet_id: w.publicSubnet.id }, n.demo), 404, "SubnetNotFound");
      const again = await rejected(n, () => interfaceCall(n.api, w.router1.id, "remove", { subnet_id: w.publicSubnet.id }, n.admin), 404, "RouterInterfaceNotFoundForSubnet");
      expect(again.message).toBe(`Router ${w.router1.id} has no interface on subnet ${w.publicSubnet.id}`);
      await rejected(n, () => interfaceCall(n.api, w.router1.id, "remove", { port_id: "nope" }, n.demo), 404, "RouterInterfaceNotFound");
      await rejected(n, () => interfaceCall(n.api, w.router1.id, "remove", {}, n.demo), 400, "BadRequest");

      const { subnet: other } = await tenantNetwork(n, "tmp2", "192.168.60.0/24");
      const second = (await interfaceCall(n.api, w.router1.id, "add", { subnet_id: other.id }, n.demo)).body;
      const byPort = await interfaceCall(n.api, w.router1.id, "remove", { port_id: second.port_id }, n.demo);
      expect(byPort.status).toBe(200);
      expect(byPort.body.subnet_id).toBe(other.id);
    });

    it("refuses to delete a router while interfaces remain (409 RouterInUse); afterwards 204 releases the gateway", async () => {
      const err = await rejected(n, () => n.api("DELETE", `/v2.0/routers/${w.router1.id}`, { token: n.demo }), 409, "RouterInUse");
      expect(err.message).toMatch(new RegExp(`^Router ${w.router1.id} has ports still attached: `));
      expect((await interfaceCall(n.api, w.router1.id, "remove", { subnet_id: w.privateSubnet.id }, n.demo)).status).toBe(200);
      const gatewayPort = (await n.api("GET", `/v2.0/ports?device_id=${w.router1.id}`)).body.ports[0];
      expect(gatewayPort.device_owner).toBe("network:router_gateway");
      const deleted = await n.api("DELETE", `/v2.0/routers/${w.router1.id}`, { token: n.demo });
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe("");
      expect((await n.api("GET", `/v2.0/routers/${w.router1.id}`, { token: n.demo })).status).toBe(404);
      expect((await n.api("GET", `/v2.0/ports/${gatewayPort.id}`)).status).toBe(404);
      // the private subnet is no longer attached, so it can go
      expect((await n.api("DELETE", `/v2.0/subnets/${w.privateSubnet.id}`, { token: n.demo })).status).toBe(204);
    });
  });

  describe("extra routes", () => {
    it("accepts routes whose nexthop is on an interface subnet; rejects others (400 InvalidRoutes)", async () => {
      const routes = [{ destination: "192.168.100.0/24", nexthop: "10.0.0.10" }];
      const res = await n.api("PUT", `/v2.0/routers/${w.router1.id}`, { token: n.demo, body: { router: { routes } } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.router.routes).toEqual(routes);
      const err = await rejected(n, 
        () => n.api("PUT", `/v2.0/routers/${w.router1.id}`, { token: n.demo, body: { router: { routes: [{ destination: "192.168.100.0/24", nexthop: "10.9.9.9" }] } } }),
        400,
        "InvalidRoutes",
      );
      expect(err.message).toContain("the nexthop is not connected with router");
      await rejected(n, 
        () => n.api("PUT", `/v2.0/routers/${w.router1.id}`, { token: n.demo, body: { router: { routes: [{ destination: "nonsense", nexthop: "10.0.0.10" }] } } }),
        400,
        "HTTPBadRequest",
      );
      // the interface a route needs cannot go
      await rejected(n, () => interfaceCall(n.api, w.router1.id, "remove", { subnet_id: w.privateSubnet.id }, n.demo), 409, "RouterInterfaceInUseByRoute");
      const add = await n.api("PUT", `/v2.0/routers/${w.router1.id}/add_extraroutes`, {
        token: n.demo,
        body: { router: { routes: [{ destination: "192.168.200.0/24", nexthop: "10.0.0.11" }] } },
      });
      expect(add.status, add.text).toBe(200);
      expect(add.body.router.routes).toHaveLength(2);
      const remove = await n.api("PUT", `/v2.0/routers/${w.router1.id}/remove_extraroutes`, { token: n.demo, body: { router: { routes } } });
      expect(remove.body.router.routes).toEqual([{ destination: "192.168.200.0/24", nexthop: "10.0.0.11" }]);
      const cleared = await n.api("PUT", `/v2.0/routers/${w.router1.id}`, { token: n.demo, body: { router: { routes: [] } } });
      expect(cleared.body.router.routes).toEqual([]);
    });
  });
});
