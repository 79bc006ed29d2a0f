// The image service's resource kinds as the control API lists them.

import { plainDetail, resourceKind } from "../../kernel/resources.js";
import type { ImageState, ImageStatus } from "./state.js";
import type { Assert, Equals } from "../../kernel/type-equals.js";
import type { ImageStatus as ClientImageStatus } from "../../client/types.js";

// the typed client's image statuses are these, or this file does not compile
type _Status = Assert<Equals<ImageStatus, ClientImageStatus>>;

export const imageResources = [
  resourceKind({
    type: "image.image",
    table: (s: ImageState) => s.images,
    projectOf: (i) => i.ownerProjectId,
    statusOf: (i) => i.status,
    summary: (i) => ({ id: i.id, name: i.name, status: i.status, projectId: i.ownerProjectId, visibility: i.visibility }),
    detail: (i) => plainDetail(i),
  }),
];
