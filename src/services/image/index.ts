// The image service module (Glance v2 at /image), read-only for now: discovery, list and show over the
// image catalog the compute service keeps (seeded images and server snapshots), which is what the
// openstack CLI needs to resolve image names and watch snapshots. Uploads and edits come later.

import type { ServiceModule } from "../../kernel/service.js";
import { buildServiceApp } from "../../kernel/http/service-app.js";
import { envelope } from "./errors.js";
import { imageRoutes } from "./routes.js";

export function imageService(): ServiceModule<Record<string, never>> {
  const mountPath = "/image";
  return {
    name: "image",
    mountPath,
    catalog: [{ type: "image", name: "glance", path: mountPath }],
    envelope,
    initialState: () => ({}),
    loadSeed: () => {},
    routes: (kernel) => buildServiceApp(kernel, { name: "image", mountPath, envelope }, imageRoutes(kernel)),
  };
}
