// Administration of domains, projects, users, roles and role assignments (Keystone v3): the combined
// route table of the per-resource files.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import type { IdentityDeps } from "./deps.js";
import { domainRoutes } from "./domains.js";
import { projectRoutes } from "./projects.js";
import { userRoutes } from "./users.js";
import { roleRoutes } from "./roles.js";
import { grantRoutes } from "./grants.js";
import { projectTagRoutes } from "./project-tags.js";
import { domainConfigRoutes } from "./domain-config.js";

export function directoryRoutes(deps: IdentityDeps): RouteDef[] {
  return [
    ...domainConfigRoutes(deps),
    ...domainRoutes(deps),
    ...projectRoutes(deps),
    ...projectTagRoutes(deps),
    ...userRoutes(deps),
    ...roleRoutes(deps),
    ...grantRoutes(deps),
  ];
}
