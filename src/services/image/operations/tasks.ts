// Import tasks (Glance v2 tasks): a project sees its own, an admin all; an image's tasks are its imports.

import { get, scan } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import { notFound } from "../errors.js";
import type { ImageState, Task } from "../state.js";

const mine = (caller: Caller) => (t: Task) => caller.isAdmin || (t.ownerProjectId !== null && t.ownerProjectId === caller.projectId);

export function visibleTask(s: ImageState, caller: Caller, id: string): Task {
  const task = get(s.tasks, id);
  if (!task || !mine(caller)(task)) throw notFound(`Task with the given ID ${id} could not be found`);
  return task;
}

/** Newest first, as Glance sorts tasks. */
export function visibleTasks(s: ImageState, caller: Caller, imageId?: string): Task[] {
  const out: Task[] = [];
  for (const t of scan(s.tasks, { reverse: true })) if (mine(caller)(t) && (imageId === undefined || t.imageId === imageId)) out.push(t);
  return out;
}
