// Administration of domains, projects, users, roles and role assignments (Keystone v3).

import type { RouteDef } from "../../../kernel/http/service-app.js";
import type { IdentityDeps } from "./deps.js";

export function directoryRoutes(_deps: IdentityDeps): RouteDef[] {
  return [];
}
