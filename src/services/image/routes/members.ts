// Image members (Glance v2 images-sharing-v2): add (owner), list and show (owner: all; member: itself),
// accept/reject (the member), delete (owner).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { addMember, deleteMember, setMemberStatus, visibleMember, visibleMembers } from "../operations/members.js";
import { createMemberBody, updateMemberBody } from "../schemas/members.js";
import { memberView } from "../views/members.js";
import type { ImageDeps } from "./deps.js";

export function memberRoutes(deps: ImageDeps): RouteDef[] {
  const param = (c: Ctx, name: string) => c.req.param(name) ?? "";
  return [
    route({
      method: "POST",
      path: "/v2/images/:id/members",
      operation: "image.member.create",
      schema: createMemberBody,
      handler: (c, { member }) => {
        const id = param(c, "id");
        return c.json(memberView(id, deps.write(c, (s, ctx) => addMember(s, ctx, id, member))));
      },
    }),
    {
      method: "GET",
      path: "/v2/images/:id/members",
      operation: "image.member.list",
      handler: (c) => {
        const id = param(c, "id");
        const { members } = visibleMembers(deps.state(), deps.caller(c), id);
        return c.json({ members: members.map((m) => memberView(id, m)), schema: "/v2/schemas/members" });
      },
    },
    {
      method: "GET",
      path: "/v2/images/:id/members/:member",
      operation: "image.member.show",
      handler: (c) => {
        const id = param(c, "id");
        return c.json(memberView(id, visibleMember(deps.state(), deps.caller(c), id, param(c, "member")).member));
      },
    },
    route({
      method: "PUT",
      path: "/v2/images/:id/members/:member",
      operation: "image.member.update",
      schema: updateMemberBody,
      handler: (c, { status }) => {
        const id = param(c, "id");
        return c.json(memberView(id, deps.write(c, (s, ctx) => setMemberStatus(s, ctx, id, param(c, "member"), status))));
      },
    }),
    {
      method: "DELETE",
      path: "/v2/images/:id/members/:member",
      operation: "image.member.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteMember(s, ctx, param(c, "id"), param(c, "member")));
        return c.body(null, 204);
      },
    },
  ];
}
