// Shared by the port, security group and rule tests: a demo network to put ports on, port creation, and
// `refused`, which checks a rejected request's status and NeutronError type and that it changed nothing.

import { expect } from "vitest";
import { neutronError, type NetApi } from "./api-setup.js";

export const MAC = /^fa:16:3e(:[0-9a-f]{2}){3}$/;

export async function demoNet(n: NetApi, cidr = "10.20.0.0/24", name = "ports-net") {
  const network = await n.network({ name }, n.demo);
  const subnet = await n.subnet({ network_id: network.id, cidr, name: `${name}-subnet` }, n.demo);
  return { network, subnet };
}

export async function createPort(n: NetApi, port: Record<string, unknown>, token = n.demo) {
  return n.api("POST", "/v2.0/ports", { token, body: { port } });
}

export async function okPort(n: NetApi, port: Record<string, unknown>, token = n.demo) {
  const res = await createPort(n, port, token);
  expect(res.status, res.text).toBe(201);
  return res.body.port;
}

/** Sends the request and checks it is refused with this status and type, leaving the state unchanged. */
export async function refused(n: NetApi, status: number, type: string, request: () => Promise<{ status: number; body: any; text: string }>) {
  const before = n.fingerprint();
  const res = await request();
  expect(res.status, res.text).toBe(status);
  expect(neutronError(res as any).type).toBe(type);
  expect(n.fingerprint()).toBe(before);
  return res;
}

/** The `default` security group of the token's project (`project` names it for an admin, who sees them all). */
export async function defaultGroupId(n: NetApi, token: string, project = token === n.admin ? n.adminProject : n.demoProject): Promise<string> {
  const res = await n.api("GET", `/v2.0/security-groups?name=default&project_id=${project}`, { token });
  expect(res.body.security_groups).toHaveLength(1);
  return res.body.security_groups[0].id;
}
