// Keystone v3 project tags: /projects/{id}/tags (GET list, PUT replace all, DELETE all) and
// /projects/{id}/tags/{tag} (GET/HEAD check, PUT add, DELETE). Reads as GET /projects/{id}; writes admin.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, principalOf } from "../../../kernel/http/context.js";
import { projectTagsBodySchema } from "../schemas.js";
import { addProjectTag, checkProjectTag, listProjectTags, removeProjectTag, replaceProjectTags } from "../operations/project-tags.js";
import { assertProjectReader, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

export function projectTagRoutes(deps: IdentityDeps): RouteDef[] {
  const tag = (c: Parameters<typeof param>[0]) => param(c, "tag");
  const checkOne: RouteDef["handler"] = (c) => {
    const s = deps.state();
    const id = param(c, "projectId");
    assertProjectReader(s, principalOf(c), id);
    checkProjectTag(s, id, tag(c));
    return c.body(null, 204);
  };
  return [
    {
      method: "GET",
      path: "/v3/projects/:projectId/tags",
      operation: "identity.project.tags.list",
      policy: "authenticated",
      handler: (c) => {
        const s = deps.state();
        const id = param(c, "projectId");
        assertProjectReader(s, principalOf(c), id);
        return c.json({ tags: listProjectTags(s, id) });
      },
    },
    route({
      method: "PUT",
      path: "/v3/projects/:projectId/tags",
      operation: "identity.project.tags.replace",
      schema: projectTagsBodySchema,
      policy: "admin",
      handler: (c, { tags }) => {
        return c.json({ tags: deps.write(c, (s, ctx) => [...replaceProjectTags(s, ctx, param(c, "projectId"), tags)]) });
      },
    }),
    {
      method: "DELETE",
      path: "/v3/projects/:projectId/tags",
      operation: "identity.project.tags.clear",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, ctx) => replaceProjectTags(s, ctx, param(c, "projectId"), []));
        return c.body(null, 204);
      },
    },
    // HEAD reaches this route too (Hono answers HEAD with the GET route)
    { method: "GET", path: "/v3/projects/:projectId/tags/:tag", operation: "identity.project.tag.show", policy: "authenticated", handler: checkOne },
    {
      method: "PUT",
      path: "/v3/projects/:projectId/tags/:tag",
      operation: "identity.project.tag.add",
      policy: "admin",
      handler: (c) => {
        const id = param(c, "projectId");
        deps.write(c, (s, ctx) => addProjectTag(s, ctx, id, tag(c)));
        c.header("Location", `${baseUrl(c)}/identity/v3/projects/${id}/tags/${encodeURIComponent(tag(c))}`);
        return c.body(null, 201);
      },
    },
    {
      method: "DELETE",
      path: "/v3/projects/:projectId/tags/:tag",
      operation: "identity.project.tag.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, ctx) => removeProjectTag(s, ctx, param(c, "projectId"), tag(c)));
        return c.body(null, 204);
      },
    },
  ];
}
