// Nova's lock_server and admin_actions: lock (a reason from 2.73), unlock, os-resetState.

import { validate } from "../../../../kernel/http/body.js";
import { lock, resetState, unlock } from "../../operations/server-admin-actions.js";
import { lockBody273, resetStateBody } from "../../schemas/server-actions.js";
import { nullAction } from "../../schemas/server-actions-extra.js";
import { accepted, type ActionFamily } from "./action.js";

export const adminActions: ActionFamily = {
  schemas: [lockBody273, nullAction("unlock"), resetStateBody],
  handlers: (_deps, act) => ({
    lock: (c, body, v) => {
      const reason = v >= 73 ? (validate(lockBody273, body).lock?.locked_reason ?? null) : null;
      act(c, "lock", (_s, ctx, server) => lock(ctx, server, reason));
      return accepted(c);
    },
    unlock: (c) => {
      act(c, "unlock", (_s, ctx, server) => unlock(ctx, server));
      return accepted(c);
    },
    "os-resetState": (c, body) => {
      const { "os-resetState": r } = validate(resetStateBody, body);
      act(c, "resetState", (s, ctx, server) => resetState(s, ctx, server, r.state));
      return accepted(c);
    },
  }),
};
