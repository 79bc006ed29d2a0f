// Tasks (Glance v2): the import tasks, listed, shown, and per image (`/v2/images/{id}/tasks`, API 2.12).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { get } from "../../../kernel/store/table.js";
import { beginLegacyImport } from "../operations/legacy-import.js";
import { createTaskBody } from "../schemas/imports.js";
import { download } from "./imports.js";
import { badRequest } from "../errors.js";
import { visibleImage } from "../operations/images.js";
import { visibleTask, visibleTasks } from "../operations/tasks.js";
import { taskView } from "../views/tasks.js";
import type { ImageDeps } from "./deps.js";
import { queryParam } from "../../../kernel/http/context.js";

const STATUSES = ["pending", "processing", "success", "failure"];

export function taskRoutes(deps: ImageDeps): RouteDef[] {
  return [
    route({
      method: "POST",
      path: "/v2/tasks",
      operation: "image.task.create",
      // Glance's tasks_api_access: admin only by default
      policy: "admin",
      schema: createTaskBody,
      handler: async (c, body) => {
        const ticket = deps.write(c, (s, ctx) => beginLegacyImport(s, ctx, body.input));
        // answered once the fetch ended: the task is then success (or failure, the image queued again)
        await download(deps.kernel, ticket.imageId, ticket);
        return c.json(taskView(get(deps.state().tasks, ticket.taskId)!), 201);
      },
    }),
    {
      method: "GET",
      path: "/v2/tasks",
      operation: "image.task.list",
      handler: (c) => {
        const status = queryParam(c, "status");
        const type = queryParam(c, "type");
        if (status !== undefined && !STATUSES.includes(status)) throw badRequest(`Invalid status value: ${status}`);
        if (type !== undefined && type !== "import" && type !== "api_image_import") throw badRequest(`Invalid type value: ${type}`);
        const tasks = visibleTasks(deps.state(), deps.caller(c)).filter((t) => status === undefined || t.status === status);
        return c.json({ tasks: tasks.map(taskView), first: "/v2/tasks", schema: "/v2/schemas/tasks" });
      },
    },
    {
      method: "GET",
      path: "/v2/tasks/:id",
      operation: "image.task.show",
      handler: (c) => c.json(taskView(visibleTask(deps.state(), deps.caller(c), c.req.param("id") ?? ""))),
    },
    {
      method: "GET",
      path: "/v2/images/:id/tasks",
      operation: "image.image.tasks",
      handler: (c) => {
        const id = c.req.param("id") ?? "";
        visibleImage(deps.state(), deps.caller(c), id);
        return c.json({ tasks: visibleTasks(deps.state(), deps.caller(c), id).map(taskView) });
      },
    },
  ];
}
