// Quotas (Neutron v2.0 quotasv2): the admin index, a project's limits, their defaults and usage details
// (`/details.json`, which OSC `quota show` reads), update (admin) and reset to defaults (admin).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { assertMayRead, defaultQuotas, effectiveQuotas, listProjectQuotas, quotaDetails, resetQuotas, updateQuotas } from "../operations/quotas.js";
import { quotaUpdateSchema } from "../schemas/quotas.js";
import { policyNotAuthorized } from "../errors.js";
import type { NetworkingDeps } from "./deps.js";

/** The project id in the path; a `.json` suffix (older clients) is the format, not part of the id. */
const projectOf = (c: Ctx) => (c.req.param("projectId") ?? "").replace(/\.json$/, "");

export function quotaRoutes(deps: NetworkingDeps): RouteDef[] {
  const details = (c: Ctx) => {
    const projectId = projectOf(c);
    assertMayRead(deps.caller(c), projectId);
    return c.json({ quota: quotaDetails(deps.state(), projectId) });
  };
  return [
    {
      method: "GET",
      path: "/v2.0/quotas",
      operation: "networking.quota.list",
      // Neutron's get_quota on the collection: every project's quotas, an admin's view
      policy: "admin",
      forbidden: () => policyNotAuthorized("get_quota"),
      handler: (c) => c.json({ quotas: listProjectQuotas(deps.state()) }),
    },
    {
      // the caller's own project, as the quotas extension's `project` collection action returns it
      method: "GET",
      path: "/v2.0/quotas/project",
      operation: "networking.quota.project",
      handler: (c) => c.json({ project: { project_id: deps.caller(c).projectId } }),
    },
    {
      method: "GET",
      path: "/v2.0/quotas/:projectId/default",
      operation: "networking.quota.default",
      handler: (c) => {
        assertMayRead(deps.caller(c), projectOf(c));
        return c.json({ quota: defaultQuotas() });
      },
    },
    { method: "GET", path: "/v2.0/quotas/:projectId/details.json", operation: "networking.quota.details", handler: details },
    { method: "GET", path: "/v2.0/quotas/:projectId/details", operation: "networking.quota.details", handler: details },
    {
      method: "GET",
      path: "/v2.0/quotas/:projectId",
      operation: "networking.quota.show",
      handler: (c) => {
        const projectId = projectOf(c);
        assertMayRead(deps.caller(c), projectId);
        return c.json({ quota: effectiveQuotas(deps.state(), projectId) });
      },
    },
    route({
      method: "PUT",
      path: "/v2.0/quotas/:projectId",
      operation: "networking.quota.update",
      policy: "admin",
      forbidden: () => policyNotAuthorized("update_quota"),
      schema: quotaUpdateSchema,
      handler: (c, { quota }) => {
        const { force: _force, check_limit: checkLimit, ...limits } = quota;
        const result = deps.write(c, (s, ctx) => updateQuotas(s, ctx, projectOf(c), limits, checkLimit === true));
        return c.json({ quota: result });
      },
    }),
    {
      method: "DELETE",
      path: "/v2.0/quotas/:projectId",
      operation: "networking.quota.delete",
      policy: "admin",
      forbidden: () => policyNotAuthorized("delete_quota"),
      handler: (c) => {
        deps.write(c, (s, ctx) => resetQuotas(s, ctx, projectOf(c)));
        return c.body(null, 204);
      },
    },
  ];
}
