import { beforeEach, describe, expect, it } from "vitest";
import { netApi, neutronError, type NetApi } from "./api-setup.js";
import { interfaceCall, rejected, port, router, seedWorld, tenantNetwork, type SeedWorld } from "./l3-setup.js";
import { standardAttributes } from "./standard-attributes.js";

const PUBLIC_IP = /^172\.24\.4\.\d+$/;

describe("networking: /v2.0/floatingips", () => {
  let n: NetApi;
  let w: SeedWorld;
  beforeEach(async () => {
    n = await netApi();
    w = await seedWorld(n);
  });


  const allocate = async (body: Record<string, unknown> = {}, token = n.demo) => {
    const res = await n.api("POST", "/v2.0/floatingips", { token, body: { floatingip: { floating_network_id: w.publicNet.id, ...body } } });
    expect(res.status, res.text).toBe(201);
    return res.body.floatingip;
  };
  const update = (id: string, body: Record<string, unknown>, token = n.demo) => n.api("PUT", `/v2.0/floatingips/${id}`, { token, body: { floatingip: body } });

  it("takes dns_name and dns_domain at create (dns-integration), checks them as Neutron does, and keeps them", async () => {
    const fip = await allocate({ dns_name: "web-1", dns_domain: "example.org." });
    expect(fip).toMatchObject({ dns_name: "web-1", dns_domain: "example.org." });
    expect((await n.api("GET", `/v2.0/floatingips/${fip.id}`, { token: n.demo })).body.floatingip).toMatchObject({ dns_name: "web-1", dns_domain: "example.org." });
    const post = (floatingip: Record<string, unknown>) => () =>
      n.api("POST", "/v2.0/floatingips", { token: n.demo, body: { floatingip: { floating_network_id: w.publicNet.id, ...floatingip } } });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ dns_name: "web-1.example.org." }, "Invalid input for dns_name. Reason: 'web-1.example.org.' is a FQDN. It should be a relative domain name."],
      [{ dns_name: "-bad" }, "Invalid input for dns_name. Reason: '-bad' not a valid PQDN or FQDN"],
      [{ dns_name: "a..b" }, "Invalid input for dns_name. Reason: Encountered an empty component."],
      [{ dns_domain: "example.org" }, "Invalid input for dns_domain. Reason: 'example.org' is not a FQDN."],
      [{ dns_domain: "example.123." }, "Invalid input for dns_domain. Reason: TLD '123' must not be all numeric."],
    ];
    for (const [body, message] of cases) {
      const error = await rejected(n, post(body), 400, "HTTPBadRequest");
      expect(error.message).toContain(message);
    }
    // set at create only, as Neutron's attribute map says
    await rejected(n, () => update(fip.id, { dns_name: "other" }), 400, "BadRequest");
  });

  it("runs the whole flow: allocate (DOWN), associate (ACTIVE), disassociate (DOWN, address kept), release", async () => {
    const fip = await allocate();
    expect(fip).toEqual({
      id: expect.any(String),
      description: "",
      ...standardAttributes(n.demoProject),
      floating_ip_address: expect.stringMatching(PUBLIC_IP),
      floating_network_id: w.publicNet.id,
      fixed_ip_address: null,
      port_id: null,
      router_id: null,
      status: "DOWN",
      port_details: null,
      port_forwardings: [],
      qos_policy_id: null,
      dns_name: "",
      dns_domain: "",
    });
    const vm = await port(n, { network_id: w.privateNet.id, name: "vm-port" }, n.demo);
    const fixed = vm.fixed_ips[0].ip_address;

    const associated = await update(fip.id, { port_id: vm.id });
    expect(associated.status, associated.text).toBe(200);
    expect(associated.body.floatingip).toMatchObject({
      floating_ip_address: fip.floating_ip_address,
      port_id: vm.id,
      fixed_ip_address: fixed,
      router_id: w.router1.id,
      status: "ACTIVE",
      revision_number: 1,
      port_details: {
        name: "vm-port",
        network_id: w.privateNet.id,
        mac_address: vm.mac_address,
        admin_state_up: true,
        status: vm.status,
        device_id: "",
        device_owner: "",
      },
    });

    const byAddress = await n.api("GET", `/v2.0/floatingips?floating_ip_address=${fip.floating_ip_address}`, { token: n.demo });
    expect(byAddress.body.floatingips.map((f: any) => f.id)).toEqual([fip.id]);
    const byPort = await n.api("GET", `/v2.0/floatingips?port_id=${vm.id}`, { token: n.demo });
    expect(byPort.body.floatingips.map((f: any) => f.id)).toEqual([fip.id]);

    const disassociated = await update(fip.id, { port_id: null });
    expect(disassociated.status).toBe(200);
    expect(disassociated.body.floatingip).toMatchObject({
      floating_ip_address: fip.floating_ip_address,
      port_id: null,
      fixed_ip_address: null,
      router_id: null,
      status: "DOWN",
      port_details: null,
    });
    expect((await n.api("GET", `/v2.0/floatingips?port_id=${vm.id}`, { token: n.demo })).body.floatingips).toEqual([]);

    const released = await n.api("DELETE", `/v2.0/floatingips/${fip.id}`, { token: n.demo });
    expect(released.status).toBe(204);
    const gone = await n.api("GET", `/v2.0/floatingips/${fip.id}`, { token: n.demo });
    expect(gone.status).toBe(404);
    expect(neutronError(gone)).toEqual({ type: "FloatingIPNotFound", message: `Floating IP ${fip.id} could not be found.`, detail: "" });
    // the address went back to the pool
    expect((await allocate()).floating_ip_address).toBe(fip.floating_ip_address);
  });

  it("refuses a port whose subnet no router connects to public (404 ExternalGatewayForFloatingIPNotFound)", async () => {
    const fip = await allocate();
    const { network, subnet } = await tenantNetwork(n, "island", "192.168.70.0/24");
    const lonely = await port(n, { network_id: network.id }, n.demo);
    const err = await rejected(n, () => update(fip.id, { port_id: lonely.id }), 404, "ExternalGatewayForFloatingIPNotFound");
    expect(err.message).toBe(
      `External network ${w.publicNet.id} is not reachable from subnet ${subnet.id}. Therefore, cannot associate Port ${lonely.id} with a Floating IP.`,
    );
    // a router with an interface but no gateway does not help either
    const r = await router(n, { name: "inner" }, n.demo);
    expect((await interfaceCall(n.api, r.id, "add", { subnet_id: subnet.id }, n.demo)).status).toBe(200);
    await rejected(n, () => update(fip.id, { port_id: lonely.id }), 404, "ExternalGatewayForFloatingIPNotFound");
    // with the gateway set, it works
    await n.api("PUT", `/v2.0/routers/${r.id}`, { token: n.demo, body: { router: { external_gateway_info: { network_id: w.publicNet.id } } } });
    const ok = await update(fip.id, { port_id: lonely.id });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.floatingip.router_id).toBe(r.id);
  });

  it("associates at creation; a port that already has a floating IP is 409", async () => {
    const vm = await port(n, { network_id: w.privateNet.id }, n.demo);
    const fip = await allocate({ port_id: vm.id });
    expect(fip).toMatchObject({ port_id: vm.id, fixed_ip_address: vm.fixed_ips[0].ip_address, router_id: w.router1.id, status: "ACTIVE" });
    const before = n.fingerprint();
    const res = await n.api("POST", "/v2.0/floatingips", { token: n.demo, body: { floatingip: { floating_network_id: w.publicNet.id, port_id: vm.id } } });
    expect(res.status).toBe(409);
    expect(neutronError(res).type).toBe("FloatingIPPortAlreadyAssociated");
    expect(n.fingerprint()).toBe(before);
    const second = await allocate();
    await rejected(n, () => update(second.id, { port_id: vm.id }), 409, "FloatingIPPortAlreadyAssociated");
    // re-associating the same floating IP with its own port is fine
    expect((await update(fip.id, { port_id: vm.id })).status).toBe(200);
  });

  it("checks the fixed address: it must be the port's, and IPv4", async () => {
    const vm = await port(n, { network_id: w.privateNet.id }, n.demo);
    const fip = await allocate();
    const wrong = await rejected(n, () => update(fip.id, { port_id: vm.id, fixed_ip_address: "10.0.0.250" }), 400, "BadRequest");
    expect(wrong.message).toBe(`Bad floatingip request: Port ${vm.id} does not have fixed ip 10.0.0.250.`);
    const ok = await update(fip.id, { port_id: vm.id, fixed_ip_address: vm.fixed_ips[0].ip_address });
    expect(ok.body.floatingip.fixed_ip_address).toBe(vm.fixed_ips[0].ip_address);
    await rejected(n, () => update(fip.id, { port_id: null, fixed_ip_address: "10.0.0.5" }), 400, "BadRequest");
    await rejected(n, () => update(fip.id, { port_id: "nope" }), 404, "PortNotFound");
  });

  it("allocates from external networks only; unknown networks are 404; bodies are validated", async () => {
    const notExternal = await rejected(n, 
      () => n.api("POST", "/v2.0/floatingips", { token: n.demo, body: { floatingip: { floating_network_id: w.privateNet.id } } }),
      400,
      "BadRequest",
    );
    expect(notExternal.message).toBe(`Bad floatingip request: Network ${w.privateNet.id} is not a valid external network.`);
    await rejected(n, () => n.api("POST", "/v2.0/floatingips", { token: n.demo, body: { floatingip: { floating_network_id: "nope" } } }), 404, "NetworkNotFound");
    await rejected(n, () => n.api("POST", "/v2.0/floatingips", { token: n.demo, body: { floatingip: {} } }), 400, "BadRequest");
    await rejected(n, () => n.api("POST", "/v2.0/floatingips", { token: n.demo, body: { floatingip: { floating_network_id: w.publicNet.id, bogus: 1 } } }), 400, "BadRequest");
  });

  it("lets only the admin pick the address; a taken address is 409 IpAddressInUse", async () => {
    const denied = await rejected(n, 
      () => n.api("POST", "/v2.0/floatingips", { token: n.demo, body: { floatingip: { floating_network_id: w.publicNet.id, floating_ip_address: "172.24.4.100" } } }),
      403,
      "PolicyNotAuthorized",
    );
    expect(denied.message).toBe("(rule:create_floatingip:floating_ip_address) is disallowed by policy.");
    const chosen = await allocate({ floating_ip_address: "172.24.4.100", project_id: n.demoProject }, n.admin);
    expect(chosen).toMatchObject({ floating_ip_address: "172.24.4.100", project_id: n.demoProject });
    await rejected(n, 
      () => n.api("POST", "/v2.0/floatingips", { body: { floatingip: { floating_network_id: w.publicNet.id, floating_ip_address: "172.24.4.100" } } }),
      409,
      "IpAddressInUse",
    );
    await rejected(n, 
      () => n.api("POST", "/v2.0/floatingips", { body: { floatingip: { floating_network_id: w.publicNet.id, floating_ip_address: "10.0.0.1" } } }),
      400,
      "InvalidIpForNetwork",
    );
    await rejected(n, 
      () => n.api("POST", "/v2.0/floatingips", { body: { floatingip: { floating_network_id: w.publicNet.id, floating_ip_address: "banana" } } }),
      400,
      "HTTPBadRequest",
    );
  });

  it("keeps projects apart; GET by address is 404 so OSC falls back to ?floating_ip_address=", async () => {
    const mine = await allocate({}, n.admin);
    expect((await n.api("GET", `/v2.0/floatingips/${mine.id}`, { token: n.demo })).status).toBe(404);
    expect((await update(mine.id, { description: "x" }, n.demo)).status).toBe(404);
    expect((await n.api("DELETE", `/v2.0/floatingips/${mine.id}`, { token: n.demo })).status).toBe(404);
    expect((await n.api("GET", "/v2.0/floatingips", { token: n.demo })).body.floatingips).toEqual([]);
    expect((await n.api("GET", "/v2.0/floatingips")).body.floatingips.map((f: any) => f.id)).toEqual([mine.id]);
    const byPath = await n.api("GET", `/v2.0/floatingips/${mine.floating_ip_address}`);
    expect(byPath.status).toBe(404);
    expect(neutronError(byPath).type).toBe("FloatingIPNotFound");
  });

  it("loses its association when the port is deleted; the address stays allocated", async () => {
    const vm = await port(n, { network_id: w.privateNet.id }, n.demo);
    const fip = await allocate({ port_id: vm.id });
    expect((await n.api("DELETE", `/v2.0/ports/${vm.id}`, { token: n.demo })).status).toBe(204);
    const after = (await n.api("GET", `/v2.0/floatingips/${fip.id}`, { token: n.demo })).body.floatingip;
    expect(after).toMatchObject({ floating_ip_address: fip.floating_ip_address, port_id: null, fixed_ip_address: null, router_id: null, status: "DOWN" });
  });

  it("holds the router's interface and gateway while associated (409)", async () => {
    const vm = await port(n, { network_id: w.privateNet.id }, n.demo);
    await allocate({ port_id: vm.id });
    await rejected(n, () => interfaceCall(n.api, w.router1.id, "remove", { subnet_id: w.privateSubnet.id }, n.demo), 409, "RouterInterfaceInUseByFloatingIP");
    await rejected(n, 
      () => n.api("PUT", `/v2.0/routers/${w.router1.id}`, { token: n.demo, body: { router: { external_gateway_info: null } } }),
      409,
      "RouterExternalGatewayInUseByFloatingIp",
    );
    // the external subnet holds allocated addresses, so it cannot be deleted
    expect((await n.api("DELETE", `/v2.0/subnets/${w.publicSubnet.id}`)).status).toBe(409);
  });

  it("updates the description and counts floating IPs against the quota (409 OverQuota)", async () => {
    const fip = await allocate();
    const res = await update(fip.id, { description: "web front" });
    expect(res.body.floatingip).toMatchObject({ description: "web front", status: "DOWN", revision_number: 1 });
    await n.api("PUT", `/v2.0/quotas/${n.demoProject}`, { body: { quota: { floatingip: 1 } } });
    const err = await rejected(n, 
      () => n.api("POST", "/v2.0/floatingips", { token: n.demo, body: { floatingip: { floating_network_id: w.publicNet.id } } }),
      409,
      "OverQuota",
    );
    expect(err.message).toBe("Quota exceeded for resources: ['floatingip'].");
    expect((await n.api("DELETE", `/v2.0/floatingips/${fip.id}`, { token: n.demo })).status).toBe(204);
    await allocate();
  });
});
