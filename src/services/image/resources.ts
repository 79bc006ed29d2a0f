// The image service's resource kinds as the control API lists them.

import { resourceKind } from "../../kernel/resources.js";
import type { ImageState } from "./state.js";

export const imageResources = [
  resourceKind({
    type: "image.image",
    table: (s: ImageState) => s.images,
    projectOf: (i) => i.ownerProjectId,
    statusOf: (i) => i.status,
    summary: (i) => ({ id: i.id, name: i.name, status: i.status, projectId: i.ownerProjectId, visibility: i.visibility }),
  }),
];
