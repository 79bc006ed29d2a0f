// Loads the `compute` section of a seed world: flavors, compute hosts (whose zones are the availability
// zones), quota overrides and servers already running (seed-servers.ts); images listed here (older worlds)
// go to the image service's catalog. Ids not given derive from names, so the world has the same ids in
// every run and after every reset; seeding publishes no events.

import * as z from "zod";
import type { Kernel } from "../../kernel/kernel.js";
import { ApiError } from "../../kernel/errors.js";
import { validate } from "../../kernel/http/body.js";
import { ownRecord } from "../../kernel/own.js";
import { derivedId, noTx, uuidOf } from "../../kernel/seed-helpers.js";
import { get, put, values } from "../../kernel/store/table.js";
import { identitySelectors } from "../identity/index.js";
import { seedImages } from "../image/for-compute.js";
import { COMPUTE_QUOTA_KEYS, type ComputeQuotas, type ComputeState } from "./state.js";
import { createFlavor } from "./operations/flavors.js";
import { computeQuotas } from "./operations/quotas.js";
import { seedServers, serverSeed } from "./seed-servers.js";

const count = z.number().int().min(0);

const flavorSeed = z.strictObject({
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  vcpus: z.number().int().min(1),
  ram: z.number().int().min(1),
  disk: count,
  ephemeral: count.default(0),
  swap: count.default(0),
  rxtx_factor: z.number().positive().default(1),
  is_public: z.boolean().default(true),
  description: z.string().nullable().default(null),
  extra_specs: ownRecord(z.string(), z.string()).default({}),
});

const hostSeed = z.strictObject({
  name: z.string().min(1),
  zone: z.string().min(1).default("nova"),
  host_ip: z.string().min(1),
  vcpus: z.number().int().min(1),
  memory_mb: z.number().int().min(1),
  local_gb: z.number().int().min(1),
  state: z.enum(["up", "down"]).default("up"),
  status: z.enum(["enabled", "disabled"]).default("enabled"),
  disabled_reason: z.string().nullable().default(null),
  forced_down: z.boolean().default(false),
});

const quotaSeed = z.strictObject({
  project: z.string(),
  ...(Object.fromEntries(COMPUTE_QUOTA_KEYS.map((k) => [k, z.number().int().min(-1).optional()])) as Record<keyof ComputeQuotas, z.ZodOptional<z.ZodNumber>>),
});

const seedSchema = z.strictObject({
  flavors: z.array(flavorSeed).default([]),
  /** older worlds list images here: the image service's catalog loads them as its own section */
  images: z.array(z.unknown()).default([]),
  hosts: z.array(hostSeed).default([]),
  quotas: z.array(quotaSeed).default([]),
  /** after the quotas: a seeded server counts against its project's */
  servers: z.array(serverSeed).default([]),
});

/** The section as a world document writes it (src/client/types-world.ts writes it out for the client). */
export type ComputeSeedSection = z.input<typeof seedSchema>;

/** Seeding happens outside any API call: its events are not published. */
export function loadComputeSeed(s: ComputeState, section: unknown, kernel: Kernel, world: Readonly<Record<string, unknown>>): void {
  const seed = validate(seedSchema, section ?? {}, true);
  const now = kernel.clock.now();
  const project = (ref: string, what: string) => {
    const id = identitySelectors.projectId(world, ref);
    if (!id) throw seedError(`${what} names project ${ref}, which the identity seed does not have`);
    return id;
  };
  // every seeded resource comes with its id, so seeding never draws from the id stream (but for the ports of
  // seeded servers, which networking makes as it makes any: with --random-seed, the same in every run)
  const ctx = { ids: kernel.ids, now, tx: noTx };

  for (const f of seed.flavors) {
    const id = f.id ?? uuidOf(derivedId("flavor", f.name));
    if (get(s.flavors, id) || values(s.flavors).some((x) => x.name === f.name)) throw seedError(`Flavor ${f.name} (${id}) already exists`);
    createFlavor(s, ctx, {
      id,
      name: f.name,
      vcpus: f.vcpus,
      ram: f.ram,
      disk: f.disk,
      ephemeral: f.ephemeral,
      swap: f.swap,
      rxtxFactor: f.rxtx_factor,
      isPublic: f.is_public,
      description: f.description,
      extraSpecs: f.extra_specs,
    });
  }

  if (seed.images.length) seedImages(world as Record<string, unknown>, seed.images, kernel);

  let number = values(s.hosts).reduce((n, h) => Math.max(n, h.number), 0);
  for (const h of seed.hosts) {
    if (get(s.hosts, h.name)) throw seedError(`Compute host ${h.name} already exists`);
    put(s.hosts, {
      id: h.name,
      hypervisorId: uuidOf(derivedId("hypervisor", h.name)),
      serviceId: uuidOf(derivedId("compute-service", h.name)),
      number: ++number,
      zone: h.zone,
      hostIp: h.host_ip,
      vcpus: h.vcpus,
      memoryMb: h.memory_mb,
      localGb: h.local_gb,
      vcpusUsed: 0,
      memoryMbUsed: 0,
      localGbUsed: 0,
      runningVms: 0,
      state: h.state,
      status: h.status,
      disabledReason: h.status === "disabled" ? h.disabled_reason : null,
      forcedDown: h.forced_down,
      updatedAt: now,
    });
  }

  for (const { project: ref, ...limits } of seed.quotas) {
    const projectId = project(ref, "A quota");
    computeQuotas.set(s, projectId, limits);
  }

  seedServers(s, seed.servers, kernel, world);
}

function seedError(message: string): ApiError {
  return new ApiError(400, undefined, `Seed compute: ${message}.`);
}
