// The route tables of OS-TRUST, unified limits, policies, the EC2/S3 token endpoints and OS-OAUTH1
// consumers, in one list for index.ts.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import type { IdentityDeps } from "./deps.js";
import { ec2TokenRoutes } from "./ec2tokens.js";
import { limitRoutes } from "./limits.js";
import { oauth1Routes } from "./oauth1.js";
import { policyRoutes } from "./policies.js";
import { trustRoutes } from "./trusts.js";

export function trustAreaRoutes(deps: IdentityDeps): RouteDef[] {
  return [...trustRoutes(deps), ...limitRoutes(deps), ...policyRoutes(deps), ...ec2TokenRoutes(deps), ...oauth1Routes(deps)];
}
