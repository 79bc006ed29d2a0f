// The image service's route table, read top to bottom: discovery, images, their data, members, tasks,
// schemas and the metadata definitions.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import type { Kernel } from "../../../kernel/kernel.js";
import { imageDeps } from "./deps.js";
import { discoveryRoutes } from "./discovery.js";
import { imageDataRoutes } from "./image-data.js";
import { imageRoutes } from "./images.js";
import { importRoutes } from "./imports.js";
import { locationRoutes } from "./locations.js";
import { memberRoutes } from "./members.js";
import { metadefRoutes } from "./metadefs.js";
import { schemaRoutes } from "./schemas.js";
import { taskRoutes } from "./tasks.js";

export function allImageRoutes(kernel: Kernel): RouteDef[] {
  const deps = imageDeps(kernel);
  return [
    ...discoveryRoutes(),
    ...imageRoutes(deps),
    ...imageDataRoutes(deps),
    ...importRoutes(deps),
    ...locationRoutes(deps),
    ...memberRoutes(deps),
    ...taskRoutes(deps),
    ...schemaRoutes(),
    ...metadefRoutes(deps),
  ];
}
