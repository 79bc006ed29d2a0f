// addSecurityGroup and removeSecurityGroup: the server's ports join or leave a Neutron security group.

import { validate } from "../../../../kernel/http/body.js";
import { addSecurityGroup, removeSecurityGroup } from "../../operations/server-security-groups.js";
import { visibleServer } from "../../operations/servers.js";
import { securityGroupActionBody } from "../../schemas/server-actions-extra.js";
import { accepted, type ActionFamily, type ActionHandler } from "./action.js";

export const securityGroupActions: ActionFamily = {
  schemas: [securityGroupActionBody("addSecurityGroup"), securityGroupActionBody("removeSecurityGroup")],
  handlers: (deps) => {
    const securityGroup = (key: "addSecurityGroup" | "removeSecurityGroup"): ActionHandler => (c, body) => {
      const name = (validate(securityGroupActionBody(key), body)[key] as { name: string }).name;
      // Nova records no instance action for these
      deps.write(c, (s, ctx) => {
        const server = visibleServer(s, ctx.caller, c.req.param("id")!);
        if (key === "addSecurityGroup") addSecurityGroup(ctx, server, name);
        else removeSecurityGroup(ctx, server, name);
      });
      return accepted(c);
    };
    return { addSecurityGroup: securityGroup("addSecurityGroup"), removeSecurityGroup: securityGroup("removeSecurityGroup") };
  },
};
