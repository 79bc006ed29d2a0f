// Control: fault rules (list, add, remove, clear) and the journal of faults that fired.

import type { Hono } from "hono";
import type { Kernel } from "../kernel/kernel.js";
import type { AppEnv } from "../kernel/http/context.js";
import { ApiError } from "../kernel/errors.js";
import { handle, optionalJson, queryInt } from "./http.js";

export function faultRoutes(app: Hono<AppEnv>, kernel: Kernel): void {
  const { faults } = kernel;
  app.get("/faults", (c) => c.json({ faults: faults.list() }));
  app.post(
    "/faults",
    handle(async (c) => c.json(faults.add(await optionalJson(c, kernel.options.maxBodyBytes)), 201)),
  );
  app.delete("/faults", (c) => {
    faults.clear();
    return c.body(null, 204);
  });
  app.get("/faults/fired", handle((c) => c.json({ fired: faults.fired.list({ after: queryInt(c, "after"), limit: queryInt(c, "limit") }) })));
  // before /faults/:id, which would take `fired` for a rule id
  app.delete("/faults/fired", (c) => {
    faults.fired.clear();
    return c.body(null, 204);
  });
  app.delete(
    "/faults/:id",
    handle((c) => {
      if (!faults.remove(c.req.param("id") ?? "")) throw new ApiError(404, undefined, `No fault rule ${c.req.param("id")}.`);
      return c.body(null, 204);
    }),
  );
}
