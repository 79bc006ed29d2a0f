// Tasks (Glance v2): the import tasks, listed, shown, and per image (`/v2/images/{id}/tasks`, API 2.12).

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { badRequest } from "../errors.js";
import { visibleImage } from "../operations/images.js";
import { visibleTask, visibleTasks } from "../operations/tasks.js";
import { taskView } from "../views/tasks.js";
import type { ImageDeps } from "./deps.js";

const STATUSES = ["pending", "processing", "success", "failure"];

export function taskRoutes(deps: ImageDeps): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/v2/tasks",
      operation: "image.task.list",
      handler: (c) => {
        const status = c.req.query("status");
        const type = c.req.query("type");
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
