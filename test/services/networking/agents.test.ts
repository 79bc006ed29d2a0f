import { beforeEach, describe, expect, it } from "vitest";
import { netApi, neutronError, type NetApi } from "./api-setup.js";
import { rejected, router, seedWorld } from "./l3-setup.js";

describe("networking: /v2.0/agents and the agent schedulers", () => {
  let n: NetApi;
  beforeEach(async () => {
    n = await netApi();
  });

  const agents = async () => (await n.api("GET", "/v2.0/agents")).body.agents as any[];
  const agentOf = async (type: string, host = "network-1") => (await agents()).find((a) => a.agent_type === type && a.host === host);

  it("lists L3, DHCP, Open vSwitch and metadata agents on the network node and OVS on every compute host, to admins", async () => {
    const list = await agents();
    expect(list.map((a) => `${a.agent_type}@${a.host}`).sort()).toEqual(
      [
        "DHCP agent@network-1", "L3 agent@network-1", "Metadata agent@network-1", "Open vSwitch agent@network-1",
        "Open vSwitch agent@compute-1", "Open vSwitch agent@compute-2", "Open vSwitch agent@compute-3",
      ].sort(),
    );
    const l3 = list.find((a) => a.agent_type === "L3 agent");
    expect(l3).toEqual({
      id: expect.any(String),
      agent_type: "L3 agent",
      binary: "neutron-l3-agent",
      host: "network-1",
      topic: "l3_agent",
      admin_state_up: true,
      alive: true,
      availability_zone: "nova",
      configurations: expect.objectContaining({ agent_mode: "legacy", routers: 0 }),
      created_at: "2030-01-01 00:00:00",
      started_at: "2030-01-01 00:00:00",
      heartbeat_timestamp: "2030-01-01 00:00:00",
      description: "",
      resources_synced: null,
    });
    const filtered = await n.api("GET", "/v2.0/agents?agent_type=Open%20vSwitch%20agent&host=compute-2");
    expect(filtered.body.agents).toHaveLength(1);
    expect((await n.api("GET", `/v2.0/agents/${l3.id}`)).body.agent).toEqual(l3);
  });

  it("gives a non-admin an empty list and 404 for an agent", async () => {
    const l3 = await agentOf("L3 agent");
    const list = await n.api("GET", "/v2.0/agents", { token: n.demo });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ agents: [] });
    const show = await n.api("GET", `/v2.0/agents/${l3.id}`, { token: n.demo });
    expect(show.status).toBe(404);
    expect(neutronError(show)).toEqual({ type: "HTTPNotFound", message: "The resource could not be found.", detail: "" });
    await rejected(n, () => n.api("PUT", `/v2.0/agents/${l3.id}`, { token: n.demo, body: { agent: { description: "x" } } }), 404, "HTTPNotFound");
    await rejected(n, () => n.api("DELETE", `/v2.0/agents/${l3.id}`, { token: n.demo }), 404, "HTTPNotFound");
  });

  it("updates admin_state_up and description only, and deletes an agent", async () => {
    const dhcp = await agentOf("DHCP agent");
    const res = await n.api("PUT", `/v2.0/agents/${dhcp.id}`, { body: { agent: { admin_state_up: false, description: "maintenance" } } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.agent).toMatchObject({ admin_state_up: false, description: "maintenance" });
    const before = n.fingerprint();
    const bad = await n.api("PUT", `/v2.0/agents/${dhcp.id}`, { body: { agent: { host: "elsewhere" } } });
    expect(bad.status).toBe(400);
    expect(n.fingerprint()).toBe(before);
    expect((await n.api("DELETE", `/v2.0/agents/${dhcp.id}`)).status).toBe(204);
    const gone = await n.api("GET", `/v2.0/agents/${dhcp.id}`);
    expect(gone.status).toBe(404);
    expect(neutronError(gone)).toMatchObject({ type: "AgentNotFound", message: `Agent ${dhcp.id} could not be found.` });
  });

  it("schedules a network to a DHCP agent and back", async () => {
    const dhcp = await agentOf("DHCP agent");
    const l3 = await agentOf("L3 agent");
    const net = await n.network({ name: "plain" });
    const hosting = async () => (await n.api("GET", `/v2.0/networks/${net.id}/dhcp-agents`)).body.agents.map((x: any) => x.id);
    const hostedCount = async () => (await n.api("GET", `/v2.0/agents/${dhcp.id}`)).body.agent.configurations.networks;
    expect(await hosting()).toEqual([]);
    const before = await hostedCount();
    const add = await n.api("POST", `/v2.0/agents/${dhcp.id}/dhcp-networks`, { body: { network_id: net.id } });
    expect(add.status, add.text).toBe(201);
    expect((await n.api("GET", `/v2.0/agents/${dhcp.id}/dhcp-networks`)).body.networks.map((x: any) => x.id)).toContain(net.id);
    expect(await hosting()).toEqual([dhcp.id]);
    expect(await hostedCount()).toBe(before + 1);

    await rejected(n, () => n.api("POST", `/v2.0/agents/${dhcp.id}/dhcp-networks`, { body: { network_id: net.id } }), 409, "NetworkHostedByDHCPAgent");
    await rejected(n, () => n.api("POST", `/v2.0/agents/${l3.id}/dhcp-networks`, { body: { network_id: net.id } }), 404, "InvalidDHCPAgent");
    await rejected(n, () => n.api("POST", `/v2.0/agents/${dhcp.id}/dhcp-networks`, { body: { network_id: "nope" } }), 404, "NetworkNotFound");
    await rejected(n, () => n.api("POST", `/v2.0/agents/${dhcp.id}/dhcp-networks`, { token: n.demo, body: { network_id: net.id } }), 403, "PolicyNotAuthorized");
    await rejected(n, () => n.api("GET", `/v2.0/networks/${net.id}/dhcp-agents`, { token: n.demo }), 403, "PolicyNotAuthorized");

    expect((await n.api("DELETE", `/v2.0/agents/${dhcp.id}/dhcp-networks/${net.id}`)).status).toBe(204);
    expect(await hosting()).toEqual([]);
    await rejected(n, () => n.api("DELETE", `/v2.0/agents/${dhcp.id}/dhcp-networks/${net.id}`), 409, "NetworkNotHostedByDhcpAgent");
  });

  it("schedules a network with a DHCP-enabled subnet to the DHCP agent by itself, as Neutron's scheduler does", async () => {
    const { privateNet } = await seedWorld(n);
    const dhcp = await agentOf("DHCP agent");
    // the seed world's private network is hosted from the start
    expect((await n.api("GET", `/v2.0/networks/${privateNet.id}/dhcp-agents`)).body.agents.map((x: any) => x.id)).toEqual([dhcp.id]);
    await rejected(n, () => n.api("POST", `/v2.0/agents/${dhcp.id}/dhcp-networks`, { body: { network_id: privateNet.id } }), 409, "NetworkHostedByDHCPAgent");
    const net = await n.network({ name: "later" });
    const hosting = async () => (await n.api("GET", `/v2.0/networks/${net.id}/dhcp-agents`)).body.agents.map((x: any) => x.id);
    const made = await n.api("POST", "/v2.0/subnets", { body: { subnet: { network_id: net.id, cidr: "10.77.0.0/24", ip_version: 4, enable_dhcp: false } } });
    expect(made.status, made.text).toBe(201);
    expect(await hosting()).toEqual([]);
    expect((await n.api("PUT", `/v2.0/subnets/${made.body.subnet.id}`, { body: { subnet: { enable_dhcp: true } } })).status).toBe(200);
    expect(await hosting()).toEqual([dhcp.id]);
    expect((await n.api("GET", `/v2.0/agents/${dhcp.id}/dhcp-networks`)).body.networks.map((x: any) => x.id)).toContain(net.id);
    // unscheduled by the admin, it stays unscheduled; a disabled agent takes nothing new
    expect((await n.api("DELETE", `/v2.0/agents/${dhcp.id}/dhcp-networks/${net.id}`)).status).toBe(204);
    expect(await hosting()).toEqual([]);
    await n.api("PUT", `/v2.0/agents/${dhcp.id}`, { body: { agent: { admin_state_up: false } } });
    const other = await n.network({ name: "unhosted" });
    await n.api("POST", "/v2.0/subnets", { body: { subnet: { network_id: other.id, cidr: "10.78.0.0/24", ip_version: 4 } } });
    expect((await n.api("GET", `/v2.0/networks/${other.id}/dhcp-agents`)).body.agents).toEqual([]);
  });

  it("refuses a disabled DHCP agent", async () => {
    const { privateNet } = await seedWorld(n);
    const dhcp = await agentOf("DHCP agent");
    await n.api("PUT", `/v2.0/agents/${dhcp.id}`, { body: { agent: { admin_state_up: false } } });
    await rejected(n, () => n.api("POST", `/v2.0/agents/${dhcp.id}/dhcp-networks`, { body: { network_id: privateNet.id } }), 404, "InvalidDHCPAgent");
  });

  it("schedules a router to an L3 agent and back", async () => {
    const { router1 } = await seedWorld(n);
    const l3 = await agentOf("L3 agent");
    const ovs = await agentOf("Open vSwitch agent");
    const add = await n.api("POST", `/v2.0/agents/${l3.id}/l3-routers`, { body: { router_id: router1.id } });
    expect(add.status, add.text).toBe(201);
    expect((await n.api("GET", `/v2.0/agents/${l3.id}/l3-routers`)).body.routers.map((x: any) => x.id)).toEqual([router1.id]);
    expect((await n.api("GET", `/v2.0/routers/${router1.id}/l3-agents`)).body.agents.map((x: any) => x.id)).toEqual([l3.id]);
    await rejected(n, () => n.api("POST", `/v2.0/agents/${l3.id}/l3-routers`, { body: { router_id: router1.id } }), 409, "RouterHostedByL3Agent");
    await rejected(n, () => n.api("POST", `/v2.0/agents/${ovs.id}/l3-routers`, { body: { router_id: router1.id } }), 404, "InvalidL3Agent");
    await rejected(n, () => n.api("POST", `/v2.0/agents/${l3.id}/l3-routers`, { body: { router_id: "nope" } }), 404, "RouterNotFound");
    await rejected(n, () => n.api("POST", `/v2.0/agents/${l3.id}/l3-routers`, { body: {} }), 400, "BadRequest");
    expect((await n.api("DELETE", `/v2.0/agents/${l3.id}/l3-routers/${router1.id}`)).status).toBe(204);
    await rejected(n, () => n.api("DELETE", `/v2.0/agents/${l3.id}/l3-routers/${router1.id}`), 409, "RouterNotHostedByL3Agent");
    const r2 = await router(n, { name: "r2" });
    expect((await n.api("POST", `/v2.0/agents/${l3.id}/l3-routers`, { body: { router_id: r2.id } })).status).toBe(201);
  });

  it("advertises agent, dhcp_agent_scheduler and l3_agent_scheduler", async () => {
    const aliases = (await n.api("GET", "/v2.0/extensions")).body.extensions.map((e: any) => e.alias);
    expect(aliases).toEqual(expect.arrayContaining(["agent", "dhcp_agent_scheduler", "l3_agent_scheduler"]));
  });

  it("a deleted network leaves its DHCP agents", async () => {
    const dhcp = await agentOf("DHCP agent");
    const count = async () => (await n.api("GET", `/v2.0/agents/${dhcp.id}`)).body.agent.configurations.networks;
    const before = await count();
    const net = await n.network({ name: "short-lived" });
    await n.api("POST", `/v2.0/agents/${dhcp.id}/dhcp-networks`, { body: { network_id: net.id } });
    const auto = await n.network({ name: "auto-hosted" });
    await n.api("POST", "/v2.0/subnets", { body: { subnet: { network_id: auto.id, cidr: "10.79.0.0/24", ip_version: 4 } } });
    expect(await count()).toBe(before + 2);
    expect((await n.api("DELETE", `/v2.0/networks/${net.id}`)).status).toBe(204);
    expect((await n.api("DELETE", `/v2.0/networks/${auto.id}`)).status).toBe(204);
    const left = (await n.api("GET", `/v2.0/agents/${dhcp.id}/dhcp-networks`)).body.networks.map((x: any) => x.id);
    expect(left).not.toContain(net.id);
    expect(left).not.toContain(auto.id);
    expect(await count()).toBe(before);
  });
  it("a deleted router leaves its L3 agents", async () => {
    const l3 = await agentOf("L3 agent");
    const r = await router(n, { name: "short-lived" });
    await n.api("POST", `/v2.0/agents/${l3.id}/l3-routers`, { body: { router_id: r.id } });
    expect((await n.api("DELETE", `/v2.0/routers/${r.id}`)).status).toBe(204);
    expect((await n.api("GET", `/v2.0/agents/${l3.id}`)).body.agent.configurations.routers).toBe(0);
  });
});
