// Who may post notifications (the spec's Authentication 9: the monitoring tool uses a dedicated service
// account with the admin role, never a personal user's token). Off by default (any admin may, as Masakari's
// policy has it); the option haNotificationSenders (or the engine's notificationSenders) names the users
// (names or ids) and `role:NAME`s that may. It runs before the body is read: a personal token is a 403
// whatever it sends.

import type * as z from "zod";
import { principalOf, type Ctx } from "../../../kernel/http/context.js";
import { recoveryEngineOf } from "../engine/index.js";
import { forbidden } from "../errors.js";
import type { InstanceHaDeps } from "./deps.js";

/** A route's `schemaFor`: refuses a caller who is no notification sender, then validates with `schema`. */
export function sendersOnly<S extends z.ZodType>(deps: InstanceHaDeps, schema: S): (c: Ctx) => S {
  return (c) => {
    const senders = recoveryEngineOf(deps.kernel)?.settings().senders ?? deps.options.notificationSenders;
    if (senders.length === 0) return schema;
    const p = principalOf(c);
    const allowed = senders.some((s) => (s.startsWith("role:") ? p.roles.includes(s.slice(5)) : s === p.userName || s === p.userId));
    if (!allowed) {
      throw forbidden(
        `Policy doesn't allow os_masakari_api:notifications:create to be performed. Notifications come from the monitoring service account (${senders.join(", ")}); user ${p.userName} is not one of them.`,
      );
    }
    return schema;
  };
}
