// The catalog's route table: regions, services, endpoints and OS-EP-FILTER (the token catalog itself is
// served with the tokens, routes/auth.ts).

import type { RouteDef } from "../../../kernel/http/service-app.js";
import type { IdentityDeps } from "./deps.js";
import { regionRoutes } from "./regions.js";
import { serviceRoutes } from "./services.js";
import { endpointRoutes } from "./endpoints.js";
import { endpointFilterRoutes } from "./endpoint-filter.js";

export function catalogRoutes(deps: IdentityDeps): RouteDef[] {
  return [...regionRoutes(deps), ...serviceRoutes(deps), ...endpointRoutes(deps), ...endpointFilterRoutes(deps)];
}
