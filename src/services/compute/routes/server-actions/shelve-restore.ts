// Actions that take a server out of service and bring it back: shelve, shelveOffload, unshelve
// (availability_zone from 2.77; from 2.91 a host, and a null zone to unpin), and restore and forceDelete of a soft-deleted server (deferred delete).

import { validate } from "../../../../kernel/http/body.js";
import { shelve, shelveOffload, unshelve } from "../../operations/server-shelve.js";
import { forceDelete, restore } from "../../operations/server-soft-delete.js";
import { nullAction, unshelveBody, unshelveBody291 } from "../../schemas/server-actions-extra.js";
import { accepted, onlyIn, type Act, type ActionFamily, type ActionHandler } from "./action.js";

export const shelveRestoreActions: ActionFamily = {
  schemas: [nullAction("shelve"), nullAction("shelveOffload"), unshelveBody, unshelveBody291, nullAction("restore"), nullAction("forceDelete")],
  handlers: (_deps, act) => {
    /** an action whose body is `{"<key>": null}`, recorded in the action log as `action` */
    const simple = (key: string, run: Parameters<Act>[2], action = key): ActionHandler => (c, body) => {
      validate(nullAction(key), body);
      act(c, action, run);
      return accepted(c);
    };
    return {
      shelve: simple("shelve", (_s, ctx, server) => shelve(ctx, server)),
      shelveOffload: simple("shelveOffload", (_s, ctx, server) => shelveOffload(ctx, server)),
      unshelve: (c, body, v) => {
        if (v >= 91) {
          const { unshelve: u } = validate(unshelveBody291, body);
          act(c, "unshelve", (s, ctx, server) => unshelve(s, ctx, server, { zone: u?.availability_zone, host: u?.host, version: v }));
          return accepted(c);
        }
        const { unshelve: u } = validate(unshelveBody, body);
        onlyIn(v, 77, Infinity, "unshelve", "availability_zone", u?.availability_zone);
        act(c, "unshelve", (s, ctx, server) => unshelve(s, ctx, server, { zone: u?.availability_zone, version: v }));
        return accepted(c);
      },
      restore: simple("restore", (_s, ctx, server) => restore(ctx, server)),
      // Nova records a forced delete as `delete`
      forceDelete: simple("forceDelete", (_s, ctx, server) => forceDelete(ctx, server), "delete"),
    };
  },
};
