// Loads the `networking` section of a seed world (networks with their subnets, routers with a gateway and
// interfaces) through the same operations as the API, and gives every identity project its `default`
// security group. Ids derive from names, so the seed world has the same ids in every run and after reset.

import * as z from "zod";
import type { Kernel } from "../../kernel/kernel.js";
import { seededRandom } from "../../kernel/ids.js";
import { systemCaller } from "../../kernel/operation.js";
import { ApiError } from "../../kernel/errors.js";
import { validate } from "../../kernel/http/body.js";
import { derivedId, noTx, uuidOf } from "../../kernel/seed-helpers.js";
import { get } from "../../kernel/store/table.js";
import { identitySelectors } from "../identity/index.js";
import { parseCidr } from "./cidr.js";
import type { NetworkingState, Network, Subnet } from "./state.js";
import { createNetwork } from "./operations/networks.js";
import { createSubnet } from "./operations/subnets.js";
import { createRouter } from "./operations/routers.js";
import { addRouterInterface } from "./operations/router-interfaces.js";
import { ensureDefaultGroup } from "./operations/security-groups.js";
import type { NetworkingContext } from "./operations/common.js";

const pool = z.strictObject({ start: z.string(), end: z.string() });
const subnetSeed = z.strictObject({
  id: z.string().optional(),
  name: z.string(),
  cidr: z.string(),
  ip_version: z.union([z.literal(4), z.literal(6)]).optional(),
  gateway_ip: z.string().nullable().optional(),
  allocation_pools: z.array(pool).optional(),
  enable_dhcp: z.boolean().optional(),
  dns_nameservers: z.array(z.string()).optional(),
  host_routes: z.array(z.strictObject({ destination: z.string(), nexthop: z.string() })).optional(),
  description: z.string().optional(),
});
const networkSeed = z.strictObject({
  id: z.string().optional(),
  name: z.string(),
  /** a project name (domain `default`) or id */
  project: z.string(),
  description: z.string().optional(),
  shared: z.boolean().optional(),
  external: z.boolean().optional(),
  is_default: z.boolean().optional(),
  admin_state_up: z.boolean().optional(),
  mtu: z.number().int().optional(),
  subnets: z.array(subnetSeed).default([]),
});
const routerSeed = z.strictObject({
  id: z.string().optional(),
  name: z.string(),
  project: z.string(),
  description: z.string().optional(),
  admin_state_up: z.boolean().optional(),
  /** the external network's name (among the seed's networks) or id */
  external_gateway: z.string().optional(),
  enable_snat: z.boolean().optional(),
  /** subnets (names among the seed's subnets, or ids) to attach */
  interfaces: z.array(z.string()).default([]),
});
const seedSchema = z.strictObject({
  networks: z.array(networkSeed).default([]),
  routers: z.array(routerSeed).default([]),
});

/** The section as a world document writes it (src/client/types-world.ts writes it out for the client). */
export type NetworkingSeedSection = z.input<typeof seedSchema>;

/** Seeding happens outside any API call: its events are not published. */
export function loadNetworkingSeed(s: NetworkingState, section: unknown, kernel: Kernel, world: Readonly<Record<string, unknown>>): void {
  const seed = validate(seedSchema, section ?? {}, true);
  const ids = new SeedIds();
  const ctx = (projectId: string): NetworkingContext => ({ caller: systemCaller(projectId), now: kernel.clock.now(), ids, tx: noTx });
  const project = (ref: string, what: string) => {
    const id = identitySelectors.projectId(world, ref);
    if (!id) throw seedError(`${what} names project ${ref}, which the identity seed does not have`);
    return id;
  };

  for (const projectId of identitySelectors.projectIds(world)) {
    ids.next(`default-security-group|${projectId}`);
    ensureDefaultGroup(s, ctx(projectId), projectId);
  }

  const networks = new Map<string, Network>();
  const subnets = new Map<string, Subnet>();
  for (const n of seed.networks) {
    const projectId = project(n.project, `Network ${n.name}`);
    const id = n.id ?? uuidOf(derivedId("network", projectId, n.name));
    if (get(s.networks, id)) throw seedError(`Network ${n.name} (${id}) already exists`);
    ids.next(`network|${id}`, id);
    const network = createNetwork(s, ctx(projectId), {
      name: n.name,
      description: n.description,
      projectId,
      shared: n.shared,
      external: n.external,
      isDefault: n.is_default,
      adminStateUp: n.admin_state_up,
      mtu: n.mtu,
    });
    networks.set(n.name, network);
    for (const sub of n.subnets) {
      const subnetId = sub.id ?? uuidOf(derivedId("subnet", id, sub.name));
      const version = sub.ip_version ?? parseCidr(sub.cidr)?.version;
      if (!version) throw seedError(`Subnet ${sub.name} has cidr ${sub.cidr}, which is not a valid IP subnet`);
      ids.next(`subnet|${subnetId}`, subnetId);
      const subnet = createSubnet(s, ctx(projectId), {
        networkId: id,
        cidr: sub.cidr,
        ipVersion: version,
        name: sub.name,
        description: sub.description,
        projectId,
        gatewayIp: sub.gateway_ip,
        allocationPools: sub.allocation_pools,
        enableDhcp: sub.enable_dhcp,
        dnsNameservers: sub.dns_nameservers,
        hostRoutes: sub.host_routes,
      });
      subnets.set(sub.name, subnet);
    }
  }

  for (const r of seed.routers) {
    const projectId = project(r.project, `Router ${r.name}`);
    const id = r.id ?? uuidOf(derivedId("router", projectId, r.name));
    if (get(s.routers, id)) throw seedError(`Router ${r.name} (${id}) already exists`);
    const gatewayNetwork = r.external_gateway === undefined ? undefined : (networks.get(r.external_gateway)?.id ?? r.external_gateway);
    ids.next(`router|${id}`, id);
    const router = createRouter(s, ctx(projectId), {
      name: r.name,
      description: r.description,
      projectId,
      adminStateUp: r.admin_state_up,
      gateway: gatewayNetwork === undefined ? null : { networkId: gatewayNetwork, enableSnat: r.enable_snat },
    });
    for (const ref of r.interfaces) {
      const subnetId = subnets.get(ref)?.id ?? ref;
      ids.next(`router-interface|${id}|${subnetId}`);
      addRouterInterface(s, ctx(projectId), get(s.routers, router.id)!, { subnetId });
    }
  }
}

function seedError(message: string): ApiError {
  return new ApiError(400, undefined, `Seed networking: ${message}.`);
}

/**
 * The ids seeding hands out: the named resource's own id first, then ids derived from its label for what
 * it creates along the way (ports, rules), so nothing depends on the kernel's random stream.
 */
class SeedIds {
  #label = "";
  #count = 0;
  #primary: string | undefined;
  #random = seededRandom(0x6e657477);

  next(label: string, primary?: string): void {
    this.#label = label;
    this.#count = 0;
    this.#primary = primary;
  }

  uuid(): string {
    const primary = this.#primary;
    this.#primary = undefined;
    return primary ?? uuidOf(this.hexId());
  }

  hexId(): string {
    return derivedId("networking-seed", this.#label, String(this.#count++));
  }

  random(): number {
    return this.#random();
  }
}
