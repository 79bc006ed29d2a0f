// The emulator options service modules declare, gathered for config.ts, which parses every option before
// any service exists: a service with options of its own adds its schema fields and its rows here, and
// config.ts (its flags, variables, usage and error messages) takes them without naming the service.

import { COMPUTE_OPTIONS, computeOptionsSchema } from "./services/compute/options.js";
import { BLOCK_STORAGE_OPTIONS, blockStorageOptionsSchema } from "./services/block-storage/options.js";
import { INSTANCE_HA_OPTIONS } from "./services/instance-ha/options.js";
// instance HA's options, the recovery engine's task lists and JavaScript tasks (module paths or objects)
import { instanceHaFileSchema } from "./services/instance-ha/engine/config.js";

/** zod fields of the services' options, spread into the options schema */
import { IDENTITY_OPTIONS, identityOptionsSchema } from "./services/identity/options.js";
export const serviceOptionsSchema = { ...identityOptionsSchema, ...computeOptionsSchema, ...blockStorageOptionsSchema, instanceHa: instanceHaFileSchema.optional() };

/** their rows of the option table (flag, variable, default, meaning), in the order the usage lists them */
export const SERVICE_OPTIONS = { ...IDENTITY_OPTIONS, ...COMPUTE_OPTIONS, ...BLOCK_STORAGE_OPTIONS, ...INSTANCE_HA_OPTIONS };

/** Config-file keys (option, field) holding file paths: relative ones are taken from the config file's folder. */
export const SERVICE_FILE_PATHS: Array<[string, string]> = [["instanceHa", "customTasks"]];
