// Application credentials (Keystone v3 /users/{user_id}/application_credentials).

import type { RouteDef } from "../../../kernel/http/service-app.js";
import type { IdentityDeps } from "./deps.js";

export function appCredentialRoutes(_deps: IdentityDeps): RouteDef[] {
  return [];
}
