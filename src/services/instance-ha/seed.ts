// Loads the `instance-ha` section of a seed world: failover segments and their hosts (names of the
// compute seed's hosts). Ids derive from names, so a world seeds the same ids on every start. The default
// world has none: a scenario (fixtures/scenarios/) declares the segments it recovers.

import * as z from "zod";
import type { Kernel } from "../../kernel/kernel.js";
import { ApiError } from "../../kernel/errors.js";
import { validate } from "../../kernel/http/body.js";
import { derivedId, uuidOf } from "../../kernel/seed-helpers.js";
import { computeHostExists } from "../compute/for-instance-ha.js";
import { hostByName, RECOVERY_METHODS, segmentByName, type InstanceHaState } from "./state.js";
import { addRecord } from "./operations/records.js";

const hostSeed = z.strictObject({
  name: z.string().min(1).max(255),
  type: z.string().min(1).max(255).default("COMPUTE"),
  control_attributes: z.string().min(1).default("SSH"),
  reserved: z.boolean().default(false),
  on_maintenance: z.boolean().default(false),
});

const segmentSeed = z.strictObject({
  name: z.string().min(1).max(255),
  description: z.string().max(255).nullable().default(null),
  recovery_method: z.enum(RECOVERY_METHODS).default("auto"),
  service_type: z.string().min(1).max(255).default("COMPUTE"),
  enabled: z.boolean().default(true),
  hosts: z.array(hostSeed).default([]),
});

const seedSchema = z.strictObject({ segments: z.array(segmentSeed).default([]) });

/** The section as a world document writes it (src/client/types-world.ts writes it out for the client). */
export type InstanceHaSeedSection = z.input<typeof seedSchema>;

const seedError = (message: string) => new ApiError(400, undefined, `Invalid instance-ha seed: ${message}`);

export function loadInstanceHaSeed(s: InstanceHaState, section: unknown, kernel: Kernel, world: Readonly<Record<string, unknown>>): void {
  const doc = validate(seedSchema, section ?? {}, true);
  const now = kernel.clock.now();
  for (const seg of doc.segments) {
    if (segmentByName(s, seg.name)) throw seedError(`segment ${seg.name} is listed twice`);
    const segmentId = uuidOf(derivedId("instance-ha.segment", seg.name));
    addRecord(s, "segment", {
      id: segmentId,
      seq: ++s.seq.segment,
      name: seg.name,
      description: seg.description,
      recoveryMethod: seg.recovery_method,
      serviceType: seg.service_type,
      enabled: seg.enabled,
      activeNotifications: 0,
      createdAt: now,
      updatedAt: null,
    });
    for (const host of seg.hosts) {
      if (!computeHostExists(world, host.name)) throw seedError(`host ${host.name} is not a compute host of the seed`);
      if (hostByName(s, host.name)) throw seedError(`host ${host.name} is in two segments`);
      const id = uuidOf(derivedId("instance-ha.host", host.name));
      addRecord(s, "host", {
        id,
        seq: ++s.seq.host,
        name: host.name,
        type: host.type,
        controlAttributes: host.control_attributes,
        reserved: host.reserved,
        onMaintenance: host.on_maintenance,
        segmentId,
        activeNotifications: 0,
        createdAt: now,
        updatedAt: null,
      });
    }
  }
}
