// Agents and their scheduling (neutron/db/agents_db.py, agentschedulers_db.py, l3_agentschedulers_db.py):
// admin_state_up and description are the only writable fields; a DHCP agent hosts networks, an L3 agent
// routers (a non-HA router on one agent at a time); a disabled agent takes nothing new.

import type { Caller } from "../../../kernel/operation.js";
import { get, remove, scan } from "../../../kernel/store/table.js";
import { dictDelete, dictEntries, dictGet, dictSet, emptyDict, dictReadEntries } from "../../../kernel/store/dict.js";
import type { NetworkingState } from "../state.js";
import type { Agent } from "../extension-state.js";
import {
  agentNotFound, invalidDhcpAgent, invalidL3Agent, networkHostedByDhcpAgent, networkNotHostedByDhcpAgent, resourceNotFound,
  routerHostedByL3Agent, routerNotHostedByL3Agent,
} from "../extension-errors.js";
import { visibleNetwork, visibleRouter } from "./visibility.js";
import { routerFlagsView } from "./router-flags.js";

/** Agents are an admin's: to anyone else they do not exist (Neutron's policy answers 404 on show). */
export function visibleAgent(s: NetworkingState, caller: Caller, id: string): Agent {
  if (!caller.isAdmin) throw resourceNotFound();
  const agent = get(s.ext.agents, id);
  if (!agent) throw agentNotFound(id);
  return agent;
}

export function updateAgent(agent: Agent, patch: { adminStateUp?: boolean; description?: string }): Agent {
  if (patch.adminStateUp !== undefined) agent.adminStateUp = patch.adminStateUp;
  if (patch.description !== undefined) agent.description = patch.description;
  return agent;
}

export function deleteAgent(s: NetworkingState, agent: Agent): void {
  if (agent.kind === "dhcp" && s.ext.dhcpAuto) for (const id of autoHosted(s, agent.id)) dictDelete(s.ext.dhcpAuto, id);
  remove(s.ext.agents, agent.id);
}

/** The networks the scheduler gave an agent (a scan of the map: an admin's read of a few agents). */
function autoHosted(s: NetworkingState, agentId: string): string[] {
  const out: string[] = [];
  if (s.ext.dhcpAuto) for (const [networkId, holder] of dictReadEntries(s.ext.dhcpAuto)) if (holder === agentId) out.push(networkId);
  return out;
}

/** Every network a DHCP agent hosts (explicitly scheduled, then given by the scheduler); a router agent's routers. */
export function hostedBy(s: NetworkingState, agent: Agent): string[] {
  return agent.kind === "dhcp" ? [...agent.hosted, ...autoHosted(s, agent.id)] : agent.hosted;
}

/**
 * Neutron's DHCP scheduling when a network gets a DHCP-enabled subnet: a network no DHCP agent hosts goes to
 * the enabled DHCP agent hosting the fewest networks (dhcp_agents_per_network = 1); none enabled, none.
 */
export function autoScheduleDhcp(s: NetworkingState, networkId: string): void {
  if (agentsHosting(s, "dhcp", networkId).length > 0) return;
  // each agent's load: what it hosts by hand plus what the scheduler gave it (its kept count)
  let best: { agent: Agent; load: number } | undefined;
  for (const agent of scan(s.ext.agents)) {
    if (agent.kind !== "dhcp" || !agent.adminStateUp) continue;
    const load = agent.hosted.length + autoCountOf(s, agent);
    if (!best || load < best.load) best = { agent, load };
  }
  if (!best) return;
  s.ext.dhcpAuto ??= emptyDict();
  dictSet(s.ext.dhcpAuto, networkId, best.agent.id);
  const draft = get(s.ext.agents, best.agent.id)!;
  draft.autoCount = best.load - draft.hosted.length + 1;
}

/** How many networks the scheduler gave a DHCP agent: its kept count, or (unknown) counted once and kept. */
function autoCountOf(s: NetworkingState, agent: Agent): number {
  if (agent.autoCount !== undefined) return agent.autoCount;
  const count = autoHosted(s, agent.id).length;
  get(s.ext.agents, agent.id)!.autoCount = count;
  return count;
}

/** The scheduler's gift of a network is taken back: out of the map, one less on its agent's count. */
function dropAuto(s: NetworkingState, networkId: string): void {
  const holder = autoAgent(s, networkId);
  if (holder === undefined) return;
  dictDelete(s.ext.dhcpAuto!, networkId);
  const agent = get(s.ext.agents, holder);
  if (agent?.autoCount !== undefined) agent.autoCount = Math.max(0, agent.autoCount - 1);
}

export function scheduleNetwork(s: NetworkingState, caller: Caller, agent: Agent, networkId: string): void {
  if (agent.kind !== "dhcp" || !agent.adminStateUp) throw invalidDhcpAgent(agent.id);
  const network = visibleNetwork(s, caller, networkId);
  if (agent.hosted.includes(network.id) || autoAgent(s, network.id) === agent.id) throw networkHostedByDhcpAgent(network.id, agent.id);
  agent.hosted.push(network.id);
}

export function unscheduleNetwork(s: NetworkingState, caller: Caller, agent: Agent, networkId: string): void {
  if (agent.kind !== "dhcp") throw invalidDhcpAgent(agent.id);
  const network = visibleNetwork(s, caller, networkId);
  if (autoAgent(s, network.id) === agent.id) {
    dropAuto(s, network.id);
    return;
  }
  if (!agent.hosted.includes(network.id)) throw networkNotHostedByDhcpAgent(network.id, agent.id);
  agent.hosted = agent.hosted.filter((id) => id !== network.id);
}

export function scheduleRouter(s: NetworkingState, caller: Caller, agent: Agent, routerId: string): void {
  if (agent.kind !== "l3" || !agent.adminStateUp) throw invalidL3Agent(agent.id);
  const router = visibleRouter(s, caller, routerId);
  if (agent.hosted.includes(router.id)) throw routerHostedByL3Agent(router.id, agent.id);
  // a legacy router lives on one agent; only an HA router may be on several
  const other = agentsHosting(s, "l3", router.id)[0];
  if (other && !(routerFlagsView(router).ha ?? false)) throw routerHostedByL3Agent(router.id, other.id);
  agent.hosted.push(router.id);
}

export function unscheduleRouter(s: NetworkingState, caller: Caller, agent: Agent, routerId: string): void {
  if (agent.kind !== "l3") throw invalidL3Agent(agent.id);
  const router = visibleRouter(s, caller, routerId);
  if (!agent.hosted.includes(router.id)) throw routerNotHostedByL3Agent(router.id, agent.id);
  agent.hosted = agent.hosted.filter((id) => id !== router.id);
}

const autoAgent = (s: NetworkingState, networkId: string) => (s.ext.dhcpAuto ? dictGet(s.ext.dhcpAuto, networkId) : undefined);

/** The agents of a kind hosting a network or router: a scan of the few agents there are. */
export function agentsHosting(s: NetworkingState, kind: "dhcp" | "l3", id: string): Agent[] {
  const auto = kind === "dhcp" ? autoAgent(s, id) : undefined;
  const out: Agent[] = [];
  for (const agent of scan(s.ext.agents)) if (agent.kind === kind && (agent.hosted.includes(id) || agent.id === auto)) out.push(agent);
  return out;
}

/** A deleted network or router leaves the agents that hosted it. */
export function unhostEverywhere(s: NetworkingState, kind: "dhcp" | "l3", id: string): void {
  if (kind === "dhcp") dropAuto(s, id);
  for (const agent of agentsHosting(s, kind, id)) {
    const draft = get(s.ext.agents, agent.id)!;
    draft.hosted = draft.hosted.filter((h) => h !== id);
  }
}
