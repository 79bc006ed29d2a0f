// The context identity's operations run with: the kernel's one operation context.

import type { Caller, OperationContext } from "../../../kernel/operation.js";

/**
 * An identity operation's context. The caller is absent on public routes (issuing a token); Keystone's
 * policy reads the whole principal (roles, domain and system scopes), so operations that decide who may
 * act are handed the principal itself. An operation a seed or a tenant's set-up or teardown also runs
 * takes only the part it needs (`Pick<IdentityContext, "tx">`).
 */
export type IdentityContext = OperationContext<Caller | null>;
