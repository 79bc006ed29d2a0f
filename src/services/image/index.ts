// The image service module (Glance v2 at /image): images and their data (bytes in the kernel's blob
// store), sharing, import, tasks, schemas and read-only metadata definitions. It owns the image catalog,
// which compute boots from and snapshots into (for-compute.ts) and block storage reads and uploads into
// (for-block-storage.ts).

import type { ServiceDefinition, ServiceModule } from "../../kernel/service.js";
import { imageResources } from "./resources.js";

import { buildServiceApp } from "../../kernel/http/service-app.js";
import { envelope } from "./errors.js";
import { allImageRoutes } from "./routes/index.js";
import { resetImageProject } from "./catalog.js";
import { loadImageSeed } from "./seed.js";

/** its section of a seed world (src/services.ts gathers the sections) */
export type { ImageSeedSection } from "./seed.js";
import { initialImageState, SLICE, STORE_OPERATION, type ImageState } from "./state.js";
import { releaseBlobsOnComputeDelete } from "./subscriptions.js";

// its events (events.ts merges them into the kernel's EventMap wherever this module is compiled)
export type { ImageEvents } from "./events.js";
export function imageService(): ServiceModule<ImageState> {
  const mountPath = "/image";
  return {
    name: SLICE,
    mountPath,
    catalog: [{ type: "image", name: "glance", path: mountPath }],
    envelope,
    stepOperations: () => [STORE_OPERATION],
    resources: imageResources,
    initialState: initialImageState,
    loadSeed: (draft, section, kernel, world) => loadImageSeed(draft, section, kernel, world),
    holdsBlobs: true,
    resetProject: resetImageProject,
    routes: (kernel) => buildServiceApp(kernel, { name: SLICE, mountPath, envelope }, allImageRoutes(kernel)),
    start: (kernel) => releaseBlobsOnComputeDelete(kernel),
  };
}

export const image: ServiceDefinition = { name: SLICE, create: () => imageService() };
