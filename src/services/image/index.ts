// The image service module (Glance v2 at /image), read-only over its API for now: discovery, list and
// show. It owns the image catalog (seeded images and the server snapshots compute registers through
// for-compute.ts), which is what the openstack CLI needs to resolve image names and watch snapshots.

import type { ServiceModule } from "../../kernel/service.js";
import { buildServiceApp } from "../../kernel/http/service-app.js";
import { envelope } from "./errors.js";
import { imageRoutes } from "./routes.js";
import { resetImageProject } from "./catalog.js";
import { loadImageSeed } from "./seed.js";
import { initialImageState, SLICE, type ImageState } from "./state.js";

export function imageService(): ServiceModule<ImageState> {
  const mountPath = "/image";
  return {
    name: SLICE,
    mountPath,
    catalog: [{ type: "image", name: "glance", path: mountPath }],
    envelope,
    initialState: initialImageState,
    loadSeed: (draft, section, kernel, world) => loadImageSeed(draft, section, kernel, world),
    resetProject: resetImageProject,
    routes: (kernel) => buildServiceApp(kernel, { name: SLICE, mountPath, envelope }, imageRoutes(kernel)),
  };
}
