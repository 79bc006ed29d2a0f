// The identity service's route table, read top to bottom: tokens, the directory, credentials, groups and grants,
// roles, the catalog, trusts, limits, policies, EC2 tokens and OAuth 1.0a.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import type { Kernel } from "../../../kernel/kernel.js";
import type { IdentityOptions } from "../options.js";
import type { TokenCache } from "../token-cache.js";
import { identityDeps } from "./deps.js";
import { authRoutes } from "./auth.js";
import { directoryRoutes } from "./directory.js";
import { appCredentialRoutes } from "./app-credentials.js";
import { credentialRoutes } from "./credentials.js";
import { groupRoutes } from "./groups.js";
import { groupGrantRoutes } from "./group-grants.js";
import { impliedRoleRoutes } from "./implied-roles.js";
import { roleAssignmentRoutes } from "./role-assignments.js";
import { accessRuleRoutes } from "./access-rules.js";
import { catalogRoutes } from "./catalog.js";
import { trustRoutes } from "./trusts.js";
import { limitRoutes } from "./limits.js";
import { policyRoutes } from "./policies.js";
import { ec2TokenRoutes } from "./ec2tokens.js";
import { oauth1Routes } from "./oauth1.js";
import { oauth1TokenRoutes } from "./oauth1-tokens.js";
import { oauth1AccessTokenRoutes } from "./oauth1-access-tokens.js";

export function identityRoutes(kernel: Kernel, options: IdentityOptions, tokens: TokenCache): RouteDef[] {
  const deps = identityDeps(kernel, options, tokens);
  return [
    ...authRoutes(deps),
    ...directoryRoutes(deps),
    ...appCredentialRoutes(deps),
    ...credentialRoutes(deps),
    ...groupRoutes(deps),
    ...groupGrantRoutes(deps),
    ...impliedRoleRoutes(deps),
    ...roleAssignmentRoutes(deps),
    ...accessRuleRoutes(deps),
    ...catalogRoutes(deps),
    ...trustRoutes(deps),
    ...limitRoutes(deps),
    ...policyRoutes(deps),
    ...ec2TokenRoutes(deps),
    ...oauth1Routes(deps),
    ...oauth1TokenRoutes(deps),
    ...oauth1AccessTokenRoutes(deps),
  ];
}
