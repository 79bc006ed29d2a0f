// The `servers` list of compute's seed: servers already built (ACTIVE or SHUTOFF) when the world starts, on
// a named host or where the scheduler puts them, in a project by name, flavor and image by name or id,
// ports on named networks made through networking's contract as a create makes them; the host's claim and
// the project's usage counted as for a created server; quota and room checked. Ids derive from names.

import * as z from "zod";
import { ApiError } from "../../kernel/errors.js";
import type { Kernel } from "../../kernel/kernel.js";
import { systemCaller, type OperationContext } from "../../kernel/operation.js";
import { ownRecord } from "../../kernel/own.js";
import { derivedId, noTx, uuidOf } from "../../kernel/seed-helpers.js";
import { peek, put, values } from "../../kernel/store/table.js";
import { identitySelectors } from "../identity/index.js";
import { computeHooks } from "../networking/index.js";
import { visibleImages, findImage } from "../image/for-compute.js";
import type { ComputeState, Flavor, Server } from "./state.js";
import { POWER } from "./lifecycle.js";
import { hostnameOf } from "./hostname.js";
import { claimHost, hasRoom, isUp, scheduleHost } from "./operations/hosts.js";
import { addInstanceUsage, checkInstanceQuota, computeQuotas } from "./operations/quotas.js";
import { sharedSnapshotOf } from "./operations/server-create.js";
import { findFlavor } from "./operations/flavors.js";

export const serverSeed = z.strictObject({
  name: z.string().min(1),
  /** project name (domain default) or id */
  project: z.string().min(1),
  /** flavor name or id */
  flavor: z.string().min(1),
  /** image name or id */
  image: z.string().min(1),
  /** network names (or ids) the project can use: one port each */
  networks: z.array(z.string().min(1)).default([]),
  /** the compute host; the scheduler picks one when absent */
  host: z.string().min(1).optional(),
  status: z.enum(["ACTIVE", "SHUTOFF"]).default("ACTIVE"),
  metadata: ownRecord(z.string(), z.string()).default({}),
  user_id: z.string().min(1).optional(),
  /** this many servers, named <name>-1 ... <name>-N (one when absent, named <name>) */
  count: z.number().int().min(1).max(10_000).optional(),
});
export type ServerSeed = z.output<typeof serverSeed>;

function seedError(message: string): ApiError {
  return new ApiError(400, undefined, `Seed compute: ${message}.`);
}

function flavorOf(s: ComputeState, ref: string): Flavor {
  const flavor = findFlavor(s, ref) ?? values(s.flavors).find((f) => f.name === ref);
  if (!flavor) throw seedError(`A server names flavor ${ref}, which the seed does not have`);
  return flavor;
}

export function seedServers(s: ComputeState, seeds: readonly ServerSeed[], kernel: Kernel, world: Readonly<Record<string, unknown>>): void {
  const now = kernel.clock.now();
  const root = world as OperationContext["root"];
  for (const seed of seeds) {
    const projectId = identitySelectors.projectId(world, seed.project);
    if (!projectId) throw seedError(`Server ${seed.name} names project ${seed.project}, which the identity seed does not have`);
    const caller = systemCaller(projectId);
    const ctx: OperationContext = { caller, now, ids: kernel.ids, tx: noTx, root, enter: () => {} };
    const flavor = flavorOf(s, seed.flavor);
    const image = findImage(world, seed.image, caller) ?? visibleImages(world, caller).find((i) => i.name === seed.image);
    if (!image) throw seedError(`Server ${seed.name} names image ${seed.image}, which project ${seed.project} cannot see`);
    const networkIds = seed.networks.map((ref) => {
      const network = computeHooks.findNetwork(world, caller, ref) ?? computeHooks.autoNetworks(world, caller).find((n) => n.name === ref);
      if (!network) throw seedError(`Server ${seed.name} names network ${ref}, which project ${seed.project} cannot use`);
      if (network.subnetIds.length === 0) throw seedError(`Server ${seed.name}: network ${ref} has no subnet`);
      return network.id;
    });
    const count = seed.count ?? 1;
    computeQuotas.check(s, projectId, "metadata_items", Object.keys(seed.metadata).length, 0);
    try {
      checkInstanceQuota(s, projectId, { instances: count, cores: count * flavor.vcpus, ram: count * flavor.ram });
    } catch (error) {
      throw seedError(`Servers ${seed.name} exceed project ${seed.project}'s quota: ${(error as Error).message}`);
    }
    const groups = computeHooks.resolveSecurityGroups(world, projectId, ["default"]);
    for (let i = 1; i <= count; i++) {
      // joined: one flat string (a template would be a rope holding a copy of the prefix, per server)
      const name = seed.count === undefined ? seed.name : [seed.name, i].join("-");
      const id = uuidOf(derivedId("server", projectId, name));
      if (peek(s.servers, id)) throw seedError(`Server ${name} of project ${seed.project} is listed twice`);
      const host = seed.host === undefined ? scheduleHost(s, { flavor, zone: null, serverId: id }) : peek(s.hosts, seed.host);
      if (seed.host !== undefined && !host) throw seedError(`Server ${name} names compute host ${seed.host}, which the seed does not have`);
      if (!host) throw seedError(`No compute host can take server ${name} (flavor ${flavor.name})`);
      if (!hasRoom(host, flavor)) throw seedError(`Compute host ${host.id} has no room for server ${name} (flavor ${flavor.name})`);
      if (!isUp(host)) throw seedError(`Compute host ${host.id} of server ${name} is down`);
      claimHost(s, host, flavor, 1);
      const stopped = seed.status === "SHUTOFF";
      const server: Server = {
        id,
        name,
        projectId,
        userId: seed.user_id ?? uuidOf(derivedId("seed-user", projectId)),
        flavorId: flavor.id,
        flavor: sharedSnapshotOf(flavor),
        imageId: image.id,
        keyName: null,
        securityGroups: ["default"],
        metadata: { ...seed.metadata },
        tags: [],
        availabilityZone: host.zone,
        host: host.id,
        portIds: [],
        ownedPortIds: [],
        vmState: stopped ? "stopped" : "active",
        taskState: null,
        powerState: stopped ? POWER.SHUTDOWN : POWER.RUNNING,
        volumesAttached: [],
        instanceNumber: s.nextInstanceNumber++,
        phase: null,
        reservationId: `r-${id.slice(0, 8)}`,
        hostname: hostnameOf(name),
        launchIndex: 0,
        createdAt: now,
        updatedAt: now,
        launchedAt: now,
      };
      put(s.servers, server);
      for (const networkId of networkIds) {
        let port;
        try {
          port = computeHooks.createServerPort(ctx, { networkId, projectId, serverId: id, securityGroupIds: groups.ids });
        } catch (error) {
          throw seedError(`Server ${name}: no port on network ${networkId}: ${(error as Error).message}`);
        }
        computeHooks.bindPort(ctx, port.id, { serverId: id, host: host.id, zone: host.zone });
        server.portIds.push(port.id);
        server.ownedPortIds.push(port.id);
      }
      addInstanceUsage(s, projectId, { instances: 1, cores: flavor.vcpus, ram: flavor.ram });
    }
  }
}
