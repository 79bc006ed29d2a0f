// Block storage's tunables: how long volume lifecycle steps take on the virtual clock (overridable per type
// and per resource through /_emulator/transitions), and the emulator options that set them.

import * as z from "zod";
import type { OptionSpec, PlatformOptions, ServiceOptions } from "../../kernel/options.js";

/** `spec` (the platform spec's contract) or `upstream` (Cinder's exactly, where the two differ) */
export type BlockStorageProfile = PlatformOptions["profile"];

export interface BlockStorageOptions {
  /** creating -> available, and each other volume step (extending, retyping, deleting) */
  volumeMs: number;
  profile: BlockStorageProfile;
}

export const DEFAULT_BLOCK_STORAGE_OPTIONS: BlockStorageOptions = { volumeMs: 2000, profile: "spec" };

export const blockStorageOptionsSchema = {
  volumeSeconds: z.coerce.number().min(0).default(DEFAULT_BLOCK_STORAGE_OPTIONS.volumeMs / 1000),
};

export const BLOCK_STORAGE_OPTIONS: Record<keyof typeof blockStorageOptionsSchema, OptionSpec> = {
  volumeSeconds: { flag: "--volume-seconds", value: "S", env: "SKYMOCK_VOLUME_SECONDS", default: "2",
    description: "virtual seconds per volume lifecycle step (creating, extending, retyping, deleting)" },
};

export const blockStorageOptions: ServiceOptions<typeof blockStorageOptionsSchema> = { fields: blockStorageOptionsSchema, rows: BLOCK_STORAGE_OPTIONS };
