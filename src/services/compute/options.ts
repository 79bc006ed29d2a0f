// Compute's tunables: how long lifecycle steps take on the virtual clock (overridable per type and per
// resource through /_emulator/transitions), and the emulator options that set them (config.ts lists them
// with the rest: flag, variable, config key, default, meaning).

import * as z from "zod";
import type { OptionSpec, ServiceOptions } from "../../kernel/options.js";

export interface ComputeOptions {
  /** BUILD -> ACTIVE */
  buildMs: number;
  /** reboot, stop, start, resize, snapshot and delete steps */
  actionMs: number;
  /** `spec` (the platform spec's shapes) or `upstream` (Nova's exactly, where the two differ) */
  profile: ComputeProfile;
  /** Nova's shelved_offload_time: a SHELVED server is offloaded after this (0: at once; negative: never) */
  shelvedOffloadMs: number;
  /** Nova's reclaim_instance_interval: > 0 makes DELETE a soft delete reclaimed after it */
  reclaimInstanceMs: number;
}

export type ComputeProfile = "spec" | "upstream";

export const DEFAULT_COMPUTE_OPTIONS: ComputeOptions = { buildMs: 5000, actionMs: 2000, profile: "spec", shelvedOffloadMs: 0, reclaimInstanceMs: 0 };

/** The emulator options' fields: virtual seconds a server takes to build, and each action step. */
export const computeOptionsSchema = {
  buildSeconds: z.coerce.number().min(0).default(DEFAULT_COMPUTE_OPTIONS.buildMs / 1000),
  actionSeconds: z.coerce.number().min(0).default(DEFAULT_COMPUTE_OPTIONS.actionMs / 1000),
  shelvedOffloadSeconds: z.coerce.number().default(0),
  reclaimInstanceSeconds: z.coerce.number().min(0).default(0),
};

export const COMPUTE_OPTIONS: Record<keyof typeof computeOptionsSchema, OptionSpec> = {
  buildSeconds: { flag: "--build-seconds", value: "S", env: "SKYMOCK_BUILD_SECONDS", default: "5",
    description: "virtual seconds a server takes from BUILD to ACTIVE" },
  actionSeconds: { flag: "--action-seconds", value: "S", env: "SKYMOCK_ACTION_SECONDS", default: "2",
    description: "virtual seconds per server action step" },
  shelvedOffloadSeconds: { flag: "--shelved-offload-seconds", value: "S", env: "SKYMOCK_SHELVED_OFFLOAD_SECONDS", default: "0",
    description: "a shelved server is offloaded after S virtual seconds (0: at once; negative: never), as Nova's shelved_offload_time" },
  reclaimInstanceSeconds: { flag: "--reclaim-instance-seconds", value: "S", env: "SKYMOCK_RECLAIM_INSTANCE_SECONDS", default: "0",
    description: "above 0, a server delete is a soft delete (restore, forceDelete) reclaimed after S virtual seconds" },
};

export const computeOptions: ServiceOptions<typeof computeOptionsSchema> = { fields: computeOptionsSchema, rows: COMPUTE_OPTIONS };
