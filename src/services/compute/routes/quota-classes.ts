// Quota classes (/os-quota-class-sets, admin; Nova v2.1): show and update a class. Nova applies only the
// `default` class (it is the defaults every project without its own limit gets); others are kept and shown.
// Keys by version: nova-network's before 2.50, server groups from 2.50, injected files before 2.57.

import * as z from "zod";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { microversion, type Microversion } from "../microversion.js";
import { COMPUTE_QUOTA_KEYS, type ComputeQuotaKey, type ComputeQuotas } from "../state.js";
import { NETWORK_CLASS_QUOTAS, quotaClass, quotaClassNetwork, updateQuotaClass } from "../operations/quotas.js";
import { INJECTED_QUOTA_KEYS } from "../schemas/quotas.js";
import { novaInt } from "../schemas/parameter-types.js";
import { badRequest } from "../errors.js";
import type { ComputeDeps } from "./deps.js";

function classKeys(mv: Microversion): ComputeQuotaKey[] {
  return COMPUTE_QUOTA_KEYS.filter(
    (k) => (mv >= 50 || (k !== "server_groups" && k !== "server_group_members")) && (mv < 57 || !(INJECTED_QUOTA_KEYS as readonly string[]).includes(k)),
  );
}

function classView(limits: ComputeQuotas, network: Record<string, number>, mv: Microversion, id?: string): Record<string, unknown> {
  const view: Record<string, unknown> = id === undefined ? {} : { id };
  for (const k of classKeys(mv)) view[k] = limits[k];
  if (mv < 50) Object.assign(view, network);
  return view;
}

export function quotaClassSchema(mv: Microversion) {
  const keys: string[] = [...classKeys(mv), ...(mv < 50 ? Object.keys(NETWORK_CLASS_QUOTAS) : [])];
  const limit = novaInt(-1).optional();
  return z.strictObject({ quota_class_set: z.strictObject(Object.fromEntries(keys.map((k) => [k, limit]))) });
}

export function quotaClassRoutes(deps: ComputeDeps): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/v2.1/os-quota-class-sets/:className",
      operation: "compute.quota_class.show",
      policy: "admin",
      handler: (c) => {
        const name = c.req.param("className") ?? "";
        return c.json({ quota_class_set: classView(quotaClass(deps.state(), name), quotaClassNetwork(deps.state(), name), microversion(c), name) });
      },
    },
    route({
      method: "PUT",
      path: "/v2.1/os-quota-class-sets/:className",
      operation: "compute.quota_class.update",
      schema: quotaClassSchema(1),
      schemaFor: (c) => {
        if ((c.req.param("className") ?? "").length > 255) throw badRequest("The quota class name must be at most 255 characters.");
        return quotaClassSchema(microversion(c));
      },
      policy: "admin",
      handler: (c, { quota_class_set: body }) => {
        const mv = microversion(c);
        const name = c.req.param("className") ?? "";
        const limits: Partial<ComputeQuotas> = {};
        for (const k of COMPUTE_QUOTA_KEYS) if (typeof body[k] === "number") limits[k] = body[k] as number;
        // nova-network's keys (before 2.50) are kept and shown, as Nova stores them
        const network: Record<string, number> = {};
        for (const k of Object.keys(NETWORK_CLASS_QUOTAS)) if (typeof body[k] === "number") network[k] = body[k] as number;
        const result = deps.write(c, (s) => updateQuotaClass(s, name, limits, network));
        return c.json({ quota_class_set: classView(result, quotaClassNetwork(deps.state(), name), mv) });
      },
    }),
  ];
}
