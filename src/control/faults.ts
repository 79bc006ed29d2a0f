// Control: fault rules (list, add, remove, clear), the journal of faults that fired, and the check that a
// rule names only services and operations this emulator has (a typo such as `computee` or
// `compute.server.buidl` would otherwise never fire), and the list of those operations.

import type { Hono } from "hono";
import type * as z from "zod";
import type { Kernel } from "../kernel/kernel.js";
import type { AppEnv } from "../kernel/http/context.js";
import { ApiError } from "../kernel/errors.js";
import type { FaultRule as KernelFaultRule, FiredFault as KernelFiredFault, faultRuleSchema } from "../kernel/faults.js";
import type { Assert, Equals, Flat } from "../kernel/type-equals.js";
import type { FaultRule, FaultRuleInput, FiredFault, ServiceOperations as ClientServiceOperations } from "../client/types.js";
import type { ServiceModule } from "../kernel/service.js";
import type { RouteDef } from "../kernel/http/service-app.js";
import { compileGlob } from "../kernel/glob.js";
import { didYouMean } from "../kernel/suggest.js";
import { handle, optionalJson, queryInt } from "./http.js";

// the typed client's wire types are the server's, or this file does not compile
type _RuleInput = Assert<Equals<z.input<typeof faultRuleSchema>, FaultRuleInput>>;
type _Rule = Assert<Equals<Flat<KernelFaultRule>, FaultRule>>;
type _Fired = Assert<Equals<Flat<KernelFiredFault & { seq: number }>, FiredFault>>;
type _Operations = Assert<Equals<ServiceOperations, ClientServiceOperations>>;

/** The operations of one service a fault rule may name (GET /_emulator/faults/operations). */
export interface ServiceOperations {
  service: string;
  operations: string[];
}

/**
 * Every operation name of the services, in route-table order: each route's operation, then its variants
 * (an action's, an S3 call's), then the service's steps no request carries. Route tables are read once
 * (building the apps of services no request has reached yet); steps each time (a reconfigured recovery
 * engine has other tasks).
 */
export function faultOperations(
  kernel: Kernel,
  services: readonly ServiceModule[],
  routesOf: (service: ServiceModule) => ReadonlyArray<Readonly<RouteDef>>,
): () => ServiceOperations[] {
  let routed: string[][] | undefined;
  return () => {
    routed ??= services.map((service) => [...new Set(routesOf(service).flatMap((r) => [r.operation, ...(r.variants?.names ?? [])]))]);
    return services.map((service, i) => ({
      service: service.name,
      operations: [...new Set([...routed![i]!, ...(service.stepOperations?.(kernel) ?? [])])],
    }));
  };
}

/**
 * The check Faults runs on every rule (configured or added): `service` must be a mounted service, and
 * `operation` an operation of one (by name, or a glob that matches at least one), else the rule could never
 * fire. 400 naming the closest known names.
 */
export function faultRuleCheck(services: readonly string[], operations: () => ServiceOperations[]): (rule: { service?: string; operation?: string }) => void {
  const known = new Set(services);
  return (rule) => {
    if (rule.service !== undefined && !known.has(rule.service)) throw notAService("names service", rule.service, known);
    const operation = rule.operation;
    if (operation === undefined) return;
    const first = operation.split(".")[0]!;
    if (!first.includes("*") && !known.has(first)) throw notAService(`operation ${JSON.stringify(operation)} starts with`, first, known);
    if (known.has(operation)) {
      throw new ApiError(400, undefined, `Fault rule operation ${JSON.stringify(operation)} is a service, not an operation: to fail all of its operations, give "service": ${JSON.stringify(operation)} or "operation": ${JSON.stringify(`${operation}.*`)}.`);
    }
    const names = operations()
      .filter((s) => rule.service === undefined || s.service === rule.service)
      .flatMap((s) => s.operations);
    const glob = operation.includes("*");
    const pattern = compileGlob(operation, true);
    if (glob ? names.some((n) => pattern.test(n)) : names.includes(operation)) return;
    const where = rule.service === undefined ? "this emulator" : `service ${JSON.stringify(rule.service)}`;
    throw new ApiError(
      400,
      undefined,
      `Fault rule operation ${JSON.stringify(operation)} ${glob ? "matches no operation" : "is not an operation"} of ${where}, so it would never fire.${didYouMean(operation, names)} GET /_emulator/faults/operations lists them.`,
    );
  };
}

/** "Fault rule <what> "x", which is not a service …", with the closest service names and all of them. */
function notAService(what: string, name: string, known: ReadonlySet<string>): ApiError {
  return new ApiError(400, undefined, `Fault rule ${what} ${JSON.stringify(name)}, which is not a service this emulator runs.${didYouMean(name, known)} Known services: ${[...known].join(", ")}.`);
}

export function faultRoutes(app: Hono<AppEnv>, kernel: Kernel, operations: () => ServiceOperations[]): void {
  const { faults } = kernel;
  app.get("/faults", (c) => c.json({ faults: faults.list() }));
  // before /faults/:id
  app.get("/faults/operations", (c) => c.json({ services: operations() }));
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
