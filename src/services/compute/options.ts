// Compute's tunables: how long lifecycle steps take on the virtual clock (overridable per type and per
// resource through /_emulator/transitions), and the emulator options that set them (config.ts lists them
// with the rest: flag, variable, config key, default, meaning).

import * as z from "zod";
import type { OptionSpec } from "../../config.js";

export interface ComputeOptions {
  /** BUILD -> ACTIVE */
  buildMs: number;
  /** reboot, stop, start, resize, snapshot and delete steps */
  actionMs: number;
}

export const DEFAULT_COMPUTE_OPTIONS: ComputeOptions = { buildMs: 5000, actionMs: 2000 };

/** The emulator options' fields: virtual seconds a server takes to build, and each action step. */
export const computeOptionsSchema = {
  buildSeconds: z.coerce.number().min(0).default(DEFAULT_COMPUTE_OPTIONS.buildMs / 1000),
  actionSeconds: z.coerce.number().min(0).default(DEFAULT_COMPUTE_OPTIONS.actionMs / 1000),
};

export const COMPUTE_OPTIONS: Record<keyof typeof computeOptionsSchema, OptionSpec> = {
  buildSeconds: { flag: "--build-seconds", value: "S", env: "SKYMOCK_BUILD_SECONDS", default: "5",
    description: "virtual seconds a server takes from BUILD to ACTIVE" },
  actionSeconds: { flag: "--action-seconds", value: "S", env: "SKYMOCK_ACTION_SECONDS", default: "2",
    description: "virtual seconds per server action step" },
};
