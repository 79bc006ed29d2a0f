// Shared by the router, floating IP and seed tests: the default world's networking resources found by
// name (as OSC finds them), and small builders for ports and tenant networks.

import { expect } from "vitest";
import { neutronError, type NetApi } from "./api-setup.js";
import type { Call } from "../../helpers/emulator.js";

type Api = NetApi["api"];

export interface SeedWorld {
  publicNet: any;
  publicSubnet: any;
  privateNet: any;
  privateSubnet: any;
  router1: any;
}

async function one(api: Api, plural: string, name: string): Promise<any> {
  const res = await api("GET", `/v2.0/${plural}?name=${name}`);
  expect(res.status, res.text).toBe(200);
  expect(res.body[plural]).toHaveLength(1);
  return res.body[plural][0];
}

export async function seedWorld(n: NetApi): Promise<SeedWorld> {
  const api = n.api;
  return {
    publicNet: await one(api, "networks", "public"),
    publicSubnet: await one(api, "subnets", "public-subnet"),
    privateNet: await one(api, "networks", "private"),
    privateSubnet: await one(api, "subnets", "private-subnet"),
    router1: await one(api, "routers", "router1"),
  };
}

/** POST a port (201 expected) and return it. */
export async function port(n: NetApi, body: Record<string, unknown>, token = n.admin): Promise<any> {
  const res = await n.api("POST", "/v2.0/ports", { token, body: { port: body } });
  expect(res.status, res.text).toBe(201);
  return res.body.port;
}

/** POST a router (201 expected) and return it. */
export async function router(n: NetApi, body: Record<string, unknown> = {}, token = n.admin): Promise<any> {
  const res = await n.api("POST", "/v2.0/routers", { token, body: { router: body } });
  expect(res.status, res.text).toBe(201);
  return res.body.router;
}

/** A network with one IPv4 subnet of `cidr`, made by `token`'s project. */
export async function tenantNetwork(n: NetApi, name: string, cidr: string, token = n.demo, subnetExtra: Record<string, unknown> = {}) {
  const network = await n.network({ name }, token);
  const subnet = await n.subnet({ network_id: network.id, cidr, name: `${name}-subnet`, ...subnetExtra }, token);
  return { network, subnet };
}

export function interfaceCall(api: Api, routerId: string, action: "add" | "remove", body: unknown, token?: string) {
  return api("PUT", `/v2.0/routers/${routerId}/${action}_router_interface`, { token, body });
}

/** Expects the call to fail with this status and NeutronError type, leaving the networking state as it was. */
export async function rejected(n: NetApi, call: () => Promise<Call>, status: number, type: string) {
  const before = n.fingerprint();
  const res = await call();
  expect(res.status, res.text).toBe(status);
  expect(neutronError(res).type).toBe(type);
  expect(n.fingerprint()).toBe(before);
  return neutronError(res);
}
