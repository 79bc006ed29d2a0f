// Keystone v3 domain-specific configuration: /domains/{id}/config[/{group}[/{option}]] (PUT creates the
// whole config, GET, PATCH, DELETE), /domains/config[/{group}[/{option}]]/default, and the readable
// security compliance options at /domains/{id}/config/security_compliance[/{option}] (any token).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { domainConfigBodySchema } from "../schemas.js";
import {
  createDomainConfig, defaultDomainConfig, deleteDomainConfig, getDomainConfig, securityComplianceConfig,
  SECURITY_COMPLIANCE_GROUP, updateDomainConfig,
} from "../operations/domain-config.js";
import { DEFAULT_SECURITY_COMPLIANCE } from "../options.js";
import { param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

const BASE = "/v3/domains/:domainId/config";
const LEVELS = [
  { path: BASE, name: "" },
  { path: `${BASE}/:group`, name: ".group" },
  { path: `${BASE}/:group/:option`, name: ".option" },
] as const;

const opt = (c: Ctx, key: string) => c.req.param(key) || undefined;

export function domainConfigRoutes(deps: IdentityDeps): RouteDef[] {
  const sc = deps.options.securityCompliance ?? DEFAULT_SECURITY_COMPLIANCE;
  const compliance: RouteDef["handler"] = (c) =>
    c.json({ config: securityComplianceConfig(deps.state(), param(c, "domainId"), sc, opt(c, "option")) });
  const routes: RouteDef[] = [
    // Keystone's defaults: /domains/config/default, /domains/config/{group}/default and
    // /domains/config/{group}/{option}/default; listed before /domains/{id}/config/..., which they would match
    ...(["/v3/domains/config/default", "/v3/domains/config/:group/default", "/v3/domains/config/:group/:option/default"] as const).map(
      (path, level): RouteDef => ({
        method: "GET",
        path,
        operation: `identity.domain.config.default${["", ".group", ".option"][level]}.show`,
        policy: "admin",
        handler: (c) => c.json({ config: defaultDomainConfig(opt(c, "group"), opt(c, "option")) }),
      }),
    ),
    // the readable security compliance options: any token (Keystone's policy is empty); listed before the
    // admin's /config/{group} routes, which would match the same paths
    {
      method: "GET",
      path: `${BASE}/${SECURITY_COMPLIANCE_GROUP}`,
      operation: "identity.domain.config.security_compliance.show",
      policy: "authenticated",
      handler: compliance,
    },
    {
      method: "GET",
      path: `${BASE}/${SECURITY_COMPLIANCE_GROUP}/:option`,
      operation: "identity.domain.config.security_compliance.option.show",
      policy: "authenticated",
      handler: compliance,
    },
    route({
      method: "PUT",
      path: BASE,
      operation: "identity.domain.config.create",
      schema: domainConfigBodySchema,
      policy: "admin",
      handler: (c, { config }) => {
        const out = deps.write(c, (s) => createDomainConfig(s, param(c, "domainId"), config ?? {}));
        return c.json({ config: out.config }, out.created ? 201 : 200);
      },
    }),
  ];
  for (const level of LEVELS) {
    routes.push(
      {
        method: "GET",
        path: level.path,
        operation: `identity.domain.config${level.name}.show`,
        policy: "admin",
        handler: (c) => c.json({ config: getDomainConfig(deps.state(), param(c, "domainId"), opt(c, "group"), opt(c, "option")) }),
      },
      route({
        method: "PATCH",
        path: level.path,
        operation: `identity.domain.config${level.name}.update`,
        schema: domainConfigBodySchema,
        policy: "admin",
        handler: (c, { config }) => {
          const out = deps.write(c, (s) => updateDomainConfig(s, param(c, "domainId"), config ?? {}, opt(c, "group"), opt(c, "option")));
          return c.json({ config: out });
        },
      }),
      {
        method: "DELETE",
        path: level.path,
        operation: `identity.domain.config${level.name}.delete`,
        policy: "admin",
        handler: (c) => {
          deps.write(c, (s) => deleteDomainConfig(s, param(c, "domainId"), opt(c, "group"), opt(c, "option")));
          return c.body(null, 204);
        },
      },
    );
  }
  return routes;
}
