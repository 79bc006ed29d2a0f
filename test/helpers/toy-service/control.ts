// The toy service's own control operation, declared as data (the control API mounts and documents it):
// POST /_emulator/toy/widgets/{id}/break puts a widget in ERROR, as a chaos test would.

import * as z from "zod";
import type { Kernel } from "../../../src/kernel/kernel.js";
import type { ServiceControl } from "../../../src/kernel/control-route.js";
import { runOperation } from "../../../src/kernel/operation.js";
import { ApiError } from "../../../src/kernel/errors.js";
import { get } from "../../../src/kernel/store/table.js";
import { sliceOf } from "./state.js";
import { breakWidget } from "./operations.js";

const breakSchema = z.strictObject({ reason: z.string().min(1).max(255).optional().describe("why, kept in the journal of events") });

export function toyControl(kernel: Kernel): ServiceControl {
  return {
    routes: [
      {
        method: "POST",
        path: "/widgets/:id/break",
        summary: "Break a widget",
        description: "The widget goes to ERROR at once; any lifecycle step it had planned is dropped.",
        params: { id: "The widget's id." },
        body: breakSchema,
        responses: { "200": { description: "The widget's id and status.", schema: { type: "object" } }, "400": "Not a valid body.", "404": "No such widget." },
        handler: (c, body: z.output<typeof breakSchema>) => {
          const id = c.req.param("id") ?? "";
          runOperation(kernel, null, (ctx) => {
            const row = get(sliceOf(ctx.root).widgets, id);
            if (!row) throw new ApiError(404, undefined, `No widget ${id}.`);
            breakWidget(ctx, row, body.reason ?? null);
          });
          return c.json({ id, status: "ERROR" });
        },
      },
    ],
  };
}
