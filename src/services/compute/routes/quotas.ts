// Quota sets (/os-quota-sets: show, defaults, detail; admin update 200 and delete 202) and limits (/limits)
// (Nova v2.1). A project reads its own; another project's takes an admin (403).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { identitySelectors } from "../../identity/index.js";
import { microversion } from "../microversion.js";
import { badRequest } from "../errors.js";
import { COMPUTE_QUOTA_KEYS, type ComputeQuotas } from "../state.js";
import { assertMayRead, defaultQuotas, deleteQuotas, effectiveQuotas, quotaUsage, updateQuotas } from "../operations/quotas.js";
import { quotaUpdateSchema } from "../schemas/quotas.js";
import { limitsView, quotaDetailView, quotaSetView } from "../views/quotas.js";
import type { ComputeDeps } from "./deps.js";

export function quotaRoutes(deps: ComputeDeps): RouteDef[] {
  /** The project of the path, which identity must know (Nova asks Keystone: 400 otherwise). */
  const projectOf = (c: Ctx): string => {
    const id = c.req.param("projectId") ?? "";
    if (identitySelectors.projectId(deps.root(), id) !== id) {
      throw badRequest(`Project ID ${id} is not a valid project.`);
    }
    return id;
  };
  /** A read of the path's project: own project or admin (403 first, as Nova's policy runs first). */
  const readable = (c: Ctx): string => {
    assertMayRead(deps.caller(c), c.req.param("projectId") ?? "");
    return projectOf(c);
  };
  return [
    {
      method: "GET",
      path: "/v2.1/os-quota-sets/:projectId",
      operation: "compute.quota.show",
      handler: (c) => {
        const projectId = readable(c);
        return c.json({ quota_set: quotaSetView(effectiveQuotas(deps.state(), projectId), microversion(c), projectId) });
      },
    },
    {
      method: "GET",
      path: "/v2.1/os-quota-sets/:projectId/defaults",
      operation: "compute.quota.defaults",
      handler: (c) => {
        deps.caller(c);
        const projectId = projectOf(c);
        return c.json({ quota_set: quotaSetView(defaultQuotas(deps.state()), microversion(c), projectId) });
      },
    },
    {
      method: "GET",
      path: "/v2.1/os-quota-sets/:projectId/detail",
      operation: "compute.quota.detail",
      handler: (c) => {
        const projectId = readable(c);
        const caller = deps.caller(c);
        const userId = queryParam(c, "user_id") ?? (caller.projectId === projectId ? caller.userId : undefined);
        const s = deps.state();
        return c.json({ quota_set: quotaDetailView(effectiveQuotas(s, projectId), quotaUsage(s, projectId, userId), microversion(c), projectId) });
      },
    },
    route({
      method: "PUT",
      path: "/v2.1/os-quota-sets/:projectId",
      operation: "compute.quota.update",
      // 2.1 names every key (later versions drop the network and injected-file ones)
      schema: quotaUpdateSchema(1),
      schemaFor: (c) => quotaUpdateSchema(microversion(c)),
      policy: "admin",
      handler: (c, { quota_set: body }) => {
        const mv = microversion(c);
        const projectId = projectOf(c);
        const { force, ...rest } = body as Record<string, number | boolean | undefined>;
        const limits: Partial<ComputeQuotas> = {};
        for (const k of COMPUTE_QUOTA_KEYS) if (typeof rest[k] === "number") limits[k] = rest[k] as number;
        const result = deps.write(c, (s) => updateQuotas(s, projectId, queryParam(c, "user_id"), limits, force === true));
        return c.json({ quota_set: quotaSetView(result, mv) });
      },
    }),
    {
      method: "DELETE",
      path: "/v2.1/os-quota-sets/:projectId",
      operation: "compute.quota.delete",
      policy: "admin",
      handler: (c) => {
        const projectId = projectOf(c);
        deps.write(c, (s) => deleteQuotas(s, projectId));
        return c.body(null, 202);
      },
    },
    {
      method: "GET",
      path: "/v2.1/limits",
      operation: "compute.limits.show",
      handler: (c) => {
        const caller = deps.caller(c);
        const projectId = queryParam(c, "tenant_id") ?? caller.projectId;
        assertMayRead(caller, projectId);
        const s = deps.state();
        const userId = projectId === caller.projectId ? caller.userId : undefined;
        return c.json(limitsView(effectiveQuotas(s, projectId), quotaUsage(s, projectId, userId), microversion(c)));
      },
    },
  ];
}
