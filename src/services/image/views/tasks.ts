// Import tasks -> Glance v2 task records (tasks: `GET /v2/tasks`, `/v2/tasks/{id}`, `/v2/images/{id}/tasks`).

import { isoSeconds } from "../../../kernel/time.js";
import type { Task } from "../state.js";

/** Glance keeps finished tasks for 48 hours (task_time_to_live) */
const TIME_TO_LIVE = 48 * 3600 * 1000;

export function taskView(t: Task) {
  return {
    id: t.id,
    type: t.legacyInput ? "import" : "api_image_import",
    status: t.status,
    owner: t.ownerProjectId,
    user_id: t.userId,
    image_id: t.imageId,
    request_id: null,
    input: t.legacyInput ?? { image_id: t.imageId, import_req: { method: { name: t.method } }, backend: ["file"] },
    result: t.status === "success" ? { image_id: t.imageId } : null,
    message: t.message,
    expires_at: isoSeconds(t.updatedAt + TIME_TO_LIVE),
    created_at: isoSeconds(t.createdAt),
    updated_at: isoSeconds(t.updatedAt),
    self: `/v2/tasks/${t.id}`,
    schema: "/v2/schemas/task",
  };
}
