// The toy service's resource kinds: GET /_emulator/resources lists widgets, advance-until reads their status.

import { resourceKind } from "../../../src/kernel/resources.js";
import type { ToyState } from "./state.js";
import { WIDGET } from "./lifecycle.js";

export const toyResources = [
  resourceKind({
    type: WIDGET,
    table: (s: ToyState) => s.widgets,
    projectOf: (w) => w.projectId,
    statusOf: (w) => w.status,
    lifecycle: true,
    summary: (w) => ({ id: w.id, name: w.name, status: w.status, projectId: w.projectId }),
  }),
];
