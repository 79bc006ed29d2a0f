// Keystone v3 /projects: create, list (name, domain_id, enabled, parent_id), show, update, delete (admin),
// and GET /users/{user_id}/projects, which a user may also call for themselves.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, principalOf, type Ctx } from "../../../kernel/http/context.js";
import { projectCreateSchema, projectUpdateSchema } from "../schemas.js";
import { requireProject } from "../operations/directory.js";
import { addProject, deleteProject, listProjects, listUserProjects, updateProject, type ProjectFilter } from "../operations/projects.js";
import { projectView } from "../views-directory.js";
import type { Project } from "../state.js";
import { boolQuery, directoryKit, listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

function projectFilter(c: Ctx): ProjectFilter {
  return {
    name: c.req.query("name"),
    domainId: c.req.query("domain_id"),
    enabled: boolQuery(c, "enabled"),
    parentId: c.req.query("parent_id"),
  };
}

export function projectRoutes(deps: IdentityDeps): RouteDef[] {
  const kit = directoryKit(deps);
  const one = (c: Ctx, p: Project) => ({ project: projectView(p, baseUrl(c)) });
  const many = (c: Ctx, projects: Project[]) => listResponse(c, "projects", projects.map((p) => projectView(p, baseUrl(c))));
  return [
    {
      method: "POST",
      path: "/v3/projects",
      operation: "identity.project.create",
      schema: projectCreateSchema,
      policy: "admin",
      handler: async (c) => {
        const { project } = await kit.body(c, projectCreateSchema);
        return c.json(one(c, deps.write(c, (s, { tx }) => addProject(s, tx, kit.newId(), project, principalOf(c)))), 201);
      },
    },
    {
      method: "GET",
      path: "/v3/projects",
      operation: "identity.project.list",
      policy: "admin",
      handler: (c) => many(c, listProjects(deps.state(), projectFilter(c))),
    },
    {
      method: "GET",
      path: "/v3/projects/:projectId",
      operation: "identity.project.show",
      policy: "admin",
      handler: (c) => c.json(one(c, requireProject(deps.state(), param(c, "projectId")))),
    },
    {
      method: "PATCH",
      path: "/v3/projects/:projectId",
      operation: "identity.project.update",
      schema: projectUpdateSchema,
      policy: "admin",
      handler: async (c) => {
        const { project } = await kit.body(c, projectUpdateSchema);
        return c.json(one(c, deps.write(c, (s, { tx }) => updateProject(s, tx, param(c, "projectId"), project))));
      },
    },
    {
      method: "DELETE",
      path: "/v3/projects/:projectId",
      operation: "identity.project.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, { tx }) => deleteProject(s, tx, param(c, "projectId")));
        return c.body(null, 204);
      },
    },
    {
      // OSC `project list --my-projects`; the operation checks the caller is this user or an admin
      method: "GET",
      path: "/v3/users/:userId/projects",
      operation: "identity.user.projects",
      policy: "authenticated",
      handler: (c) => many(c, listUserProjects(deps.state(), principalOf(c), param(c, "userId"), projectFilter(c))),
    },
  ];
}
