// Control: fault rules (list, add, remove, clear), the journal of faults that fired, and the check that a
// rule names only services this emulator mounts (a typo such as `computee` would otherwise never fire).

import type { Hono } from "hono";
import type * as z from "zod";
import type { Kernel } from "../kernel/kernel.js";
import type { AppEnv } from "../kernel/http/context.js";
import { ApiError } from "../kernel/errors.js";
import type { FaultRule as KernelFaultRule, FiredFault as KernelFiredFault, faultRuleSchema } from "../kernel/faults.js";
import type { Assert, Equals, Flat } from "../kernel/type-equals.js";
import type { FaultRule, FaultRuleInput, FiredFault } from "../client/types.js";
import { handle, optionalJson, queryInt } from "./http.js";

// the typed client's wire types are the server's, or this file does not compile
type _RuleInput = Assert<Equals<z.input<typeof faultRuleSchema>, FaultRuleInput>>;
type _Rule = Assert<Equals<Flat<KernelFaultRule>, FaultRule>>;
type _Fired = Assert<Equals<Flat<KernelFiredFault & { seq: number }>, FiredFault>>;

/**
 * The check Faults runs on every rule (configured or added): `service`, and the first segment of an
 * `operation` glob when it is a plain name, must be a mounted service. 400 naming the known ones.
 */
export function mountedServicesCheck(services: readonly string[]): (rule: { service?: string; operation?: string }) => void {
  const known = new Set(services);
  const refuse = (what: string) =>
    new ApiError(400, undefined, `Fault rule ${what}, which is not a service this emulator runs. Known services: ${[...known].join(", ")}.`);
  return (rule) => {
    if (rule.service !== undefined && !known.has(rule.service)) throw refuse(`names service ${JSON.stringify(rule.service)}`);
    const first = rule.operation?.split(".")[0];
    if (first !== undefined && !first.includes("*") && !known.has(first)) throw refuse(`operation ${JSON.stringify(rule.operation)} starts with ${JSON.stringify(first)}`);
  };
}

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
