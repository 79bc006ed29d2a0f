// The server actions beyond the originals (rebuild, shelve, shelveOffload, unshelve, rescue, unrescue,
// changePassword, trigger_crash_dump, migrate, os-migrateLive, createBackup, add/removeSecurityGroup, the
// legacy console actions, restore, forceDelete), dispatched by server-actions.ts, each with its microversion gates.

import * as z from "zod";
import { validate } from "../../../kernel/http/body.js";
import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { itemNotFound } from "../errors.js";
import { microversion } from "../microversion.js";
import { visibleServer } from "../operations/servers.js";
import { changePassword, rebuild, triggerCrashDump } from "../operations/server-rebuild.js";
import { shelve, shelveOffload, unshelve } from "../operations/server-shelve.js";
import { rescue, unrescue } from "../operations/server-rescue.js";
import { changePasswordBody, nullAction, rebuildBody, rescueBody, unshelveBody } from "../schemas/server-actions-extra.js";
import { serverView, serverViewContext } from "../views/servers.js";
import type { ComputeDeps } from "./deps.js";
import { onlyIn, type Act, type ActionHandler } from "./server-actions.js";
import { moreActionSchemas, moreActions } from "./server-actions-more.js";

export const extraActionSchemas: z.ZodType[] = [
  rebuildBody,
  unshelveBody,
  rescueBody,
  changePasswordBody,
  ...["shelve", "shelveOffload", "unrescue", "trigger_crash_dump"].map(nullAction),
  ...moreActionSchemas,
];

/** An action a microversion does not have yet: Nova's versioned dispatch answers 404. */
export function notBefore(v: number, min: number): void {
  if (v < min) throw itemNotFound("The resource could not be found.");
}

export function extraActions(deps: ComputeDeps, act: Act): Record<string, ActionHandler> {
  const accepted = (c: Ctx) => c.body(null, 202);
  const simple = (action: string, run: Parameters<Act>[2]): ActionHandler => (c, body) => {
    validate(nullAction(action), body);
    act(c, action, run);
    return accepted(c);
  };
  return {
    rebuild: (c, body, v) => {
      const { rebuild: r } = validate(rebuildBody, body);
      onlyIn(v, 1, 56, "rebuild", "personality", r.personality);
      onlyIn(v, 19, Infinity, "rebuild", "description", r.description);
      onlyIn(v, 54, Infinity, "rebuild", "key_name", r.key_name);
      onlyIn(v, 57, Infinity, "rebuild", "user_data", r.user_data);
      onlyIn(v, 63, Infinity, "rebuild", "trusted_image_certificates", r.trusted_image_certificates);
      onlyIn(v, 90, Infinity, "rebuild", "hostname", r.hostname);
      const adminPass = act(c, "rebuild", (s, ctx, sv) =>
        rebuild(s, ctx, sv, {
          imageRef: r.imageRef,
          name: r.name,
          adminPass: r.adminPass,
          metadata: r.metadata,
          description: r.description,
          keyName: r.key_name,
          userData: r.user_data,
          accessIPv4: r.accessIPv4,
          accessIPv6: r.accessIPv6,
          diskConfig: r["OS-DCF:diskConfig"],
        }),
      );
      const caller = deps.caller(c);
      const server = visibleServer(deps.state(), caller, c.req.param("id")!);
      const view = serverView(serverViewContext(deps.state(), deps.root(), baseUrl(c), v, caller.isAdmin), server, { serverGroups: true, full: v >= 75 });
      // the new key_name shows from 2.54 even in the short answer before 2.75
      if (v >= 54) view.key_name = server.keyName;
      return c.json({ server: { ...view, adminPass } }, 202);
    },
    shelve: simple("shelve", (_s, ctx, server) => shelve(ctx, server)),
    shelveOffload: simple("shelveOffload", (_s, ctx, server) => shelveOffload(ctx, server)),
    unshelve: (c, body, v) => {
      const { unshelve: u } = validate(unshelveBody, body);
      onlyIn(v, 77, Infinity, "unshelve", "availability_zone", u?.availability_zone);
      act(c, "unshelve", (s, ctx, server) => unshelve(s, ctx, server, u?.availability_zone));
      return accepted(c);
    },
    rescue: (c, body, v) => {
      const { rescue: r } = validate(rescueBody, body);
      const adminPass = act(c, "rescue", (_s, ctx, server) => rescue(ctx, server, { adminPass: r?.adminPass, rescueImageRef: r?.rescue_image_ref, version: v }));
      return c.json({ adminPass });
    },
    unrescue: simple("unrescue", (_s, ctx, server) => unrescue(ctx, server)),
    changePassword: (c, body) => {
      validate(changePasswordBody, body);
      act(c, "changePassword", (_s, ctx, server) => changePassword(ctx, server));
      return accepted(c);
    },
    trigger_crash_dump: (c, body) => {
      notBefore(microversion(c), 17);
      validate(nullAction("trigger_crash_dump"), body);
      act(c, "trigger_crash_dump", (_s, ctx, server) => triggerCrashDump(ctx, server));
      return accepted(c);
    },
    ...moreActions(deps, act),
  };
}
