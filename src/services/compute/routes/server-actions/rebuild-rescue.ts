// Actions that give a server a new disk or password: rebuild (its keys gated by microversion), rescue,
// unrescue, changePassword.

import { validate } from "../../../../kernel/http/body.js";
import { baseUrl } from "../../../../kernel/http/context.js";
import { visibleServer } from "../../operations/servers.js";
import { changePassword, rebuild } from "../../operations/server-rebuild.js";
import { rescue, unrescue } from "../../operations/server-rescue.js";
import { changePasswordBody, nullAction, rebuildBody, rescueBody } from "../../schemas/server-actions-extra.js";
import { serverView, serverViewContext } from "../../views/servers.js";
import { isBase64 } from "../../schemas/servers.js";
import { badRequest } from "../../errors.js";
import { accepted, onlyIn, type ActionFamily } from "./action.js";
import { requestedHostname } from "../../hostname.js";
import { rareOf } from "../../server-rare.js";

export const rebuildRescueActions: ActionFamily = {
  schemas: [rebuildBody, rescueBody, nullAction("unrescue"), changePasswordBody],
  handlers: (deps, act) => ({
    rebuild: (c, body, v) => {
      const { rebuild: r } = validate(rebuildBody, body);
      onlyIn(v, 1, 56, "rebuild", "personality", r.personality);
      for (const f of r.personality ?? []) if (!isBase64(f.contents)) throw badRequest(`Personality content for ${f.path} cannot be decoded`);
      onlyIn(v, 19, Infinity, "rebuild", "description", r.description);
      onlyIn(v, 54, Infinity, "rebuild", "key_name", r.key_name);
      onlyIn(v, 57, Infinity, "rebuild", "user_data", r.user_data);
      onlyIn(v, 63, Infinity, "rebuild", "trusted_image_certificates", r.trusted_image_certificates);
      const hostname = requestedHostname(v, "rebuild", r.hostname);
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
          hostname,
          version: v,
        }),
      );
      const caller = deps.caller(c);
      const server = visibleServer(deps.state(), caller, c.req.param("id")!);
      const view = serverView(serverViewContext(deps.state(), deps.root(), baseUrl(c), v, caller.isAdmin), server, { serverGroups: true, full: v >= 75 });
      // the new key_name shows from 2.54 even in the short answer before 2.75
      if (v >= 54) view.key_name = server.keyName;
      // and user_data from 2.57, which rebuild may replace
      if (v >= 57) view.user_data = rareOf(server).userData;
      return c.json({ server: { ...view, adminPass } }, 202);
    },
    rescue: (c, body, v) => {
      const { rescue: r } = validate(rescueBody, body);
      const adminPass = act(c, "rescue", (_s, ctx, server) => rescue(ctx, server, { adminPass: r?.adminPass, rescueImageRef: r?.rescue_image_ref, version: v }));
      return c.json({ adminPass });
    },
    unrescue: (c, body) => {
      validate(nullAction("unrescue"), body);
      act(c, "unrescue", (_s, ctx, server) => unrescue(ctx, server));
      return accepted(c);
    },
    changePassword: (c, body) => {
      validate(changePasswordBody, body);
      act(c, "changePassword", (_s, ctx, server) => changePassword(ctx, server));
      return accepted(c);
    },
  }),
};
