// Power actions: reboot, os-start, os-stop, pause, unpause, suspend, resume (as Nova's power tables name
// them) and trigger_crash_dump (2.17).

import { validate } from "../../../../kernel/http/body.js";
import { microversion } from "../../microversion.js";
import { powerAction, reboot, POWER_ACTIONS, type PowerActionKey } from "../../operations/server-power.js";
import { triggerCrashDump } from "../../operations/server-rebuild.js";
import { rebootBody } from "../../schemas/server-actions.js";
import { nullAction } from "../../schemas/server-actions-extra.js";
import { accepted, notBefore, type ActionFamily, type ActionHandler } from "./action.js";

export const powerActions: ActionFamily = {
  schemas: [rebootBody, ...Object.keys(POWER_ACTIONS).map(nullAction), nullAction("trigger_crash_dump")],
  handlers: (_deps, act) => {
    const power = (key: PowerActionKey): ActionHandler => (c) => {
      act(c, POWER_ACTIONS[key].method, (_s, ctx, server) => powerAction(ctx, server, key));
      return accepted(c);
    };
    return {
      reboot: (c, body) => {
        const { reboot: r } = validate(rebootBody, body);
        act(c, "reboot", (_s, ctx, server) => reboot(ctx, server, r.type));
        return accepted(c);
      },
      ...Object.fromEntries(Object.keys(POWER_ACTIONS).map((key) => [key, power(key as PowerActionKey)])),
      trigger_crash_dump: (c, body) => {
        notBefore(microversion(c), 17);
        validate(nullAction("trigger_crash_dump"), body);
        act(c, "trigger_crash_dump", (_s, ctx, server) => triggerCrashDump(ctx, server));
        return accepted(c);
      },
    };
  },
};
