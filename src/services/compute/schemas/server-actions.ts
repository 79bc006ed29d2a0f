// Request bodies of POST /servers/{id}/action (nova/api/openstack/compute/schemas/{servers,lock_server,
// reset_server_state,console_output,evacuate}.py): one schema per action key, each validating the whole
// body so that errors name the field as `reboot.type`. Actions Nova does not validate take any value.

import * as z from "zod";
import { metadataSchema } from "./servers.js";
import { novaBool, novaName } from "./parameter-types.js";

export const rebootBody = z.strictObject({
  reboot: z.strictObject({
    // Nova's enum accepts these spellings and upper-cases them
    type: z.enum(["HARD", "Hard", "hard", "SOFT", "Soft", "soft"]).transform((t) => t.toUpperCase() as "HARD" | "SOFT"),
  }),
});

export const resizeBody = z.strictObject({
  resize: z.strictObject({
    flavorRef: z.union([z.string().min(1).max(255), z.number().int().min(0)]).transform(String),
    "OS-DCF:diskConfig": z.enum(["AUTO", "MANUAL"]).optional(),
  }),
});

export const createImageBody = z.strictObject({
  createImage: z.strictObject({
    name: novaName,
    metadata: metadataSchema.optional(),
  }),
});

/** `lock` takes an optional reason from 2.73; before that Nova reads nothing from the body. */
export const lockBody273 = z.strictObject({
  lock: z.strictObject({ locked_reason: z.string().max(255).optional() }).nullable(),
});

export const resetStateBody = z.strictObject({
  "os-resetState": z.strictObject({ state: z.enum(["active", "error"]) }),
});

export const consoleOutputBody = z.strictObject({
  "os-getConsoleOutput": z.strictObject({
    length: z
      .union([z.number().int(), z.string().regex(/^-?[0-9]+$/, "must be an integer").transform(Number), z.null()])
      .pipe(z.number().int().min(-1).nullable())
      .optional(),
  }),
});

/**
 * evacuate: `onSharedStorage` exists only before 2.14 (Nova requires it there; accepted as optional here,
 * since HA tooling sends `{"evacuate": {}}`), `force` only from 2.29 to 2.67.
 */
export const evacuateBody = z.strictObject({
  evacuate: z.strictObject({
    host: novaName.optional(),
    adminPass: z.string().optional(),
    onSharedStorage: novaBool.optional(),
    force: novaBool.optional(),
  }),
});
