// addFloatingIp and removeFloatingIp: the proxy to Neutron's floating IPs as server actions (Nova v2.1
// until 2.43; 404 from 2.44, where Nova's dispatch no longer has them).

import * as z from "zod";
import { validate } from "../../../../kernel/http/body.js";
import { itemNotFound } from "../../errors.js";
import { addFloatingIp, removeFloatingIp } from "../../operations/server-floating-ips.js";
import { visibleServer } from "../../operations/servers.js";
import { accepted, type ActionFamily } from "./action.js";

const address = z.string().min(1).max(255);
export const addFloatingIpBody = z.strictObject({ addFloatingIp: z.strictObject({ address, fixed_address: address.optional() }) });
export const removeFloatingIpBody = z.strictObject({ removeFloatingIp: z.strictObject({ address }) });

/** Nova's MAX_PROXY_API_SUPPORT_VERSION for these actions is 2.43. */
function gate(v: number): void {
  if (v >= 44) throw itemNotFound("The resource could not be found.");
}

export const floatingIpActions: ActionFamily = {
  schemas: [addFloatingIpBody, removeFloatingIpBody],
  // Nova records no instance action for these
  handlers: (deps) => ({
    addFloatingIp: (c, body, v) => {
      gate(v);
      const { addFloatingIp: a } = validate(addFloatingIpBody, body);
      deps.write(c, (s, ctx) => addFloatingIp(ctx, visibleServer(s, ctx.caller, c.req.param("id")!), a.address, a.fixed_address));
      return accepted(c);
    },
    removeFloatingIp: (c, body, v) => {
      gate(v);
      const { removeFloatingIp: r } = validate(removeFloatingIpBody, body);
      deps.write(c, (s, ctx) => removeFloatingIp(ctx, visibleServer(s, ctx.caller, c.req.param("id")!), r.address));
      return accepted(c);
    },
  }),
};
