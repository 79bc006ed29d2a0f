// Loads the `toy` section of a seed world into the slice.

import { validate } from "../../../src/kernel/http/body.js";
import { put } from "../../../src/kernel/store/table.js";
import type { ToyState } from "./state.js";
import { seedSchema } from "./schemas.js";

export function loadToySeed(s: ToyState, section: unknown): void {
  for (const w of validate(seedSchema, section ?? {}).widgets) {
    put(s.widgets, { id: w.id, name: w.name, projectId: w.project, status: w.status, updatedAt: 0 });
  }
}
