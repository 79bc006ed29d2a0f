// OS-EP-FILTER (Keystone v3 extension): endpoint groups, and the endpoints and endpoint groups associated
// with projects, which narrow those projects' token catalogs. Admin only (reads: admin or system reader).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { endpointGroupCreateSchema, endpointGroupUpdateSchema } from "../schemas/catalog.js";
import {
  addEndpointToProject, addGroupToProject, checkEndpointInProject, createEndpointGroup, deleteEndpointGroup, endpointsOfGroup,
  endpointsOfProject, groupInProject, groupsOfProject, listEndpointGroups, projectsOfEndpoint, projectsOfGroup,
  removeEndpointFromProject, removeGroupFromProject, requireEndpointGroup, updateEndpointGroup,
} from "../operations/endpoint-filter.js";
import { endpointGroupView, endpointView } from "../views-catalog.js";
import { projectView } from "../views-directory.js";
import type { EndpointGroup, CatalogEndpoint } from "../catalog-state.js";
import type { IdentityState, Project } from "../state.js";
import { directoryKit, listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

const EXT = "/v3/OS-EP-FILTER";
const GROUPS = `${EXT}/endpoint_groups`;
const GROUP = `${GROUPS}/:endpoint_group_id`;
const GROUP_PROJECT = `${GROUP}/projects/:project_id`;
const PROJECT_ENDPOINT = `${EXT}/projects/:project_id/endpoints/:endpoint_id`;

export function endpointFilterRoutes(deps: IdentityDeps): RouteDef[] {
  const kit = directoryKit(deps);
  const group = (c: Ctx) => param(c, "endpoint_group_id");
  const project = (c: Ctx) => param(c, "project_id");
  const endpoint = (c: Ctx) => param(c, "endpoint_id");
  const one = (c: Ctx, g: EndpointGroup) => ({ endpoint_group: endpointGroupView(g, baseUrl(c)) });
  const projects = (c: Ctx, list: Project[]) => listResponse(c, "projects", list.map((p) => projectView(p, baseUrl(c))));
  const endpoints = (c: Ctx, list: CatalogEndpoint[]) => listResponse(c, "endpoints", list.map((e) => endpointView(e, baseUrl(c))));
  const read = (method: "GET", path: string, operation: string, handler: RouteDef["handler"]): RouteDef => ({ method, path, operation, policy: "admin", handler });
  const write = (method: "PUT" | "DELETE", path: string, operation: string, op: (s: IdentityState, c: Ctx) => void): RouteDef => ({
    method,
    path,
    operation,
    policy: "admin",
    handler: (c) => {
      deps.write(c, (s) => op(s, c));
      return c.body(null, 204);
    },
  });
  return [
    route({
      method: "POST",
      path: GROUPS,
      operation: "identity.endpoint_group.create",
      schema: endpointGroupCreateSchema,
      policy: "admin",
      handler: (c, { endpoint_group }) => {
        return c.json(one(c, deps.write(c, (s) => createEndpointGroup(s, kit.newId(), endpoint_group))), 201);
      },
    }),
    read("GET", GROUPS, "identity.endpoint_group.list", (c) =>
      listResponse(c, "endpoint_groups", listEndpointGroups(deps.state(), queryParam(c, "name")).map((g) => endpointGroupView(g, baseUrl(c)))),
    ),
    read("GET", GROUP, "identity.endpoint_group.show", (c) => c.json(one(c, requireEndpointGroup(deps.state(), group(c))))),
    route({
      method: "PATCH",
      path: GROUP,
      operation: "identity.endpoint_group.update",
      schema: endpointGroupUpdateSchema,
      policy: "admin",
      handler: (c, { endpoint_group }) => {
        return c.json(one(c, deps.write(c, (s) => updateEndpointGroup(s, group(c), endpoint_group))));
      },
    }),
    write("DELETE", GROUP, "identity.endpoint_group.delete", (s, c) => deleteEndpointGroup(s, group(c))),
    read("GET", `${GROUP}/projects`, "identity.endpoint_group.projects", (c) => projects(c, projectsOfGroup(deps.state(), group(c)))),
    read("GET", `${GROUP}/endpoints`, "identity.endpoint_group.endpoints", (c) => endpoints(c, endpointsOfGroup(deps.state(), group(c)))),
    read("GET", GROUP_PROJECT, "identity.endpoint_group.project.show", (c) => {
      groupInProject(deps.state(), group(c), project(c));
      const self = `${baseUrl(c)}/identity/v3/OS-EP-FILTER/endpoint_groups/${group(c)}/projects/${project(c)}`;
      return c.json({ project_endpoint_group: { endpoint_group_id: group(c), project_id: project(c), links: { self } } });
    }),
    write("PUT", GROUP_PROJECT, "identity.endpoint_group.project.add", (s, c) => addGroupToProject(s, group(c), project(c))),
    write("DELETE", GROUP_PROJECT, "identity.endpoint_group.project.remove", (s, c) => removeGroupFromProject(s, group(c), project(c))),
    read("GET", `${EXT}/endpoints/:endpoint_id/projects`, "identity.endpoint.projects", (c) => projects(c, projectsOfEndpoint(deps.state(), endpoint(c)))),
    read("GET", PROJECT_ENDPOINT, "identity.project.endpoint.check", (c) => {
      checkEndpointInProject(deps.state(), project(c), endpoint(c));
      return c.body(null, 204);
    }),
    write("PUT", PROJECT_ENDPOINT, "identity.project.endpoint.add", (s, c) => addEndpointToProject(s, project(c), endpoint(c))),
    write("DELETE", PROJECT_ENDPOINT, "identity.project.endpoint.remove", (s, c) => removeEndpointFromProject(s, project(c), endpoint(c))),
    read("GET", `${EXT}/projects/:project_id/endpoints`, "identity.project.endpoints", (c) => endpoints(c, endpointsOfProject(deps.state(), project(c)))),
    read("GET", `${EXT}/projects/:project_id/endpoint_groups`, "identity.project.endpoint_groups", (c) => {
      const list = groupsOfProject(deps.state(), project(c));
      return listResponse(c, "endpoint_groups", list.map((g) => endpointGroupView(g, baseUrl(c))));
    }),
  ];
}
