// Identity's resource kinds as the control API lists them: projects (a tenant's teardown and a snapshot
// import ask which exist) and users.

import { resourceKind } from "../../kernel/resources.js";
import type { IdentityState } from "./state.js";

export const identityResources = [
  resourceKind({
    type: "identity.project",
    table: (s: IdentityState) => s.projects,
    projectOf: (p) => p.id,
    summary: (p) => ({ id: p.id, name: p.name, domainId: p.domainId }),
  }),
  resourceKind({
    type: "identity.user",
    table: (s: IdentityState) => s.users,
    projectOf: (u) => u.defaultProjectId,
    summary: (u) => ({ id: u.id, name: u.name, domainId: u.domainId, defaultProjectId: u.defaultProjectId }),
  }),
];
