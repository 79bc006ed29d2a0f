// Keystone v3 /projects: create (also acting as a domain), list (Keystone's attribute and tag filters),
// show (with the hierarchy views), update, delete, and GET /users/{user_id}/projects, which a user may also
// call for themselves.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, principalOf, type Ctx } from "../../../kernel/http/context.js";
import { projectCreateSchema, projectUpdateSchema } from "../schemas.js";
import { addProject, deleteProject, listProjects, listUserProjects, showProject, updateProject, type ProjectRow } from "../operations/projects.js";
import { projectHierarchy, type Hierarchy } from "../operations/project-hierarchy.js";
import { queryOf } from "../operations/list-filters.js";
import { projectView } from "../views-directory.js";
import { assertProjectReader, directoryKit, flagQuery, listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

export function projectRoutes(deps: IdentityDeps): RouteDef[] {
  const kit = directoryKit(deps);
  const one = (c: Ctx, p: ProjectRow) => ({ project: projectView(p, baseUrl(c)) });
  const many = (c: Ctx, projects: ProjectRow[]) => listResponse(c, "projects", projects.map((p) => projectView(p, baseUrl(c))));
  const withHierarchy = (c: Ctx, p: ProjectRow, h: Hierarchy) => {
    const body: Record<string, unknown> = projectView(p, baseUrl(c));
    for (const key of ["parents", "subtree"] as const) {
      const part = h[key];
      if (part === undefined) continue;
      // the list forms wrap each project as Keystone's wrap_member does
      body[key] = Array.isArray(part) ? part.map((row) => ({ project: projectView(row, baseUrl(c)) })) : part;
    }
    return { project: body };
  };
  return [
    route({
      method: "POST",
      path: "/v3/projects",
      operation: "identity.project.create",
      schema: projectCreateSchema,
      policy: "admin",
      handler: (c, { project }) => {
        return c.json(one(c, deps.write(c, (s, ctx) => addProject(s, ctx, kit.newId(), project, principalOf(c)))), 201);
      },
    }),
    {
      method: "GET",
      path: "/v3/projects",
      operation: "identity.project.list",
      policy: "admin",
      handler: (c) => many(c, listProjects(deps.state(), queryOf(c.req.url))),
    },
    {
      // Keystone: an admin, a system or domain reader, or a token scoped to this very project
      method: "GET",
      path: "/v3/projects/:projectId",
      operation: "identity.project.show",
      policy: "authenticated",
      handler: (c) => {
        const s = deps.state();
        const caller = principalOf(c);
        const id = param(c, "projectId");
        assertProjectReader(s, caller, id);
        const project = showProject(s, id);
        const hierarchy = projectHierarchy(s, caller, project, {
          parentsAsList: flagQuery(c, "parents_as_list"),
          parentsAsIds: flagQuery(c, "parents_as_ids"),
          subtreeAsList: flagQuery(c, "subtree_as_list"),
          subtreeAsIds: flagQuery(c, "subtree_as_ids"),
        });
        return c.json(withHierarchy(c, project, hierarchy));
      },
    },
    route({
      method: "PATCH",
      path: "/v3/projects/:projectId",
      operation: "identity.project.update",
      schema: projectUpdateSchema,
      policy: "admin",
      handler: (c, { project }) => {
        return c.json(one(c, deps.write(c, (s, ctx) => updateProject(s, ctx, param(c, "projectId"), project))));
      },
    }),
    {
      method: "DELETE",
      path: "/v3/projects/:projectId",
      operation: "identity.project.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteProject(s, ctx, param(c, "projectId")));
        return c.body(null, 204);
      },
    },
    {
      // OSC `project list --my-projects`; the operation checks the caller is this user or an admin
      method: "GET",
      path: "/v3/users/:userId/projects",
      operation: "identity.user.projects",
      policy: "authenticated",
      handler: (c) => many(c, listUserProjects(deps.state(), principalOf(c), param(c, "userId"), queryOf(c.req.url))),
    },
  ];
}
