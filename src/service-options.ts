// The emulator options service modules declare, gathered for config.ts, which parses every option before
// any service exists: a service with options of its own adds its schema fields and its rows here, and
// config.ts (its flags, variables, usage and error messages) takes them without naming the service.

import { COMPUTE_OPTIONS, computeOptionsSchema } from "./services/compute/options.js";
import { BLOCK_STORAGE_OPTIONS, blockStorageOptionsSchema } from "./services/block-storage/options.js";

/** zod fields of the services' options, spread into the options schema */
export const serviceOptionsSchema = { ...computeOptionsSchema, ...blockStorageOptionsSchema };

/** their rows of the option table (flag, variable, default, meaning), in the order the usage lists them */
export const SERVICE_OPTIONS = { ...COMPUTE_OPTIONS, ...BLOCK_STORAGE_OPTIONS };
